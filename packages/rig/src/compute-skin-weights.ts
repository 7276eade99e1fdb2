/**
 * Skin weights for a mesh and any skeleton (ours or an artist's): up to four joints per vertex,
 * summing to 1. What ships (both engines, `rig-engine-presets.ts`; these defaults are `fast`'s):
 *  1. Weld by position (`weldVertices`): flat-shaded and UV-split meshes become one surface; the
 *     weights are copied back to the split vertices at the end.
 *  2. Bone heat (`skinning/heat-skin-weights`, `skinning/bone-heat`): Baran & Popović's method as
 *     Blender does it. One bone per joint (along its chain; a leaf, or a lone root, aimed at the part beyond it),
 *     a cotangent Laplacian, each vertex heated by its nearest bone if it can see it, one sparse
 *     solve per bone. Visibility by rays against the triangles (`heatVisibilityTest: 'ray'`,
 *     Blender's test) up to `heatRayMaxVertices`, by walks on the voxel grid above (cheaper).
 *  3. Geodesic weights (`skinning/geodesic-skin-weights`): the voxelised volume
 *     (`skinning/voxelize-within-budget`), the bones placed in it (`skinning/place-bone-segments`:
 *     phantom links out, IK orphans attached, leaf extensions aimed), the 4 geodesically nearest
 *     joints per voxel, a power falloff and smoothing. They weight the whole mesh above
 *     `heatMaxVertices` (heat's solves grow faster than the mesh) and are the evidence for step 4.
 *  4. Fill (`skinning/fill-empty-pieces`): heat leaves empty the pieces whose nearest bone is
 *     hidden (a helmet, a backpack; Blender leaves them unweighted); each empty region follows
 *     what it touches, weighed by its geodesic weights, as one rigid part; a piece on two
 *     branches (a collar on both upper arms) goes to their common ancestor.
 *  5. Rules after the solve: a separate piece the solve gives mostly to one joint, lying in that
 *     joint's region, goes wholly to it (`skinning/bind-rigid-pieces`: a robot's plates do not
 *     tear; a sleeve over the elbow still bends), and a leaf inside a piece of its own (an eye in
 *     its eyeball) keeps only its pieces, and a piece around one leaf that holds it most (a wing sheet)
 *     keeps only that leaf's chain's weight (`skinning/confine-leaves-to-pieces`), and a piece no
 *     bone reaches drops the joints foreign to what it is attached to (`skinning/attach-loose-pieces`:
 *     an antenna's segments do not scatter with a leg); stand-in joints
 *     (`nonDeformingJoints`) give their share to their deforming ancestor
 *     (`skinning/deforming-joints`); any vertex still empty goes to the nearest bone
 *     (`skinning/nearest-bone-fallback`), so none is ever unweighted; then
 *     each vertex's weights sharpened by an exponent fitted on the dev set
 *     (`skinning/sharpen-weights`); then at most `maxInfluences` joints ≥ `minWeight`,
 *     renormalised (`skinning/prune-influences`).
 * Why these methods and not others, and what each scored on the artist-rigged dev set: the rig
 * docs' "Skin weights: methods measured" (`packages/rig/docs/skin-weights.md`), the one place the dev-set
 * figures live.
 */
import { EngineError, withDefaults, type Mesh, type Skeleton, type SkinWeights } from '@rigforge/mesh';
import { boneSegments, type LeafJointMode } from './skinning/bone-segments';
import type { BoneHeatOptions } from './skinning/bone-heat';
import { bindRigidPieces, connectedPieces, type BindRigidPiecesOptions } from './skinning/bind-rigid-pieces';
import { attachLoosePieces, loosePieceContacts, type LoosePieceContacts } from './skinning/attach-loose-pieces';
import { bendChainPieces, type BendChainPiecesOptions } from './skinning/bend-chain-pieces';
import { confineLeavesToPieces, keepLeafPiecesOnChain, type ConfineLeavesOptions } from './skinning/confine-leaves-to-pieces';
import { deformingParents, giveToDeformingAncestors } from './skinning/deforming-joints';
import { fillEmptyPieces } from './skinning/fill-empty-pieces';
import { geodesicSkinWeights } from './skinning/geodesic-skin-weights';
import { heatSkinWeights } from './skinning/heat-skin-weights';
import { defaultHeatThreads, HEAT_THREADS_MIN_VERTICES } from './skinning/heat-threads';
import { keepSideLeavesAhead, sideLeaves, type KeepSideLeavesAheadOptions } from './skinning/keep-side-leaves-ahead';
import { nearestBoneFallback } from './skinning/nearest-bone-fallback';
import { placeBoneSegments, type LeafTip, type PlacedSegments } from './skinning/place-bone-segments';
import { pruneInfluences } from './skinning/prune-influences';
import { FITTED_SKIN_SHARPNESS, sharpenWeights } from './skinning/sharpen-weights';
import type { SkinVoxelGrid } from './skinning/skin-voxel-grid';
import { vertexAdjacency, type VertexAdjacency } from './skinning/smooth-skin-weights';
import { voxelizeWithinBudget } from './skinning/voxelize-within-budget';
import { weldVertices, type WeldedVertices } from './weld-vertices';

export type { LeafTip } from './skinning/place-bone-segments';

/** Options of {@link computeSkinWeights}. */
export interface ComputeSkinWeightsOptions {
  /** Most joints influencing one vertex (1..4; the output always has 4 slots). Default 4. */
  maxInfluences?: number;
  /** Weight ∝ (dMin / d)^falloff over the geodesic distances to each joint's bones. Default 12. */
  falloff?: number;
  /** Influences below this weight are dropped before renormalising. Default 0.01. */
  minWeight?: number;
  /** Weld tolerance as a fraction of the bounding-box diagonal. Default 1e-5. */
  weldTolerance?: number;
  /** How leaf joints get a bone: `extend` (onward to the end of the volume, ½–2× the parent bone) or `point`. Default `extend`. */
  leafJoints?: LeafJointMode;
  /** Most voxels along the longest side of the bounding box (fewer where the mesh's detail is coarser: skinning/voxelize-within-budget); more resolves thinner gaps. Default 128. */
  resolution?: number;
  /**
   * The grid's cells along the longest side per unit of the mesh's detail (its longest side over
   * its 10th-percentile edge; skinning/voxelize-within-budget): below 1 a low-poly mesh is skinned
   * on a grid coarser than its short edges (cells finer than a few short edges buy its weights
   * nothing measurable and cost the voxels and the geodesic search over them). Default 0.25; pro 1.
   */
  gridDetailScale?: number;
  /** Fewest cells along the longest side of a grid sized by the mesh's detail. Default 64. */
  gridMinDetailResolution?: number;
  /** Laplacian smoothing passes over the welded mesh. Default 3. */
  smoothingIterations?: number;
  /**
   * Aim each leaf extension (geodesic) or leaf bone (heat, where `leafTips` gives no tip) at the
   * part beyond its joint rather than along the parent bone. Default true.
   */
  aimLeaves?: boolean;
  /**
   * The part a leaf is aimed at holds the voxels whose squared distance to the leaf's joint is at
   * most this times their squared distance to any other bone (one not ending at the joint): 1
   * takes every voxel at least as near the joint, < 1 only those clearly nearer. Default chosen on
   * the dev set leaving one artist out (`scripts/skin-options-loao.ts`).
   */
  aimPartMargin?: number;
  /**
   * Joints that take no weight of their own (stand-ins for parts the mesh lacks, helpers): their
   * bones' share goes to their nearest deforming ancestor, so the region moves with it as one
   * piece. A chain with no deforming ancestor keeps its own weights. Default none.
   */
  nonDeformingJoints?: readonly number[];
  /**
   * Where known, the extremity each leaf joint's part reaches (a fin's or a wing's tip, traced by
   * the fit): the leaf's bone runs from the joint to it instead of being aimed from the volume
   * (which, from a thin plate's root on a thick body, points into the body). Default none.
   */
  leafTips?: readonly LeafTip[];
  /**
   * `heat` (Blender's bone heat, skinning/bone-heat, with the geodesic weights for the vertices it
   * leaves empty) or `geodesic` (skinning/geodesic-skin-weights for every vertex). Default `heat`.
   */
  method?: SkinWeightMethod;
  /** Options of the `heat` method. Default its own defaults. */
  heat?: BoneHeatOptions;
  /**
   * A heat leaf bone's length (aimed, `aimLeaves`) as a fraction of the link from its parent.
   * Blender's fallback is 0.5; the default is chosen on the dev set leaving one artist out
   * (`scripts/skin-options-loao.ts`, packages/rig/docs/skin-weights.md "Weights per artist").
   */
  heatLeafLength?: number;
  /**
   * A lone root (a joint with no parent and no child that no chain runs into: a low-poly figure's
   * leg rigged as a root of its own) is aimed at its part like a leaf (`aimLeaves`), its link the
   * distance to the nearest other joint, instead of Blender's short bone pointing up from it (into
   * the body above a leg). Default true (packages/rig/docs/skin-weights.md, "Weights per artist, fourth round").
   */
  aimLoneRoots?: boolean;
  /**
   * How the `heat` method tests whether a vertex sees a bone: `ray` (Blender's: the path enters
   * no triangle from its front; depends on face winding) or `voxel` (the path never re-enters the
   * solid voxels after leaving them; parts closer than a voxel are one, so a piece sees bones
   * through the body it lies on; about 2× cheaper, somewhat less close to the artists'). Default `ray`.
   */
  heatVisibilityTest?: 'voxel' | 'ray';
  /**
   * Above this many welded vertices `ray` visibility gives way to `voxel`: the rays cost more
   * than the solves on large meshes (50k triangles: skinning ~1.2 s with rays, ~0.5–0.8 s with
   * voxels). Default 12,000 (~25k triangles: most game characters); `Infinity` for no limit.
   */
  heatRayMaxVertices?: number;
  /**
   * Above this many welded vertices `heat` gives way to `geodesic`: its per-bone solves grow
   * faster than the mesh (fast engine, procedural biped: skinning 0.47 s at 26k vertices, 2.8 s
   * at 100k, 30 s at 500k, 59 s at 1M, where geodesic takes 4.6 s), and a rig must finish well
   * inside the worker's deadline at the 2M-triangle cap. Default 60,000 (~120k triangles; heat took
   * 2.8–3.2 s at 200k triangles).
   */
  heatMaxVertices?: number;
  /**
   * Threads that solve heat's bones, this one included (skinning/heat-threads: helper threads
   * started once per process and reused): the same weights bit for bit whatever the count, in less
   * wall time where cores are free; 1 solves them one after another on this thread. Default
   * `defaultHeatThreads()`: the process's cores (`os.availableParallelism()`), at most 4; a host
   * running several rigs at once gives each its share (`defaultHeatThreads(rigsAtOnce)`, as the
   * worker does for its `--concurrency`).
   */
  heatThreads?: number;
  /**
   * Welded vertices below which heat's bones are solved on this thread whatever `heatThreads` says
   * (handing a small mesh to helpers costs more than its solves). Default
   * `HEAT_THREADS_MIN_VERTICES` (8000, skinning/heat-threads).
   */
  heatThreadsMinVertices?: number;
  /**
   * What the `heat` method gives the vertices it leaves empty: `piece` (each empty region, as one
   * rigid part, the joints of the weighted surface it touches weighed by its geodesic weights,
   * skinning/fill-empty-pieces) or `geodesic` (this file's weights per vertex). Default `piece`.
   */
  heatEmptyFill?: 'piece' | 'geodesic';
  /**
   * Separate pieces of the mesh that lie within one joint's region (a robot's hand, a mech's
   * plate, a toy's head) go wholly to that joint (skinning/bind-rigid-pieces), as artists give
   * them; a piece spanning a joint keeps its blend. `false` leaves every piece as solved. Default `{}`.
   */
  rigidPieces?: BindRigidPiecesOptions | false;
  /**
   * A leaf joint inside a rigid piece of its own (an eye in its eyeball) keeps only that piece;
   * its weight elsewhere goes to its parent (skinning/confine-leaves-to-pieces); `false` leaves
   * the leaves as solved. Default `{}`.
   */
  confineLeaves?: ConfineLeavesOptions | false;
  /**
   * A separate piece around one leaf joint that the solve gives mostly to that leaf (a wing sheet,
   * a hand piece) keeps only the weight of the leaf's chain (the leaf and its ancestors); other
   * branches' weight on it is dropped (skinning/confine-leaves-to-pieces). Default true.
   */
  leafPiecesOnChain?: boolean;
  /**
   * A separate piece that holds no bone (an antenna's segments, a plate or a tooth modelled
   * apart) loses the joints foreign to the surface it touches on the piece it is attached to
   * (none of its joints, their ancestors, or their unbranched continuations), settled nearest gap
   * first, so a chain of such pieces follows its first link (skinning/attach-loose-pieces).
   * Default true.
   */
  attachLoosePieces?: boolean;
  /**
   * A separate piece around one whole end chain (a tail shell, fur cards along a tail) that the
   * solve gives to joints off that chain takes the geodesic weights (skinning/bend-chain-pieces.ts);
   * `false` leaves such pieces as solved. Default on.
   */
  chainPieces?: BendChainPiecesOptions | false;
  /**
   * Each vertex's weights raised to this exponent and renormalised before the influences are
   * pruned (skinning/sharpen-weights): > 1 narrows heat's blends towards the strongest joint.
   * Default the value fitted on the dev set leaving one artist out (`skin-sharpness.json`,
   * `scripts/fit-skin-sharpness.ts`); 1 leaves the weights as solved.
   */
  sharpness?: number;
  /**
   * A side leaf (an ear, a mouth, a beak branching off a head that has a parent; not the chain's
   * continuation, not a root's leaf) gives the vertices lying behind its joint, past `margin` of
   * its link, to its parent, as artists weight them (skinning/keep-side-leaves-ahead); a separate
   * piece wholly the leaf's stays whole. `false` leaves the weights as solved. Default `{}`
   * (packages/rig/docs/skin-weights.md, "Weights per artist, seventh round").
   */
  sideLeavesAhead?: KeepSideLeavesAheadOptions | false;
}

export type SkinWeightMethod = 'geodesic' | 'heat';

export const COMPUTE_SKIN_WEIGHTS_DEFAULTS: Required<ComputeSkinWeightsOptions> = {
  maxInfluences: 4,
  falloff: 12,
  minWeight: 0.01,
  weldTolerance: 1e-5,
  leafJoints: 'extend',
  resolution: 128,
  // A quarter of the detail (so 64 cells unless the short edges are finer than 1/256 of the
  // longest side): chosen leaving one artist out among 0.01–1 (packages/rig/docs/speed.md, "Seventeenth round").
  gridDetailScale: 0.25,
  gridMinDetailResolution: 64,
  smoothingIterations: 3,
  aimLeaves: true,
  aimPartMargin: 0.8,
  nonDeformingJoints: [],
  leafTips: [],
  method: 'heat',
  heat: {},
  heatLeafLength: 0.5,
  aimLoneRoots: true,
  heatVisibilityTest: 'ray',
  heatMaxVertices: 60_000,
  heatRayMaxVertices: 12_000,
  heatThreads: defaultHeatThreads(),
  heatThreadsMinVertices: HEAT_THREADS_MIN_VERTICES,
  heatEmptyFill: 'piece',
  rigidPieces: {},
  confineLeaves: {},
  leafPiecesOnChain: true,
  attachLoosePieces: true,
  chainPieces: {},
  sharpness: FITTED_SKIN_SHARPNESS,
  sideLeavesAhead: {},
};

function resolveOptions(options: ComputeSkinWeightsOptions): Required<ComputeSkinWeightsOptions> {
  const merged = withDefaults(COMPUTE_SKIN_WEIGHTS_DEFAULTS, options);
  merged.maxInfluences = Math.min(4, Math.max(1, Math.round(merged.maxInfluences)));
  if (!(merged.aimPartMargin > 0) || !(merged.aimPartMargin <= 1)) {
    throw new EngineError('invalid_input', `skin: aimPartMargin ${merged.aimPartMargin} is not in (0, 1]`);
  }
  if (!(merged.heatLeafLength > 0) || !Number.isFinite(merged.heatLeafLength)) {
    throw new EngineError('invalid_input', `skin: heatLeafLength ${merged.heatLeafLength} is not a positive finite fraction`);
  }
  if (!(merged.gridDetailScale >= 0) || !Number.isFinite(merged.gridDetailScale)) {
    throw new EngineError('invalid_input', `skin: gridDetailScale ${merged.gridDetailScale} is not a non-negative finite scale`);
  }
  if (!(merged.gridMinDetailResolution >= 4) || !Number.isFinite(merged.gridMinDetailResolution)) {
    throw new EngineError('invalid_input', `skin: gridMinDetailResolution ${merged.gridMinDetailResolution} is not a finite count of at least 4 cells`);
  }
  if (!Number.isInteger(merged.heatThreads) || merged.heatThreads < 1) {
    throw new EngineError('invalid_input', `skin: heatThreads ${merged.heatThreads} is not a whole number of at least 1`);
  }
  if (!(merged.heatThreadsMinVertices >= 0)) {
    throw new EngineError('invalid_input', `skin: heatThreadsMinVertices ${merged.heatThreadsMinVertices} is not a count of at least 0`);
  }
  if (!(merged.sharpness > 0) || !Number.isFinite(merged.sharpness)) {
    throw new EngineError('invalid_input', `skin: sharpness ${merged.sharpness} is not a positive finite exponent`);
  }
  return merged;
}

/** Throws `invalid_input` for meshes or skeletons that cannot be skinned. */
export function validateSkinningInput(mesh: Mesh, skeleton: Skeleton): void {
  const { positions, indices } = mesh;
  if (positions.length % 3 !== 0) throw new EngineError('invalid_input', `skin: positions length ${positions.length} is not a multiple of 3`);
  if (indices.length % 3 !== 0) throw new EngineError('invalid_input', `skin: indices length ${indices.length} is not a multiple of 3`);
  const n = positions.length / 3;
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]!)) throw new EngineError('invalid_input', `skin: vertex ${Math.floor(i / 3)} has a non-finite coordinate`);
  }
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= n) throw new EngineError('invalid_input', `skin: index ${indices[i]} at ${i} is past the ${n} vertices`);
  }
  const joints = skeleton.joints;
  if (joints.length === 0) throw new EngineError('invalid_input', 'skin: the skeleton has no joints');
  if (joints.length > 65535) throw new EngineError('invalid_input', `skin: ${joints.length} joints exceed 65535`);
  joints.forEach((joint, j) => {
    if (!Number.isInteger(joint.parent) || joint.parent < -1 || joint.parent >= j) {
      throw new EngineError('invalid_input', `skin: joint ${j} "${joint.name}" has parent ${joint.parent}; parents must come before children`);
    }
    if (!joint.position.every(Number.isFinite)) {
      throw new EngineError('invalid_input', `skin: joint ${j} "${joint.name}" has a non-finite position`);
    }
  });
}

/**
 * Compute linear-blend-skinning weights: each vertex gets up to four joints whose weights sum
 * to 1. A bone (joint → child) gives its weight to the joint at its start, the parent end; a
 * leaf joint owns a short bone continuing its parent's direction (see `leafJoints`). `welded`: the
 * mesh's weld at `weldTolerance` when the caller has it (rigMesh's, shared with the fit).
 * `alongside`: the caller's work that reads no weights (rigMesh's thumbnail), run on this thread
 * while heat's helper threads solve bones, if they do (skinning/heat-threads); not called
 * otherwise, so the caller does it after.
 */
export function computeSkinWeights(
  mesh: Mesh,
  skeleton: Skeleton,
  options: ComputeSkinWeightsOptions = {},
  given?: WeldedVertices,
  alongside?: () => void,
): SkinWeights {
  validateSkinningInput(mesh, skeleton);
  const opts = resolveOptions(options);
  const welded = given ?? weldVertices(mesh.positions, mesh.indices, { tolerance: opts.weldTolerance });
  let segments = boneSegments(skeleton, { leafMode: opts.leafJoints });
  const nw = welded.positions.length / 3;
  const slots = SMOOTHING_SLOTS;
  const candJoints = new Int32Array(nw * slots).fill(-1);
  const candWeights = new Float32Array(nw * slots);

  // Built when first needed: by heat to aim its leaf bones, by voxel visibility and by the geodesic weights.
  let built: SkinVoxelGrid | undefined;
  const grid = (): SkinVoxelGrid => (built ??= voxelizeWithinBudget(welded.positions, welded.indices, opts.resolution, { detailScale: opts.gridDetailScale, minDetailResolution: opts.gridMinDetailResolution }));
  let adjacency: VertexAdjacency | undefined;
  const neighbours = (): VertexAdjacency => (adjacency ??= vertexAdjacency(welded.indices, nw));
  // The placed segments (step 3), once: heat aims its leaf bones by them, the geodesic weights
  // (after heat, which reads them before they are relabelled) run from them.
  let placedOnce: PlacedSegments | undefined;
  const placed = (): PlacedSegments => (placedOnce ??= placeBoneSegments(skeleton, grid(), opts));
  // The welded mesh's pieces, found once for every piece rule (the rules change weights, never
  // the mesh); not at all when every rule is off.
  let found: ReturnType<typeof connectedPieces> | undefined;
  const pieces = (): ReturnType<typeof connectedPieces> => (found ??= connectedPieces(welded.indices, nw));
  // The loose-piece rule's search reads the mesh and the skeleton only: heat asks for it while its
  // helper threads solve bones (this thread's share of the bones shrinks by as much), else the
  // rule does. The same answer either way.
  let contacts: LoosePieceContacts | null | undefined;
  const looseContacts = (): LoosePieceContacts | null => (contacts === undefined ? (contacts = loosePieceContacts(welded.positions, pieces(), skeleton)) : contacts);
  const whileHeatSolves = (): void => {
    if (opts.attachLoosePieces) looseContacts();
    alongside?.();
  };
  if (skeleton.joints.length > 1 && welded.indices.length > 0) {
    let unweighted: Uint8Array | undefined;
    if (opts.method === 'heat' && nw <= opts.heatMaxVertices) {
      unweighted = heatSkinWeights(welded.positions, welded.indices, skeleton, grid, placed, opts, candJoints, candWeights, slots, neighbours, whileHeatSolves);
    }
    // Geodesic weights for every vertex, or (after heat) for those heat left empty: separate
    // pieces whose nearest bones are all hidden from them, which Blender leaves unweighted; they
    // weigh (`piece`) or are (`geodesic`) the fill.
    if (unweighted && unweighted.includes(1) && opts.heatEmptyFill === 'piece') {
      // The fill asks for the geodesic weights only when it needs them (skinning/fill-empty-pieces);
      // the segments are the placed ones either way (relabelled below, as every path's are).
      segments = placed().segments;
      const geodesic = (needed: Uint8Array): { joints: Int32Array; weights: Float32Array } => {
        const joints = new Int32Array(nw * slots).fill(-1), weights = new Float32Array(nw * slots);
        geodesicSkinWeights(welded.positions, neighbours, skeleton, grid(), placed(), opts, joints, weights, slots, needed);
        return { joints, weights };
      };
      fillEmptyPieces(welded.positions, neighbours(), unweighted, candJoints, candWeights, slots, geodesic, deformingParents(skeleton, opts.nonDeformingJoints));
    } else if (!unweighted || unweighted.includes(1)) {
      const geoJoints = unweighted ? new Int32Array(nw * slots).fill(-1) : candJoints;
      const geoWeights = unweighted ? new Float32Array(nw * slots) : candWeights;
      segments = geodesicSkinWeights(welded.positions, neighbours, skeleton, grid(), placed(), opts, geoJoints, geoWeights, slots);
      if (unweighted) {
        for (let v = 0; v < nw; v++) {
          if (unweighted[v] !== 1) continue;
          for (let s = v * slots; s < v * slots + slots; s++) {
            candJoints[s] = geoJoints[s]!;
            candWeights[s] = geoWeights[s]!;
          }
        }
      }
    }
  }
  if (skeleton.joints.length > 1) {
    const parents = deformingParents(skeleton, opts.nonDeformingJoints);
    if (opts.confineLeaves !== false) confineLeavesToPieces(welded.positions, pieces(), skeleton, parents, candJoints, candWeights, slots, opts.confineLeaves);
    if (opts.leafPiecesOnChain) keepLeafPiecesOnChain(welded.positions, pieces(), skeleton, parents, candJoints, candWeights, slots);
    if (opts.rigidPieces !== false) bindRigidPieces(welded.positions, pieces(), skeleton, parents, candJoints, candWeights, slots, opts.rigidPieces);
    if (opts.attachLoosePieces) attachLoosePieces(welded.positions, pieces(), skeleton, candJoints, candWeights, slots, looseContacts());
    if (opts.chainPieces !== false && welded.indices.length > 0) {
      const geodesic = (needed: Uint8Array): { joints: Int32Array; weights: Float32Array } => {
        const joints = new Int32Array(nw * slots).fill(-1), weights = new Float32Array(nw * slots);
        geodesicSkinWeights(welded.positions, neighbours, skeleton, grid(), placed(), opts, joints, weights, slots, needed);
        return { joints, weights };
      };
      bendChainPieces(welded.positions, pieces(), skeleton, candJoints, candWeights, slots, geodesic, opts.chainPieces, opts.nonDeformingJoints);
    }
    // After the piece rules, so a piece they bind wholly to a leaf (an eyeball) is seen as rigid;
    // the leaf's direction is its placed (aimed) bone where the grid was built.
    if (opts.sideLeavesAhead !== false) {
      const leaves = sideLeaves(skeleton, parents, placedOnce?.segments ?? segments);
      keepSideLeavesAhead(welded.positions, pieces(), leaves, candJoints, candWeights, slots, opts.sideLeavesAhead);
    }
  }
  giveToDeformingAncestors(skeleton, segments, opts.nonDeformingJoints); // idempotent; covers a mesh with no grid
  nearestBoneFallback(welded.positions, segments, candJoints, candWeights, slots);
  sharpenWeights(candJoints, candWeights, slots, opts.sharpness);

  const wJoints = new Uint16Array(4 * nw);
  const wWeights = new Float32Array(4 * nw);
  pruneInfluences(candJoints, candWeights, slots, opts, wJoints, wWeights);
  return expand(wJoints, wWeights, welded.remap);
}

/** Candidate joints kept per vertex before pruning (heat's, the geodesic and smoothed ones). */
const SMOOTHING_SLOTS = 6;

/** The welded vertices' weights copied back to every vertex of the input. */
function expand(wJoints: Uint16Array, wWeights: Float32Array, remap: Uint32Array): SkinWeights {
  const n = remap.length;
  const joints = new Uint16Array(4 * n);
  const weights = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) {
    const r = remap[i]!;
    for (let k = 0; k < 4; k++) {
      joints[4 * i + k] = wJoints[4 * r + k]!;
      weights[4 * i + k] = wWeights[4 * r + k]!;
    }
  }
  return { joints, weights };
}

/**
 * Bone heat skinning (Baran & Popović 2007, "Automatic Rigging and Animation of 3D Characters"),
 * following the choices Blender's implementation makes (its `meshlaplacian.c`, read for
 * reference; this is our own code):
 *  - one bone per joint: head at the joint, tail at the mean of its children; a leaf continues its
 *    parent's direction by half the parent bone (`blenderHeatBones`), as `scripts/blender-bone-heat.py`
 *    builds the armature `scripts/score-bone-heat.ts` compares ours with. One departure: where the
 *    chain goes on (a child lies ahead of the bone that reaches the joint), the tail is that child,
 *    as an artist's connected chest → neck or forearm → hand bone is, not the children's mean
 *    (which puts a chest's tail between the shoulders; packages/rig/docs/skin-weights.md, "Skin weights: methods measured", has the numbers);
 *  - the cotangent Laplacian of the mesh, each triangle's cotangent divided by the number of
 *    triangles on that edge (not ½: non-manifold edges are not over-counted), each row divided by
 *    four times the vertex's mixed Voronoi area (Meyer et al. 2002; obtuse triangles give the
 *    obtuse corner half their area, the others a quarter; Blender sums twice that area and scales
 *    the row by 0.5 over the sum), while H is not scaled. Multiplying each row back by that area
 *    makes the system symmetric, which is what lets us solve it with conjugate gradients;
 *  - per vertex, the distance to a bone is the Euclidean distance to its segment divided by
 *    ½(cos + 1.001), cos between the vertex normal and the direction from the bone: a vertex whose
 *    normal faces away from a bone (the inside of a fold) is taken to be far from it;
 *  - H_i = k·C / d_i² and p_i = 1/k for the k bones within 1e-4 (relative) of the nearest distance
 *    that are visible from the vertex; if the nearest bone is hidden, Blender gives the vertex no
 *    heat at all (H_i = 0), Baran's paper takes the nearest VISIBLE bone (`visibility`);
 *  - per bone, solve (−L + H) w = H p; weights under 0.025 are dropped and those in 0.025–0.05
 *    ramp to 0.05 (Blender's WEIGHT_LIMIT_END / START).
 * The matrix is the same for every bone, only the right-hand side differs. No maintained sparse
 * Cholesky is on npm, so each bone is solved with Jacobi-preconditioned conjugate gradients over
 * its support only (`supportRadius`: where heat from its sources has not decayed below the cut;
 * measured identical to solving over the whole mesh), and stops on the residual in weight units
 * (`tolerance`). `supportRadius: Infinity` solves all bones together over the whole mesh instead
 * (one pass over the matrix per iteration for every bone), the reference. The screening term H
 * bounds how far heat travels (about half the distance to the bone), so CG needs tens to a few
 * hundred iterations; where H = 0 (hidden nearest bone) heat does not decay and CG is slowest.
 * Visibility is the caller's (`HeatVisibilityTest`): computeSkinWeights casts rays against the
 * triangles as Blender does (skinning/triangle-ray-tree) or walks the voxel grid.
 * Vertices that get no weight (a separate piece whose nearest bones are all hidden, a piece with
 * no triangles) are reported, and the caller weights them another way: Blender leaves them empty.
 */
import type { Skeleton } from '@rigforge/mesh';
import { KeyValueHeap } from '../min-heap';
import { vertexAdjacency, type VertexAdjacency } from './smooth-skin-weights';
import { ConjugateGradientWork, conjugateGradient, type CgKernel, type HeatPreconditioner } from './heat-solver';
import { prepareHeatThreads, solveBonesOnThreads } from './heat-threads';
import { HeatSupportsWasm } from './wasm/jacobi-cg-wasm';
import { KeptHeat } from './kept-heat';
import { heatSourcesWasm, type HeatSources } from './wasm/heat-sources-wasm';
import { pathReentersSolid, type SkinVoxelGrid } from './skin-voxel-grid';

type Vec3 = [number, number, number];

/** A bone as Blender's heat sees it: a segment from head to tail, giving weight to `joint`. */
export interface HeatBone {
  joint: number;
  head: Vec3;
  tail: Vec3;
}

/**
 * Which bones a vertex is heated by: `blender` the nearest bone if it is visible (none otherwise),
 * `nearest-visible` the nearest of the visible bones (the paper), `off` the nearest bone.
 */
export type HeatVisibility = 'blender' | 'nearest-visible' | 'off';

export interface BoneHeatOptions {
  /** C in H_ii = C / d_i² (Blender's C_WEIGHT). Default 1. */
  heatWeight?: number;
  /** See {@link HeatVisibility}. Default `blender`. */
  visibility?: HeatVisibility;
  /** Weights below this are dropped (WEIGHT_LIMIT_END). Default 0.025. */
  weightLimitEnd?: number;
  /** Weights between the end and this ramp from 0 to it (WEIGHT_LIMIT_START). Default 0.05. */
  weightLimitStart?: number;
  /**
   * CG stops for a bone when no vertex's residual, in weight units (r_i / A_ii, what one Jacobi
   * step would still change its weight by), exceeds this. A residual norm relative to the
   * right-hand side does not work here: vertices lying on a bone have d ≈ 0 and an enormous H,
   * and dominate that norm after one iteration while the rest of the mesh is still unsolved.
   * Default 2e-4: chosen leaving one artist out among 1e-4 (the earlier default), 1.5e-4, 2e-4 and
   * 2.5e-4 (packages/rig/docs/speed.md, "Round 34 (VALID skin)"); no artist's held-out L1, precision
   * or recall worse at 3 decimals, the VALID humans' skinning ~0.86× the CPU. Looser stops save
   * more but move discrete decisions downstream (at 3.5e-4 a VALID human's rigid pieces flip,
   * +0.09 L1), so the stop stays well short of them.
   */
  tolerance?: number;
  /** CG iteration cap. Default 2000. */
  maxIterations?: number;
  /**
   * Each bone is solved only over the vertices within this many "nearest-bone distances" of its
   * heat sources along the surface (an edge costs its length over the distance from its vertices
   * to their nearest bone; edges of unheated vertices cost nothing, since heat there does not
   * decay), and is 0 beyond. Heat decays by about e² per nearest-bone distance, so at 4 a weight
   * has fallen far below the 0.025 cut. Infinity solves every bone over the whole mesh (Blender).
   * Default 4.
   */
  supportRadius?: number;
  /**
   * The CG preconditioner (skinning/heat-solver: `jacobi`, `ic0`, `ssor` or `amg`). Default `jacobi`:
   * the dev-set scores were measured with it (`ssor` was measured in the twelfth and fifteenth speed
   * rounds, `amg` in round 35, packages/rig/docs/speed.md, and neither is the default).
   */
  preconditioner?: HeatPreconditioner;
  /**
   * Where the solves run (`CgKernel`): `wasm` (the default: with the Jacobi preconditioner each
   * bone's support search, system and CG in WebAssembly, the same weights bit for bit) or `js` (the
   * reference the kernels are tested against).
   */
  kernel?: CgKernel;
  /**
   * How an edge's Laplacian weight is formed from its triangles' cotangents ({@link HeatEdgeWeights}).
   * Default `blender`: the dev-set scores were measured with it (`finite-element` was measured in
   * the twelfth and fifteenth speed rounds and is not the default).
   */
  edgeWeights?: HeatEdgeWeights;
  /**
   * The screening of a vertex that no bone heats (its nearest bone hidden), as a fraction of
   * C / d² (d its nearest bone's distance), towards 0. At 0 (Blender) heat spreads through such
   * vertices without decaying: a region of them makes the system nearly singular, so CG's
   * residual test does not bound the error there and the weights depend on where CG stops. Above
   * 0 heat decays there too (what it leaves empty, the fill weights). Default 0.
   */
  unheatedSink?: number;
}

/**
 * An edge's weight in heat's Laplacian: `blender` each triangle's cotangent over the edge's
 * triangle count (a boundary edge its whole cotangent, a non-manifold edge a third of each): with
 * obtuse triangles the system can be indefinite, and CG stops wherever it stops;
 * `finite-element` each triangle's cotangent halved, whatever the edge (the P1 stiffness matrix,
 * a sum of per-triangle positive semi-definite blocks: positive semi-definite for any mesh, so
 * the screened system is positive definite and CG converges); `clamped` Blender's weight with a
 * negative sum set to 0 (an M-matrix: positive definite, and weights stay in [0, 1]). Measured on
 * the dev set: neither is the default (packages/rig/docs/speed.md, twelfth speed round). The fifteenth
 * speed round measured `finite-element` with SSOR (and the rigid-piece rule's `parentOwnerShare`
 * 0.6) as the default and did not take it: every solve converges, but the L1 over all characters
 * got worse (0.328 → 0.339), a held-out choice picks `blender`, and the rig CPU did not measurably
 * change (0.98×).
 */
export type HeatEdgeWeights = 'blender' | 'clamped' | 'finite-element';

export const BONE_HEAT_DEFAULTS: Required<BoneHeatOptions> = {
  heatWeight: 1,
  visibility: 'blender',
  weightLimitEnd: 0.025,
  weightLimitStart: 0.05,
  tolerance: 2e-4,
  maxIterations: 2000,
  supportRadius: 4,
  preconditioner: 'jacobi',
  kernel: 'wasm',
  edgeWeights: 'blender',
  unheatedSink: 0,
};

/** Whether the straight path from a vertex (x) to a point on a bone (q) is unobstructed. */
export type HeatVisibilityTest = (x: number, y: number, z: number, qx: number, qy: number, qz: number) => boolean;

export interface BoneHeatResult {
  /** `slots` (joint, weight) pairs per vertex, joint −1 = empty, largest first; not normalised. */
  joints: Int32Array;
  weights: Float32Array;
  /** 1 for vertices that got no weight at all (the caller must weight them another way). */
  unweighted: Uint8Array;
  /** CG iterations of the slowest bone. */
  iterations: number;
  /** Bones solved by helper threads (`threads` > 1; 0 when they had none to take or none started). */
  helperBones: number;
}

/**
 * Blender's armature for a skeleton: one bone per joint, head at the joint, tail at the mean of
 * its children, or at the child that carries the chain on (`chainChild`); a leaf continues its
 * parent's direction by half, or runs to its traced extremity when `leafTips` gives one (a fin's
 * tip); a lone root points up a little. A zero-length bone gets a tiny one (Blender deletes
 * zero-length bones).
 */
export function blenderHeatBones(skeleton: Skeleton, leafTips: ReadonlyMap<number, readonly [number, number, number]> = new Map()): HeatBone[] {
  const joints = skeleton.joints;
  const children: number[][] = joints.map(() => []);
  joints.forEach((joint, j) => {
    if (joint.parent >= 0) children[joint.parent]!.push(j);
  });
  // Sizes relative to the skeleton's extent, so the fallbacks are scale-free.
  let extent = 0;
  for (const a of joints) for (const b of joints) extent = Math.max(extent, Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1], a.position[2] - b.position[2]));
  const small = extent > 0 ? 0.05 * extent : 0.1;
  return joints.map((joint, j) => {
    const head: Vec3 = [...joint.position];
    let tail: Vec3;
    const kids = children[j]!;
    const chain = chainChild(skeleton, j, kids);
    if (chain !== undefined) {
      tail = [...joints[chain]!.position];
    } else if (kids.length > 0) {
      tail = [0, 0, 0];
      for (const c of kids) for (let a = 0; a < 3; a++) tail[a]! += joints[c]!.position[a]! / kids.length;
    } else if (leafTips.get(j)?.every(Number.isFinite)) {
      const tip = leafTips.get(j)!;
      tail = [tip[0], tip[1], tip[2]];
    } else if (joint.parent >= 0) {
      const p = joints[joint.parent]!.position;
      tail = [head[0] + 0.5 * (head[0] - p[0]), head[1] + 0.5 * (head[1] - p[1]), head[2] + 0.5 * (head[2] - p[2])];
    } else {
      tail = [head[0], head[1] + small, head[2]];
    }
    if (Math.hypot(tail[0] - head[0], tail[1] - head[1], tail[2] - head[2]) < 1e-6 * (extent || 1)) tail = [head[0], head[1] + 0.1 * small, head[2]];
    return { joint: j, head, tail };
  });
}

/**
 * Of a joint's several children, the one that carries its chain on: among those lying ahead of the
 * bone that reaches the joint (a positive component along it), the one most in line with it (the
 * neck after the chest, the middle finger after the forearm). Undefined for roots (no incoming
 * direction), for joints with one child (its tail is that child anyway) and where every child lies
 * behind (a fish's spine doubling back from its head joint, whose children's mean stays the tail).
 */
export function chainChild(skeleton: Skeleton, j: number, kids: readonly number[]): number | undefined {
  const joints = skeleton.joints;
  const parent = joints[j]!.parent;
  if (kids.length < 2 || parent < 0) return undefined;
  const head = joints[j]!.position, from = joints[parent]!.position;
  const u = [head[0] - from[0], head[1] - from[1], head[2] - from[2]];
  const ul = Math.hypot(u[0]!, u[1]!, u[2]!);
  if (ul === 0) return undefined;
  let best: number | undefined, bestCos = 0;
  for (const c of kids) {
    const q = joints[c]!.position;
    const v = [q[0] - head[0], q[1] - head[1], q[2] - head[2]];
    const vl = Math.hypot(v[0]!, v[1]!, v[2]!);
    if (vl === 0) continue;
    const cos = (u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!) / (ul * vl);
    if (cos > bestCos) { bestCos = cos; best = c; }
  }
  return best;
}

/**
 * The kept heat's pool (skinning/kept-heat), in entries per vertex: the dense humans keep ~2–3
 * weights ≥ 0.025 a vertex of ~6 bones' supports reaching it.
 */
const KEPT_PER_VERTEX = 8;

/** Blender's tie tolerance: bones within this relative distance of the nearest share its heat. */
const DISTANCE_EPSILON = 1e-4;

/**
 * Bone heat weights for every vertex of a (welded) triangle mesh. See the file header. `threads`
 * (this one included) solve the bones where they run in WebAssembly (the Jacobi preconditioner,
 * `kernel: 'wasm'`, a finite `supportRadius`; skinning/heat-threads): the same weights bit for
 * bit as 1, the serial loop, in less wall time.
 */
export function boneHeatWeights(
  positions: Float32Array,
  indices: Uint32Array,
  bones: readonly HeatBone[],
  visible: HeatVisibilityTest | HeatVoxelVisibility,
  slots: number,
  options: BoneHeatOptions = {},
  threads = 1,
  /** The mesh's vertexAdjacency, when the caller has it (built here otherwise). */
  adjacency?: VertexAdjacency,
  /** Work that needs no heat, run while helper threads solve bones (skinning/heat-threads solveBonesOnThreads); maybe never called. */
  alongside?: () => void,
): BoneHeatResult {
  const opts = { ...BONE_HEAT_DEFAULTS, ...options };
  if (Number.isFinite(opts.supportRadius) && opts.preconditioner === 'jacobi' && opts.kernel === 'wasm') prepareHeatThreads(threads);
  const n = positions.length / 3;
  const nb = bones.length;
  const laplacian = cotangentLaplacian(positions, indices, opts.edgeWeights, adjacency);
  const normals = vertexNormals(positions, indices);
  const diagonal = boundingDiagonal(positions);
  // Blender clamps the nearest distance at 1e-4 scene units; in units of the mesh, so the result
  // does not depend on the scale (Blender's does).
  const minDistance = 1e-6 * (diagonal || 1);

  // Heat sources per vertex: H_i (area-scaled into the symmetric system) and its closest bones.
  const { screen, sourceStart, sources, nearest } = heatSources(positions, normals, laplacian.rowScale, bones, visible, opts, minDistance);

  const x: SolvedHeat = Number.isFinite(opts.supportRadius)
    ? solveEachBoneLocally(laplacian, positions, screen, sourceStart, sources, nb, nearest, Math.max(minDistance, 1e-3 * diagonal), opts, threads, alongside)
    : solveAllBones(laplacian, screen, sourceStart, sources, nb, opts);
  const rows = 'rows' in x ? x.rows : keptRows(x.values, n, nb, opts.weightLimitEnd);

  // Limit, then keep the `slots` largest per vertex (summed per joint: bones may share a joint).
  const outJoints = new Int32Array(n * slots).fill(-1);
  const outWeights = new Float32Array(n * slots);
  const unweighted = new Uint8Array(n);
  const range = opts.weightLimitStart - opts.weightLimitEnd;
  const { rowStart, bone: rowBone, weight: rowWeight } = rows;
  for (let v = 0; v < n; v++) {
    let count = 0;
    // The vertex's heat ≥ weightLimitEnd, bones ascending (what a scan of its bones keeps).
    for (let e = rowStart[v]!; e < rowStart[v + 1]!; e++) {
      const b = rowBone[e]!;
      let w = rowWeight[e]!;
      if (w < opts.weightLimitStart) w = range > 0 ? ((w - opts.weightLimitEnd) / range) * opts.weightLimitStart : w;
      const joint = bones[b]!.joint;
      let s = v * slots;
      while (s < v * slots + count && outJoints[s] !== joint) s++;
      if (s < v * slots + count) {
        outWeights[s]! += w;
      } else if (count < slots) {
        outJoints[s] = joint;
        outWeights[s] = w;
        count++;
      } else {
        // Replace the smallest kept weight if this one is larger.
        let m = v * slots;
        for (let q = v * slots + 1; q < v * slots + slots; q++) if (outWeights[q]! < outWeights[m]!) m = q;
        if (w > outWeights[m]!) {
          outJoints[m] = joint;
          outWeights[m] = w;
        }
      }
    }
    if (count === 0) unweighted[v] = 1;
  }
  return { joints: outJoints, weights: outWeights, unweighted, iterations: x.iterations, helperBones: x.helperBones ?? 0 };
}

/** Each vertex's heat ≥ weightLimitEnd (CSR: `rowStart` per vertex, its bones ascending and their weights). */
interface KeptRows {
  rowStart: Uint32Array;
  bone: Int32Array;
  weight: Float64Array;
}

/** The bones' solves: dense (`values`, v·nb + b) or only what the limits pass keeps (`rows`, skinning/kept-heat). */
type SolvedHeat = ({ values: Float64Array } | { rows: KeptRows }) & { iterations: number; helperBones?: number };

/** The dense heat's entries the limits pass keeps (`w ≥ end`; a NaN never), by vertex, bones ascending. */
function keptRows(values: Float64Array, n: number, nb: number, end: number): KeptRows {
  const rowStart = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) {
    let k = 0;
    for (let b = 0; b < nb; b++) if (values[v * nb + b]! >= end) k++;
    rowStart[v + 1] = rowStart[v]! + k;
  }
  const bone = new Int32Array(rowStart[n]!), weight = new Float64Array(rowStart[n]!);
  for (let v = 0, e = 0; v < n; v++) {
    for (let b = 0; b < nb; b++) {
      const w = values[v * nb + b]!;
      if (w >= end) { bone[e] = b; weight[e++] = w; }
    }
  }
  return { rowStart, bone, weight };
}

/**
 * Visibility by walks on the skin voxel grid (skin-voxel-grid's `pathReentersSolid`): given so,
 * rather than as a {@link HeatVisibilityTest}, the sources loop walks the grid in WebAssembly
 * (wasm/heat-sources.wat) where it can, the same answers bit for bit.
 */
export interface HeatVoxelVisibility {
  voxels: SkinVoxelGrid;
}

/**
 * Each vertex's heat sources (the file header's H_i and p_i): the bones within DISTANCE_EPSILON of
 * its nearest (normal-weighted) distance that it sees, by `opts.visibility`. With voxel visibility,
 * `kernel: 'wasm'` and the 'blender' or 'off' rule in WebAssembly (wasm/heat-sources-wasm), else
 * the JavaScript loop; the same doubles either way.
 */
export function heatSources(
  positions: Float32Array,
  normals: Float32Array,
  rowScale: Float64Array,
  bones: readonly HeatBone[],
  visible: HeatVisibilityTest | HeatVoxelVisibility,
  opts: Required<BoneHeatOptions>,
  minDistance: number,
): HeatSources {
  const nb = bones.length;
  // Each bone's head, span and squared length, read by the loop below, which finds the closest
  // point inline rather than by a call per vertex and bone: that call's double arguments were
  // boxed (tens of MB of heap numbers per dense human, a share of the rig's garbage collection).
  const segs = new Float64Array(7 * nb);
  for (let b = 0; b < nb; b++) {
    const a = bones[b]!.head, t = bones[b]!.tail;
    const abx = t[0] - a[0], aby = t[1] - a[1], abz = t[2] - a[2];
    segs.set([a[0], a[1], a[2], abx, aby, abz, abx * abx + aby * aby + abz * abz], 7 * b);
  }
  if (typeof visible !== 'function' && opts.kernel === 'wasm' && opts.visibility !== 'nearest-visible') {
    const wasm = heatSourcesWasm(positions, normals, rowScale, segs, visible.voxels, {
      off: opts.visibility === 'off', heatWeight: opts.heatWeight, unheatedSink: opts.unheatedSink, minDistance, tie: 1 + DISTANCE_EPSILON,
    });
    if (wasm) return wasm;
  }
  const visibleTest: HeatVisibilityTest = typeof visible === 'function'
    ? visible
    : (x, y, z, qx, qy, qz) => !pathReentersSolid(visible.voxels, x, y, z, qx, qy, qz);
  const n = positions.length / 3;
  const screen = new Float64Array(n);
  const sourceStart = new Uint32Array(n + 1);
  const sources: number[] = [];
  const dist = new Float64Array(nb);
  const closest = new Float64Array(3 * nb);
  const nearest = new Float64Array(n);
  // The bones heating the current vertex; one list reused for every vertex.
  const found: number[] = [];
  // Whether the vertex at (x, y, z) sees bone b's closest point (in `closest`). Defined once, not
  // per vertex: under tsx every closure made in the loop costs a naming call.
  const sees = (x: number, y: number, z: number, b: number): boolean =>
    opts.visibility === 'off' || visibleTest(x, y, z, closest[3 * b]!, closest[3 * b + 1]!, closest[3 * b + 2]!);
  // Each bone's squared distance to the current vertex (the closest point's), for the cut below.
  const len2 = new Float64Array(nb);
  // Blender's rule (and `off`) reads the distances only for the bones within DISTANCE_EPSILON of
  // the least: the normal's term divides a bone's straight distance by at most ~1.0005 (a unit
  // normal's cosine is at most 1), so a bone whose straight distance is over 1.01 times the
  // nearest-by-straight-distance bone's weighted distance (times the tolerance) is out of it
  // whatever its normal: its square root and divisions are skipped and its distance reads
  // Infinity, never the least, never within the tolerance. `nearest-visible` walks the bones by
  // distance and reads them all; a NaN distance (never met) takes every bone, as before.
  const cutBones = opts.visibility !== 'nearest-visible';
  for (let v = 0; v < n; v++) {
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
    const nx = normals[3 * v]!, ny = normals[3 * v + 1]!, nz = normals[3 * v + 2]!;
    // The closest point of each bone's segment to the vertex, into closest[3b ..], and its
    // squared distance; the least of those is the nearest bone's (the square root is monotone).
    let least2 = Infinity, leastBone = -1, sawNaN = false;
    for (let b = 0; b < nb; b++) {
      const o = 7 * b;
      const ax = segs[o]!, ay = segs[o + 1]!, az = segs[o + 2]!, abx = segs[o + 3]!, aby = segs[o + 4]!, abz = segs[o + 5]!, segLen2 = segs[o + 6]!;
      let t = segLen2 > 0 ? ((x - ax) * abx + (y - ay) * aby + (z - az) * abz) / segLen2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      closest[3 * b] = ax + t * abx;
      closest[3 * b + 1] = ay + t * aby;
      closest[3 * b + 2] = az + t * abz;
      const dx = x - closest[3 * b]!, dy = y - closest[3 * b + 1]!, dz = z - closest[3 * b + 2]!;
      const l2 = dx * dx + dy * dy + dz * dz;
      len2[b] = l2;
      if (l2 < least2) { least2 = l2; leastBone = b; }
      if (l2 !== l2) sawNaN = true;
    }
    let cut2 = Infinity;
    if (sawNaN || leastBone < 0) {
      for (let b = 0; b < nb; b++) {
        const len = Math.sqrt(len2[b]!);
        if (b === 0 || len < nearest[v]!) nearest[v] = len;
      }
    } else {
      nearest[v] = Math.sqrt(least2);
      if (cutBones) {
        const b = leastBone;
        const dx = x - closest[3 * b]!, dy = y - closest[3 * b + 1]!, dz = z - closest[3 * b + 2]!;
        const len = Math.sqrt(len2[b]!);
        const cosine = len > 0 ? (dx * nx + dy * ny + dz * nz) / len : 1;
        const cut = 1.01 * (len / (0.5 * (cosine + 1.001))) * (1 + DISTANCE_EPSILON);
        if (cut < Infinity) cut2 = cut * cut;
      }
    }
    let minAll = Infinity;
    for (let b = 0; b < nb; b++) {
      if (len2[b]! > cut2) {
        dist[b] = Infinity;
        continue;
      }
      const dx = x - closest[3 * b]!, dy = y - closest[3 * b + 1]!, dz = z - closest[3 * b + 2]!;
      const len = Math.sqrt(len2[b]!);
      const cosine = len > 0 ? (dx * nx + dy * ny + dz * nz) / len : 1;
      dist[b] = len / (0.5 * (cosine + 1.001));
      if (dist[b]! < minAll) minAll = dist[b]!;
    }
    let mind = minAll;
    found.length = 0;
    if (opts.visibility === 'nearest-visible') {
      // The paper: the nearest of the bones the vertex can see; bones tried nearest first.
      const order = Array.from({ length: nb }, (_, b) => b).sort((a, b) => dist[a]! - dist[b]!);
      for (const b of order) {
        if (found.length > 0 && dist[b]! > mind * (1 + DISTANCE_EPSILON)) break;
        if (!sees(x, y, z, b)) continue;
        if (found.length === 0) mind = dist[b]!;
        found.push(b);
      }
    } else {
      for (let b = 0; b < nb; b++) if (dist[b]! <= minAll * (1 + DISTANCE_EPSILON) && sees(x, y, z, b)) found.push(b);
    }
    if (found.length > 0) {
      const d = Math.max(mind, minDistance);
      // Row i of Blender's system times the vertex's area term: H_i · 2·area_i.
      screen[v] = (found.length * opts.heatWeight / (d * d)) * rowScale[v]!;
      for (let f = 0; f < found.length; f++) sources.push(found[f]!);
    } else if (opts.unheatedSink > 0) {
      const d = Math.max(mind, minDistance);
      screen[v] = (opts.unheatedSink * opts.heatWeight / (d * d)) * rowScale[v]!;
    }
    sourceStart[v + 1] = sources.length;
  }

  return { screen, sourceStart, sources: Uint32Array.from(sources), nearest };
}

/**
 * The symmetric form of Blender's heat Laplacian: off-diagonal −c_ij with c_ij the sum over the
 * edge's triangles of the opposite corner's cotangent divided by the edge's triangle count,
 * diagonal Σ_j c_ij. `rowScale` is what Blender's row i is multiplied by to reach this form
 * (twice its mixed Voronoi area), the factor the screening term must carry too.
 */
export interface SymmetricLaplacian {
  n: number;
  offsets: Uint32Array;
  columns: Uint32Array;
  values: Float64Array;
  diagonal: Float64Array;
  rowScale: Float64Array;
}

export function cotangentLaplacian(
  positions: Float32Array, indices: Uint32Array, edgeWeights: HeatEdgeWeights,
  /** vertexAdjacency(indices, n), when the caller has it (the skin weights' smoothing and fill read it too). */
  adjacency?: VertexAdjacency,
): SymmetricLaplacian {
  const n = positions.length / 3;
  // Unique neighbours per vertex and how many triangles share each edge: the adjacency lists
  // each triangle's edges once per endpoint, so a neighbour's repeats count its triangles.
  const { offsets: raw, neighbours: all } = adjacency ?? vertexAdjacency(indices, n);
  const offsets = new Uint32Array(n + 1);
  // Typed arrays as long as the raw lists (the unique ones are shorter), not growing number arrays.
  const uniq = new Uint32Array(raw[n]!);
  const counts = new Uint32Array(raw[n]!);
  // Each raw entry's slot in its vertex's unique list: the triangle loop below finds an edge's
  // slot from the triangle's own raw entries (the adjacency lists them in triangle order) instead
  // of searching the row for it six times per triangle. The same slots, so the same sums.
  const rawSlot = new Uint32Array(raw[n]!);
  let length = 0;
  for (let v = 0; v < n; v++) {
    const start = length;
    for (let q = raw[v]!; q < raw[v + 1]!; q++) {
      const u = all[q]!;
      let s = start;
      while (s < length && uniq[s] !== u) s++;
      if (s === length) {
        uniq[length] = u;
        counts[length++] = 1;
      } else counts[s]!++;
      rawSlot[q] = s;
    }
    offsets[v + 1] = length;
  }
  const columns = uniq.slice(0, length);
  // Each triangle adds the edge once to each endpoint's list: the count there is the edge's triangles.
  const edgeTriangles = counts.slice(0, length);
  // The finite-element weights halve every triangle's cotangent: a share of 2 whatever the count.
  if (edgeWeights === 'finite-element') edgeTriangles.fill(2);
  const values = new Float64Array(columns.length);
  const area = new Float64Array(n);
  // Where each vertex's next triangle's two raw entries are (vertexAdjacency's fill order).
  const fill = raw.slice(0, n);
  const p = positions;
  for (let t = 0; t < indices.length; t += 3) {
    const i1 = indices[t]!, i2 = indices[t + 1]!, i3 = indices[t + 2]!;
    if (i1 === i2 || i2 === i3 || i1 === i3) continue;
    // This triangle's raw entries: i1 lists (i2, i3), i2 lists (i1, i3), i3 lists (i1, i2).
    const f1 = fill[i1]!, f2 = fill[i2]!, f3 = fill[i3]!;
    fill[i1] = f1 + 2; fill[i2] = f2 + 2; fill[i3] = f3 + 2;
    // Edges as scalars, not arrays per triangle (the same doubles).
    const e12x = p[3 * i2]! - p[3 * i1]!, e12y = p[3 * i2 + 1]! - p[3 * i1 + 1]!, e12z = p[3 * i2 + 2]! - p[3 * i1 + 2]!;
    const e13x = p[3 * i3]! - p[3 * i1]!, e13y = p[3 * i3 + 1]! - p[3 * i1 + 1]!, e13z = p[3 * i3 + 2]! - p[3 * i1 + 2]!;
    const e23x = p[3 * i3]! - p[3 * i2]!, e23y = p[3 * i3 + 1]! - p[3 * i2 + 1]!, e23z = p[3 * i3 + 2]! - p[3 * i2 + 2]!;
    const cx = e12y * e13z - e12z * e13y, cy = e12z * e13x - e12x * e13z, cz = e12x * e13y - e12y * e13x;
    const cross = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (cross === 0) continue; // a degenerate triangle adds nothing (Blender's cotangent is 0 there)
    // Cotangent at each corner: dot of the two edges leaving it over |cross| (the same for all three).
    const dot1 = e12x * e13x + e12y * e13y + e12z * e13z;
    const dot2 = -(e12x * e23x + e12y * e23y + e12z * e23z);
    const dot3 = e13x * e23x + e13y * e23y + e13z * e23z;
    const cot1 = dot1 / cross, cot2 = dot2 / cross, cot3 = dot3 / cross;
    // Mixed Voronoi area (×2, as Blender accumulates it; only its ratio to H matters).
    const triArea = 0.5 * cross;
    if (dot1 < 0 || dot2 < 0 || dot3 < 0) {
      area[i1]! += dot1 < 0 ? triArea : 0.5 * triArea;
      area[i2]! += dot2 < 0 ? triArea : 0.5 * triArea;
      area[i3]! += dot3 < 0 ? triArea : 0.5 * triArea;
    } else {
      const l23 = e23x * e23x + e23y * e23y + e23z * e23z;
      const l13 = e13x * e13x + e13y * e13y + e13z * e13z;
      const l12 = e12x * e12x + e12y * e12y + e12z * e12z;
      area[i1]! += 0.25 * (cot2 * l13 + cot3 * l12);
      area[i2]! += 0.25 * (cot1 * l23 + cot3 * l12);
      area[i3]! += 0.25 * (cot1 * l23 + cot2 * l13);
    }
    // values[slot] += c / edgeTriangles[slot], in the order the row searches added them.
    let s = rawSlot[f2 + 1]!; values[s]! += cot1 / edgeTriangles[s]!; // (i2, i3)
    s = rawSlot[f3 + 1]!; values[s]! += cot1 / edgeTriangles[s]!; // (i3, i2)
    s = rawSlot[f1 + 1]!; values[s]! += cot2 / edgeTriangles[s]!; // (i1, i3)
    s = rawSlot[f3]!; values[s]! += cot2 / edgeTriangles[s]!; // (i3, i1)
    s = rawSlot[f1]!; values[s]! += cot3 / edgeTriangles[s]!; // (i1, i2)
    s = rawSlot[f2]!; values[s]! += cot3 / edgeTriangles[s]!; // (i2, i1)
  }
  if (edgeWeights === 'clamped') for (let s = 0; s < values.length; s++) if (values[s]! < 0) values[s] = 0;
  const diagonal = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    let d = 0;
    for (let s = offsets[v]!; s < offsets[v + 1]!; s++) d += values[s]!;
    diagonal[v] = d;
  }
  // Blender divides row i by 2·area_i (its 0.5 / varea); we multiply H_i by it instead.
  const rowScale = new Float64Array(n);
  for (let v = 0; v < n; v++) rowScale[v] = 2 * area[v]!;
  return { n, offsets, columns, values, diagonal, rowScale };
}

/**
 * Solves (Lsym + diag(screen)) X = diag(screen)·P for all bones at once: P has 1/k at (v, b) for
 * each of v's k sources b. X is stored vertex-major (v·nb + b) so one pass over the matrix serves
 * every bone. Each bone runs its own Jacobi-preconditioned CG and stops when it has converged.
 * Vertices without triangles take P directly (their row is H_i w_i = H_i p_i).
 */
function solveAllBones(
  lap: SymmetricLaplacian,
  screen: Float64Array,
  sourceStart: Uint32Array,
  sources: ArrayLike<number>,
  nb: number,
  opts: Required<BoneHeatOptions>,
): { values: Float64Array; iterations: number } {
  const { n, offsets, columns, values, diagonal } = lap;
  const size = n * nb;
  const x = new Float64Array(size);
  const r = new Float64Array(size);
  const p = new Float64Array(size);
  const q = new Float64Array(size);
  const inv = new Float64Array(n);
  const isolated = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    const d = diagonal[v]! + screen[v]!;
    if (offsets[v + 1] === offsets[v]) isolated[v] = 1;
    inv[v] = d > 0 ? 1 / d : 0;
  }
  for (let v = 0; v < n; v++) {
    const k = sourceStart[v + 1]! - sourceStart[v]!;
    for (let s = sourceStart[v]!; s < sourceStart[v + 1]!; s++) {
      const b = sources[s]!;
      if (isolated[v]) x[v * nb + b] = 1 / k;
      else r[v * nb + b] = screen[v]! / k;
    }
  }
  const bnorm = new Float64Array(nb);
  for (let i = 0; i < size; i++) bnorm[i % nb]! += r[i]! * r[i]!;
  const rz = new Float64Array(nb);
  const active = new Uint8Array(nb);
  for (let v = 0; v < n; v++) {
    const iv = inv[v]!;
    for (let b = 0; b < nb; b++) {
      const z = r[v * nb + b]! * iv;
      p[v * nb + b] = z;
      rz[b]! += r[v * nb + b]! * z;
    }
  }
  for (let b = 0; b < nb; b++) active[b] = bnorm[b]! > 0 ? 1 : 0;
  const pq = new Float64Array(nb);
  const rr = new Float64Array(nb);
  const rzNew = new Float64Array(nb);
  // Bones still iterating, compacted each step: bones near the ends of chains converge in a few
  // iterations, the trunk's in many, and every product skips the converged ones.
  let act = Int32Array.from({ length: nb }, (_, b) => b).filter((b) => active[b] === 1);
  const alpha = new Float64Array(nb);
  const beta = new Float64Array(nb);
  let iterations = 0;
  for (; iterations < opts.maxIterations && act.length > 0; iterations++) {
    const na = act.length;
    // q = A p for the active bones.
    pq.fill(0);
    for (let v = 0; v < n; v++) {
      const base = v * nb;
      const dv = diagonal[v]! + screen[v]!;
      for (let a = 0; a < na; a++) {
        const b = act[a]!;
        q[base + b] = dv * p[base + b]!;
      }
      for (let s = offsets[v]!; s < offsets[v + 1]!; s++) {
        const c = values[s]!, ub = columns[s]! * nb;
        for (let a = 0; a < na; a++) {
          const b = act[a]!;
          q[base + b]! -= c * p[ub + b]!;
        }
      }
      for (let a = 0; a < na; a++) {
        const b = act[a]!;
        pq[b]! += p[base + b]! * q[base + b]!;
      }
    }
    for (let a = 0; a < na; a++) {
      const b = act[a]!;
      alpha[b] = pq[b]! > 0 ? rz[b]! / pq[b]! : 0;
    }
    rr.fill(0);
    rzNew.fill(0);
    for (let v = 0; v < n; v++) {
      const base = v * nb, iv = inv[v]!;
      for (let a = 0; a < na; a++) {
        const b = act[a]!;
        const al = alpha[b]!;
        x[base + b]! += al * p[base + b]!;
        const rv = (r[base + b]! -= al * q[base + b]!);
        const scaled = Math.abs(rv) * iv;
        if (scaled > rr[b]!) rr[b] = scaled;
        rzNew[b]! += rv * rv * iv;
      }
    }
    // A bone stops when its residual is small, or when its curvature is not positive (a mesh whose
    // negative cotangents make the matrix indefinite: stop rather than diverge).
    for (let a = 0; a < na; a++) {
      const b = act[a]!;
      if (alpha[b] === 0 || rr[b]! <= opts.tolerance) active[b] = 0;
      beta[b] = active[b] ? rzNew[b]! / rz[b]! : 0;
      rz[b] = rzNew[b]!;
    }
    act = act.filter((b) => active[b] === 1);
    const nn = act.length;
    for (let v = 0; v < n; v++) {
      const base = v * nb, iv = inv[v]!;
      for (let a = 0; a < nn; a++) {
        const b = act[a]!;
        p[base + b] = r[base + b]! * iv + beta[b]! * p[base + b]!;
      }
    }
  }
  return { values: x, iterations };
}

/**
 * Solves each bone over its support only (see `supportRadius`), Dirichlet 0 beyond: one
 * surface Dijkstra from the bone's sources picks the vertices, then Jacobi-preconditioned CG on
 * that submatrix. Work is the sum of the supports (a few times the mesh) instead of bones × mesh.
 */
function solveEachBoneLocally(
  lap: SymmetricLaplacian,
  positions: Float32Array,
  screen: Float64Array,
  sourceStart: Uint32Array,
  sources: ArrayLike<number>,
  nb: number,
  nearest: Float64Array,
  nearestFloor: number,
  opts: Required<BoneHeatOptions>,
  threads: number,
  alongside?: () => void,
): SolvedHeat {
  const { n, offsets, columns, values, diagonal } = lap;
  const wasmPath = opts.preconditioner === 'jacobi' && opts.kernel === 'wasm';
  // Sources per bone (the inverse of sourceStart/sources), with each vertex's share 1/k.
  const seedCount = new Uint32Array(nb + 1);
  for (let s = 0; s < sources.length; s++) seedCount[sources[s]! + 1]!++;
  for (let b = 0; b < nb; b++) seedCount[b + 1]! += seedCount[b]!;
  const seeds = new Uint32Array(sources.length);
  const seedFill = seedCount.slice(0, nb);
  for (let v = 0; v < n; v++) for (let s = sourceStart[v]!; s < sourceStart[v + 1]!; s++) seeds[seedFill[sources[s]!]!++] = v;
  const rate = new Float64Array(n);
  // An unheated vertex's sink (`unheatedSink` α) screens α times as strongly: heat decays over
  // 1/√α times the distance there.
  const sinkRate = Math.sqrt(opts.unheatedSink);
  for (let v = 0; v < n; v++) rate[v] = screen[v]! > 0 ? (sourceStart[v + 1]! > sourceStart[v]! ? 1 : sinkRate) / Math.max(nearest[v]!, nearestFloor) : 0;
  // Each edge's step of the support search, once for the mesh rather than once per bone reaching
  // it (the same expression, so the same doubles).
  const step = new Float64Array(columns.length);
  for (let v = 0; v < n; v++) {
    for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
      const u = columns[e]!;
      const ex = positions[3 * u]! - positions[3 * v]!, ey = positions[3 * u + 1]! - positions[3 * v + 1]!, ez = positions[3 * u + 2]! - positions[3 * v + 2]!;
      const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
      step[e] = 0.5 * len * (rate[v]! + rate[u]!);
    }
  }
  let maxIterations = 0;
  // In WebAssembly (wasm/jacobi-cg.wat) with the Jacobi preconditioner: the support search, the
  // system and CG below, operation for operation, in the kernel's memory.
  const wasm = wasmPath
    ? HeatSupportsWasm.create(offsets, columns, values, step, diagonal, screen, sourceStart, seeds)
    : null;
  if (wasm && opts.weightLimitEnd > 0) {
    // Each bone's heat ≥ weightLimitEnd only (skinning/kept-heat): the limits pass drops the rest,
    // and a weight outside every support (0) is under a positive limit.
    const order = Array.from({ length: nb }, (_, b) => b).filter((b) => seedCount[b + 1]! > seedCount[b]!);
    // On threads the bones go in any order (each is the same solve, skinning/heat-threads): the
    // most sources first, as a rough largest-first order, so no large bone is left for last.
    const threaded = threads > 1;
    if (threaded) order.sort((a, b) => (seedCount[b + 1]! - seedCount[b]!) - (seedCount[a + 1]! - seedCount[a]!) || a - b);
    const tasks = new Int32Array(3 * order.length);
    order.forEach((b, t) => { tasks[3 * t] = b; tasks[3 * t + 1] = seedCount[b]!; tasks[3 * t + 2] = seedCount[b + 1]!; });
    // Room for KEPT_PER_VERTEX entries a vertex on average (a task past it is kept aside, slower, the same).
    const kept = new KeptHeat(n * Math.min(nb, KEPT_PER_VERTEX), order.length, threaded);
    let helperBones: number | undefined;
    if (threaded) {
      ({ iterations: maxIterations, helperBones } = solveBonesOnThreads(wasm, tasks, kept, opts.weightLimitEnd, opts, threads, alongside));
    } else {
      for (let t = 0; t < order.length; t++) {
        maxIterations = Math.max(maxIterations, wasm.solveKept(t, tasks[3 * t + 1]!, tasks[3 * t + 2]!, kept, opts.weightLimitEnd, opts.supportRadius, opts.tolerance, opts.maxIterations));
      }
    }
    wasm.finish();
    return { rows: kept.vertexRows(n, nb, tasks), iterations: maxIterations, ...(helperBones === undefined ? {} : { helperBones }) };
  }
  const out = new Float64Array(n * nb);
  if (wasm) {
    for (let b = 0; b < nb; b++) {
      if (seedCount[b + 1] === seedCount[b]) continue;
      maxIterations = Math.max(maxIterations, wasm.solveInto(b, seedCount[b]!, seedCount[b + 1]!, out, nb, opts.supportRadius, opts.tolerance, opts.maxIterations));
    }
    wasm.finish();
    return { values: out, iterations: maxIterations };
  }
  // The JavaScript path's buffers, only on that path: the kernel holds its own, and on the wasm
  // path (the default) these ~250 bytes a vertex (with six neighbours), zero-filled, were garbage for the collector
  // (packages/rig/docs/speed.md, round 51).
  const reach = new Float64Array(n).fill(Infinity);
  const local = new Int32Array(n).fill(-1);
  // Label-free: the same comparisons and moves as MinHeap's keys and values, so the supports pop
  // in the same order (their rows' order is the CG sums' order), without a third array to move.
  const heap = new KeyValueHeap(1024);
  // One set of buffers, sized for the whole mesh, serves every bone's support (views of its
  // first m rows): per-bone allocations were a tenth of the skinning time at 50k triangles.
  const support = new Int32Array(n);
  const rowStart = new Uint32Array(n + 1);
  const cols = new Uint32Array(columns.length), vals = new Float64Array(columns.length);
  const diagAll = new Float64Array(n), rhsAll = new Float64Array(n);
  const work = new ConjugateGradientWork(n, columns.length);
  for (let b = 0; b < nb; b++) {
    if (seedCount[b + 1] === seedCount[b]) continue;
    // Support: surface Dijkstra from the sources.
    let m = 0;
    for (let s = seedCount[b]!; s < seedCount[b + 1]!; s++) {
      const v = seeds[s]!;
      if (reach[v] !== 0) { reach[v] = 0; heap.push(0, v); }
    }
    while (heap.pop()) {
      const v = heap.topValue, d = heap.topKey;
      if (d > reach[v]! || local[v]! >= 0) continue;
      local[v] = m;
      support[m++] = v;
      for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
        const u = columns[e]!;
        if (local[u]! >= 0) continue;
        const du = d + step[e]!;
        if (du <= opts.supportRadius && du < reach[u]!) { reach[u] = du; heap.push(du, u); }
      }
    }
    // Local CSR of the support's submatrix (columns outside are held at 0).
    let nnz = 0;
    const diag = diagAll.subarray(0, m), rhs = rhsAll.subarray(0, m);
    for (let i = 0; i < m; i++) {
      const v = support[i]!;
      diag[i] = diagonal[v]! + screen[v]!;
      rhs[i] = 0;
      for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
        const j = local[columns[e]!]!;
        if (j >= 0) { cols[nnz] = j; vals[nnz++] = values[e]!; }
      }
      rowStart[i + 1] = nnz;
    }
    for (let s = seedCount[b]!; s < seedCount[b + 1]!; s++) {
      const v = seeds[s]!;
      rhs[local[v]!] = screen[v]! / (sourceStart[v + 1]! - sourceStart[v]!);
    }
    const { x, iterations } = conjugateGradient(rowStart.subarray(0, m + 1), cols, vals, diag, rhs, opts.tolerance, opts.maxIterations, work, opts.preconditioner, opts.kernel);
    maxIterations = Math.max(maxIterations, iterations);
    for (let i = 0; i < m; i++) {
      const v = support[i]!;
      out[v * nb + b] = x[i]!;
      local[v] = -1;
      reach[v] = Infinity;
    }
  }
  return { values: out, iterations: maxIterations };
}

/** Vertex normals as Blender's heat takes them: the normalised sum of unit face normals. */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  const p = positions;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!;
    const ux = p[3 * b]! - p[3 * a]!, uy = p[3 * b + 1]! - p[3 * a + 1]!, uz = p[3 * b + 2]! - p[3 * a + 2]!;
    const vx = p[3 * c]! - p[3 * a]!, vy = p[3 * c + 1]! - p[3 * a + 1]!, vz = p[3 * c + 2]! - p[3 * a + 2]!;
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (len === 0) continue;
    nx /= len; ny /= len; nz /= len;
    for (let corner = 0; corner < 3; corner++) {
      const v = corner === 0 ? a : corner === 1 ? b : c;
      normals[3 * v]! += nx;
      normals[3 * v + 1]! += ny;
      normals[3 * v + 2]! += nz;
    }
  }
  for (let v = 0; v < normals.length / 3; v++) {
    const len = Math.sqrt(normals[3 * v]! ** 2 + normals[3 * v + 1]! ** 2 + normals[3 * v + 2]! ** 2);
    if (len > 0) for (let a = 0; a < 3; a++) normals[3 * v + a]! /= len;
  }
  return normals;
}

function boundingDiagonal(positions: Float32Array): number {
  // Per axis in scalars, a vertex a step: the same Math.min/max over the same values as an array
  // indexed by i % 3 (positions are whole vertices, as everywhere here), without the remainder
  // and the array per coordinate.
  let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i]!, y = positions[i + 1]!, z = positions[i + 2]!;
    lo0 = Math.min(lo0, x); hi0 = Math.max(hi0, x);
    lo1 = Math.min(lo1, y); hi1 = Math.max(hi1, y);
    lo2 = Math.min(lo2, z); hi2 = Math.max(hi2, z);
  }
  return positions.length > 0 ? Math.hypot(hi0 - lo0, hi1 - lo1, hi2 - lo2) : 0;
}

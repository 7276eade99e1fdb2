/**
 * Bone heat (skinning/bone-heat) as the skin weights run it: Blender's bones with the leaf bones
 * aimed at their part (or run to a traced tip), stand-ins relabelled to their deforming ancestor,
 * and visibility tested by rays against the triangles or by walks on the voxel grid.
 */
import type { Skeleton } from '@rigforge/mesh';
import type { LeafJointMode } from './bone-segments';
import { blenderHeatBones, boneHeatWeights, type BoneHeatOptions } from './bone-heat';
import { giveToDeformingAncestors } from './deforming-joints';
import type { LeafTip, PlacedSegments } from './place-bone-segments';
import type { SkinVoxelGrid } from './skin-voxel-grid';
import type { VertexAdjacency } from './smooth-skin-weights';
import { buildTriangleRayTree, type TriangleRayTree } from './triangle-ray-tree';

/** What {@link heatSkinWeights} reads of the skin-weight options (all given, see compute-skin-weights). */
export interface HeatSkinWeightsOptions {
  leafJoints: LeafJointMode;
  aimLeaves: boolean;
  leafTips: readonly LeafTip[];
  nonDeformingJoints: readonly number[];
  heatVisibilityTest: 'voxel' | 'ray';
  heatRayMaxVertices: number;
  heat: BoneHeatOptions;
  heatLeafLength: number;
  heatThreads: number;
  heatThreadsMinVertices: number;
}

/**
 * Bone heat (skinning/bone-heat) on Blender's bones, visibility by `heatVisibilityTest`: rays
 * against the triangles as Blender casts them, or walks on the voxel grid (already built for the
 * geodesic weights; independent of face winding) into `outJoints`/`outWeights`. Returns the
 * vertices left without weight.
 */
export function heatSkinWeights(
  positions: Float32Array,
  indices: Uint32Array,
  skeleton: Skeleton,
  grid: () => SkinVoxelGrid,
  placed: () => PlacedSegments,
  opts: HeatSkinWeightsOptions,
  outJoints: Int32Array,
  outWeights: Float32Array,
  slots: number,
  /** The mesh's vertex adjacency (built once for the skin weights: heat's Laplacian reads it too). */
  adjacency?: () => VertexAdjacency,
  /** Work that needs no heat, run while helper threads solve bones (bone-heat boneHeatWeights); maybe never called. */
  alongside?: () => void,
): Uint8Array {
  const tips = new Map<number, readonly [number, number, number]>(opts.leafTips.map((t) => [t.joint, t.tip]));
  if (opts.leafJoints === 'extend' && opts.aimLeaves) {
    for (const [joint, tip] of aimedLeafTips(skeleton, placed(), opts.heatLeafLength)) if (!tips.has(joint)) tips.set(joint, tip);
  }
  const bones = blenderHeatBones(skeleton, tips);
  giveToDeformingAncestors(skeleton, bones, opts.nonDeformingJoints);
  const rays = opts.heatVisibilityTest === 'ray' && positions.length / 3 <= opts.heatRayMaxVertices;
  type Visible = (x: number, y: number, z: number, qx: number, qy: number, qz: number) => boolean;
  const throughRays = (tree: TriangleRayTree): Visible => (x, y, z, qx, qy, qz) => !tree.entersSurface(x, y, z, qx, qy, qz);
  const tree = rays ? buildTriangleRayTree(positions, indices, opts.heat.kernel ?? 'wasm') : undefined;
  // The voxel walks as the grid itself: bone heat walks it in WebAssembly (skinning/wasm/heat-sources).
  const visible = tree ? throughRays(tree) : { voxels: grid() };
  // A small system is solved on this thread (skinning/heat-threads HEAT_THREADS_MIN_VERTICES).
  const threads = positions.length / 3 >= opts.heatThreadsMinVertices ? opts.heatThreads : 1;
  const heat = boneHeatWeights(positions, indices, bones, visible, slots, opts.heat, threads, adjacency?.(), alongside);
  tree?.release();
  outJoints.set(heat.joints);
  outWeights.set(heat.weights);
  return heat.unweighted;
}

/**
 * Heat's leaf bones, aimed as the geodesic pipeline aims its leaf extensions (at the part beyond
 * the joint), `leafLength` times the parent bone long (`heatLeafLength`): continuing the parent's
 * direction sent a bull's head bone along the neck line, a foot's up the shin, and the parent kept
 * the end part (longer leaves, to where the volume ends, reach into hats and helmets whose
 * insides then hide them). A leaf whose extension runs into
 * an orphan with a bone of its own (an IK foot with a toe: the shin ends at the hoof) runs to that
 * joint, as to a child; an orphan without one (a lone foot joint on the floor) owns the part around
 * it, so the leaf keeps its length.
 */
function aimedLeafTips(skeleton: Skeleton, { segments, endsAt }: PlacedSegments, leafLength: number): Map<number, [number, number, number]> {
  const tips = new Map<number, [number, number, number]>();
  const hasBone = skeleton.joints.map((_, j) => skeleton.joints.some((joint) => joint.parent === j));
  for (const seg of segments) {
    if (seg.leafLength === undefined) continue;
    const orphan = endsAt.get(seg);
    if (orphan !== undefined && hasBone[orphan]) {
      const [x, y, z] = skeleton.joints[orphan]!.position;
      tips.set(seg.joint, [x, y, z]);
      continue;
    }
    const d: [number, number, number] = [seg.b[0] - seg.a[0], seg.b[1] - seg.a[1], seg.b[2] - seg.a[2]];
    // An extension with no direction (a stand-in link the aim found no part for) gives no tip:
    // the joint keeps Blender's bone.
    if (d[0] === 0 && d[1] === 0 && d[2] === 0) continue;
    const scale = (leafLength * seg.leafLength) / (Math.hypot(...d) || 1);
    if (scale > 0 && Number.isFinite(scale)) tips.set(seg.joint, [seg.a[0] + d[0] * scale, seg.a[1] + d[1] * scale, seg.a[2] + d[2] * scale]);
  }
  return tips;
}

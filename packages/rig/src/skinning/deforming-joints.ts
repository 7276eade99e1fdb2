/**
 * Joints that take no weight of their own (stand-ins our fit adds for parts the mesh lacks): their
 * bones' share goes to their nearest deforming ancestor, so the region moves with it as one piece.
 * The weights live on the tree of deforming joints, which the empty-piece fill also walks.
 */
import type { Skeleton } from '@rigforge/mesh';

/**
 * Relabels the segments of non-deforming joints with their nearest deforming ancestor (in place),
 * after the segments are placed and aimed: the stand-in's bones still claim their region, which
 * then belongs to the ancestor as one piece. Joints with no deforming ancestor keep their label.
 */
export function giveToDeformingAncestors(skeleton: Skeleton, segments: { joint: number }[], nonDeforming: readonly number[]): void {
  if (nonDeforming.length === 0) return;
  const passive = new Set(nonDeforming);
  const owner = skeleton.joints.map((_, j) => {
    const k = selfOrDeformingAncestor(skeleton, passive, j);
    return k >= 0 ? k : j;
  });
  for (const seg of segments) seg.joint = owner[seg.joint]!;
}

/** Each joint's nearest ancestor that takes weight (−1 for none): the tree the weights live on. */
export function deformingParents(skeleton: Skeleton, nonDeforming: readonly number[]): number[] {
  const passive = new Set(nonDeforming);
  return skeleton.joints.map((joint) => selfOrDeformingAncestor(skeleton, passive, joint.parent));
}

/** Joint `k` if it takes weight, else its nearest ancestor that does; −1 when none does (or k is −1). */
function selfOrDeformingAncestor(skeleton: Skeleton, passive: ReadonlySet<number>, k: number): number {
  while (k >= 0 && passive.has(k)) k = skeleton.joints[k]!.parent;
  return k;
}

/**
 * Sibling leaf joints that each sit inside a separate piece of their own (a pair of eye joints
 * in their eyeballs) exist to move those pieces; an artist gives them nothing else. Bone heat and the
 * geodesic weights give such a joint every surface its short bone is nearest to (the eyelids, the
 * cheeks, the brow), which then turns with the eye, and share the eyeball with the head. So a
 * separate piece around a leaf joint that the solve gives mostly to that leaf is wholly the
 * leaf's, and every weight the leaf holds on other pieces goes to its parent (the head), which
 * owns the surface around it. A leaf with no piece of its own (a hand, a tail tip) keeps its weights.
 */
import type { Skeleton } from '@rigforge/mesh';
import { BIND_RIGID_PIECES_DEFAULTS, connectedPieces, pieceWeightByJoint, regionShare } from './bind-rigid-pieces';

/**
 * In place, on weights with `slots` per vertex (joint −1 = none): each separate piece of the welded
 * mesh (`positions`, `indices`) whose strongest joint is a leaf of the weighted tree (`parents`,
 * −1 for a root) lying within the piece's bounding box, with a sibling leaf in a piece of its own
 * too, becomes wholly that leaf's, and the leaf's
 * weight on every piece it is not the strongest joint of goes to its parent. Returns the leaves
 * confined.
 */
export function confineLeavesToPieces(
  positions: Float32Array,
  indices: Uint32Array,
  skeleton: Skeleton,
  parents: readonly number[],
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
): number {
  const n = positions.length / 3;
  const hasChild = new Uint8Array(parents.length);
  for (const p of parents) if (p >= 0) hasChild[p] = 1;
  const pieces = connectedPieces(indices, n);
  if (pieces.length < 2) return 0;
  const childless: number[][] = parents.map(() => []);
  const strongest = pieces.map((piece) => {
    const sum = pieceWeightByJoint(piece, joints, weights, slots);
    let top = -1, topSum = 0;
    for (const [j, w] of sum) if (w > topSum) { top = j; topSum = w; }
    return top;
  });
  const inOwnPiece = new Map<number, number[]>();
  pieces.forEach((piece, k) => {
    const j = strongest[k]!;
    if (j < 0 || hasChild[j] === 1 || parents[j]! < 0 || !contains(positions, piece, skeleton.joints[j]!.position)) return;
    // The piece must be the leaf's part, not a body it sits in: within the leaf's region as a
    // rigid piece must be (nearer the leaf than its parent, bar its ends).
    if (regionShare(positions, piece, j, skeleton, parents, childless) < 1 - BIND_RIGID_PIECES_DEFAULTS.outsideShare) return;
    inOwnPiece.set(j, [...(inOwnPiece.get(j) ?? []), k]);
  });
  // Only leaves that come as siblings, each in a piece of its own (a pair of eyes in their
  // eyeballs): a lone leaf in a piece of its own is as often a limb's end whose piece its artist
  // blends with the limb (a shoe over the ankle, a head on a neck seam).
  const siblingsInPieces = new Map<number, number>();
  for (const j of inOwnPiece.keys()) siblingsInPieces.set(parents[j]!, (siblingsInPieces.get(parents[j]!) ?? 0) + 1);
  const confined = new Set<number>();
  for (const [j, ks] of inOwnPiece) {
    if (siblingsInPieces.get(parents[j]!)! < 2) continue;
    confined.add(j);
    for (const v of ks.flatMap((k) => pieces[k]!)) {
      joints.fill(-1, v * slots, v * slots + slots);
      weights.fill(0, v * slots, v * slots + slots);
      joints[v * slots] = j;
      weights[v * slots] = 1;
    }
  }
  if (confined.size === 0) return 0;
  // A confined leaf keeps every piece it is the strongest joint of (a head of several pieces, a
  // limb's end piece where a foot hangs off an IK root), and loses its share of the others.
  const own = new Int32Array(n).fill(-1);
  pieces.forEach((piece, k) => { if (confined.has(strongest[k]!)) for (const v of piece) own[v] = strongest[k]!; });
  for (let v = 0; v < n; v++) {
    for (let s = v * slots; s < v * slots + slots; s++) {
      const j = joints[s]!;
      if (j < 0 || !confined.has(j) || own[v] === j) continue;
      const parent = parents[j]!;
      // The parent's slot takes the weight; without one, this slot becomes the parent's.
      let into = -1;
      for (let t = v * slots; t < v * slots + slots; t++) if (joints[t] === parent) into = t;
      if (into >= 0) {
        weights[into] = weights[into]! + weights[s]!;
        joints[s] = -1;
        weights[s] = 0;
      } else joints[s] = parent;
    }
  }
  return confined.size;
}

/** Whether `p` lies in the axis-aligned bounding box of the vertices. */
function contains(positions: Float32Array, vertices: readonly number[], p: readonly number[]): boolean {
  for (let axis = 0; axis < 3; axis++) {
    let lo = Infinity, hi = -Infinity;
    for (const v of vertices) {
      const x = positions[3 * v + axis]!;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    if (p[axis]! < lo || p[axis]! > hi) return false;
  }
  return true;
}

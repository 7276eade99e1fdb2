/**
 * Sibling leaf joints that each sit inside a separate piece of their own (a pair of eye joints
 * in their eyeballs) exist to move those pieces; an artist gives them nothing else. Bone heat and the
 * geodesic weights give such a joint every surface its short bone is nearest to (the eyelids, the
 * cheeks, the brow, on the Blender 2.49 animals most of the body), which then turns with the eye,
 * and share the eyeball with the head. So the separate piece centred on a leaf joint that the
 * solve gives mostly to that leaf or to its parent is wholly the leaf's, and every weight the leaf
 * holds elsewhere (its lids, the body) goes to its parent (the head), which owns the surface
 * around it. The other leaves of that parent (a mouth, the ears beside the eyes) keep their weight
 * only in their region, nearer them than the parent (a mouth the solve gave a whole body). A
 * confined leaf keeps the other pieces the solve gives it wholly in its region (a limb of several
 * pieces: a toy's arm and hand), unless they lie around its joint (the lids around an eyeball) or
 * it sits, as a sibling does too, at the centre of its own piece (a pair of eyes turning their
 * balls in place: the tear line and brows beside an eye are the head's; skinning/ball-leaves).
 * Any other leaf with no piece of its own (a hand, a tail tip) keeps its weights.
 */
import type { Skeleton } from '@rigforge/mesh';
import { centredIn, pairedBalls } from './ball-leaves';
import { BIND_RIGID_PIECES_DEFAULTS, pieceWeightByJoint, regionShare, type MeshPieces } from './bind-rigid-pieces';
import { pieceBox, type PieceBox } from './piece-box';

/** Options of {@link confineLeavesToPieces}. */
export interface ConfineLeavesOptions {
  /**
   * A leaf's joint counts as inside a piece within its bounding box grown by this fraction of the
   * leaf's link to its parent on every side: a wing's joint sits just off the root edge of its
   * sheet. Default in {@link CONFINE_LEAVES_DEFAULTS}.
   */
  jointMargin?: number;
  /**
   * A confined leaf at the centre of its own piece, as a sibling is too (a pair of eyes in their
   * eyeballs, skinning/ball-leaves), keeps that piece alone, not the other pieces the solve gives
   * it. Default true.
   */
  ballLeaves?: boolean;
}

/** Chosen on the dev set leaving one artist out (packages/rig/docs/skin-weights.md, "Weights per artist, third round"). */
export const CONFINE_LEAVES_DEFAULTS: Required<ConfineLeavesOptions> = { jointMargin: 0.1, ballLeaves: true };

/**
 * In place, on weights with `slots` per vertex (joint −1 = none): for each leaf of the weighted
 * tree (`parents`, −1 for a root), its own piece is the separate piece of the welded mesh
 * (`positions`; `pieces`: its connectedPieces) around it (its bounding box, grown by `jointMargin` of the leaf's link
 * to its parent, holds the joint and no other such leaf's),
 * in its region, strongest joint the leaf or its parent, nearest it by centroid. Leaves with a
 * sibling leaf that has one too get their own piece wholly, and their weight everywhere else goes
 * to their parent; so does the weight of those parents' other leaves outside their regions.
 * Returns the leaves confined.
 */
export function confineLeavesToPieces(
  positions: Float32Array,
  pieces: MeshPieces,
  skeleton: Skeleton,
  parents: readonly number[],
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  options: ConfineLeavesOptions = {},
): number {
  const { jointMargin, ballLeaves } = { ...CONFINE_LEAVES_DEFAULTS, ...options };
  const n = positions.length / 3;
  const hasChild = new Uint8Array(parents.length);
  for (const p of parents) if (p >= 0) hasChild[p] = 1;
  if (pieces.length < 2) return 0;
  // Whether piece k's bounding box, grown by `jointMargin` of leaf j's link to its parent, holds j.
  // Each piece's box once (it was rescanned for every leaf tested against it: a clothed human's
  // body piece, tens of thousands of vertices, once per leaf of its strongest joint).
  const boxes: (PieceBox | undefined)[] = [];
  const around = (k: number, j: number): boolean => {
    const pj = skeleton.joints[j]!.position, q = skeleton.joints[parents[j]!]!.position;
    return contains(boxes[k] ??= pieceBox(positions, pieces[k]!), pj, jointMargin * Math.hypot(pj[0] - q[0], pj[1] - q[1], pj[2] - q[2]));
  };
  const childless: number[][] = parents.map(() => []);
  // Each piece's solved share per joint, and its strongest joint.
  const shares: Map<number, number>[] = [];
  const strongest = pieces.map((piece) => {
    const sum = pieceWeightByJoint(piece, joints, weights, slots);
    let top = -1, topSum = 0, total = 0;
    for (const [j, w] of sum) {
      total += w;
      if (w > topSum) { top = j; topSum = w; }
    }
    for (const [j, w] of sum) sum.set(j, w / (total || 1));
    shares.push(sum);
    return top;
  });
  // A leaf's own pieces: those around its joint (its bounding box holds the joint) lying in its
  // region (nearer the leaf than its parent, bar its ends), which the solve gives mostly to the
  // leaf or to its parent (an eyeball the head's bone reaches as much as the eye's). The region
  // test keeps out the body a leaf sits in.
  const inOwnPiece = new Map<number, number[]>();
  const inRegion = (k: number, j: number): boolean =>
    regionShare(positions, pieces[k]!, j, skeleton, parents, childless) >= 1 - BIND_RIGID_PIECES_DEFAULTS.outsideShare;
  pieces.forEach((piece, k) => {
    // A piece around several leaves (a head around both eyes) is none of theirs.
    const leaves: number[] = [];
    for (let j = 0; j < parents.length; j++) {
      if (hasChild[j] === 1 || parents[j]! < 0) continue;
      const top = strongest[k]!;
      if (top !== j && top !== parents[j]) continue;
      if (around(k, j)) leaves.push(j);
    }
    if (leaves.length !== 1) return;
    const j = leaves[0]!;
    if (!inRegion(k, j)) return;
    // Of several pieces around a leaf (an eyeball and its lids), its own is the one centred on it.
    const prev = inOwnPiece.get(j);
    const d = centroidDistance(positions, piece, skeleton.joints[j]!.position);
    if (!prev || d < centroidDistance(positions, pieces[prev[0]!]!, skeleton.joints[j]!.position)) inOwnPiece.set(j, [k]);
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
  // The other leaves of a confined leaf's parent (a mouth, the ears beside the eyes) keep their
  // weight only where it lies in their region (nearer them than the parent); the rest goes to the
  // parent too.
  const beside = new Set<number>();
  const confinedParents = new Set([...confined].map((j) => parents[j]!));
  parents.forEach((q, j) => { if (hasChild[j] === 0 && confinedParents.has(q) && !confined.has(j)) beside.add(j); });
  const outside = (v: number, j: number): boolean => regionShare(positions, [v], j, skeleton, parents, childless) < 1;
  // A confined leaf keeps its own piece and loses its share of the rest: the lids, the body it
  // sits in, however much of it the solve gave it.
  const own = new Int32Array(n).fill(-1);
  for (const j of confined) for (const k of inOwnPiece.get(j)!) for (const v of pieces[k]!) own[v] = j;
  // A limb of several pieces (an arm and its hand): a confined leaf also keeps the other pieces
  // the solve gives it wholly (as the rigid-piece rule counts it) that lie in its region, but not
  // those around its joint (the lids around an eyeball, which the artists give the head). A leaf
  // at the centre of its own piece, beside a sibling that is too (a pair of eyes), turns that ball
  // in place and is no limb (skinning/ball-leaves):
  // the tear line and the brows beside an eyeball, which heat may give the eye whole, are the head's.
  const balls = ballLeaves ? pairedBalls([...confined].filter((j) => centredIn(pieceBox(positions, pieces[inOwnPiece.get(j)![0]!]!), skeleton.joints[j]!.position)), parents) : new Set<number>();
  const limbs = [...confined].filter((j) => !balls.has(j));
  pieces.forEach((piece, k) => {
    for (const j of limbs) {
      if ((shares[k]!.get(j) ?? 0) < BIND_RIGID_PIECES_DEFAULTS.ownerShare || around(k, j) || !inRegion(k, j)) continue;
      for (const v of piece) own[v] = j;
    }
  });
  for (let v = 0; v < n; v++) {
    for (let s = v * slots; s < v * slots + slots; s++) {
      const j = joints[s]!;
      if (j < 0 || !(confined.has(j) ? own[v] !== j : beside.has(j) && outside(v, j))) continue;
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

/** Whether `p` lies in a piece's bounding box (pieceBox: its vertices' least and greatest coordinates), grown by `pad` on every side. */
function contains(box: PieceBox, p: readonly number[], pad = 0): boolean {
  for (let axis = 0; axis < 3; axis++) {
    if (p[axis]! < box.lo[axis]! - pad || p[axis]! > box.hi[axis]! + pad) return false;
  }
  return true;
}

/** Distance from `p` to the mean of the vertices. */
function centroidDistance(positions: Float32Array, vertices: readonly number[], p: readonly number[]): number {
  const c = [0, 0, 0];
  for (const v of vertices) for (let a = 0; a < 3; a++) c[a]! += positions[3 * v + a]! / vertices.length;
  return Math.hypot(c[0]! - p[0]!, c[1]! - p[1]!, c[2]! - p[2]!);
}

/**
 * A separate piece around exactly one leaf joint (its bounding box holds that leaf's joint and no
 * other leaf's) whose strongest joint is that leaf (a wing sheet on its wing joint, a hand piece
 * on its hand) moves with the leaf's chain only (the leaf and its ancestors): the weight another
 * branch holds on it (heat gives a twin wing's aimed bone part of the sheet it reaches across
 * the body) goes to that branch's nearest ancestor on the chain, or, from another tree, is
 * dropped and the rest renormalised; a vertex left with nothing goes to the leaf. In place, on weights
 * with `slots` per vertex (joint −1 = none), `parents` the weighted tree (−1 for a root). Returns
 * the pieces changed.
 */
export function keepLeafPiecesOnChain(
  positions: Float32Array,
  pieces: MeshPieces,
  skeleton: Skeleton,
  parents: readonly number[],
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
): number {
  const hasChild = new Uint8Array(parents.length);
  for (const p of parents) if (p >= 0) hasChild[p] = 1;
  if (pieces.length < 2) return 0;
  const isLeaf = (j: number): boolean => hasChild[j] === 0 && parents[j]! >= 0;
  let changed = 0;
  for (const piece of pieces) {
    const sum = pieceWeightByJoint(piece, joints, weights, slots);
    let top = -1, topSum = 0;
    for (const [j, w] of sum) if (w > topSum) { top = j; topSum = w; }
    if (top < 0 || !isLeaf(top) || sum.size < 2) continue;
    let around = 0;
    const box = pieceBox(positions, piece);
    for (let j = 0; j < parents.length; j++) if (isLeaf(j) && contains(box, skeleton.joints[j]!.position)) around++;
    if (around !== 1 || !contains(box, skeleton.joints[top]!.position)) continue;
    const chain = new Set<number>();
    for (let j = top; j >= 0; j = parents[j]!) chain.add(j);
    if ([...sum.keys()].every((j) => chain.has(j))) continue;
    changed++;
    // Each other joint's weight goes to its nearest ancestor on the chain (the shoulder's on a
    // head piece to the chest, as an artist's blend there would run), so the piece's blend stays
    // smooth; a joint in another tree (a twin wing on a root of its own) has none, and its
    // weight is dropped.
    const into = new Map<number, number>();
    for (const j of sum.keys()) {
      let k = j;
      while (k >= 0 && !chain.has(k)) k = parents[k]!;
      into.set(j, k);
    }
    for (const v of piece) {
      const merged = new Map<number, number>();
      for (let s = v * slots; s < v * slots + slots; s++) {
        const j = joints[s]!;
        if (j < 0) continue;
        const k = into.get(j)!;
        if (k >= 0) merged.set(k, (merged.get(k) ?? 0) + weights[s]!);
      }
      let kept = 0;
      for (const w of merged.values()) kept += w;
      joints.fill(-1, v * slots, v * slots + slots);
      weights.fill(0, v * slots, v * slots + slots);
      if (!(kept > 0)) {
        joints[v * slots] = top;
        weights[v * slots] = 1;
        continue;
      }
      let s = v * slots;
      for (const [k, w] of merged) {
        joints[s] = k;
        weights[s++] = w / kept;
      }
    }
  }
  return changed;
}

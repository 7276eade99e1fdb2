/**
 * A piece around a whole end chain bends along that chain. A separate piece that holds the joints
 * of one unbranched chain out to its leaf and no other joint (a tail modelled as its own shell, or
 * as layered fur cards, an antenna, a tentacle) is a part that curls with its chain. Bone heat can
 * give such a piece to a joint off the chain: where neighbouring pieces hide the chain's bones
 * from most of its vertices, the only bone heat sees is the chain's parent's, at the base, and the
 * solve spreads that over the whole piece (packages/rig/docs/skin-weights.md, "Which step binds Frankie's
 * tail whole"): posed, the piece stays behind while the chain curls, or tears between the base
 * and the tip. With the chain's own first joint the only bone heat sees, the whole piece goes to
 * that joint and stays straight while the rest of the chain curls. Such a piece — the solve giving
 * joints off its chain at least `offChainShare` of its weight, or the chain's first joint alone
 * `baseShare` — takes the geodesic weights (the bones nearest through the volume, which are its
 * chain's) instead.
 *
 * A piece around several chains (a hand with its fingers) or a chain's middle (a shirt around the
 * spine, which continues to the neck) is left as solved: only a piece around one whole end chain
 * has nothing but that chain to move with. So is a piece around a chain of stand-in joints that
 * take no weight (`nonDeforming`: the arms inside a ball-bodied walker, which the fit leaves to
 * the hips on purpose).
 */
import type { Skeleton } from '@rigforge/mesh';
import type { MeshPieces } from './bind-rigid-pieces';
import { pieceBox } from './piece-box';

export interface BendChainPiecesOptions {
  /** Fewest joints of the chain inside the piece. Default 3 (a tail of three links; a pair is a leaf on its parent). */
  minChainJoints?: number;
  /** The share of the piece's solved weight on joints off its chain from which it is re-weighted. Default 0.3. */
  offChainShare?: number;
  /**
   * The share of the piece's solved weight on the chain's first joint alone from which it is
   * re-weighted too (the whole tail bound to its base). Default 0.9; above 1, never.
   */
  baseShare?: number;
}

export const BEND_CHAIN_PIECES_DEFAULTS: Required<BendChainPiecesOptions> = { minChainJoints: 3, offChainShare: 0.3, baseShare: 0.9 };

/**
 * The end chain a piece holds, or null: `inside` (the joints in its bounding box) must hold exactly
 * one leaf of the skeleton; its end chain runs up from that leaf while each joint is its parent's
 * only child (a tail from its base to its tip, not the hips it hangs from). At least `minJoints` of
 * the chain must be inside. Other joints inside are the body the piece's base reaches over (the
 * hips, the spine's start) and do not count against it; a second leaf (a hand's fingers, two
 * ears) does.
 */
export function endChainOf(inside: readonly number[], parents: readonly number[], childCount: readonly number[], minJoints: number): number[] | null {
  const leaves = inside.filter((j) => childCount[j] === 0);
  if (leaves.length !== 1) return null;
  const chain = [leaves[0]!];
  for (;;) {
    const parent = parents[chain[0]!]!;
    if (parent < 0 || childCount[parent] !== 1) break;
    chain.unshift(parent);
  }
  const held = new Set(inside);
  return chain.filter((j) => held.has(j)).length >= minJoints ? chain : null;
}

/**
 * Re-weights, in place, every separate piece of the welded mesh that holds one whole end chain of
 * deforming joints and that the solve gives to joints off it, from `geodesic` (same layout, asked
 * for at most once, only when a piece qualifies, and final only at those pieces' vertices).
 * Returns the number of pieces re-weighted.
 */
export function bendChainPieces(
  positions: Float32Array,
  pieces: MeshPieces,
  skeleton: Skeleton,
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  /** The geodesic weights; final at least at the vertices marked in `needed` (only those are read). */
  geodesic: (needed: Uint8Array) => { joints: Int32Array; weights: Float32Array },
  options: BendChainPiecesOptions = {},
  nonDeforming: readonly number[] = [],
): number {
  const passive = new Set(nonDeforming);
  const o = { ...BEND_CHAIN_PIECES_DEFAULTS, ...options };
  if (pieces.length < 2) return 0;
  const parents = skeleton.joints.map((j) => j.parent);
  const childCount = skeleton.joints.map(() => 0);
  for (const p of parents) if (p >= 0) childCount[p]!++;
  // Every piece is decided first (from its own solved weights, which no other piece's rewrite
  // touches: pieces are disjoint), so the geodesic search is asked only for the vertices of the
  // pieces it re-weights and stops once their voxels are settled (geodesicSkinWeights' `needed`).
  const bent: (readonly number[])[] = [];
  for (const piece of pieces) {
    const { lo, hi } = pieceBox(positions, piece);
    const inside: number[] = [];
    skeleton.joints.forEach((j, i) => {
      if (j.position.every((x, k) => x >= lo[k]! && x <= hi[k]!)) inside.push(i);
    });
    const chain = endChainOf(inside, parents, childCount, o.minChainJoints);
    // A chain of stand-ins (arms inside a ball-bodied walker) moves nothing: its piece stays as solved.
    if (!chain || chain.some((j) => passive.has(j))) continue;
    const onChain = new Set(chain);
    let total = 0, off = 0, base = 0;
    for (const v of piece) {
      for (let s = v * slots; s < v * slots + slots; s++) {
        const j = joints[s]!;
        if (j < 0) continue;
        total += weights[s]!;
        if (!onChain.has(j)) off += weights[s]!;
        if (j === chain[0]) base += weights[s]!;
      }
    }
    if (total <= 0 || (off / total < o.offChainShare && base / total < o.baseShare)) continue;
    bent.push(piece);
  }
  if (bent.length === 0) return 0;
  const needed = new Uint8Array(positions.length / 3);
  for (const piece of bent) for (const v of piece) needed[v] = 1;
  const geo = geodesic(needed);
  for (const piece of bent) {
    for (const v of piece) {
      for (let s = v * slots; s < v * slots + slots; s++) {
        joints[s] = geo.joints[s]!;
        weights[s] = geo.weights[s]!;
      }
    }
  }
  return bent.length;
}

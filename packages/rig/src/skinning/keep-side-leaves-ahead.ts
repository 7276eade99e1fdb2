/**
 * A side leaf owns what lies ahead of its joint, not its parent's part behind it. A leaf that
 * branches off the side of a part (an ear, a mouth, a beak, a thumb: one of several children of a
 * joint that itself has a parent, and not the child that carries the chain on) bends the part
 * beyond its joint. Bone heat gives such a leaf's bone every vertex it is nearest to, and on a
 * head whose own bone is short and deep inside it, that reaches back over the leaf's joint into
 * the head: the back of the skull given to the ears, the face to the mouth or the beak. Artists
 * weight that part to the parent (the head), so the parent's recall is lost there.
 *
 * Rule: at a vertex lying behind a side leaf's joint (along the leaf's own placed bone) by more
 * than `margin` of the link from its parent, the leaf's weight goes to the parent. Not for the
 * chain's continuation (a head at the end of the neck, which artists weight over the whole head,
 * its back included), not for leaves of a root (a fish's head off its centre joint, feet
 * parented to a root on the floor: no incoming bone says which side is "behind"), and not on a
 * separate piece the earlier rules give wholly to the leaf (an eyeball), which stays whole.
 */
import type { Skeleton } from '@rigforge/mesh';
import type { BoneSegment } from './bone-segments';
import type { MeshPieces } from './bind-rigid-pieces';
import { chainChild } from './bone-heat';

export interface KeepSideLeavesAheadOptions {
  /**
   * How far behind a side leaf's joint (as a fraction of the link from its parent) a vertex must
   * lie before the leaf's weight there goes to the parent: 0 moves everything behind the joint's
   * plane, larger values leave a blend band behind it. Default in {@link KEEP_SIDE_LEAVES_AHEAD_DEFAULTS}.
   */
  margin?: number;
}

/** Chosen on the dev set leaving one artist out (packages/rig/docs/skin-weights.md, "seventh round"). */
export const KEEP_SIDE_LEAVES_AHEAD_DEFAULTS: Required<KeepSideLeavesAheadOptions> = {
  margin: 0,
};

/** A side leaf, its parent, where its joint is and which way its part lies. */
export interface SideLeaf {
  leaf: number;
  parent: number;
  origin: [number, number, number];
  /** Unit direction in which the leaf's part lies ahead of its joint. */
  direction: [number, number, number];
  /** Length of the link from the parent to the leaf: the scale of `margin`. */
  link: number;
}

const sub = (a: readonly number[], b: readonly number[]): [number, number, number] => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const norm = (a: readonly number[]): number => Math.hypot(a[0]!, a[1]!, a[2]!);

/**
 * The side leaves of `skeleton` (deforming parents `parents`): leaves whose parent has a parent
 * and other children and does not carry its chain on through them. Each is directed along its
 * placed bone (`segments`, where it has one of positive length), or else along its link.
 */
export function sideLeaves(skeleton: Skeleton, parents: readonly number[], segments: readonly BoneSegment[]): SideLeaf[] {
  const joints = skeleton.joints;
  const kids: number[][] = joints.map(() => []);
  joints.forEach((j, k) => { if (j.parent >= 0) kids[j.parent]!.push(k); });
  const ownSegment = new Map<number, BoneSegment>();
  for (const s of segments) if (kids[s.joint]!.length === 0 && !ownSegment.has(s.joint)) ownSegment.set(s.joint, s);
  const out: SideLeaf[] = [];
  joints.forEach((joint, e) => {
    const p = parents[e] ?? -1;
    if (kids[e]!.length > 0 || p < 0 || joints[p]!.parent < 0 || kids[p]!.length < 2) return;
    if (chainChild(skeleton, p, kids[p]!) === e) return;
    const linkVec = sub(joint.position, joints[p]!.position);
    const seg = ownSegment.get(e);
    const segVec = seg ? sub(seg.b, seg.a) : [0, 0, 0];
    const dir = norm(segVec) > 1e-9 ? segVec : linkVec;
    const len = norm(dir), link = norm(linkVec);
    if (!(len > 1e-9) || !(link > 1e-9)) return;
    out.push({ leaf: e, parent: p, origin: [...joint.position], direction: [dir[0]! / len, dir[1]! / len, dir[2]! / len], link });
  });
  return out;
}

/**
 * Moves, in place, each side leaf's weight at vertices behind its joint to its parent (weights
 * `slots` per vertex, joint −1 = none), except on separate pieces wholly the leaf's. Returns the
 * number of vertices changed.
 */
export function keepSideLeavesAhead(
  positions: Float32Array,
  pieces: MeshPieces,
  leaves: readonly SideLeaf[],
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  options: KeepSideLeavesAheadOptions = {},
): number {
  const margin = options.margin ?? KEEP_SIDE_LEAVES_AHEAD_DEFAULTS.margin;
  if (leaves.length === 0) return 0;
  const n = positions.length / 3;
  const byLeaf = new Map<number, SideLeaf>(leaves.map((l) => [l.leaf, l]));
  // A piece whose every vertex is wholly one side leaf's is bound rigid (an eyeball): it stays whole.
  const rigid = new Uint8Array(n);
  for (const piece of pieces) {
    const owner = soleJoint(piece[0]!, joints, weights, slots);
    if (owner < 0 || !byLeaf.has(owner)) continue;
    if (piece.every((v) => soleJoint(v, joints, weights, slots) === owner)) for (const v of piece) rigid[v] = 1;
  }
  let changed = 0;
  for (let v = 0; v < n; v++) {
    if (rigid[v]) continue;
    let moved = false;
    for (let s = v * slots; s < v * slots + slots; s++) {
      const leaf = byLeaf.get(joints[s]!);
      if (!leaf || !(weights[s]! > 0)) continue;
      const o = leaf.origin, d = leaf.direction;
      const ahead = (positions[3 * v]! - o[0]) * d[0] + (positions[3 * v + 1]! - o[1]) * d[1] + (positions[3 * v + 2]! - o[2]) * d[2];
      if (ahead >= -margin * leaf.link) continue;
      giveTo(v, s, leaf.parent, joints, weights, slots);
      moved = true;
    }
    if (moved) changed++;
  }
  return changed;
}

/** The one joint holding all of vertex v's weight, or −1. */
function soleJoint(v: number, joints: Int32Array, weights: Float32Array, slots: number): number {
  let only = -1;
  for (let s = v * slots; s < v * slots + slots; s++) {
    if (joints[s]! < 0 || !(weights[s]! > 0)) continue;
    if (only >= 0 && joints[s] !== only) return -1;
    only = joints[s]!;
  }
  return only;
}

/** Slot s's weight added to joint `to` at vertex v (to its slot if it has one, else slot s relabelled). */
function giveTo(v: number, s: number, to: number, joints: Int32Array, weights: Float32Array, slots: number): void {
  for (let t = v * slots; t < v * slots + slots; t++) {
    if (t !== s && joints[t] === to) {
      weights[t] = weights[t]! + weights[s]!;
      weights[s] = 0;
      joints[s] = -1;
      return;
    }
  }
  joints[s] = to;
}

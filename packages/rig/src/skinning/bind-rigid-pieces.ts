/**
 * Separate rigid pieces bound wholly to one joint. Robots, mechs and toy figures are built of
 * pieces that do not touch (a hand, a forearm plate, a helmet): an artist gives each piece to one
 * joint, and a piece shared between two joints tears apart or floats off when posed. Bone heat
 * blends such a piece wherever two bones are about equally near it (a hand piece's wrist end).
 *
 * The rule: each connected piece of the welded mesh that lies within ONE joint's region, and that
 * the solve already gives mostly to that joint, and that is not that joint's bone's flesh blended
 * with its child (the child the next strongest joint, the piece along most of the bone), is given
 * wholly to it. A joint's region is the
 * slab along its bone (the LBS convention: the joint at a bone's start moves the bone; see
 * `inRegion` for leaves and branches). A piece spanning a joint (a sleeve over
 * the elbow, a boot over the ankle, a hand with its fingers, a body in one piece) has a real share
 * of its vertices on both sides of some plane and keeps its blend.
 */
import type { Skeleton } from '@rigforge/mesh';
import { centredIn, pairedBalls } from './ball-leaves';
import { pieceBox } from './piece-box';
import { findRoot, singletons, uniteThree } from '../union-find';

/** Options of {@link bindRigidPieces}. */
export interface BindRigidPiecesOptions {
  /**
   * Share of a piece's vertices that may lie outside its joint's region and the piece still count
   * as not spanning a joint (its ends may poke past the plane). Default in {@link BIND_RIGID_PIECES_DEFAULTS}.
   */
  outsideShare?: number;
  /**
   * Share of the piece's solved weight its joint must already hold: a planar region is only a
   * coarse outline of a joint's part (a lateral hip joint's plane cuts through the whole body), so
   * the solve must agree that the joint owns the piece. Default in {@link BIND_RIGID_PIECES_DEFAULTS}.
   */
  ownerShare?: number;
  /**
   * Share of its owner's bone (owner → child) a piece must span along the bone for a child as the
   * solve's runner-up to keep the piece blended: a piece along most of the bone is the bone's own
   * flesh and bends with the child (a fish's body halves), a shorter one sits at one place on it
   * (a collar, a fin, a plate) and moves rigidly with its owner. 0 keeps every such piece blended.
   * Default in {@link BIND_RIGID_PIECES_DEFAULTS}.
   */
  childBlendSpan?: number;
  /**
   * The share the owner must hold instead when the next strongest joint is its parent. Heat reaches
   * a piece just past a joint from both bones meeting there (the parent's bone ends at the joint):
   * a converged solve gives the parent up to a third of such a piece (the teeth and tongue of a
   * realistic human, modelled apart just below the head joint and in front of the neck bone's end,
   * 0.28–0.36 neck), which an artist gives the head. Default in {@link BIND_RIGID_PIECES_DEFAULTS}
   * (0.65, below `ownerShare`'s 0.7, so that the bound pieces do not depend on where heat's solver stops).
   */
  parentOwnerShare?: number;
  /**
   * Whether the parent bar (`parentOwnerShare`) binds a leaf's piece only where the leaf or its
   * parent holds another separate piece of its own (one the solve gives it `ownerShare` of): the
   * two are then parts of a build of rigid pieces (a robot's hand on its forearm plate, a leg's tip
   * beside its own cap), whose artists bind each piece whole. Where neither does, their parts are
   * skin and the piece an attachment on it (a boot over the shin's skin, a frog's eyes or a bull's
   * horns on the head), which bends with the skin where heat blends it with the parent: it needs
   * `ownerShare`, as with any other runner-up. Default true (packages/rig/docs/skin-weights.md, "the
   * parent bar between rigid parts").
   */
  leafBarNeedsRigidPart?: boolean;
  /**
   * A leaf turning a ball of its own in place (an eye in its eyeball, skinning/ball-leaves) does not
   * end its parent's region. Default true.
   */
  ballLeaves?: boolean;
}

/** A separate piece of the mesh given wholly to one joint. */
export interface RigidPiece {
  vertices: readonly number[];
  joint: number;
}

export const BIND_RIGID_PIECES_DEFAULTS: Required<BindRigidPiecesOptions> = {
  outsideShare: 0.1,
  ownerShare: 0.7,
  childBlendSpan: 0.5,
  // Chosen leaving one artist out over 0.5–0.7 with the shipped solve and with heat's CG run to
  // convergence (packages/rig/docs/skin-weights.md, "Weights per artist: the rigid-piece bar, robust to the
  // solve"). At 0.7 whether the humans' teeth were bound hung on where Jacobi CG stops (the head
  // holds 0.69 to over 0.7 of them stopped short, 0.66–0.67 converged); from 0.66 down both solves
  // bind the same pieces. Below 0.64 a frog's head pieces, which its artist blends ~0.6 / 0.4 with
  // the head's parent, are bound too (L1 0.43 → 0.50–0.57): 0.65 is the middle of that band.
  parentOwnerShare: 0.65,
  leafBarNeedsRigidPart: true,
  ballLeaves: true,
};

/**
 * Per joint, a running sum and whether the current piece has met it yet: pieceWeightByJoint's
 * scratch, grown to the largest joint seen and reused (it runs for every piece of every piece
 * rule, tens of thousands of vertices per call on a clothed human; a Map update per slot was most
 * of its time). Reset after each call by the joints it met.
 */
let jointSum = new Float64Array(64);
let jointMet = new Uint8Array(64);

/** The weight each joint holds over a piece's vertices (`slots` per vertex, joint −1 = none). */
export function pieceWeightByJoint(piece: readonly number[], joints: Int32Array, weights: Float32Array, slots: number): Map<number, number> {
  // The joints in the order first met, each summed in the piece's order from 0: the Map a
  // Map-accumulating loop built, bit for bit (its keys in the same insertion order).
  const met: number[] = [];
  for (const v of piece) {
    for (let s = v * slots; s < v * slots + slots; s++) {
      const j = joints[s]!;
      if (j < 0) continue;
      if (j >= jointSum.length) {
        const size = Math.max(j + 1, 2 * jointSum.length);
        const sum = new Float64Array(size), seen = new Uint8Array(size);
        sum.set(jointSum); seen.set(jointMet);
        jointSum = sum; jointMet = seen;
      }
      if (jointMet[j] === 0) { jointMet[j] = 1; jointSum[j] = 0; met.push(j); }
      jointSum[j]! += weights[s]!;
    }
  }
  const sum = new Map<number, number>();
  for (const j of met) { sum.set(j, jointSum[j]!); jointMet[j] = 0; }
  return sum;
}

/**
 * Rebinds the weights (`slots` per vertex, joint −1 = none) of every separate piece of the welded
 * mesh (`positions`; `pieces`: its connectedPieces) that no joint plane splits, in place. `parents` is each joint's
 * parent on the tree of joints that take weight (−1 for a root). Returns the pieces that are now
 * wholly one joint's (rebound or so solved), each with that joint.
 */
export function bindRigidPieces(
  positions: Float32Array,
  pieces: MeshPieces,
  skeleton: Skeleton,
  parents: readonly number[],
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  options: BindRigidPiecesOptions = {},
): RigidPiece[] {
  const { outsideShare, ownerShare, parentOwnerShare, childBlendSpan, leafBarNeedsRigidPart, ballLeaves: ballsOn } = { ...BIND_RIGID_PIECES_DEFAULTS, ...options };
  const rigid: RigidPiece[] = [];
  if (pieces.length < 2) return rigid;
  const children = skeleton.joints.map(() => [] as number[]);
  parents.forEach((p, j) => { if (p >= 0) children[p]!.push(j); });
  // A leaf turning a ball of its own in place (an eye in its eyeball) does not end its parent's
  // part (skinning/ball-leaves): the head's region runs on past the eyes' plane, so the teeth, the
  // brows and the lashes modelled apart inside or on the head are the head's pieces.
  const balls = !ballsOn ? new Set<number>() : ballLeaves(positions, pieces, skeleton, parents, children, joints, weights, slots);
  const regionChildren = balls.size === 0 ? children : children.map((cs) => cs.filter((c) => !balls.has(c)));
  // The separate pieces each joint holds `ownerShare` of in the solve (before any is rebound).
  const rigidOf = new Set<number>();
  if (leafBarNeedsRigidPart) {
    for (const piece of pieces) {
      const share = pieceWeightByJoint(piece, joints, weights, slots);
      let total = 0, best = -1, bestShare = 0;
      for (const [j, w] of share) { total += w; if (w > bestShare) { best = j; bestShare = w; } }
      if (total > 0 && bestShare >= ownerShare * total) rigidOf.add(best);
    }
  }
  for (const piece of pieces) {
    const share = pieceWeightByJoint(piece, joints, weights, slots);
    let total = 0;
    for (const w of share.values()) total += w;
    if (total <= 0) continue;
    if (share.size === 1) {
      rigid.push({ vertices: piece, joint: [...share.keys()][0]! });
      continue;
    }
    // The solve's strongest joint in the piece, if it holds most of it (`ownerShare`, or
    // `parentOwnerShare` where the runner-up is its parent) and its region holds the piece.
    let best = -1, bestShare = 0;
    for (const [j, w] of share) if (w > bestShare) { best = j; bestShare = w; }
    // A piece whose next strongest joint is a child of its owner, and that runs along most of the
    // owner's bone, is that bone's flesh: it bends towards where the child's bone starts and the
    // artists blend it there (a fish's front half bending with the next body joint). A piece at
    // one place on the bone (a collar at the neck, a fin, a plate on a mech's leg) is an
    // attachment, bound whole. The owner's parent as runner-up is the case the rule is for (a hand
    // piece whose wrist end heat shares with the forearm).
    let second = -1, secondShare = 0;
    for (const [j, w] of share) if (j !== best && w > secondShare) { second = j; secondShare = w; }
    if (second >= 0 && parents[second] === best && spanAlongBone(positions, piece, skeleton.joints[best]!.position, skeleton.joints[second]!.position) >= childBlendSpan) continue;
    // The parent bar for a leaf's piece only between rigid parts: the leaf or its parent holds a
    // piece of its own; else the piece sits on skin (a boot, a frog's eye) and needs `ownerShare`.
    const parentBar = second >= 0 && parents[best] === second
      && !(leafBarNeedsRigidPart && children[best]!.length === 0 && !rigidOf.has(best) && !rigidOf.has(second));
    if (bestShare < (parentBar ? parentOwnerShare : ownerShare) * total) continue;
    if (regionShare(positions, piece, best, skeleton, parents, regionChildren) < 1 - outsideShare) continue;
    for (const v of piece) {
      joints.fill(-1, v * slots, v * slots + slots);
      weights.fill(0, v * slots, v * slots + slots);
      joints[v * slots] = best;
      weights[v * slots] = 1;
    }
    rigid.push({ vertices: piece, joint: best });
  }
  return rigid;
}

/**
 * The leaves (childless joints with a parent on the weighted tree) that hold a separate piece
 * wholly (every weight of it theirs) at whose centre their joint lies, in sibling pairs or more
 * (the eyes in their eyeballs; skinning/ball-leaves).
 */
function ballLeaves(
  positions: Float32Array,
  pieces: readonly (readonly number[])[],
  skeleton: Skeleton,
  parents: readonly number[],
  children: readonly (readonly number[])[],
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
): Set<number> {
  const centred = new Set<number>();
  for (const piece of pieces) {
    const share = pieceWeightByJoint(piece, joints, weights, slots);
    if (share.size !== 1) continue;
    const j = [...share.keys()][0]!;
    if (parents[j]! < 0 || children[j]!.length > 0 || centred.has(j)) continue;
    if (centredIn(pieceBox(positions, piece), skeleton.joints[j]!.position)) centred.add(j);
  }
  return pairedBalls(centred, parents);
}

/**
 * How much of the bone from `from` to `to` a piece covers along it: the extent of its vertices'
 * projections on the bone, as a share of the bone's length (0 for a bone of no length).
 */
export function spanAlongBone(positions: Float32Array, piece: readonly number[], from: readonly number[], to: readonly number[]): number {
  const dx = to[0]! - from[0]!, dy = to[1]! - from[1]!, dz = to[2]! - from[2]!;
  const len2 = dx * dx + dy * dy + dz * dz;
  if (!(len2 > 0)) return 0;
  let lo = Infinity, hi = -Infinity;
  for (const v of piece) {
    const t = ((positions[3 * v]! - from[0]!) * dx + (positions[3 * v + 1]! - from[1]!) * dy + (positions[3 * v + 2]! - from[2]!) * dz) / len2;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return hi >= lo ? hi - lo : 0;
}

/** Share of a piece's vertices in joint `j`'s region (see `inRegion`); `children` per joint of the weighted tree. */
export function regionShare(
  positions: Float32Array,
  piece: readonly number[],
  j: number,
  skeleton: Skeleton,
  parents: readonly number[],
  children: readonly (readonly number[])[],
): number {
  const joints = skeleton.joints;
  const p = joints[j]!.position;
  const parent = parents[j]!;
  const kids = children[j]!;
  const q = parent >= 0 ? joints[parent]!.position : undefined;
  // The parent bone's plane runs through this point (see inRegion), the same for every vertex: a
  // leaf's halfway to its parent, a branch's at the joint.
  const leaf = kids.length === 0 && q !== undefined;
  const fx = leaf ? (p[0] + q[0]) / 2 : p[0], fy = leaf ? (p[1] + q[1]) / 2 : p[1], fz = leaf ? (p[2] + q[2]) / 2 : p[2];
  let inside = 0;
  for (const v of piece) if (inRegion(positions, v, p, q, fx, fy, fz, kids, skeleton)) inside++;
  return inside / Math.max(1, piece.length);
}

/**
 * Signed distance (times |a→b|) of (x, y, z) along the direction a→b from the plane through
 * (cx, cy, cz): > 0 is past it.
 */
function past(x: number, y: number, z: number, a: readonly number[], b: readonly number[], cx: number, cy: number, cz: number): number {
  return (x - cx) * (b[0]! - a[0]!) + (y - cy) * (b[1]! - a[1]!) + (z - cz) * (b[2]! - a[2]!);
}

/**
 * Whether vertex `v` lies in joint `j`'s region (`p` its position, `q` its parent's): along its bone, between the planes across the
 * bone through the joint and through its child, for a joint with one child; past the plane across
 * its parent bone halfway along it for a leaf; before every child's plane (across the bone to it)
 * and past the parent bone's plane through the joint for a branch (a hip or a chest). The joint's own bone orients its planes:
 * its parent bone may run sideways (a hip joint lateral of the pelvis) where the limb runs down.
 * (fx, fy, fz) is the parent plane's point, regionShare's. No closure or array per vertex: this
 * runs for every vertex of every piece weighed.
 */
function inRegion(
  positions: Float32Array,
  v: number,
  p: readonly number[],
  q: readonly number[] | undefined,
  fx: number, fy: number, fz: number,
  children: readonly number[],
  skeleton: Skeleton,
): boolean {
  const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
  if (children.length === 1) {
    const c = skeleton.joints[children[0]!]!.position;
    return past(x, y, z, p, c, p[0]!, p[1]!, p[2]!) >= 0 && past(x, y, z, p, c, c[0]!, c[1]!, c[2]!) <= 0;
  }
  // A leaf has no bone to bound its part: it holds what lies nearer it than its parent (an
  // eyeball centred on its joint, a hand from mid-forearm on); a branch starts at itself.
  if (q !== undefined && past(x, y, z, q, p, fx, fy, fz) < 0) return false;
  for (const k of children) {
    const c = skeleton.joints[k]!.position;
    if (past(x, y, z, p, c, c[0]!, c[1]!, c[2]!) > 0) return false;
  }
  return true;
}

/**
 * The connected pieces of a mesh, each as its vertex list: what the piece rules read. computeSkinWeights
 * finds them once per call (connectedPieces) and hands them to every rule.
 */
export type MeshPieces = readonly (readonly number[])[];

/** The connected pieces of a triangle mesh (over shared vertices), each as its vertex list; vertices in no triangle are left out. */
export function connectedPieces(indices: Uint32Array, n: number): number[][] {
  // The pieces come out in the order of their first vertex, each ascending, which depends only on
  // the components, not on how the trees were linked.
  const root = singletons(n);
  const used = new Uint8Array(n);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]!, b = indices[t + 1]!, c = indices[t + 2]!;
    used[a] = used[b] = used[c] = 1;
    uniteThree(root, a, b, c);
  }
  const pieceOfRoot = new Int32Array(n).fill(-1);
  const pieces: number[][] = [];
  for (let v = 0; v < n; v++) {
    if (used[v] !== 1) continue;
    const r = findRoot(root, v);
    let k = pieceOfRoot[r]!;
    if (k < 0) { k = pieceOfRoot[r] = pieces.length; pieces.push([]); }
    pieces[k]!.push(v);
  }
  return pieces;
}

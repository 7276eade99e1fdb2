/**
 * Loose pieces follow what they are attached to. A separate piece of the mesh that no bone of the
 * skeleton reaches (an antenna built of small segments, a fin or a plate modelled apart and pushed
 * into the body, a tooth, a bolt) has nothing of its own to move with: the solve gives it whatever
 * bone is nearest or visible, which can be a leg's tip across the body, and when posed it tears
 * off or scatters. An artist gives such a piece to the joints of the part it is attached to.
 *
 * The rule: a piece holds a bone when a joint lies in its bounding box or a bone (joint → child,
 * or a leaf's continuation of its parent's direction by half that bone) crosses it; such pieces
 * keep their weights. Every other piece is settled nearest gap first (Prim's order from the pieces
 * that hold bones) against the settled piece it lies nearest: the joints of that piece's surface
 * where they touch are the contact's. A joint of the piece's solve that is none of them, nor an
 * ancestor of one, nor further along an unbranched chain from one, nor itself holding a real share
 * of the contact ({@link PRESENT_SHARE}: the surface moves with it, whatever its place on the tree;
 * a crab's leg on a shell that two root joints share), is foreign: its weight goes
 * (the rest renormalised; a piece left with nothing takes the contact's blend). So a chain of
 * small pieces follows its first link, which follows the body, and a piece the solve already
 * weights along the part it sits on (a fin blended along a fish, an antenna's last joint holding
 * the segments past its bone) is left as solved. A piece with no other piece within an eighth of
 * the mesh's size is left as solved.
 */
import type { Skeleton } from '@rigforge/mesh';
import { connectedPieces } from './bind-rigid-pieces';

/** Cells of the nearest-piece search along the mesh's longest side. */
const GRID_CELLS = 64;
/** Rings of cells searched around a vertex: a gap wider than this many cells is not an attachment. */
const MAX_RINGS = 8;
/** The bounding box is widened by this share of its diagonal before the bone test (a joint on a piece's rim). */
const BOX_MARGIN = 0.05;
/** A joint under this share of the contact's weight is not one of the contact's joints. */
const MIN_SHARE = 0.2;
/**
 * A joint holding at least this share of the contact's weight is native to the piece even off the
 * contact joints' chains. Chosen on the dev set leaving one artist out among off / 0.05 / 0.1
 * (packages/rig/README.md, "Weights per artist, fourth round").
 */
const PRESENT_SHARE = 0.1;
/** Contact: the target's vertices nearest the piece within the gap plus this share of the piece's diagonal. */
const CONTACT_SLACK = 0.1;

interface Box { lo: [number, number, number]; hi: [number, number, number] }

/**
 * Rebinds, in place, every separate piece of the welded mesh (`positions`, `indices`) that holds no
 * bone of `skeleton` to the strongest joint where it touches the piece it is attached to (weights
 * `slots` per vertex, joint −1 = none). Returns the number of pieces rebound.
 */
export function attachLoosePieces(
  positions: Float32Array,
  indices: Uint32Array,
  skeleton: Skeleton,
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
): number {
  const n = positions.length / 3;
  const pieces = connectedPieces(indices, n);
  if (pieces.length < 2) return 0;
  const boxes = pieces.map((piece) => boundingBox(positions, piece));
  const segments = boneSegments(skeleton);
  const anchored = boxes.map((box) => holdsBone(box, segments));
  if (anchored.every(Boolean) || !anchored.some(Boolean)) return 0;

  const pieceOf = new Int32Array(n).fill(-1);
  pieces.forEach((piece, k) => { for (const v of piece) pieceOf[v] = k; });
  const grid = new VertexGrid(positions, pieces, boxes);
  // For each loose piece: per other piece, the nearest vertex there of each of its vertices.
  const near = new Map<number, Map<number, { u: number; w: number; d: number }[]>>();
  pieces.forEach((piece, k) => { if (!anchored[k]) near.set(k, grid.nearestOtherPieces(piece, k, pieceOf)); });

  const childCount = skeleton.joints.map(() => 0);
  for (const joint of skeleton.joints) if (joint.parent >= 0) childCount[joint.parent]!++;
  const done = anchored.slice();
  let rebound = 0;
  for (;;) {
    // Prim's order: the loose piece with the smallest gap to a piece already settled.
    let bestP = -1, bestQ = -1, bestGap = Infinity;
    for (const [p, byPiece] of near) {
      if (done[p]) continue;
      for (const [q, pairs] of byPiece) {
        if (!done[q]) continue;
        for (const pair of pairs) if (pair.d < bestGap) { bestGap = pair.d; bestP = p; bestQ = q; }
      }
    }
    if (bestP < 0) break;
    const pairs = near.get(bestP)!.get(bestQ)!;
    const reach = bestGap + CONTACT_SLACK * diagonal(boxes[bestP]!);
    const byJoint = new Map<number, number>();
    for (const { w, d } of pairs) {
      if (d > reach) continue;
      for (let s = w * slots; s < w * slots + slots; s++) {
        const j = joints[s]!;
        if (j >= 0) byJoint.set(j, (byJoint.get(j) ?? 0) + weights[s]!);
      }
    }
    done[bestP] = true;
    let total = 0;
    for (const x of byJoint.values()) total += x;
    if (total <= 0) continue;
    // The contact's joints (each holding at least MIN_SHARE of its weight). A joint of the
    // solve is foreign to the piece when it is none of them, nor an ancestor of one (a fin
    // blended with the joint before the body's), nor further along an unbranched chain from one
    // (an antenna's last joint holding the segments past its bone), nor present on the contact
    // itself (PRESENT_SHARE): an antenna given in part to a leg's tip across the body is foreign.
    const contact = [...byJoint].filter(([, x]) => x >= MIN_SHARE * total).map(([j]) => j);
    const onContactChain = (j: number): boolean => (byJoint.get(j) ?? 0) >= PRESENT_SHARE * total ||
      contact.some((c) => isAncestorOrSelf(skeleton, j, c) || continuesChain(skeleton, childCount, c, j));
    const piece = pieces[bestP]!;
    let foreign = false, native = 0;
    for (const v of piece) {
      for (let s = v * slots; s < v * slots + slots; s++) {
        const j = joints[s]!;
        if (j < 0 || weights[s]! <= 0) continue;
        if (onContactChain(j)) native += weights[s]!;
        else foreign = true;
      }
    }
    if (!foreign) continue;
    // The foreign joints' weight goes; a piece left with nothing takes the contact's blend.
    const blend = [...byJoint].filter(([j]) => contact.includes(j)).sort((a, b) => b[1] - a[1]).slice(0, slots);
    const kept = blend.reduce((acc, [, x]) => acc + x, 0);
    for (const v of piece) {
      let sum = 0;
      for (let s = v * slots; s < v * slots + slots; s++) {
        if (joints[s]! >= 0 && !onContactChain(joints[s]!)) { joints[s] = -1; weights[s] = 0; }
        sum += weights[s]!;
      }
      if (native > 0 && sum > 0) {
        for (let s = v * slots; s < v * slots + slots; s++) weights[s] = weights[s]! / sum;
        continue;
      }
      joints.fill(-1, v * slots, v * slots + slots);
      weights.fill(0, v * slots, v * slots + slots);
      blend.forEach(([j, x], i) => { joints[v * slots + i] = j; weights[v * slots + i] = x / kept; });
    }
    rebound++;
  }
  return rebound;
}

type Segment = readonly [readonly number[], readonly number[]];

/** Every bone (parent → joint), each leaf's continuation by half its bone, and each joint as a point. */
function boneSegments(skeleton: Skeleton): Segment[] {
  const { joints } = skeleton;
  const hasChild = joints.map(() => false);
  for (const j of joints) if (j.parent >= 0) hasChild[j.parent] = true;
  const out: Segment[] = [];
  joints.forEach((joint, j) => {
    out.push([joint.position, joint.position]);
    if (joint.parent < 0) return;
    const p = joints[joint.parent]!.position;
    out.push([p, joint.position]);
    if (!hasChild[j]) out.push([joint.position, joint.position.map((x, i) => x + 0.5 * (x - p[i]!))]);
  });
  return out;
}

/** Whether joint `j` lies below joint `c` on a chain that does not branch from `c` down to `j`'s parent. */
function continuesChain(skeleton: Skeleton, childCount: readonly number[], c: number, j: number): boolean {
  for (let k = skeleton.joints[j]!.parent; k >= 0; k = skeleton.joints[k]!.parent) {
    if (childCount[k] !== 1) return false;
    if (k === c) return true;
  }
  return false;
}

/** Whether joint `a` is joint `b` or one of its ancestors. */
function isAncestorOrSelf(skeleton: Skeleton, a: number, b: number): boolean {
  for (let k = b; k >= 0; k = skeleton.joints[k]!.parent) if (k === a) return true;
  return false;
}

function boundingBox(positions: Float32Array, piece: readonly number[]): Box {
  const lo: [number, number, number] = [Infinity, Infinity, Infinity];
  const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const v of piece) {
    for (let i = 0; i < 3; i++) {
      const x = positions[3 * v + i]!;
      if (x < lo[i]!) lo[i] = x;
      if (x > hi[i]!) hi[i] = x;
    }
  }
  return { lo, hi };
}

function diagonal(box: Box): number {
  return Math.hypot(box.hi[0] - box.lo[0], box.hi[1] - box.lo[1], box.hi[2] - box.lo[2]);
}

/** Whether a segment crosses the box widened by {@link BOX_MARGIN} of its diagonal (slab test). */
function holdsBone(box: Box, bones: readonly Segment[]): boolean {
  const m = BOX_MARGIN * diagonal(box);
  return bones.some(([a, b]) => {
    let t0 = 0, t1 = 1;
    for (let i = 0; i < 3; i++) {
      const lo = box.lo[i]! - m, hi = box.hi[i]! + m, d = b[i]! - a[i]!;
      if (Math.abs(d) < 1e-12) {
        if (a[i]! < lo || a[i]! > hi) return false;
        continue;
      }
      let ta = (lo - a[i]!) / d, tb = (hi - a[i]!) / d;
      if (ta > tb) [ta, tb] = [tb, ta];
      t0 = Math.max(t0, ta);
      t1 = Math.min(t1, tb);
      if (t0 > t1) return false;
    }
    return true;
  });
}

/**
 * A uniform grid of the pieces' vertices over the mesh's bounding box, for nearest-vertex search.
 * Hand-written: a k-d tree would need one per piece (the search skips the piece's own vertices),
 * and the loose pieces are few and small next to the body.
 */
class VertexGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly origin: [number, number, number];
  private readonly size: number;
  private readonly dims: [number, number, number];

  constructor(private readonly positions: Float32Array, pieces: readonly (readonly number[])[], boxes: readonly Box[]) {
    const lo: [number, number, number] = [Infinity, Infinity, Infinity];
    const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (const box of boxes) for (let i = 0; i < 3; i++) { lo[i] = Math.min(lo[i]!, box.lo[i]!); hi[i] = Math.max(hi[i]!, box.hi[i]!); }
    this.origin = lo;
    this.size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], 1e-12) / GRID_CELLS;
    this.dims = [0, 1, 2].map((i) => Math.floor((hi[i]! - lo[i]!) / this.size) + 1) as [number, number, number];
    for (const piece of pieces) {
      for (const v of piece) {
        const key = this.key(this.cellOf(v));
        const list = this.cells.get(key);
        if (list) list.push(v);
        else this.cells.set(key, [v]);
      }
    }
  }

  private cellOf(v: number): [number, number, number] {
    return [0, 1, 2].map((i) => Math.min(this.dims[i]! - 1, Math.floor((this.positions[3 * v + i]! - this.origin[i]!) / this.size))) as [number, number, number];
  }

  private key(c: readonly number[]): number {
    return (c[2]! * this.dims[1] + c[1]!) * this.dims[0] + c[0]!;
  }

  /**
   * For each vertex of `piece` (number `self`), its nearest vertex in each other piece met before
   * the search stops: at the ring past the nearest foreign vertex, or after {@link MAX_RINGS}.
   */
  nearestOtherPieces(piece: readonly number[], self: number, pieceOf: Int32Array): Map<number, { u: number; w: number; d: number }[]> {
    const out = new Map<number, { u: number; w: number; d: number }[]>();
    const p = this.positions;
    for (const u of piece) {
      const c = this.cellOf(u);
      const best = new Map<number, { w: number; d: number }>();
      let nearest = Infinity;
      for (let r = 0; r <= MAX_RINGS; r++) {
        // A cell r rings away is at least (r − 1) cells from the vertex.
        if ((r - 1) * this.size > nearest) break;
        for (let dz = -r; dz <= r; dz++) {
          for (let dy = -r; dy <= r; dy++) {
            for (let dx = -r; dx <= r; dx++) {
              if (Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz)) !== r) continue;
              const x = c[0] + dx, y = c[1] + dy, z = c[2] + dz;
              if (x < 0 || y < 0 || z < 0 || x >= this.dims[0] || y >= this.dims[1] || z >= this.dims[2]) continue;
              const list = this.cells.get(this.key([x, y, z]));
              if (!list) continue;
              for (const w of list) {
                const q = pieceOf[w]!;
                if (q === self || q < 0) continue;
                const d = Math.hypot(p[3 * w]! - p[3 * u]!, p[3 * w + 1]! - p[3 * u + 1]!, p[3 * w + 2]! - p[3 * u + 2]!);
                const had = best.get(q);
                if (!had || d < had.d) best.set(q, { w, d });
                if (d < nearest) nearest = d;
              }
            }
          }
        }
      }
      for (const [q, { w, d }] of best) {
        const list = out.get(q);
        if (list) list.push({ u, w, d });
        else out.set(q, [{ u, w, d }]);
      }
    }
    return out;
  }
}

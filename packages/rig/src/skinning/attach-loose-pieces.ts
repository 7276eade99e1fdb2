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
 * a crab's leg on a shell that two root joints share), nor the piece's owner (a child or sibling
 * of a contact joint holding the rigid-piece rule's owner share of the piece's solved weight: a
 * mech's head piece on its neck), is foreign: its weight goes
 * (the rest renormalised; a piece left with nothing takes the contact's blend). So a chain of
 * small pieces follows its first link, which follows the body, and a piece the solve already
 * weights along the part it sits on (a fin blended along a fish, an antenna's last joint holding
 * the segments past its bone) is left as solved. A piece with no other piece within an eighth of
 * the mesh's size is left as solved.
 */
import type { Skeleton } from '@rigforge/mesh';
import { BIND_RIGID_PIECES_DEFAULTS, pieceWeightByJoint, type MeshPieces } from './bind-rigid-pieces';
import { pieceBox, type PieceBox } from './piece-box';
import { NearestPiecesWasm } from './wasm/nearest-pieces-wasm';

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
 * (packages/rig/docs/skin-weights.md, "Weights per artist, fourth round").
 */
const PRESENT_SHARE = 0.1;
/** Contact: the target's vertices nearest the piece within the gap plus this share of the piece's diagonal. */
const CONTACT_SLACK = 0.1;
/** The search's margin for the rounding of a vertex's cell, as a share of a cell. */
const CELL_MARGIN = 1e-6;
/**
 * A squared distance above a nearest so far squared times this is clearly farther: a margin far
 * above the rounding that separates it from Math.hypot's.
 */
const CUT_SLACK = 1 + 1e-9;


/**
 * One cell's foreign vertices, ring by ring, in chunks of one cell each: chunk c holds
 * vertices[chunkStart[c] .. chunkStart[c + 1]) of cell chunkCell[3c .. 3c + 2], whose pieces are
 * chunkPieces[pieceStart[c] .. pieceStart[c + 1]); ring r is chunks ringEnd[r − 1] .. ringEnd[r]
 * (from 0 for r = 0).
 */
interface RingCache { vertices: number[]; chunkStart: number[]; chunkCell: number[]; chunkPieces: number[]; pieceStart: number[]; ringEnd: number[]; rings: number }

/**
 * What {@link attachLoosePieces} reads of the mesh and the skeleton alone, never of the weights:
 * the pieces' boxes, which pieces hold a bone, and for each loose piece its vertices' nearest
 * vertices on each other piece it meets, with the least gap to each. Null when no piece is to be
 * rebound (one piece; every piece holds a bone, or none does). Computed on its own so the skin can
 * run it while heat's helper threads solve bones (compute-skin-weights): the search is most of the
 * rule's cost, and its answer is the same whenever it is asked.
 */
export interface LoosePieceContacts {
  boxes: PieceBox[];
  anchored: boolean[];
  /** Per loose piece, per other piece, the nearest vertex there (`w`) of each of its vertices (`u`), `d` apart. */
  near: Map<number, Map<number, { u: number; w: number; d: number }[]>>;
  /** Per loose piece, each other piece it met and their least gap, in `near`'s order. */
  gaps: Map<number, { q: number; gap: number }[]>;
}

/** The contacts {@link attachLoosePieces} settles its loose pieces by (see {@link LoosePieceContacts}). */
export function loosePieceContacts(positions: Float32Array, pieces: MeshPieces, skeleton: Skeleton): LoosePieceContacts | null {
  const n = positions.length / 3;
  if (pieces.length < 2) return null;
  const boxes = pieces.map((piece) => pieceBox(positions, piece));
  const segments = boneSegments(skeleton);
  const anchored = boxes.map((box) => holdsBone(box, segments));
  if (anchored.every(Boolean) || !anchored.some(Boolean)) return null;

  const pieceOf = new Int32Array(n).fill(-1);
  pieces.forEach((piece, k) => { for (const v of piece) pieceOf[v] = k; });
  const grid = new VertexGrid(positions, pieces, boxes);
  // For each loose piece: per other piece, the nearest vertex there of each of its vertices.
  const near = new Map<number, Map<number, { u: number; w: number; d: number }[]>>();
  pieces.forEach((piece, k) => { if (!anchored[k]) near.set(k, grid.nearestOtherPieces(piece, k, pieceOf)); });
  // The gap between each loose piece and each other piece it met, the least of their pairs' (as
  // the scan below took it, pair by pair with a strict "less"), once: the pairs never change, and
  // Prim's step scanned every pair of every unsettled piece again after each piece settled.
  const gaps = new Map<number, { q: number; gap: number }[]>();
  for (const [p, byPiece] of near) {
    const list: { q: number; gap: number }[] = [];
    for (const [q, pairs] of byPiece) {
      let gap = Infinity;
      for (const pair of pairs) if (pair.d < gap) gap = pair.d;
      list.push({ q, gap });
    }
    gaps.set(p, list);
  }
  return { boxes, anchored, near, gaps };
}

/**
 * Rebinds, in place, every separate piece of the welded mesh (`positions`; `pieces`: its connectedPieces) that holds no
 * bone of `skeleton` to the strongest joint where it touches the piece it is attached to (weights
 * `slots` per vertex, joint −1 = none). Returns the number of pieces rebound. `contacts`: the
 * same mesh's, pieces' and skeleton's {@link loosePieceContacts}, when the caller has them.
 */
export function attachLoosePieces(
  positions: Float32Array,
  pieces: MeshPieces,
  skeleton: Skeleton,
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  contacts: LoosePieceContacts | null = loosePieceContacts(positions, pieces, skeleton),
): number {
  if (!contacts) return 0;
  const { boxes, anchored, near, gaps } = contacts;
  const childCount = skeleton.joints.map(() => 0);
  for (const joint of skeleton.joints) if (joint.parent >= 0) childCount[joint.parent]!++;
  const done = anchored.slice();
  let rebound = 0;
  for (;;) {
    // Prim's order: the loose piece with the smallest gap to a piece already settled (the first
    // such in the pieces' and pairs' order, as scanning every pair found it).
    let bestP = -1, bestQ = -1, bestGap = Infinity;
    for (const [p, list] of gaps) {
      if (done[p]) continue;
      for (const { q, gap } of list) {
        if (!done[q]) continue;
        if (gap < bestGap) { bestGap = gap; bestP = p; bestQ = q; }
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
    // A child or a sibling of a contact joint that the piece's own solve gives most of it to (the
    // rigid-piece rule's owner share) is the piece's owner: a mech's head piece resting on the
    // neck, a hip plate on the torso given to the thigh. A joint elsewhere on the tree (a leg's tip
    // across the body), or a neighbour heat gives only part of the piece, is still foreign.
    const piece = pieces[bestP]!;
    const solved = pieceWeightByJoint(piece, joints, weights, slots);
    let solvedTotal = 0;
    for (const x of solved.values()) solvedTotal += x;
    const parentOf = (j: number): number => skeleton.joints[j]!.parent;
    const ownsPiece = (j: number): boolean => (solved.get(j) ?? 0) >= BIND_RIGID_PIECES_DEFAULTS.ownerShare * solvedTotal &&
      contact.some((c) => parentOf(j) === c || (parentOf(j) >= 0 && parentOf(j) === parentOf(c)));
    const onContactChain = (j: number): boolean => (byJoint.get(j) ?? 0) >= PRESENT_SHARE * total || ownsPiece(j) ||
      contact.some((c) => isAncestorOrSelf(skeleton, j, c) || continuesChain(skeleton, childCount, c, j));
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

function diagonal(box: PieceBox): number {
  return Math.hypot(box.hi[0] - box.lo[0], box.hi[1] - box.lo[1], box.hi[2] - box.lo[2]);
}

/** Whether a segment crosses the box widened by {@link BOX_MARGIN} of its diagonal (slab test). */
function holdsBone(box: PieceBox, bones: readonly Segment[]): boolean {
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
 *
 * The cells' vertices are stored compressed (one offset per cell into one array, in the order the
 * pieces list them), and a search gathers, once per cell of the piece, the foreign vertices ring by
 * ring: a big loose piece (clothing, a body part modelled apart) has tens of thousands of vertices
 * in a few thousand cells, and scanning 9 rings of cells for each vertex was 15% of the dev set's
 * rig time. Every vertex still visits the same candidates in the same order, so the result is
 * the same.
 */
export class VertexGrid {
  /** Vertices of cell k: cellVertices[cellStart[k] .. cellStart[k + 1]). */
  private readonly cellStart: Int32Array;
  private readonly cellVertices: Int32Array;
  private readonly origin: [number, number, number];
  private readonly size: number;
  private readonly dims: [number, number, number];
  private readonly pieceCount: number;
  /**
   * Each listed vertex's cell key (cellKey), computed once: the build reads it twice and every
   * search of a piece once per vertex (three coordinates, a division each).
   */
  private readonly keyOf: Int32Array;
  /** The WebAssembly search over this grid (null: none, the JavaScript's; undefined: not made yet). */
  private wasm: NearestPiecesWasm | null | undefined;

  /**
   * `kernel`: `wasm` (default) searches in WebAssembly (wasm/nearest-pieces.wat, the same answers
   * bit for bit, faster), `js` with the loop below (the reference it is tested against; also the
   * fallback where WebAssembly is missing).
   */
  constructor(
    private readonly positions: Float32Array, pieces: readonly (readonly number[])[], boxes: readonly PieceBox[],
    private readonly kernel: 'js' | 'wasm' = 'wasm',
  ) {
    this.pieceCount = pieces.length;
    const lo: [number, number, number] = [Infinity, Infinity, Infinity];
    const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (const box of boxes) for (let i = 0; i < 3; i++) { lo[i] = Math.min(lo[i]!, box.lo[i]!); hi[i] = Math.max(hi[i]!, box.hi[i]!); }
    this.origin = lo;
    this.size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], 1e-12) / GRID_CELLS;
    this.dims = [0, 1, 2].map((i) => Math.floor((hi[i]! - lo[i]!) / this.size) + 1) as [number, number, number];
    const cellCount = this.dims[0] * this.dims[1] * this.dims[2];
    // A counting sort by cell, stable: each cell lists its vertices in the pieces' order.
    this.cellStart = new Int32Array(cellCount + 1);
    this.keyOf = new Int32Array(positions.length / 3);
    let total = 0;
    for (const piece of pieces) {
      for (const v of piece) {
        const key = this.keyOf[v] = this.cellKey(v);
        this.cellStart[key + 1]!++;
        total++;
      }
    }
    for (let k = 0; k < cellCount; k++) this.cellStart[k + 1]! += this.cellStart[k]!;
    const fill = this.cellStart.slice(0, cellCount);
    this.cellVertices = new Int32Array(total);
    for (const piece of pieces) for (const v of piece) this.cellVertices[fill[this.keyOf[v]!]!++] = v;
  }

  private cellCoord(v: number, i: number): number {
    return Math.min(this.dims[i]! - 1, Math.floor((this.positions[3 * v + i]! - this.origin[i]!) / this.size));
  }

  private cellKey(v: number): number {
    return (this.cellCoord(v, 2) * this.dims[1] + this.cellCoord(v, 1)) * this.dims[0] + this.cellCoord(v, 0);
  }

  /**
   * Appends to `near.vertices` the vertices of pieces other than `self` in the cells at ring
   * `near.rings` (Chebyshev distance in cells) around cell (cx, cy, cz), in the order a scan of the
   * (2r + 1)³ cube meets those cells, each cell's vertices in its order; then records where the
   * ring ends.
   */
  private addRing(near: RingCache, cx: number, cy: number, cz: number, self: number, pieceOf: Int32Array): void {
    const [nx, ny, nz] = this.dims;
    const r = near.rings;
    const visit = (x: number, y: number, z: number): void => {
      if (x < 0 || x >= nx) return;
      const k = (z * ny + y) * nx + x;
      const before = near.vertices.length, piecesBefore = near.chunkPieces.length;
      for (let s = this.cellStart[k]!, e = this.cellStart[k + 1]!; s < e; s++) {
        const w = this.cellVertices[s]!;
        const q = pieceOf[w]!;
        if (q === self || q < 0) continue;
        near.vertices.push(w);
        let listed = false;
        for (let i = piecesBefore; i < near.chunkPieces.length; i++) if (near.chunkPieces[i] === q) { listed = true; break; }
        if (!listed) near.chunkPieces.push(q);
      }
      if (near.vertices.length === before) return;
      near.chunkStart.push(before);
      near.chunkCell.push(x, y, z);
      near.pieceStart.push(piecesBefore);
    };
    for (let dz = -r; dz <= r; dz++) {
      const z = cz + dz;
      if (z < 0 || z >= nz) continue;
      for (let dy = -r; dy <= r; dy++) {
        const y = cy + dy;
        if (y < 0 || y >= ny) continue;
        if (dz === -r || dz === r || dy === -r || dy === r) {
          for (let dx = -r; dx <= r; dx++) visit(cx + dx, y, z);
        } else {
          visit(cx - r, y, z);
          visit(cx + r, y, z);
        }
      }
    }
    near.rings++;
    near.ringEnd.push(near.chunkStart.length);
  }

  /**
   * For each vertex of `piece` (number `self`), its nearest vertex in each other piece met before
   * the search stops: at the ring past the nearest foreign vertex, or after {@link MAX_RINGS}.
   */
  nearestOtherPieces(piece: readonly number[], self: number, pieceOf: Int32Array): Map<number, { u: number; w: number; d: number }[]> {
    if (this.kernel === 'wasm') {
      this.wasm ??= NearestPiecesWasm.create({
        positions: this.positions, cellStart: this.cellStart, cellVertices: this.cellVertices, origin: this.origin,
        size: this.size, dims: this.dims, pieceCount: this.pieceCount, maxRings: MAX_RINGS, margin: CELL_MARGIN * this.size, slack: CUT_SLACK,
      });
      const out = this.wasm ? this.nearestOtherPiecesWasm(this.wasm, piece, self, pieceOf) : undefined;
      if (out) return out;
    }
    const out = new Map<number, { u: number; w: number; d: number }[]>();
    const p = this.positions;
    // Per cell of the piece, the foreign vertices of the rings gathered so far (a ring is gathered
    // the first time a vertex of the cell reaches it).
    const cache = new Map<number, RingCache>();
    // Per other piece, the nearest vertex met so far and its distance (Infinity: none yet), and
    // the pieces in the order first met (the order a Map would list them in).
    const bestD = new Float64Array(this.pieceCount).fill(Infinity);
    const bestW = new Int32Array(this.pieceCount);
    const met: number[] = [];
    for (const u of piece) {
      const key = this.keyOf[u]!;
      let near = cache.get(key);
      if (!near) cache.set(key, near = { vertices: [], chunkStart: [], chunkCell: [], chunkPieces: [], pieceStart: [], ringEnd: [], rings: 0 });
      const cx = this.cellCoord(u, 0), cy = this.cellCoord(u, 1), cz = this.cellCoord(u, 2);
      const { vertices, chunkStart, chunkCell, chunkPieces, pieceStart, ringEnd } = near;
      const ux = p[3 * u]!, uy = p[3 * u + 1]!, uz = p[3 * u + 2]!;
      const [ox, oy, oz] = this.origin, size = this.size;
      // A vertex's distance to a cell's box, less a margin for the rounding of its cell.
      const margin = CELL_MARGIN * size;
      const gap = (v: number, o: number, c: number): number => {
        const lo = o + c * size;
        return Math.max(0, lo - v - margin, v - (lo + size) - margin);
      };
      let nearest = Infinity;
      for (let r = 0; r <= MAX_RINGS; r++) {
        // A cell r rings away is at least (r − 1) cells from the vertex.
        if ((r - 1) * this.size > nearest) break;
        if (r === near.rings) this.addRing(near, cx, cy, cz, self, pieceOf);
        for (let c = r > 0 ? ringEnd[r - 1]! : 0, ce = ringEnd[r]!; c < ce; c++) {
          // A cell whose box is clearly farther than each of its pieces' nearest so far changes
          // nothing (as for one vertex below): skipped whole.
          let farthestBest = 0;
          for (let i = pieceStart[c]!, ie = c + 1 < pieceStart.length ? pieceStart[c + 1]! : chunkPieces.length; i < ie; i++) farthestBest = Math.max(farthestBest, bestD[chunkPieces[i]!]!);
          if (farthestBest < Infinity) {
            const gx = gap(ux, ox, chunkCell[3 * c]!), gy = gap(uy, oy, chunkCell[3 * c + 1]!), gz = gap(uz, oz, chunkCell[3 * c + 2]!);
            if (gx * gx + gy * gy + gz * gz > farthestBest * farthestBest * CUT_SLACK) continue;
          }
          for (let s = chunkStart[c]!, e = c + 1 < chunkStart.length ? chunkStart[c + 1]! : vertices.length; s < e; s++) {
            const w = vertices[s]!;
            const q = pieceOf[w]!;
            const had = bestD[q]!;
            const dx = p[3 * w]! - ux, dy = p[3 * w + 1]! - uy, dz = p[3 * w + 2]! - uz;
            // A vertex clearly farther than its piece's nearest so far changes nothing (nor the
            // overall nearest, which is at most that): skipped on the squared distance, with a
            // margin far above the rounding that separates it from Math.hypot's. The clothing of a
            // realistic human lies on its body: hundreds of candidates per vertex, few nearer.
            if (dx * dx + dy * dy + dz * dz > had * had * CUT_SLACK) continue;
            const d = Math.hypot(dx, dy, dz);
            if (had === Infinity) met.push(q);
            if (d < had) { bestD[q] = d; bestW[q] = w; }
            if (d < nearest) nearest = d;
          }
        }
      }
      for (const q of met) {
        const entry = { u, w: bestW[q]!, d: bestD[q]! };
        const list = out.get(q);
        if (list) list.push(entry);
        else out.set(q, [entry]);
        bestD[q] = Infinity;
      }
      met.length = 0;
    }
    return out;
  }

  /**
   * nearestOtherPieces with the kernel, one cell of the piece at a time (a cell's vertices share
   * its ring cache; each vertex's answer depends on nothing else), the answers then listed in the
   * piece's order as the JavaScript lists them. Undefined when the kernel's memory cannot hold them.
   */
  private nearestOtherPiecesWasm(
    wasm: NearestPiecesWasm, piece: readonly number[], self: number, pieceOf: Int32Array,
  ): Map<number, { u: number; w: number; d: number }[]> | undefined {
    const count = piece.length;
    // The piece's vertices by cell, in the piece's order within a cell: (cell key, index) in one
    // double (keys < 2^19, indices < 2^32: exact), sorted as numbers.
    const order = new Float64Array(count);
    for (let i = 0; i < count; i++) order[i] = this.keyOf[piece[i]!]! * 4294967296 + i;
    order.sort();
    const query = new Int32Array(count);
    // Per vertex of the piece (by index): where its answers start and how many.
    const start = new Int32Array(count), met = new Int32Array(count);
    let pieces = new Int32Array(Math.max(16, count)), near = new Int32Array(pieces.length), dist = new Float64Array(pieces.length);
    let filled = 0;
    for (let g = 0; g < count;) {
      const key = Math.floor(order[g]! / 4294967296);
      let e = g;
      for (; e < count && Math.floor(order[e]! / 4294967296) === key; e++) query[e - g] = piece[order[e]! - key * 4294967296]!;
      const u0 = query[0]!;
      const answers = wasm.searchCell(self, this.cellCoord(u0, 0), this.cellCoord(u0, 1), this.cellCoord(u0, 2), query, e - g, pieceOf);
      if (!answers) return undefined;
      const { counts, words, distances } = answers;
      const entries = words.length / 4;
      if (filled + entries > pieces.length) {
        const grown = Math.max(2 * pieces.length, filled + entries);
        const p2 = new Int32Array(grown), n2 = new Int32Array(grown), d2 = new Float64Array(grown);
        p2.set(pieces.subarray(0, filled)); n2.set(near.subarray(0, filled)); d2.set(dist.subarray(0, filled));
        pieces = p2; near = n2; dist = d2;
      }
      let at = 0;
      for (let i = g; i < e; i++) {
        const index = order[i]! - key * 4294967296;
        start[index] = filled + at;
        met[index] = counts[i - g]!;
        at += counts[i - g]!;
      }
      for (let x = 0; x < entries; x++) { pieces[filled + x] = words[4 * x]!; near[filled + x] = words[4 * x + 1]!; dist[filled + x] = distances[2 * x + 1]!; }
      filled += entries;
      g = e;
    }
    wasm.finish();
    const out = new Map<number, { u: number; w: number; d: number }[]>();
    for (let i = 0; i < count; i++) {
      const u = piece[i]!;
      for (let x = start[i]!, xe = x + met[i]!; x < xe; x++) {
        const q = pieces[x]!;
        const entry = { u, w: near[x]!, d: dist[x]! };
        const list = out.get(q);
        if (list) list.push(entry);
        else out.set(q, [entry]);
      }
    }
    return out;
  }
}

/**
 * The exemplar cue's votes (orientation-exemplars.ts, `exemplarUpScores` of `silhouettesOf`
 * descriptors) in whole numbers, for rigMesh: the same answers, bit for bit, at a fraction of the
 * time. Why it is exact: a silhouette cell is a count of 0..16 voxel columns over 16, so every
 * difference of two descriptors is a multiple of 1/16, its square a multiple of 1/256 and the
 * sum of the 192 squares exact in doubles whatever the order: the reference distance is
 * √(D / 256) with D the sum of squared count differences, an integer ≤ 49,152. Distinct
 * integers that small have distinct square roots, so ordering views by D (ties by view index,
 * as the reference's stable sort) picks the same nearest views.
 *
 * What it saves: the descriptors are counts written through a per-candidate table from
 * projection pixel to descriptor cell (built once, it does not depend on the mesh), so the
 * exemplars' 1,296 views unpack without the reference's per-view closures; and the k-nearest
 * search visits the views least first in a lower bound of D (Cauchy–Schwarz on the descriptors'
 * row totals), stops once that bound reaches past the k-th best so far, and gives up a view's D
 * as soon as its running sum does.
 */
import { ORIENTATION_CANDIDATES, candidateFrame } from './orientation-features';

/** Voxels along the cube's side for the silhouettes, and cells of a silhouette on a side. */
export const SILHOUETTE_VOXELS = 32;
export const SILHOUETTE_CELLS = 8;

/** Cells of one candidate's descriptor: three views of SILHOUETTE_CELLS². */
const VIEW_CELLS = SILHOUETTE_CELLS * SILHOUETTE_CELLS;
export const DESCRIPTOR_CELLS = 3 * VIEW_CELLS;

let cellMaps: Uint8Array[] | undefined;

/**
 * Per candidate (ORIENTATION_CANDIDATES order), per file-axis projection, per pixel: the
 * descriptor cell that pixel counts in (the views `silhouettesOf` describes, recorded once). Each candidate's
 * three views read the three projections once each, so every pixel lands in exactly one cell.
 */
function candidateCellMaps(): Uint8Array[] {
  if (cellMaps) return cellMaps;
  const R = SILHOUETTE_VOXELS, C = SILHOUETTE_CELLS, block = R / C;
  cellMaps = ORIENTATION_CANDIDATES.map((c) => {
    const { axis, sign } = candidateFrame(c);
    const map = new Uint8Array(3 * R * R);
    const view = (along: number, h: number, v: number, fold: boolean, offset: number): void => {
      const base = axis[along]! * R * R;
      const hRows = axis[h]! < axis[v]!;
      for (let uh = 0; uh < R; uh++) {
        const fh = sign[h]! > 0 ? uh : R - 1 - uh;
        const ch = Math.min(C - 1, fold ? Math.floor(Math.abs(2 * uh + 1 - R) / block) : Math.floor(uh / block));
        for (let uv = 0; uv < R; uv++) {
          const fv = sign[v]! > 0 ? uv : R - 1 - uv;
          map[base + (hRows ? fh * R + fv : fv * R + fh)] = offset + ch * C + Math.floor(uv / block);
        }
      }
    };
    view(0, 2, 1, false, 0); view(2, 0, 1, true, VIEW_CELLS); view(1, 0, 2, true, 2 * VIEW_CELLS);
    return map;
  });
  return cellMaps;
}

/**
 * The 24 candidates' silhouette counts (`silhouettesOf` × 16: voxel columns per cell), candidate
 * c's at [c · DESCRIPTOR_CELLS, …), from the file's three projections.
 */
export function silhouetteCounts(projection: readonly Uint8Array[]): Uint8Array {
  const R2 = SILHOUETTE_VOXELS * SILHOUETTE_VOXELS;
  const set: number[] = [];
  for (let p = 0; p < 3; p++) {
    const image = projection[p]!;
    for (let i = 0; i < R2; i++) if (image[i]) set.push(p * R2 + i);
  }
  const maps = candidateCellMaps();
  const out = new Uint8Array(ORIENTATION_CANDIDATES.length * DESCRIPTOR_CELLS);
  for (let c = 0; c < maps.length; c++) {
    const map = maps[c]!, at = c * DESCRIPTOR_CELLS;
    for (const s of set) out[at + map[s]!]!++;
  }
  return out;
}

/**
 * Labelled views as counts: view v's at [v · DESCRIPTOR_CELLS, …), whether its up axis is right, its
 * row totals and its column totals (`margins`).
 */
export interface CountedViews { count: number; counts: Uint8Array; upRight: Uint8Array; rows: Int32Array; columns: Int32Array }

/** Rows of a descriptor: runs of SILHOUETTE_CELLS cells (a silhouette's row), whose totals bound D. */
const ROWS = DESCRIPTOR_CELLS / SILHOUETTE_CELLS;
// countedUpVotes writes its sums out for these sizes (24 rows of 8 cells).
if (ROWS !== 24 || SILHOUETTE_CELLS !== 8) throw new Error('orientation-exemplar-counts: countedUpVotes is written for 24 rows of 8 cells');

/** Per descriptor, its rows' totals. */
function rowTotals(counts: Uint8Array, descriptors: number): Int32Array {
  const rows = new Int32Array(ROWS * descriptors);
  for (let r = 0; r < rows.length; r++) {
    let t = 0;
    for (let i = r * SILHOUETTE_CELLS, end = i + SILHOUETTE_CELLS; i < end; i++) t += counts[i]!;
    rows[r] = t;
  }
  return rows;
}

/** Silhouettes of a descriptor (side, front, top), each SILHOUETTE_CELLS × SILHOUETTE_CELLS. */
const SILHOUETTES = 3;
/** Per descriptor in `columnTotals`: its 24 columns' totals, then its three silhouettes' totals. */
const MARGINS = ROWS + SILHOUETTES;

/**
 * Per descriptor, its columns' totals (a silhouette's column: the same cell of each of its rows; the
 * silhouettes' columns in order, as the rows) and then its silhouettes' totals: with the row totals,
 * the margins `countedUpVotes`' second bound reads.
 */
function columnTotals(counts: Uint8Array, descriptors: number): Int32Array {
  const C = SILHOUETTE_CELLS;
  const out = new Int32Array(MARGINS * descriptors);
  for (let d = 0; d < descriptors; d++) {
    for (let w = 0; w < SILHOUETTES; w++) {
      const base = d * DESCRIPTOR_CELLS + w * VIEW_CELLS;
      let total = 0;
      for (let j = 0; j < C; j++) {
        let column = 0;
        for (let i = 0; i < C; i++) column += counts[base + i * C + j]!;
        out[d * MARGINS + w * C + j] = column;
        total += column;
      }
      out[d * MARGINS + ROWS + w] = total;
    }
  }
  return out;
}

/**
 * The views of exemplars given by their projections, in `viewsOfExemplars`'s order (each
 * exemplar's 24 orientations; up right where the candidate's up is +Y).
 */
export function countedViewsOf(exemplarProjections: readonly (readonly Uint8Array[])[]): CountedViews {
  const per = ORIENTATION_CANDIDATES.length;
  const count = exemplarProjections.length * per;
  const counts = new Uint8Array(count * DESCRIPTOR_CELLS);
  exemplarProjections.forEach((projections, e) => counts.set(silhouetteCounts(projections), e * per * DESCRIPTOR_CELLS));
  const upRight = new Uint8Array(count);
  for (let v = 0; v < count; v++) upRight[v] = ORIENTATION_CANDIDATES[v % per]!.upAxis === '+y' ? 1 : 0;
  return { count, counts, upRight, rows: rowTotals(counts, count), columns: columnTotals(counts, count) };
}

/**
 * Per candidate: `exemplarVotes` by 'up' (the log of the smoothed share of its `neighbours`
 * nearest views with the up axis right), from counts. The nearest are those least in (D, view
 * index), the reference's stable sort; views may be visited in any order. Each view's lower bound
 * of D from the 24 rows' totals (Cauchy–Schwarz: 8 · D ≥ their squared differences summed) is
 * taken for every view and the views visited in its order, least first: the k-th best so far is
 * then soon near its final value, and once a view's bound reaches past it (8 · kth < bound), so
 * does every later one's, and none of them can be among the nearest (their D is above the k-th
 * best, not tied with it). A view visited is first held to a second, tighter bound from its rows'
 * and its columns' totals together (below) and passed over when that one reaches past the k-th
 * best; else D itself is summed row by row and given up once past the k-th best. Every view passed
 * over has D above the k-th best so far, which only falls, so none could be among the nearest: the
 * same k views as visiting all of them, so the same vote.
 *
 * The second bound: per silhouette, the difference of two descriptors is an 8 × 8 table Δ, and its
 * projection onto the tables that are a row term plus a column term has squared length
 * Σ row² / 8 + Σ column² / 8 − total² / 64 (its rows' sums, its columns' and its own), at most
 * Σ Δ², so 64 · D ≥ 8 · (rows' bound + columns' sum of squares) − Σ total² over the three
 * silhouettes: all whole numbers, exact in doubles. It passes over most of the views the rows'
 * bound alone leaves to sum (a four-legged body's 5,656 of 15,552 → 1,658), at 27 differences a
 * view instead of a D's ~100; taken for every view instead of the rows' bound it costs more than it
 * saves (its margins read twice the numbers).
 *
 * A candidate turned a half turn about its up axis (rotationY 0 ↔ 180, 90 ↔ −90: index c ↔ c ^ 2)
 * has the same vote, so it is copied, not searched: its descriptor is the first one's with fixed
 * cells mirrored (the side and top views' fore-aft cells; the front view's left-right is folded and
 * its projection is the same columns), so its D to a view is the first one's D to that exemplar's
 * half-turned view (index v ^ 2: each exemplar's 24 views in candidate order, as countedViewsOf
 * lays them out), which has the same up axis. Ordered by (D, index), v ↦ v ^ 2 keeps the order
 * except among one exemplar's four views of one up axis (indices 4e..4e+3, adjacent in the order
 * when their D ties), which all have the same up axis: so the k nearest hold as many views with the
 * up axis right either way, and the vote is the same double.
 *
 * The rows' bound over every view and D's rows are sums written out term by term (the 24 rows,
 * a row's 8 cells), not inner loops: whole numbers, so the same sums in any order, at ~0.6× of the
 * loops' time (packages/rig/docs/speed.md, Round 40).
 */
export function countedUpVotes(meshCounts: Uint8Array, views: CountedViews, neighbours: number): number[] {
  const k = Math.max(1, neighbours);
  const C = SILHOUETTE_CELLS;
  const candidates = meshCounts.length / DESCRIPTOR_CELLS;
  const mine = rowTotals(meshCounts, candidates), mineColumns = columnTotals(meshCounts, candidates);
  const { count, counts, upRight, rows, columns } = views;
  // Each view's row bound and index packed in one double (bound · count + index, whole numbers
  // far below 2⁵³), so a typed array's numeric sort orders them by (bound, index).
  const keyed = new Float64Array(count);
  const bestD = new Float64Array(k), bestV = new Int32Array(k);
  const votes: number[] = new Array<number>(candidates);
  // The half-turn partners apply to the 24 candidates against views made by countedViewsOf.
  const halfTurns = candidates === ORIENTATION_CANDIDATES.length && count % candidates === 0;
  for (let c = 0; c < candidates; c++) {
    if (halfTurns && (c & 2) !== 0) { votes[c] = votes[c ^ 2]!; continue; }
    const at = c * DESCRIPTOR_CELLS, rat = c * ROWS, mat = c * MARGINS;
    const m0 = mine[rat]!, m1 = mine[rat + 1]!, m2 = mine[rat + 2]!, m3 = mine[rat + 3]!, m4 = mine[rat + 4]!, m5 = mine[rat + 5]!;
    const m6 = mine[rat + 6]!, m7 = mine[rat + 7]!, m8 = mine[rat + 8]!, m9 = mine[rat + 9]!, m10 = mine[rat + 10]!, m11 = mine[rat + 11]!;
    const m12 = mine[rat + 12]!, m13 = mine[rat + 13]!, m14 = mine[rat + 14]!, m15 = mine[rat + 15]!, m16 = mine[rat + 16]!, m17 = mine[rat + 17]!;
    const m18 = mine[rat + 18]!, m19 = mine[rat + 19]!, m20 = mine[rat + 20]!, m21 = mine[rat + 21]!, m22 = mine[rat + 22]!, m23 = mine[rat + 23]!;
    for (let v = 0, vr = 0; v < count; v++, vr += ROWS) {
      const b = (m0 - rows[vr]!) ** 2 + (m1 - rows[vr + 1]!) ** 2 + (m2 - rows[vr + 2]!) ** 2 + (m3 - rows[vr + 3]!) ** 2
        + (m4 - rows[vr + 4]!) ** 2 + (m5 - rows[vr + 5]!) ** 2 + (m6 - rows[vr + 6]!) ** 2 + (m7 - rows[vr + 7]!) ** 2
        + (m8 - rows[vr + 8]!) ** 2 + (m9 - rows[vr + 9]!) ** 2 + (m10 - rows[vr + 10]!) ** 2 + (m11 - rows[vr + 11]!) ** 2
        + (m12 - rows[vr + 12]!) ** 2 + (m13 - rows[vr + 13]!) ** 2 + (m14 - rows[vr + 14]!) ** 2 + (m15 - rows[vr + 15]!) ** 2
        + (m16 - rows[vr + 16]!) ** 2 + (m17 - rows[vr + 17]!) ** 2 + (m18 - rows[vr + 18]!) ** 2 + (m19 - rows[vr + 19]!) ** 2
        + (m20 - rows[vr + 20]!) ** 2 + (m21 - rows[vr + 21]!) ** 2 + (m22 - rows[vr + 22]!) ** 2 + (m23 - rows[vr + 23]!) ** 2;
      keyed[v] = b * count + v;
    }
    // Visited least first off a binary heap, not a sort of all of them: the search stops after a few
    // dozen of the 1,296 views, so most of a sort's work was never read. The keys are distinct (the
    // index is in them), so the heap gives them in the sort's order: the same visits.
    for (let i = (count >> 1) - 1; i >= 0; i--) siftDown(keyed, i, count);
    let filled = 0;
    for (let size = count; size > 0;) {
      const key = keyed[0]!;
      keyed[0] = keyed[--size]!;
      siftDown(keyed, 0, size);
      const v = key % count;
      const b = (key - v) / count;
      const kth = filled === k ? bestD[k - 1]! : Infinity;
      if (b > C * kth) break;
      if (filled === k) {
        // The rows' and columns' bound (64 · D at least): past 64 · kth, D is past kth.
        const vm = v * MARGINS;
        let s = 0;
        for (let r = 0; r < ROWS; r++) { const x = mineColumns[mat + r]! - columns[vm + r]!; s += x * x; }
        const t0 = mineColumns[mat + ROWS]! - columns[vm + ROWS]!, t1 = mineColumns[mat + ROWS + 1]! - columns[vm + ROWS + 1]!, t2 = mineColumns[mat + ROWS + 2]! - columns[vm + ROWS + 2]!;
        if (C * (b + s) - (t0 * t0 + t1 * t1 + t2 * t2) > C * C * kth) continue;
      }
      let d = 0;
      for (let i = at, j = v * DESCRIPTOR_CELLS, end = at + DESCRIPTOR_CELLS; i < end && d <= kth; i += C, j += C) {
        d += (meshCounts[i]! - counts[j]!) ** 2 + (meshCounts[i + 1]! - counts[j + 1]!) ** 2 + (meshCounts[i + 2]! - counts[j + 2]!) ** 2 + (meshCounts[i + 3]! - counts[j + 3]!) ** 2
          + (meshCounts[i + 4]! - counts[j + 4]!) ** 2 + (meshCounts[i + 5]! - counts[j + 5]!) ** 2 + (meshCounts[i + 6]! - counts[j + 6]!) ** 2 + (meshCounts[i + 7]! - counts[j + 7]!) ** 2;
      }
      if (d > kth || (d === kth && v > bestV[k - 1]!)) continue;
      // Insert in (D, index) order.
      let j = filled < k ? filled++ : k - 1;
      while (j > 0 && (bestD[j - 1]! > d || (bestD[j - 1]! === d && bestV[j - 1]! > v))) { bestD[j] = bestD[j - 1]!; bestV[j] = bestV[j - 1]!; j--; }
      bestD[j] = d; bestV[j] = v;
    }
    let yes = 0;
    for (let j = 0; j < filled; j++) yes += upRight[bestV[j]!]!;
    votes[c] = Math.log((yes + 1 / 6) / (filled + 1));
  }
  return votes;
}

/** Moves `heap[i]` down a binary min-heap of the first `size` keys until neither child is smaller. */
function siftDown(heap: Float64Array, i: number, size: number): void {
  const key = heap[i]!;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= key) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = key;
}

/**
 * Weights for the vertices bone heat leaves empty: separate pieces (a helmet, a backpack, armour)
 * whose nearest bone is hidden from them, which Blender leaves unweighted. An artist rigs such a
 * piece to follow the body part it sits on, as one rigid part. So each connected region of empty
 * vertices (over the welded adjacency) is given, as a whole, the joints of what it touches — the
 * weights of each of its vertices' nearest weighted vertex in space, summed over the region —
 * multiplied by the region's summed geodesic weights (the bones it wraps, through the volume),
 * and normalised; where the two share no joint, the touched weights alone. Neither evidence alone
 * is as good: the geodesic owner of a piece is often a neighbouring bone (an adventurer's pouch,
 * a spacesuit's pack), and what a collar touches can be both upper arms rather than the neck
 * (packages/rig/docs/skin-weights.md, "Skin weights: methods measured", has the numbers). A rigid piece cannot follow two limbs: when
 * its two strongest joints lie on different branches (neither is the other's ancestor: a collar
 * on both upper arms, a belt on both thighs) and the lesser holds a tenth of the piece or more,
 * the piece goes wholly to their nearest common ancestor (the neck, the hips), as an artist gives
 * it; along one chain (a sleeve on the upper and lower arm) the blend stays. The geodesic weights
 * are asked for (`geodesic`, called at most once) only when some region touches two joints or more.
 */
import type { VertexAdjacency } from './smooth-skin-weights';

/** Cells along the longest side of the lookup grid for the nearest weighted vertex. */
const LOOKUP_CELLS = 32;

/** Share of a piece's weight from which a second joint on another branch counts (see the header). */
const BRANCH_SHARE = 0.1;

/**
 * Fills `joints`/`weights` (`slots` per vertex, joint −1 = none) of every vertex with
 * `empty[v] = 1` in place, from the weighted vertices and the `geodesic` weights (same layout;
 * computed on demand, see the header).
 * `parents` gives each joint's parent (−1 for a root), for the common-ancestor rule. Leaves them
 * as they are when no vertex is weighted.
 */
export function fillEmptyPieces(
  positions: Float32Array,
  adjacency: VertexAdjacency,
  empty: Uint8Array,
  joints: Int32Array,
  weights: Float32Array,
  slots: number,
  /** The geodesic weights; final at least at the vertices marked in `needed` (the fill reads no others). */
  geodesic: (needed: Uint8Array) => { joints: Int32Array; weights: Float32Array },
  parents: readonly number[],
): void {
  const n = positions.length / 3;
  const nearest = nearestWeightedVertex(positions, empty);
  if (!nearest) return;
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  const add = (into: Map<number, number>, js: Int32Array, ws: Float32Array, v: number): void => {
    for (let s = v * slots; s < v * slots + slots; s++) {
      const j = js[s]!;
      if (j >= 0) into.set(j, (into.get(j) ?? 0) + ws[s]!);
    }
  };
  // Every region and what it touches first (the touched weights are the weighted vertices', which
  // the fill never writes): a region touching one joint goes wholly to it whatever the geodesic
  // weights say (the product and the touched weights alone both normalise to that joint at 1), so
  // the geodesic weights, a search over the whole skin grid, are computed only if some region
  // touches two or more.
  const regions: number[][] = [];
  const touchedOf: Map<number, number>[] = [];
  for (let start = 0; start < n; start++) {
    if (empty[start] !== 1 || seen[start] === 1) continue;
    const region: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const v = stack.pop()!;
      region.push(v);
      for (let e = adjacency.offsets[v]!; e < adjacency.offsets[v + 1]!; e++) {
        const u = adjacency.neighbours[e]!;
        if (empty[u] === 1 && seen[u] === 0) {
          seen[u] = 1;
          stack.push(u);
        }
      }
    }
    const touched = new Map<number, number>();
    for (const v of region) add(touched, joints, weights, nearest[v]!);
    regions.push(region);
    touchedOf.push(touched);
  }
  // Only the vertices of the regions touching two joints or more have their evidence read below
  // (a region touching one joint goes wholly to it either way, see above): the geodesic search
  // stops once the voxels those read are settled, sooner than for every empty vertex when the
  // other regions lie farther from the bones.
  let needed: Uint8Array | undefined;
  for (let r = 0; r < regions.length; r++) {
    if (touchedOf[r]!.size < 2) continue;
    needed ??= new Uint8Array(n);
    for (const v of regions[r]!) needed[v] = 1;
  }
  const evidence = needed ? geodesic(needed) : undefined;
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r]!, touched = touchedOf[r]!;
    const wrapped = new Map<number, number>();
    if (evidence && touched.size > 1) for (const v of region) add(wrapped, evidence.joints, evidence.weights, v);
    const both = [...touched].map(([j, w]): [number, number] => [j, w * (wrapped.get(j) ?? 0)]).filter(([, w]) => w > 0);
    let top = (both.length > 0 ? both : [...touched]).sort((a, b) => b[1] - a[1]).slice(0, slots);
    let total = top.reduce((acc, [, w]) => acc + w, 0);
    const shared = top.length >= 2 && top[1]![1] >= BRANCH_SHARE * total ? commonAncestorOfBranches(parents, top[0]![0], top[1]![0]) : undefined;
    if (shared !== undefined) {
      top = [[shared, 1]];
      total = 1;
    }
    for (const v of region) {
      for (let s = 0; s < slots; s++) {
        joints[v * slots + s] = s < top.length ? top[s]![0] : -1;
        weights[v * slots + s] = s < top.length ? top[s]![1] / total : 0;
      }
    }
  }
}

/**
 * The nearest common ancestor of joints `a` and `b` when they lie on different branches (neither
 * is an ancestor of the other); undefined when they lie on one chain or in different trees.
 */
function commonAncestorOfBranches(parents: readonly number[], a: number, b: number): number | undefined {
  const above = new Set<number>();
  for (let k = a; k >= 0; k = parents[k] ?? -1) above.add(k);
  if (above.has(b)) return undefined;
  for (let k = b; k >= 0; k = parents[k] ?? -1) {
    if (k === a) return undefined;
    if (above.has(k)) return k;
  }
  return undefined;
}

/** Cells of the fine grid the search walks, at most, per weighted vertex (see nearestWeightedVertex). */
const FINE_CELLS_PER_VERTEX = 2;

/**
 * For each empty vertex, the nearest non-empty vertex (Euclidean; the squared distance of the
 * coordinates' differences in double); undefined if none is weighted. Among vertices at the same
 * least distance, the first met by a walk of the {@link LOOKUP_CELLS} grid's cells in shells of
 * Chebyshev distance from the vertex's cell (within a shell by z, y, x, within a cell by index):
 * that walk was the search, and its answers are kept (a symmetric mesh has such ties).
 *
 * The search walks a finer grid of the same origin (up to {@link FINE_CELLS_PER_VERTEX} cells per
 * weighted vertex, the coarse cell split up to 4 ways along each axis): on a dense human a coarse
 * cell held thousands of vertices, all of them measured from every empty vertex in it. It skips
 * any cell whose box is clearly farther than the nearest so far (a margin far above the rounding
 * of a vertex's cell) and stops once everything past the shells walked is clearly farther; so it
 * meets every vertex at the least distance, and of those keeps the one the coarse walk met first.
 * Exported for its test (test/fill-empty-pieces.test.ts walks the coarse grid as the reference).
 */
export function nearestWeightedVertex(positions: Float32Array, empty: Uint8Array): Int32Array | undefined {
  const n = positions.length / 3;
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  let weighted = 0;
  for (let v = 0; v < n; v++) {
    if (empty[v] !== 1) weighted++;
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
    lx = Math.min(lx, x); ly = Math.min(ly, y); lz = Math.min(lz, z);
    hx = Math.max(hx, x); hy = Math.max(hy, y); hz = Math.max(hz, z);
  }
  if (weighted === 0) return undefined;
  const side = Math.max(hx - lx, hy - ly, hz - lz) || 1;
  const cell = side / LOOKUP_CELLS;
  // The coarse grid's cell of a coordinate (the walk whose ties are kept).
  const cx = Math.floor((hx - lx) / cell) + 1, cy = Math.floor((hy - ly) / cell) + 1, cz = Math.floor((hz - lz) / cell) + 1;
  const coarse = (p: number, o: number, dim: number): number => Math.min(dim - 1, Math.floor((p - o) / cell));
  // The fine grid: the coarse cell split `split` ways along each axis, as far as the cell budget allows.
  let split = 4;
  while (split > 1 && cx * cy * cz * split ** 3 > FINE_CELLS_PER_VERTEX * weighted) split--;
  const fine = cell / split;
  const nx = Math.floor((hx - lx) / fine) + 1, ny = Math.floor((hy - ly) / fine) + 1, nz = Math.floor((hz - lz) / fine) + 1;
  const cells = nx * ny * nz;
  // Weighted vertices bucketed by fine cell (CSR).
  const start = new Uint32Array(cells + 1);
  const key = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (empty[v] === 1) continue;
    const i = Math.min(nx - 1, Math.floor((positions[3 * v]! - lx) / fine));
    const j = Math.min(ny - 1, Math.floor((positions[3 * v + 1]! - ly) / fine));
    const k = Math.min(nz - 1, Math.floor((positions[3 * v + 2]! - lz) / fine));
    key[v] = i + nx * (j + ny * k);
    start[key[v]! + 1]!++;
  }
  for (let c = 0; c < cells; c++) start[c + 1] = start[c + 1]! + start[c]!;
  const fill = start.slice(0, cells);
  const members = new Uint32Array(weighted);
  for (let v = 0; v < n; v++) if (key[v]! >= 0) members[fill[key[v]!]!++] = v;

  // A margin far above the rounding of a vertex's cell (a vertex may sit that far outside its box)
  // and above that of a squared distance.
  const margin = 1e-6 * fine, slack = 1 + 1e-9;
  const axisGap = (p: number, o: number, c: number): number => {
    const cellLo = o + c * fine;
    return Math.max(0, cellLo - p - margin, p - (cellLo + fine) - margin);
  };
  const nearest = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (empty[v] !== 1) continue;
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
    const ci = Math.min(nx - 1, Math.floor((x - lx) / fine)), cj = Math.min(ny - 1, Math.floor((y - ly) / fine)), ck = Math.min(nz - 1, Math.floor((z - lz) / fine));
    const vi = coarse(x, lx, cx), vj = coarse(y, ly, cy), vk = coarse(z, lz, cz);
    // Whether weighted vertex a comes before b in the coarse walk from v's coarse cell.
    const before = (a: number, b: number): boolean => {
      const ai = coarse(positions[3 * a]!, lx, cx), aj = coarse(positions[3 * a + 1]!, ly, cy), ak = coarse(positions[3 * a + 2]!, lz, cz);
      const bi = coarse(positions[3 * b]!, lx, cx), bj = coarse(positions[3 * b + 1]!, ly, cy), bk = coarse(positions[3 * b + 2]!, lz, cz);
      const ra = Math.max(Math.abs(ai - vi), Math.abs(aj - vj), Math.abs(ak - vk));
      const rb = Math.max(Math.abs(bi - vi), Math.abs(bj - vj), Math.abs(bk - vk));
      if (ra !== rb) return ra < rb;
      if (ak !== bk) return ak < bk;
      if (aj !== bj) return aj < bj;
      if (ai !== bi) return ai < bi;
      return a < b;
    };
    let best = -1, bestD = Infinity;
    for (let r = 0; ; r++) {
      // Shell r: the fine cells at Chebyshev distance r (the faces whole, the rows between by their two ends).
      for (let k = ck - r; k <= ck + r; k++) {
        if (k < 0 || k >= nz) continue;
        const gz = axisGap(z, lz, k);
        if (gz * gz > bestD * slack) continue;
        for (let j = cj - r; j <= cj + r; j++) {
          if (j < 0 || j >= ny) continue;
          const gy = axisGap(y, ly, j);
          if (gy * gy + gz * gz > bestD * slack) continue;
          const face = Math.abs(k - ck) === r || Math.abs(j - cj) === r;
          for (let i = ci - r; i <= ci + r; i += face ? 1 : Math.max(1, 2 * r)) {
            if (i < 0 || i >= nx) continue;
            const c = i + nx * (j + ny * k);
            const e = start[c + 1]!;
            let m = start[c]!;
            if (m === e) continue;
            const gx = axisGap(x, lx, i);
            if (gx * gx + gy * gy + gz * gz > bestD * slack) continue;
            for (; m < e; m++) {
              const u = members[m]!;
              const dx = positions[3 * u]! - x, dy = positions[3 * u + 1]! - y, dz = positions[3 * u + 2]! - z;
              const d = dx * dx + dy * dy + dz * dz;
              if (d < bestD || (d === bestD && before(u, best))) { bestD = d; best = u; }
            }
          }
        }
      }
      // Past shell r every vertex is at least as far as the nearest face of the block of shells
      // 0..r that has cells beyond it (less the margin); stop when that is clearly farther.
      let gap = Infinity;
      if (ci - r > 0) gap = Math.min(gap, x - (lx + (ci - r) * fine));
      if (ci + r < nx - 1) gap = Math.min(gap, lx + (ci + r + 1) * fine - x);
      if (cj - r > 0) gap = Math.min(gap, y - (ly + (cj - r) * fine));
      if (cj + r < ny - 1) gap = Math.min(gap, ly + (cj + r + 1) * fine - y);
      if (ck - r > 0) gap = Math.min(gap, z - (lz + (ck - r) * fine));
      if (ck + r < nz - 1) gap = Math.min(gap, lz + (ck + r + 1) * fine - z);
      if (gap === Infinity) break;
      gap = Math.max(0, gap - margin);
      if (best >= 0 && gap * gap > bestD * slack) break;
    }
    nearest[v] = best;
  }
  return nearest;
}

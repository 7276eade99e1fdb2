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

/** For each empty vertex, the nearest non-empty vertex (Euclidean); undefined if none is weighted. */
function nearestWeightedVertex(positions: Float32Array, empty: Uint8Array): Int32Array | undefined {
  const n = positions.length / 3;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  let weighted = 0;
  for (let v = 0; v < n; v++) {
    if (empty[v] !== 1) weighted++;
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a]!, positions[3 * v + a]!);
      hi[a] = Math.max(hi[a]!, positions[3 * v + a]!);
    }
  }
  if (weighted === 0) return undefined;
  const side = Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) || 1;
  const cell = side / LOOKUP_CELLS;
  const dims = [0, 1, 2].map((a) => Math.floor((hi[a]! - lo[a]!) / cell) + 1);
  const [nx, ny, nz] = [dims[0]!, dims[1]!, dims[2]!];
  const cellOf = (v: number, a: number): number => Math.min(dims[a]! - 1, Math.floor((positions[3 * v + a]! - lo[a]!) / cell));
  // Weighted vertices bucketed by cell (CSR).
  const start = new Uint32Array(nx * ny * nz + 1);
  const key = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (empty[v] === 1) continue;
    key[v] = cellOf(v, 0) + nx * (cellOf(v, 1) + ny * cellOf(v, 2));
    start[key[v]! + 1]!++;
  }
  for (let c = 0; c < nx * ny * nz; c++) start[c + 1] = start[c + 1]! + start[c]!;
  const fill = start.slice(0, nx * ny * nz);
  const members = new Uint32Array(weighted);
  for (let v = 0; v < n; v++) if (key[v]! >= 0) members[fill[key[v]!]!++] = v;

  // How far the point (x, y, z) of cell (ci, cj, ck) is from every cell beyond shell r: the nearest
  // face of the block of shells 0..r that has cells past it, less a margin far above the rounding of
  // a vertex's cell; Infinity when the block is the whole grid. A nearest so far strictly inside it
  // is the nearest: every later candidate is at least that far, and only a strictly nearer one
  // replaces it, so stopping there keeps the answer the full shell walk gives (most vertices of a
  // dense mesh stop in their own cell instead of scanning the 27 around it).
  const edge = 1e-9 * cell;
  const shellsClearance = (x: number, y: number, z: number, ci: number, cj: number, ck: number, r: number): number => {
    let gap = Infinity;
    if (ci - r > 0) gap = Math.min(gap, x - (lo[0]! + (ci - r) * cell));
    if (ci + r < nx - 1) gap = Math.min(gap, lo[0]! + (ci + r + 1) * cell - x);
    if (cj - r > 0) gap = Math.min(gap, y - (lo[1]! + (cj - r) * cell));
    if (cj + r < ny - 1) gap = Math.min(gap, lo[1]! + (cj + r + 1) * cell - y);
    if (ck - r > 0) gap = Math.min(gap, z - (lo[2]! + (ck - r) * cell));
    if (ck + r < nz - 1) gap = Math.min(gap, lo[2]! + (ck + r + 1) * cell - z);
    return Math.max(0, gap - edge);
  };
  const nearest = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (empty[v] !== 1) continue;
    const ci = cellOf(v, 0), cj = cellOf(v, 1), ck = cellOf(v, 2);
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
    let best = -1, bestD = Infinity;
    // Shells of cells at Chebyshev distance r; anything beyond shell r is at least r cells away.
    for (let r = 0; r <= LOOKUP_CELLS + 1; r++) {
      for (let k = ck - r; k <= ck + r; k++) {
        if (k < 0 || k >= nz) continue;
        for (let j = cj - r; j <= cj + r; j++) {
          if (j < 0 || j >= ny) continue;
          const face = Math.abs(k - ck) === r || Math.abs(j - cj) === r;
          for (let i = ci - r; i <= ci + r; i += face ? 1 : Math.max(1, 2 * r)) {
            if (i < 0 || i >= nx) continue;
            const c = i + nx * (j + ny * k);
            for (let m = start[c]!; m < start[c + 1]!; m++) {
              const u = members[m]!;
              const dx = positions[3 * u]! - x, dy = positions[3 * u + 1]! - y, dz = positions[3 * u + 2]! - z;
              const d = dx * dx + dy * dy + dz * dz;
              if (d < bestD) { bestD = d; best = u; }
            }
          }
        }
      }
      if (best >= 0 && (Math.sqrt(bestD) <= r * cell || bestD < shellsClearance(x, y, z, ci, cj, ck, r) ** 2)) break;
    }
    nearest[v] = best;
  }
  return nearest;
}

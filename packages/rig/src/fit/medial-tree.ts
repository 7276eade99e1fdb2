/**
 * A curve skeleton of the solid voxels, TEASAR-style (Sato et al. 2000).
 *
 * From a root (the thickest voxel) a Dijkstra search over the 26-connected solid voxels uses a
 * cost that grows as 1/thickness², so shortest paths run along the medial axis rather than
 * hugging the surface. Branches are then extracted greedily: the uncovered voxel farthest (by
 * path length) from the root is an extremity; its path is walked back until it meets the tree;
 * the voxels within ~1.6× the local thickness of the new path (measured through the solid, so a
 * neighbouring leg is not swallowed across the air) are marked covered. This repeats until
 * everything is covered. Thinning-based medial axes were considered, but they are noisy on
 * voxelised surfaces and need pruning; the greedy farthest-point tree gives extremities and
 * limb paths directly, which is what the body-plan templates consume.
 */
import { withDefaults } from '@rigforge/mesh';
import { neighbourOffsets } from './distance-field';
import { KeyValueHeap } from '../min-heap';
import { solidVoxels, voxelCoordinates } from './solid-voxels';
import { CoverSpreadWasm, shortestPathTreeWasm } from './wasm/medial-dijkstra-wasm';
import type { VoxelGrid } from './voxel-grid';

export interface MedialBranch {
  id: number;
  /** Extremity voxel. */
  tip: number;
  /** Voxels from the tip to (and including) the voxel where the branch meets the tree. */
  path: Int32Array;
  /** Branch owning the join voxel, -1 when the branch starts at the root. */
  parent: number;
  /** Path length (voxels) from tip to join. */
  length: number;
}

export interface MedialTree {
  root: number;
  /** Shortest-path-tree parent of each voxel, -1 for the root and unreachable voxels. */
  parent: Int32Array;
  /** Euclidean length (voxels) along the tree path to the root; -1 unreachable. */
  rootDistance: Float32Array;
  branches: MedialBranch[];
  /** Branch id of each voxel on the tree, -1 elsewhere. */
  branchOf: Int32Array;
}

export interface BuildMedialTreeOptions {
  /** Strength of the keep-to-the-middle penalty. */
  centring?: number;
  /** Cover radius = coverScale × thickness + coverPad (voxels). */
  coverScale?: number;
  coverPad?: number;
  maxBranches?: number;
  /**
   * Where the two searches run: WebAssembly (`wasm/medial-dijkstra.wat`, the same results bit for
   * bit) or the JavaScript below (the reference the kernel is tested against).
   */
  kernel?: 'js' | 'wasm';
}

export const BUILD_MEDIAL_TREE_DEFAULTS: Required<BuildMedialTreeOptions> = {
  centring: 12,
  coverScale: 1.5,
  coverPad: 4,
  maxBranches: 80,
  kernel: 'wasm',
};

/** `solidList`: the grid's solid voxels (solidVoxels), ascending, when the caller has them. */
export function buildMedialTree(grid: VoxelGrid, dt: Float32Array, options: BuildMedialTreeOptions = {}, solidList: Int32Array = solidVoxels(grid.solid)): MedialTree {
  const o = withDefaults(BUILD_MEDIAL_TREE_DEFAULTS, options);
  const n = dt.length;
  const { delta, length } = neighbourOffsets(grid);
  let root = -1;
  let best = 0;
  // The solid voxels in index order: the loops below visit only them (a finger grid is mostly
  // air), in the same order as a scan of the whole grid, so every sum comes out the same.
  // The thickest voxel; ties go to the one nearest the solid's centroid.
  let cx = 0, cy = 0, cz = 0;
  const count = solidList.length;
  // Each voxel's x, y, z, once and without a division.
  const xyz = voxelCoordinates(solidList, grid.nx, grid.ny);
  for (let s = 0; s < count; s++) { cx += xyz[3 * s]!; cy += xyz[3 * s + 1]!; cz += xyz[3 * s + 2]!; }
  cx /= Math.max(count, 1); cy /= Math.max(count, 1); cz /= Math.max(count, 1);
  for (let s = 0; s < count; s++) {
    const i = solidList[s]!;
    const d2 = (xyz[3 * s]! - cx) ** 2 + (xyz[3 * s + 1]! - cy) ** 2 + (xyz[3 * s + 2]! - cz) ** 2;
    const score = dt[i]! - 1e-4 * d2;
    if (root < 0 || score > best) { best = score; root = i; }
  }
  const branchOf = new Int32Array(n).fill(-1);
  const branches: MedialBranch[] = [];
  if (root < 0) return { root: 0, parent: new Int32Array(n).fill(-1), rootDistance: new Float32Array(n).fill(-1), branches, branchOf };
  const { parent, distance: rootDistance } = shortestPathTree(grid, dt, root, o.centring, o.kernel, solidList);

  // Cover budgets spread best-first (largest remaining budget first), so each voxel settles once
  // per spread. A budget that beats a voxel's cover by less than COVER_EPSILON voxels is not
  // propagated: on bulky shapes every branch re-floods the whole solid, and those sub-voxel gains
  // (from the 1, √2, √3 step lengths) were most of the work while moving the cover boundary by
  // less than half a voxel.
  const COVER_EPSILON = 0.5;
  // In WebAssembly (wasm/medial-dijkstra.wat) when it is there: the spread below, operation for
  // operation, its cover a view refreshed after each spread.
  const wasmCover = o.kernel === 'wasm' ? CoverSpreadWasm.create(dt, solidList, delta, length, o.coverScale, o.coverPad) : null;
  // Air starts covered beyond any budget, so the spread needs no solid test per step.
  let cover = wasmCover?.cover ?? new Float32Array(n).fill(Infinity);
  if (!wasmCover) for (let s = 0; s < count; s++) cover[solidList[s]!] = -1;
  const coverHeap = new KeyValueHeap(1024);
  const spread = (seeds: Int32Array): void => {
    if (wasmCover) {
      wasmCover.spread(seeds);
      cover = wasmCover.cover;
      return;
    }
    for (const s of seeds) {
      const b = o.coverScale * dt[s]! + o.coverPad;
      if (b > cover[s]!) { cover[s] = b; coverHeap.push(-b, s); }
    }
    while (coverHeap.pop()) {
      const key = -coverHeap.topKey;
      const v = coverHeap.topValue;
      if (key < cover[v]! - 1e-3) continue;
      for (let k = 0; k < 26; k++) {
        const w = v + delta[k]!;
        const b = key - length[k]!;
        if (b > cover[w]! + (cover[w]! < 0 ? 0 : COVER_EPSILON)) { cover[w] = b; coverHeap.push(-b, w); }
      }
    }
  };

  // Reached voxels, farthest first. Coverage only grows, so the next extremity is always at or
  // after the previous one in this order: one pass over the list serves every iteration.
  const order = farthestFirst(solidList, rootDistance);
  let cursor = 0;
  branchOf[root] = -2; // on the tree, owned by nobody
  for (let iter = 0; iter < o.maxBranches; iter++) {
    while (cursor < order.length && cover[order[cursor]!]! >= 0) cursor++;
    if (cursor >= order.length) break;
    const tip = order[cursor]!;
    const path: number[] = [];
    let v = tip;
    while (v >= 0 && branchOf[v] === -1) { path.push(v); v = parent[v]!; }
    if (v < 0) break;
    path.push(v);
    const id = branches.length;
    const ownerOfJoin = branchOf[v]!;
    const p = Int32Array.from(path);
    for (let k = 0; k < p.length - 1; k++) branchOf[p[k]!] = id;
    branches.push({ id, tip, path: p, parent: ownerOfJoin >= 0 ? ownerOfJoin : -1, length: rootDistance[tip]! - rootDistance[v]! });
    spread(p);
  }
  branchOf[root] = -1;
  wasmCover?.finish();
  return { root, parent, rootDistance, branches, branchOf };
}

/**
 * The reached voxels (rootDistance ≥ 0) of `solidList`, farthest first, ties by index. A stable
 * least-significant-digit radix sort of the distances' float32 bits, which
 * are ordered like the distances (all ≥ 0), over the reached voxels in ascending list order: the
 * order of a comparison sort by (distance descending, index ascending), in linear time (the
 * comparison sort of packed keys it replaces was ~5% of a small biped's fit). The list is read
 * once, the digits are as few as the keys' range needs, and their counts are taken in one pass.
 */
export function farthestFirst(solidList: Int32Array, rootDistance: Float32Array): Int32Array {
  // One pass over the list (the distances read once, at random): the voxels at a distance > 0
  // with their float32 bits, in list order, and the bits' range. The voxels at distance 0 (the
  // root) come last whatever the sort, in list order, so they are set aside: without them the
  // keys span the path lengths' few float exponents, two digits rather than three on most trees.
  const positive = new Float32Array(solidList.length);
  const bits = new Uint32Array(positive.buffer);
  let order = new Int32Array(solidList.length);
  const zero: number[] = [];
  let m = 0, maxBits = 0, minBits = 0xffffffff;
  for (let s = 0; s < solidList.length; s++) {
    const v = solidList[s]!;
    const d = rootDistance[v]!;
    if (!(d > 0)) { if (d === 0) zero.push(v); continue; }
    positive[m] = d;
    const b = bits[m]!;
    if (b > maxBits) maxBits = b;
    if (b < minBits) minBits = b;
    order[m++] = v;
  }
  // Sort keys ascending: farthest (largest bits) first, in passes of at most 13 bits that cover
  // the keys' range (a stable sort by the same keys, so the same order however many).
  const range = m > 0 ? maxBits - minBits : 0;
  const rangeBits = 32 - Math.clz32(range);
  // Each pass costs its counts' prefix sum (the radix) and a scatter of the keys (~2 a key): the
  // cheapest count of passes, so small lists take narrower digits.
  const fewest = Math.ceil(rangeBits / 13);
  const cost = (p: number): number => p * ((1 << Math.ceil(rangeBits / p)) + 2 * m);
  let passes = fewest;
  for (let p = fewest + 1; p <= Math.min(rangeBits, fewest + 2); p++) if (cost(p) < cost(passes)) passes = p;
  const width = passes > 0 ? Math.ceil(rangeBits / passes) : 0;
  const radix = 1 << width, mask = radix - 1;
  const keys = bits.subarray(0, m);
  // The keys written over the bits, and every digit's counts taken in the same pass.
  const count = new Int32Array(passes * radix);
  for (let r = 0; r < m && passes > 0; r++) {
    const key = maxBits - keys[r]!;
    keys[r] = key;
    count[key & mask]!++;
    if (passes > 1) count[radix + ((key >>> width) & mask)]!++;
    for (let p = 2, shift = 2 * width; p < passes; p++, shift += width) count[p * radix + ((key >>> shift) & mask)]!++;
  }
  let keysCur = keys;
  let keysNext = new Uint32Array(m);
  let orderNext = new Int32Array(m);
  for (let p = 0, shift = 0; p < passes; p++, shift += width) {
    const base = p * radix;
    // A digit every key shares leaves the order as it is.
    if (count[base + ((keysCur[0]! >>> shift) & mask)] === m) continue;
    for (let d = base, sum = 0; d < base + radix; d++) { const c = count[d]!; count[d] = sum; sum += c; }
    for (let r = 0; r < m; r++) {
      const key = keysCur[r]!;
      const at = count[base + ((key >>> shift) & mask)]!++;
      keysNext[at] = key;
      orderNext[at] = order[r]!;
    }
    [keysCur, keysNext] = [keysNext, keysCur];
    [order, orderNext] = [orderNext, order];
  }
  if (zero.length === 0) return order.subarray(0, m);
  const all = new Int32Array(m + zero.length);
  all.set(order.subarray(0, m));
  all.set(zero, m);
  return all;
}

/**
 * Dijkstra over the 26-connected solid voxels from `source` with a 1/thickness² penalty, so
 * paths keep to the middle of the shape. Returns parents and Euclidean lengths along the paths.
 */
export function shortestPathTree(
  grid: VoxelGrid, dt: Float32Array, source: number, centring = BUILD_MEDIAL_TREE_DEFAULTS.centring, kernel: 'js' | 'wasm' = 'wasm', solidList?: Int32Array,
): { parent: Int32Array; distance: Float32Array } {
  const n = dt.length;
  const offsets = neighbourOffsets(grid);
  const delta = offsets.delta;
  // The same float32 lengths, read as doubles without a conversion per relaxed edge.
  const length = Float64Array.from(offsets.length);
  // In WebAssembly (wasm/medial-dijkstra.wat): this loop and its heap, operation for operation.
  if (kernel === 'wasm') {
    const tree = shortestPathTreeWasm(grid.solid, dt, delta, length, source, centring);
    if (tree) return tree;
  }
  const parent = new Int32Array(n).fill(-1);
  const distance = new Float32Array(n).fill(-1);
  const cost = new Float64Array(n).fill(Infinity);
  const solid = grid.solid;
  const heap = new KeyValueHeap(4096);
  // Each voxel's step factor 1 + centring / thickness², once per voxel rather than once per
  // relaxed edge (the same double either way).
  // Air's factor is infinite, so a step into air never improves on its infinite cost; and a voxel
  // already settled has a cost at most this key, which no step (lengths ≥ 1) improves on either.
  // So the relaxation needs no solid or settled test: the same pushes, the same result.
  const penalty = new Float64Array(n).fill(Infinity);
  if (solidList) {
    for (let s = 0; s < solidList.length; s++) { const i = solidList[s]!; const t = dt[i]!; penalty[i] = 1 + centring / (t * t); }
  } else {
    for (let i = 0; i < n; i++) if (solid[i]) { const t = dt[i]!; penalty[i] = 1 + centring / (t * t); }
  }
  cost[source] = 0;
  distance[source] = 0;
  heap.push(0, source);
  while (heap.pop()) {
    const key = heap.topKey;
    const v = heap.topValue;
    // Settled once without a flag: a voxel's pushed keys strictly decrease, so only its last entry
    // matches its final cost, and no later step (keys popped in order, steps ≥ 1) lowers that cost.
    if (key > cost[v]!) continue;
    for (let k = 0; k < 26; k++) {
      const w = v + delta[k]!;
      const c = key + length[k]! * penalty[w]!;
      if (c < cost[w]!) {
        cost[w] = c;
        parent[w] = v;
        distance[w] = distance[v]! + length[k]!;
        heap.push(c, w);
      }
    }
  }
  return { parent, distance };
}

/** Voxels from `v` up the shortest-path tree to the root (inclusive). */
export function pathToRoot(tree: MedialTree, v: number): number[] {
  const out: number[] = [];
  for (let u = v; u >= 0; u = tree.parent[u]!) out.push(u);
  return out;
}

/** Voxels along the tree from `a` to `b` (inclusive), through their lowest common ancestor. */
export function pathBetween(tree: MedialTree, a: number, b: number): number[] {
  const upA = pathToRoot(tree, a);
  const pos = new Map<number, number>();
  upA.forEach((v, k) => pos.set(v, k));
  const upB: number[] = [];
  for (let u = b; u >= 0; u = tree.parent[u]!) {
    const k = pos.get(u);
    if (k !== undefined) return upA.slice(0, k + 1).concat(upB.reverse());
    upB.push(u);
  }
  return upA.concat(upB.reverse());
}

/**
 * Geodesic distance, through the solid voxels only, from every voxel to the k nearest joints
 * (a joint's sources being the voxels its bone segments pass through).
 *
 * Approach: one multi-label Dijkstra instead of one distance field per bone. Each voxel keeps up
 * to k (joint, distance) slots and is settled at most once per joint and at most k times; a
 * label that is not among a voxel's k nearest cannot be among the k nearest of any voxel reached
 * through it (any of the k closer labels would be closer there too), so pruning is exact.
 * Cost is O(k·V·26·log) for V solid voxels whatever the joint count, and memory is k slots per
 * solid voxel: a 128³ grid with 60 joints needs ~10 MB instead of 60 full fields (~500 MB).
 * Steps use the 26-neighbourhood (costs 1, √2, √3), so distances are close to Euclidean inside
 * convex parts but never cross empty cells: two legs separated by air are far apart.
 *
 * Parts that the volume leaves unreached (a floating eye, a jacket with a gap under it) take the
 * labels of their nearest reached voxel, paying the air gap as distance, and then propagate
 * through their own voxels: they follow the body they surround.
 */
import type { BoneSegment } from './bone-segments';
import { MinHeap } from '../min-heap';
import { EMPTY, type SkinVoxelGrid } from './skin-voxel-grid';
import { GeodesicSearchWasm } from './wasm/geodesic-search-wasm';

export interface JointDistanceField {
  /** Compact solid-voxel id per grid cell, -1 for empty cells. */
  solidIndex: Int32Array;
  /** Slots per solid voxel. */
  k: number;
  /** Joint per slot (-1 unused); the first `counts[v]` slots of voxel v are final, nearest first. */
  labels: Int32Array;
  /** Geodesic distance per slot, in cells. */
  dists: Float32Array;
  counts: Uint8Array;
}

/**
 * Compute the k nearest joints by geodesic distance for every solid voxel of the grid; with
 * `targets` (1 per grid cell whose slots the caller reads), only those cells' slots are final and
 * the others may be partial (see the stop below), and, `limited` (the default) and every solid part
 * holding a seed, the search first runs within limits around the targets (targetLimits): the
 * targets' slots are the unlimited search's, except that of labels at exactly the same distance
 * (float32) another may take a target's last slot or come first (the heap pops equal keys in an
 * order its other entries decide; on the dev set one character's skin moved, by 4e-8 of its L1).
 */
export function geodesicJointDistances(
  grid: SkinVoxelGrid, segments: BoneSegment[], k: number, targets?: Uint8Array, kernel: 'js' | 'wasm' = 'wasm', limited = true,
): JointDistanceField {
  const { nx, ny, nz, state } = grid;
  const nxy = nx * ny;
  const total = nx * ny * nz;
  const solidIndex = new Int32Array(total);
  let solidCount = 0;
  const empty = EMPTY; // a local: under tsx an imported constant is a getter call per read
  // One pass writes every cell's id (no fill first); the second stops at the last solid cell.
  for (let i = 0; i < total; i++) solidIndex[i] = state[i] !== empty ? solidCount++ : -1;
  const cells = new Int32Array(solidCount);
  for (let i = 0, v = 0; v < solidCount; i++) if (solidIndex[i]! >= 0) cells[v++] = i;

  const offsets: number[] = [];
  const costs: number[] = [];
  for (let dz = -1; dz <= 1; dz++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0 && dz === 0) continue;
        offsets.push(dx + nx * dy + nxy * dz);
        costs.push(Math.sqrt(dx * dx + dy * dy + dz * dz));
      }
    }
  }
  const offsetArr = Int32Array.from(offsets);
  const costArr = Float64Array.from(costs);
  // In WebAssembly (wasm/geodesic-search.wat): the search below, operation for operation. Started
  // (targets marked, segments seeded) by `start`, once, or twice when a limited run (below) fails.
  const start = (): LabelSearch => {
    const started: LabelSearch = (kernel === 'wasm' && GeodesicSearchWasm.create(k, cells, solidIndex, offsetArr, costArr, targets !== undefined))
      || jsLabelSearch(k, cells, solidIndex, offsetArr, costArr, targets !== undefined);
    // Target voxels still short of their k labels. A voxel's settled slots never change again, so
    // once every target has k of them the search can stop with their slots final: the labels are
    // settled in one global order of distance, and stopping (or stopping and resuming) changes no pop.
    if (targets && started.target) {
      let remaining = 0;
      for (let v = 0; v < solidCount; v++) if (targets[cells[v]!] === 1) { started.target[v] = 1; remaining++; }
      started.remaining = remaining;
    }
    seedSegments(grid, segments, solidIndex, (v, l, d) => started.offer(v, l, d, false));
    return started;
  };
  let search = start();

  // The voxels the search reaches are the parts (26-connected, through solid) holding a seed:
  // every voxel of such a part gets a label, no other voxel does before the pass for unreached
  // parts below. Known now, from the seeds alone, so that pass need not wait for the search's end.
  const reached = seededParts(search.labels, k, cells, solidIndex, offsetArr, solidCount);
  let unreached = 0;
  for (let v = 0; v < solidCount; v++) if (reached[v] === 0) unreached++;
  const partial = unreached > 0 && unreached < solidCount;
  // Each unreached voxel's source, the nearest reached cell, whose settled slots it is offered.
  let nearest: Int32Array | null = null;
  if (partial) {
    const reachedCells = new Uint8Array(total);
    for (let v = 0; v < solidCount; v++) if (reached[v] === 1) reachedCells[cells[v]!] = 1;
    nearest = nearestMarkedCells(reachedCells, nx, ny, nz);
    const target = search.target;
    if (target !== null) {
      // Stopping at the targets: an unreached target is final after that pass, not this search;
      // the pass reads every unreached voxel's source, so the sources must be final instead.
      let remaining = search.remaining;
      for (let v = 0; v < solidCount; v++) if (reached[v] === 0 && target[v] === 1) { target[v] = 0; remaining--; }
      for (let v = 0; v < solidCount; v++) {
        if (reached[v] === 1) continue;
        const source = nearest[cells[v]!]!;
        if (source < 0) continue;
        const r = solidIndex[source]!;
        if (target[r] === 0) { target[r] = 1; remaining++; }
      }
      search.remaining = remaining;
    }
  }
  // Stopped at targets with every part reached, first within limits (targetLimits): when every
  // target settles its k labels no farther than the limits' bound, those are its slots.
  const limits = limited && search.target !== null && !partial ? targetLimits(grid, segments, search.target, cells, k) : undefined;
  if (limits) {
    search.limit(limits.limits);
    if (search.run(false, true) && settledWithin(search, k, limits.bound)) return fieldOf(search, solidIndex, k);
    search = start();
  }
  // Stopped early, the reached targets and the sources have their final slots; the search's
  // other entries are dropped (the pass below starts, as after a full search, from an empty heap).
  search.run(false, search.target !== null);

  if (partial && nearest !== null) {
    search.clear();
    search.freeze(reached);
    for (let v = 0; v < solidCount; v++) {
      if (reached[v] === 1) continue;
      const cell = cells[v]!, source = nearest[cell]!;
      if (source < 0) continue;
      const r = solidIndex[source]!;
      const gap = cellDistance(cell, source, nx, nxy);
      // (The slots are read afresh after each offer: the kernel's views move when its heap grows.)
      for (let s = r * k; s < r * k + search.counts[r]!; s++) search.offer(v, search.labels[s]!, search.dists[s]! + gap, true);
    }
    search.run(true, false);
  }
  return fieldOf(search, solidIndex, k);
}

function fieldOf(search: LabelSearch, solidIndex: Int32Array, k: number): JointDistanceField {
  const { labels, dists, counts } = search.finish();
  return { solidIndex, k, labels, dists, counts };
}

/**
 * Limits for a search stopped at its targets, so it settles no label that cannot reach one before
 * the search would stop. A label l reaching target t at distance D passes voxel v at d ≤ D − |v t|
 * (a step costs its length, so a path is no shorter than the straight line); with every target's
 * k labels at D ≤ B, the labels their slots hold pass only through d ≤ B − (v's distance to the
 * targets). A label farther than that at v is not offered there: it is farther than every label
 * that matters at v, so it never took a slot (or a pop) one of those needed — the settled slots of
 * the targets are the unlimited search's — and the search settles only the voxels near enough to
 * the targets (on a small bulky figure a third to a half of its solid, where the unlimited search
 * settled two thirds of the grid before its last target had its k).
 *
 * B is a guess, checked after the run (settledWithin): the straight distance from targets to
 * their k-th nearest joint's bone (the largest over up to GUESS_TARGETS of them), which no path
 * beats, times BOUND_GUESS, plus 2 cells: of the 21 searches stopped at targets in one rig of each
 * dev-set character (the fill's and the bent chains'), 19 settled at 1.005–1.18 times that distance
 * and within the bound, 2 did not and ran again unlimited (their cost paid twice). The voxels' distance to the targets is the distance to the
 * targets' box of cells (no more than to any target), less LIMIT_SLACK for the rounding of the
 * float32 distances summed along a path. Undefined when fewer than k joints seed the search (a
 * target never has k labels, and the search runs out anyway).
 */
function targetLimits(grid: SkinVoxelGrid, segments: BoneSegment[], target: Uint8Array, cells: Int32Array, k: number): { limits: Float64Array; bound: number } | undefined {
  if (new Set(segments.map((s) => s.joint)).size < k) return undefined;
  const { nx, ny, origin, cell } = grid;
  const nxy = nx * ny;
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  const chosen: number[] = [];
  for (let v = 0; v < cells.length; v++) {
    if (target[v] !== 1) continue;
    const c = cells[v]!, x = c % nx, y = Math.floor(c / nx) % ny, z = Math.floor(c / nxy);
    if (x < x0) x0 = x; if (x > x1) x1 = x;
    if (y < y0) y0 = y; if (y > y1) y1 = y;
    if (z < z0) z0 = z; if (z > z1) z1 = z;
    chosen.push(c);
  }
  if (chosen.length === 0) return undefined;
  // The guess from at most GUESS_TARGETS targets, evenly through them (a guess: the run checks it).
  const ends = segments.map((seg) => [
    [(seg.a[0] - origin[0]) / cell, (seg.a[1] - origin[1]) / cell, (seg.a[2] - origin[2]) / cell],
    [(seg.b[0] - origin[0]) / cell, (seg.b[1] - origin[1]) / cell, (seg.b[2] - origin[2]) / cell],
  ]);
  const step = Math.max(1, Math.floor(chosen.length / GUESS_TARGETS));
  let reach = 0;
  const nearest = new Map<number, number>();
  for (let i = 0; i < chosen.length; i += step) {
    nearest.clear();
    segments.forEach((seg, s) => {
      const d = cellToSegment(chosen[i]!, ends[s]![0]!, ends[s]![1]!, nx, nxy);
      if (!(d >= (nearest.get(seg.joint) ?? Infinity))) nearest.set(seg.joint, d);
    });
    const kth = [...nearest.values()].sort((a, b) => a - b)[k - 1]!;
    if (kth > reach) reach = kth;
  }
  const bound = BOUND_GUESS * reach + 2;
  const limits = new Float64Array(cells.length);
  for (let v = 0; v < cells.length; v++) {
    const c = cells[v]!, x = c % nx, y = Math.floor(c / nx) % ny, z = Math.floor(c / nxy);
    const ex = Math.max(0, x0 - x, x - x1), ey = Math.max(0, y0 - y, y - y1), ez = Math.max(0, z0 - z, z - z1);
    limits[v] = bound - (Math.sqrt(ex * ex + ey * ey + ez * ez) - LIMIT_SLACK);
  }
  return { limits, bound };
}

/** The guess of the targets' reach over the straight distance to their k-th joint (targetLimits). */
const BOUND_GUESS = 1.1;
/** Cells taken off a voxel's distance to the targets: far above float32 rounding along a path. */
const LIMIT_SLACK = 0.5;
/** Targets whose straight distances make the guess. */
const GUESS_TARGETS = 64;

/** Whether every target holds its k labels, none farther than `bound`. */
function settledWithin(search: LabelSearch, k: number, bound: number): boolean {
  const { target, counts, dists } = search;
  if (target === null) return false;
  for (let v = 0; v < counts.length; v++) {
    if (target[v] !== 1) continue;
    if (counts[v]! < k) return false;
    for (let s = v * k; s < v * k + k; s++) if (!(dists[s]! <= bound)) return false;
  }
  return true;
}

/**
 * The k-label search's state and steps (`geodesicJointDistances`): the slots, the targets, and
 * `offer` and `run` on one heap. Implemented here in JavaScript and in WebAssembly
 * (`wasm/geodesic-search-wasm.ts`, the same pops and slots); the arrays of the WebAssembly one
 * are views that move when its heap grows, so they are read from the search after each step.
 */
interface LabelSearch {
  readonly labels: Int32Array;
  readonly dists: Float32Array;
  readonly counts: Uint8Array;
  /** 1 per solid voxel whose slots are read; null when the search is not stopped at targets. */
  readonly target: Uint8Array | null;
  /** Target voxels still short of their k labels. */
  remaining: number;
  /** Offers joint l at distance d to voxel v (frozen: the voxels given to `freeze` refuse it). */
  offer(v: number, l: number, d: number, frozen: boolean): void;
  /** Pops until the heap is empty (false) or, with `stopAtTargets`, every target is settled (true). */
  run(frozen: boolean, stopAtTargets: boolean): boolean;
  clear(): void;
  freeze(frozen: Uint8Array): void;
  /**
   * Each solid voxel's limit for later runs (a search with targets only): a settled label is not
   * offered to a neighbour at a distance over the neighbour's limit (seeds and `offer` are not limited).
   */
  limit(limit: Float64Array): void;
  /** The slots as the field keeps them. */
  finish(): { labels: Int32Array; dists: Float32Array; counts: Uint8Array };
}

function jsLabelSearch(k: number, cells: Int32Array, solidIndex: Int32Array, offsetArr: Int32Array, costArr: Float64Array, withTarget: boolean): LabelSearch {
  const solidCount = cells.length;
  const labels = new Int32Array(solidCount * k).fill(-1);
  const dists = new Float32Array(solidCount * k);
  const counts = new Uint8Array(solidCount);
  const heap = new MinHeap(Math.max(1024, solidCount));
  let frozenVoxels: Uint8Array | null = null;

  // Offer joint l at distance d to voxel v: keep it if it beats one of v's k tentative slots.
  // Returns nothing; pushes onto the heap when kept. Hot path: keep it small and monomorphic.
  const offer = (v: number, l: number, d: number, frozen: Uint8Array | null): void => {
    const base = v * k, c = counts[v]!;
    if (c === k || (frozen !== null && frozen[v] === 1)) return;
    let empty = -1, worst = -1, worstD = -1;
    for (let s = base; s < base + k; s++) {
      const lab = labels[s]!;
      if (lab === l) {
        if (s >= base + c && d < dists[s]!) {
          dists[s] = d;
          heap.push(dists[s]!, v, l);
        }
        return;
      }
      if (s < base + c) continue;
      if (lab === -1) {
        if (empty < 0) empty = s;
      } else if (dists[s]! > worstD) {
        worstD = dists[s]!;
        worst = s;
      }
    }
    const slot = empty >= 0 ? empty : d < worstD ? worst : -1;
    if (slot < 0) return;
    labels[slot] = l;
    dists[slot] = d;
    heap.push(dists[slot]!, v, l);
  };

  // Each solid voxel's 26 neighbours as solid ids (−1 for air), in one array: each voxel is
  // settled up to k times and each time reads all 26, through the whole grid's index otherwise
  // (scattered over megabytes); written when the voxel is first settled, they are read
  // contiguously after. A search stopped at its targets settles part of the solid only, and the
  // rest's neighbours are never written (the same ids either way: the search is unchanged).
  const nbrs = new Int32Array(solidCount * 26);
  const listed = new Uint8Array(solidCount);
  const listNeighbours = (v: number): void => {
    const cell = cells[v]!, nb = v * 26;
    for (let o = 0; o < 26; o++) nbrs[nb + o] = solidIndex[cell + offsetArr[o]!]!;
    listed[v] = 1;
  };

  const target = withTarget ? new Uint8Array(solidCount) : null;
  let remaining = 0;
  let limits: Float64Array | null = null;
  const run = (frozen: Uint8Array | null, stopAtTargets: boolean): boolean => {
    if (stopAtTargets && remaining === 0) return true;
    while (heap.pop()) {
      const d = heap.topKey, v = heap.topValue, l = heap.topLabel;
      const base = v * k, c = counts[v]!;
      if (c === k) continue;
      let slot = -1;
      for (let s = base + c; s < base + k; s++) {
        if (labels[s] === l) {
          slot = s;
          break;
        }
      }
      if (slot < 0 || dists[slot]! !== d) continue;
      const settled = base + c;
      labels[slot] = labels[settled]!;
      dists[slot] = dists[settled]!;
      labels[settled] = l;
      dists[settled] = d;
      counts[v] = c + 1;
      if (listed[v] === 0) listNeighbours(v);
      // The offer of `offer` inlined: this loop runs 26·k times per solid voxel.
      const nb = v * 26;
      for (let o = 0; o < 26; o++) {
        const u = nbrs[nb + o]!;
        if (u < 0) continue;
        const cu = counts[u]!;
        if (cu === k || (frozen !== null && frozen[u] === 1)) continue;
        const nd = d + costArr[o]!;
        if (limits !== null && nd > limits[u]!) continue;
        const ubase = u * k;
        let empty = -1, worst = -1, worstD = -1, seen = false;
        for (let s = ubase; s < ubase + k; s++) {
          const lab = labels[s]!;
          if (lab === l) {
            if (s >= ubase + cu && nd < dists[s]!) {
              dists[s] = nd;
              heap.push(dists[s]!, u, l);
            }
            seen = true;
            break;
          }
          if (s < ubase + cu) continue;
          if (lab === -1) {
            if (empty < 0) empty = s;
          } else if (dists[s]! > worstD) {
            worstD = dists[s]!;
            worst = s;
          }
        }
        if (seen) continue;
        const slot2 = empty >= 0 ? empty : nd < worstD ? worst : -1;
        if (slot2 < 0) continue;
        labels[slot2] = l;
        dists[slot2] = nd;
        heap.push(dists[slot2]!, u, l);
      }
      // After v's offers, so a search resumed from here pops exactly what it would have.
      if (c + 1 === k && target !== null && target[v] === 1 && --remaining === 0 && stopAtTargets) return true;
    }
    return false;
  };

  return {
    labels, dists, counts, target,
    get remaining() { return remaining; },
    set remaining(r: number) { remaining = r; },
    offer: (v, l, d, frozen) => offer(v, l, d, frozen ? frozenVoxels : null),
    run: (frozen, stopAtTargets) => run(frozen ? frozenVoxels : null, stopAtTargets),
    clear: () => heap.clear(),
    freeze: (frozen) => { frozenVoxels = frozen; },
    limit: (limit) => {
      if (target === null) throw new Error('geodesic search: limits are for a search with targets');
      limits = limit;
    },
    finish: () => ({ labels, dists, counts }),
  };
}

/**
 * 1 per solid voxel joined (26-connected, through solid) to one holding a label, 0 elsewhere;
 * breadth-first through the grid's solid index (the padding keeps every neighbour in the grid).
 */
function seededParts(labels: Int32Array, k: number, cells: Int32Array, solidIndex: Int32Array, offsets: Int32Array, solidCount: number): Uint8Array {
  const seen = new Uint8Array(solidCount);
  const queue = new Int32Array(solidCount);
  let tail = 0;
  for (let v = 0; v < solidCount; v++) {
    let labelled = false;
    for (let s = v * k; s < v * k + k; s++) if (labels[s] !== -1) labelled = true;
    if (labelled) { seen[v] = 1; queue[tail++] = v; }
  }
  for (let head = 0; head < tail; head++) {
    const cell = cells[queue[head]!]!;
    for (let o = 0; o < 26; o++) {
      const u = solidIndex[cell + offsets[o]!]!;
      if (u >= 0 && seen[u] === 0) { seen[u] = 1; queue[tail++] = u; }
    }
  }
  return seen;
}

function cellDistance(a: number, b: number, nx: number, nxy: number): number {
  const dx = (a % nx) - (b % nx);
  const dy = (Math.floor(a / nx) % (nxy / nx)) - (Math.floor(b / nx) % (nxy / nx));
  const dz = Math.floor(a / nxy) - Math.floor(b / nxy);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * Seed each segment's joint at the solid voxels around it, with the exact distance from the voxel
 * centre to the segment; a segment that misses the volume entirely starts from the voxels nearest
 * to it, paying the distance through the air.
 */
function seedSegments(
  grid: SkinVoxelGrid,
  segments: BoneSegment[],
  solidIndex: Int32Array,
  offer: (v: number, l: number, d: number) => void,
): void {
  const { nx, ny, nz, origin, cell, state } = grid;
  const nxy = nx * ny;
  let nearest: Int32Array | null = null;
  const clamp = (x: number, n: number): number => (x < 0 ? 0 : x >= n ? n - 1 : x);
  for (const seg of segments) {
    const a = [(seg.a[0] - origin[0]) / cell, (seg.a[1] - origin[1]) / cell, (seg.a[2] - origin[2]) / cell];
    const b = [(seg.b[0] - origin[0]) / cell, (seg.b[1] - origin[1]) / cell, (seg.b[2] - origin[2]) / cell];
    const len = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!);
    const steps = Math.min(100000, Math.ceil(len / 0.25)) + 1;
    const touched = new Set<number>();
    const sampled: number[] = [];
    for (let s = 0; s < steps; s++) {
      const t = steps === 1 ? 0 : s / (steps - 1);
      const i = clamp(Math.floor(a[0]! + (b[0]! - a[0]!) * t), nx);
      const j = clamp(Math.floor(a[1]! + (b[1]! - a[1]!) * t), ny);
      const kk = clamp(Math.floor(a[2]! + (b[2]! - a[2]!) * t), nz);
      const idx = i + nx * j + nxy * kk;
      sampled.push(idx);
      if (state[idx] !== EMPTY) touched.add(idx);
    }
    if (touched.size === 0) {
      nearest ??= nearestMarkedCells(Uint8Array.from(state, (s) => (s === EMPTY ? 0 : 1)), nx, ny, nz);
      for (const idx of sampled) if (nearest[idx]! >= 0) touched.add(nearest[idx]!);
      for (const idx of touched) offer(solidIndex[idx]!, seg.joint, cellToSegment(idx, a, b, nx, nxy));
      continue;
    }
    const ring = new Set<number>();
    for (const idx of touched) {
      for (let dz = -1; dz <= 1; dz++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nidx = idx + dx + nx * dy + nxy * dz;
            if (nidx >= 0 && nidx < state.length && state[nidx] !== EMPTY) ring.add(nidx);
          }
        }
      }
    }
    for (const idx of ring) offer(solidIndex[idx]!, seg.joint, cellToSegment(idx, a, b, nx, nxy));
  }
}

function cellToSegment(idx: number, a: number[], b: number[], nx: number, nxy: number): number {
  const px = (idx % nx) + 0.5, py = (Math.floor(idx / nx) % (nxy / nx)) + 0.5, pz = Math.floor(idx / nxy) + 0.5;
  const abx = b[0]! - a[0]!, aby = b[1]! - a[1]!, abz = b[2]! - a[2]!;
  const apx = px - a[0]!, apy = py - a[1]!, apz = pz - a[2]!;
  const len2 = abx * abx + aby * aby + abz * abz;
  let t = len2 > 0 ? (apx * abx + apy * aby + apz * abz) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(apx - t * abx, apy - t * aby, apz - t * abz);
}

/** For every cell, the nearest marked cell (6-connected breadth-first, ties by visit order); -1 if none. */
export function nearestMarkedCells(marked: Uint8Array, nx: number, ny: number, nz: number): Int32Array {
  const total = nx * ny * nz;
  const nearest = new Int32Array(total).fill(-1);
  const queue = new Int32Array(total);
  let head = 0, tail = 0;
  for (let i = 0; i < total; i++) {
    if (marked[i] === 1) {
      nearest[i] = i;
      queue[tail++] = i;
    }
  }
  const nxy = nx * ny;
  while (head < tail) {
    const idx = queue[head++]!;
    const src = nearest[idx]!;
    const i = idx % nx, j = Math.floor(idx / nx) % ny, k = Math.floor(idx / nxy);
    if (i > 0 && nearest[idx - 1] === -1) { nearest[idx - 1] = src; queue[tail++] = idx - 1; }
    if (i < nx - 1 && nearest[idx + 1] === -1) { nearest[idx + 1] = src; queue[tail++] = idx + 1; }
    if (j > 0 && nearest[idx - nx] === -1) { nearest[idx - nx] = src; queue[tail++] = idx - nx; }
    if (j < ny - 1 && nearest[idx + nx] === -1) { nearest[idx + nx] = src; queue[tail++] = idx + nx; }
    if (k > 0 && nearest[idx - nxy] === -1) { nearest[idx - nxy] = src; queue[tail++] = idx - nxy; }
    if (k < nz - 1 && nearest[idx + nxy] === -1) { nearest[idx + nxy] = src; queue[tail++] = idx + nxy; }
  }
  return nearest;
}

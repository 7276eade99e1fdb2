/**
 * How close a made mesh is to the true one, as the shape benchmark (`score-dev-set.ts`) and the fits
 * that choose constants by it (`fit-top-lean.ts`) measure it: both centred on their boxes, the
 * symmetric Chamfer distance over area-weighted surface samples divided by the true box diagonal,
 * silhouette IoU per view and the depth ratio along the view axis.
 */
import { bounds, centred, diagonal, extent, silhouette, VIEWS, type View } from './dev-set-views';

export function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0, union = 0;
  for (let i = 0; i < a.length; i++) {
    inter += a[i]! & b[i]!;
    union += a[i]! | b[i]!;
  }
  return union ? inter / union : 1;
}

/** Axes (u, v) of each view in the picture's frame: front looks along Z, side along X, top along Y. */
export const VIEW_AXES: Record<View, [number, number]> = { front: [0, 1], side: [2, 1], top: [0, 2] };

/** A small deterministic RNG (mulberry32), so a run samples the same points every time. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` points on the surface, each triangle chosen by its area. */
export function sampleSurface(positions: Float32Array, indices: Uint32Array, count: number): Float32Array {
  const n = Math.floor(indices.length / 3);
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let t = 0; t < n; t++) {
    const a = indices[3 * t]! * 3, b = indices[3 * t + 1]! * 3, c = indices[3 * t + 2]! * 3;
    const e1 = [0, 1, 2].map((k) => positions[b + k]! - positions[a + k]!);
    const e2 = [0, 1, 2].map((k) => positions[c + k]! - positions[a + k]!);
    total += 0.5 * Math.hypot(e1[1]! * e2[2]! - e1[2]! * e2[1]!, e1[2]! * e2[0]! - e1[0]! * e2[2]!, e1[0]! * e2[1]! - e1[1]! * e2[0]!);
    cumulative[t] = total;
  }
  const random = rng(12345);
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const target = random() * total;
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    let r1 = random(), r2 = random();
    if (r1 + r2 > 1) [r1, r2] = [1 - r1, 1 - r2];
    const a = indices[3 * lo]! * 3, b = indices[3 * lo + 1]! * 3, c = indices[3 * lo + 2]! * 3;
    for (let k = 0; k < 3; k++) out[3 * i + k] = positions[a + k]! + r1 * (positions[b + k]! - positions[a + k]!) + r2 * (positions[c + k]! - positions[a + k]!);
  }
  return out;
}

/**
 * Per point of `from`, the index (into `to`, in points) of its nearest point of `to`: a uniform grid
 * of 48 cells along the diagonal, searched ring by ring until no nearer ring can hold a nearer point.
 */
export function nearestIndex(from: Float32Array, to: Float32Array): Int32Array {
  const b = bounds(to);
  const cell = Math.max(diagonal(b) / 48, 1e-9);
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  const grid = new Map<string, number[]>();
  const cellOf = (v: number, k: number) => Math.floor((v - b.min[k]!) / cell);
  for (let i = 0; i < to.length; i += 3) {
    const k = key(cellOf(to[i]!, 0), cellOf(to[i + 1]!, 1), cellOf(to[i + 2]!, 2));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  }
  const out = new Int32Array(from.length / 3);
  for (let i = 0; i < from.length; i += 3) {
    const x = from[i]!, y = from[i + 1]!, z = from[i + 2]!;
    const cx = cellOf(x, 0), cy = cellOf(y, 1), cz = cellOf(z, 2);
    let best = Infinity, bestJ = 0;
    for (let r = 0; r < 200; r++) {
      // Points in ring r are at least (r - 1) cells away: stop once that exceeds the best found.
      if (best < (r - 1) * cell) break;
      for (let dx = -r; dx <= r; dx++) for (let dy = -r; dy <= r; dy++) for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz)) !== r) continue;
        const list = grid.get(key(cx + dx, cy + dy, cz + dz));
        if (!list) continue;
        for (const j of list) {
          const d = Math.hypot(x - to[j]!, y - to[j + 1]!, z - to[j + 2]!);
          if (d < best) [best, bestJ] = [d, j / 3];
        }
      }
    }
    out[i / 3] = bestJ;
  }
  return out;
}

/** Mean distance from each point of `from` to its nearest point of `to`. */
export function meanNearest(from: Float32Array, to: Float32Array): number {
  const nearest = nearestIndex(from, to);
  let sum = 0;
  for (let i = 0; i < from.length; i += 3) {
    const j = nearest[i / 3]! * 3;
    sum += Math.hypot(from[i]! - to[j]!, from[i + 1]! - to[j + 1]!, from[i + 2]! - to[j + 2]!);
  }
  return sum / (from.length / 3);
}

export interface Scores { cd: number; iou: Record<View, number>; depthRatio: number }

/** Both meshes centred; CD over the true diagonal, IoU per view, depth (Z: the view axis) ratio. */
export function compare(truth: { positions: Float32Array; indices: Uint32Array }, made: { positions: Float32Array; indices: Uint32Array }, samples: number): Scores {
  const tp = centred(truth.positions), mp = centred(made.positions);
  const tb = bounds(tp), mb = bounds(mp);
  const ts = sampleSurface(tp, truth.indices, samples), ms = sampleSurface(mp, made.indices, samples);
  const cd = (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / diagonal(tb);
  const half = 0.55 * Math.max(...[0, 1, 2].map((k) => Math.max(extent(tb, k), extent(mb, k))));
  const ious = Object.fromEntries(
    VIEWS.map((view) => {
      const [u, v] = VIEW_AXES[view];
      return [view, iou(silhouette(tp, truth.indices, u, v, half), silhouette(mp, made.indices, u, v, half))];
    }),
  ) as Record<View, number>;
  return { cd, iou: ious, depthRatio: extent(mb, 2) / Math.max(extent(tb, 2), 1e-9) };
}

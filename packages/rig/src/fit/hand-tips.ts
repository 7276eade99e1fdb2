/**
 * How prominent a hand region's fingertips are, read off its surface alone (no grid, no medial
 * tree): the cheap pre-test of the finger search (`fit-fingers.ts`).
 *
 * A fingertip is a peak of the distance from a point behind the wrist, and between two fingers the
 * surface dips to the crotch: the peak's prominence (topological persistence: how far the distance
 * falls on the best surface path from the peak to a higher one) is about a finger's length. A
 * mitten has one peak, two with a thumb; the corners and bumps of its end are peaks a few per cent
 * of the hand high at most. The finger search needs four digits, so the fourth most prominent
 * peak says whether a hand can hold fingers the search could find.
 *
 * The surface is read as a graph of its edges after welding corners at the same position (the
 * region's triangles are clipped copies; split seams share positions); a piece of the region not
 * joined to the rest (a finger modelled apart) is its own peak, as prominent as it is far.
 */
import type { Mesh } from '@rigforge/mesh';
import { findRoot } from '../union-find';
import type { Vec3 } from './vec3';

/**
 * The prominences of the `count` most prominent peaks of the distance from `from` over the
 * surface of `region`, largest first, over `scale` (the highest peak's is its distance); fewer when
 * the surface has fewer peaks (missing ones read 0).
 */
export function peakProminences(region: Mesh, from: Vec3, scale: number, count: number): number[] {
  const p = region.positions, idx = region.indices;
  // Weld corners by their exact float32 position: the clipped copies of a shared corner and the
  // two sides of a split seam are the same bits. An open-addressing table of each welded corner's
  // first vertex (string keys were most of this function's time).
  const bits = new Uint32Array(p.buffer, p.byteOffset, p.length);
  const nv = p.length / 3;
  let size = 16;
  while (size < 2 * nv) size *= 2;
  const slots = new Int32Array(size).fill(-1);
  const weld = new Int32Array(nv);
  const first: number[] = [];
  const dist: number[] = [];
  for (let v = 0; v < nv; v++) {
    const x = bits[v * 3]!, y = bits[v * 3 + 1]!, z = bits[v * 3 + 2]!;
    let h = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d)) & (size - 1);
    for (;;) {
      const id = slots[h]!;
      if (id < 0) {
        slots[h] = dist.length;
        weld[v] = dist.length;
        first.push(v);
        dist.push(Math.hypot(p[v * 3]! - from[0], p[v * 3 + 1]! - from[1], p[v * 3 + 2]! - from[2]));
        break;
      }
      const u = first[id]!;
      if (bits[u * 3] === x && bits[u * 3 + 1] === y && bits[u * 3 + 2] === z) { weld[v] = id; break; }
      h = (h + 1) & (size - 1);
    }
  }
  const n = dist.length;
  // Edges as adjacency lists (CSR): each triangle's three edges, both ways.
  const degree = new Int32Array(n + 1);
  const tri = idx.length - (idx.length % 3);
  for (let t = 0; t < tri; t++) {
    const a = idx[t]!;
    if (a < nv) degree[weld[a]!]! += 2;
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + degree[i]!;
  const fill = start.slice(0, n);
  const next = new Int32Array(start[n]!);
  // Corners in scalars (an array and a closure per triangle before), edges in the same order.
  for (let t = 0; t + 2 < idx.length; t += 3) {
    const c0 = idx[t]!, c1 = idx[t + 1]!, c2 = idx[t + 2]!;
    if (c0 >= nv || c1 >= nv || c2 >= nv) continue;
    const w0 = weld[c0]!, w1 = weld[c1]!, w2 = weld[c2]!;
    next[fill[w0]!++] = w1; next[fill[w1]!++] = w0;
    next[fill[w1]!++] = w2; next[fill[w2]!++] = w1;
    next[fill[w2]!++] = w0; next[fill[w0]!++] = w2;
  }
  // Persistence of the superlevel sets: vertices from the farthest down; a vertex with no
  // reached neighbour is a new peak; where two components meet, the lower peak dies there.
  const order = farthestFirstOrder(dist);
  const parent = new Int32Array(n).fill(-1);
  const peak = new Float64Array(n);
  const prominence: number[] = [];
  for (const v of order) {
    parent[v] = v;
    peak[v] = dist[v]!;
    for (let e = start[v]!; e < fill[v]!; e++) {
      const u = next[e]!;
      if (parent[u]! < 0) continue;
      const a = findRoot(parent, u), b = findRoot(parent, v);
      if (a === b) continue;
      const [low, high] = peak[a]! < peak[b]! ? [a, b] : [b, a];
      prominence.push(peak[low]! - dist[v]!);
      parent[low] = high;
    }
  }
  // Each surviving component's peak is as prominent as it is far.
  for (let i = 0; i < n; i++) if (parent[i] === i) prominence.push(peak[i]!);
  prominence.sort((a, b) => b - a);
  return Array.from({ length: count }, (_, k) => (prominence[k] ?? 0) / scale);
}

/** Whether this platform stores a double's low word first (a typed array's words are in its order). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Indices of `dist` (each ≥ 0, none NaN) by distance descending, ties by index ascending: the
 * order of `sort((a, b) => dist[b] - dist[a] || a - b)`. A stable least-significant-digit radix
 * sort of the doubles' bits complemented (bits order non-negative doubles like their values),
 * eight 8-bit digits counted in one pass, a digit every index shares skipped; from the indices in
 * ascending order, so equal distances keep it. The comparison sort was most of peakProminences.
 */
export function farthestFirstOrder(dist: readonly number[]): Int32Array {
  const n = dist.length;
  const words = new Uint32Array(Float64Array.from(dist).buffer);
  const lo = LITTLE_ENDIAN ? 0 : 1, hi = 1 - lo;
  const count = new Int32Array(8 * 256);
  for (let i = 0; i < n; i++) {
    const a = ~words[2 * i + lo]!, b = ~words[2 * i + hi]!;
    words[2 * i + lo] = a; words[2 * i + hi] = b;
    count[a & 255]!++; count[256 + ((a >>> 8) & 255)]!++; count[512 + ((a >>> 16) & 255)]!++; count[768 + (a >>> 24)]!++;
    count[1024 + (b & 255)]!++; count[1280 + ((b >>> 8) & 255)]!++; count[1536 + ((b >>> 16) & 255)]!++; count[1792 + (b >>> 24)]!++;
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Int32Array(n);
  for (let digit = 0; digit < 8 && n > 0; digit++) {
    const word = digit < 4 ? lo : hi, shift = 8 * (digit & 3), base = 256 * digit;
    if (count[base + ((words[2 * order[0]! + word]! >>> shift) & 255)] === n) continue;
    for (let d = base, sum = 0; d < base + 256; d++) { const c = count[d]!; count[d] = sum; sum += c; }
    for (let r = 0; r < n; r++) {
      const v = order[r]!;
      next[count[base + ((words[2 * v + word]! >>> shift) & 255)]!++] = v;
    }
    [order, next] = [next, order];
  }
  return order;
}

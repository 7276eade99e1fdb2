/**
 * Up-axis cues from the SHAPE of a legless body's thin parts, not their mass: a swimmer's single
 * dorsal fin is one thin plate lying ON its mirror plane, on its back; its paired fins and
 * flippers are plates mirrored OFF the plane, hanging lower (the twentieth orientation round found
 * mass and fin height alone do not hold across bodies: a whale's mass sits high, a dolphin's low
 * pectoral fins outweigh its dorsal fin).
 *
 * Read once per mesh in the file frame, for each of the six file directions d, with the mirror
 * plane taken across the axis perpendicular to d that mirrors the body best (the lateral axis L;
 * `axisScores` of the replay's plane cache, lower = more symmetric). Thin parts are what a
 * morphological opening removes (src/fit/open-solid.ts `openSolid`). A thin voxel is
 *
 * - **median** when its solid run along L is narrow (≤ `sheetShare` of the body's extent along L:
 *   a sheet in the plane, not a broad fluke or a wing's root through the body) and holds the plane
 *   (the core's centroid along L);
 * - **paired** when it lies off the plane by more than `pairedShare` of the extent along L.
 *
 * Cues along d (over the extent along d; each antisymmetric, −d reads the negative):
 * `medianOverPaired` (the median plates' centroid above the paired ones'), `medianHigh` (above the
 * core's centroid), `pairedLow` (the paired plates below the core's centroid). 0 where a set is empty.
 * Measured, not shipped (packages/rig/docs/orientation.md, "Orientation: measured", twenty-second round).
 */
import type { Mesh } from '@rigforge/mesh';
import { openSolid, type OpenSolidOptions } from '../../src/fit/open-solid';
import type { UpAxis } from '../../src/up-axis';

export const FIN_CUES = ['medianOverPaired', 'medianHigh', 'pairedLow'] as const;

export interface FinAnatomyOptions extends OpenSolidOptions {
  /** A median plate's run across the plane, at most this share of the extent along L. */
  sheetShare?: number;
  /** A paired plate lies off the plane by more than this share of the extent along L. */
  pairedShare?: number;
}

export const FIN_ANATOMY_DEFAULTS = { sheetShare: 0.2, pairedShare: 0.2 };

export interface FinAnatomy {
  /** Per file direction [+x, −x, +y, −y, +z, −z], the cues in FIN_CUES order. */
  cues: number[][];
  /** Per direction, the median and paired thin voxels' counts (share of the solid). */
  shares: number[][];
}

/** Measures the cues of `mesh` given the three axes' mirror scores (lower: more symmetric). */
export function measureFinAnatomy(mesh: Mesh, axisScores: readonly number[], options: FinAnatomyOptions = {}): FinAnatomy {
  const o = { ...FIN_ANATOMY_DEFAULTS, ...options };
  const { grid, core } = openSolid(mesh, options);
  const { nx, ny, nz, solid } = grid;
  const dims = [nx, ny, nz], stride = [1, nx, nx * ny];
  const coord = (i: number, k: number): number => (k === 0 ? i % nx : k === 1 ? Math.floor(i / nx) % ny : Math.floor(i / (nx * ny)));
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  const coreSum = [0, 0, 0];
  let coreN = 0, solidN = 0;
  for (let i = 0; i < solid.length; i++) {
    if (!solid[i]) continue;
    solidN++;
    for (let k = 0; k < 3; k++) { const c = coord(i, k); lo[k] = Math.min(lo[k]!, c); hi[k] = Math.max(hi[k]!, c); if (core[i]) coreSum[k]! += c; }
    if (core[i]) coreN++;
  }
  const extent = [0, 1, 2].map((k) => Math.max(1, hi[k]! - lo[k]! + 1));
  const coreC = coreSum.map((s) => (coreN > 0 ? s / coreN : NaN));
  const cues: number[][] = [], shares: number[][] = [];
  for (let d = 0; d < 3; d++) {
    const perp = [0, 1, 2].filter((k) => k !== d);
    const L = (axisScores[perp[0]!] ?? 0) <= (axisScores[perp[1]!] ?? 0) ? perp[0]! : perp[1]!;
    const plane = coreC[L]!, sheet = o.sheetShare * extent[L]!, off = o.pairedShare * extent[L]!;
    let mSum = 0, mN = 0, pSum = 0, pN = 0;
    for (let i = 0; i < solid.length; i++) {
      if (!solid[i] || core[i]) continue;
      const c = coord(i, L), h = coord(i, d);
      if (Math.abs(c - plane) > off) { pSum += h; pN++; continue; }
      // The solid run along L through the voxel.
      let a = c, b = c;
      while (a > 0 && solid[i - (c - a + 1) * stride[L]!]) a--;
      while (b < dims[L]! - 1 && solid[i + (b - c + 1) * stride[L]!]) b++;
      if (b - a + 1 <= Math.max(2, sheet) && a - 0.5 <= plane && plane <= b + 0.5) { mSum += h; mN++; }
    }
    const m = mN > 0 ? mSum / mN : NaN, p = pN > 0 ? pSum / pN : NaN, e = extent[d]!;
    const v = [mN > 0 && pN > 0 ? (m - p) / e : 0, mN > 0 && coreN > 0 ? (m - coreC[d]!) / e : 0, pN > 0 && coreN > 0 ? (coreC[d]! - p) / e : 0];
    cues.push(v, v.map((x) => -x));
    const sh = [mN / Math.max(1, solidN), pN / Math.max(1, solidN)];
    shares.push(sh, sh);
  }
  return { cues, shares };
}

/** The cues of the model stood up along `up` (a file direction). */
export function finCues(a: FinAnatomy, up: UpAxis): number[] {
  return a.cues[2 * 'xyz'.indexOf(up[1]!) + (up[0] === '+' ? 0 : 1)]!;
}

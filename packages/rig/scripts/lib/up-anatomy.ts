/**
 * Up-axis cues of a body that stands on no legs (fish, whales, bees, butterflies, flyers), read
 * from its solid, once per mesh in the file frame, for each of the six file directions (so a file
 * turned a quarter turn reads exactly the turned cues):
 *
 * - `massLow`: how far the solid's centroid lies below the box's middle along the direction (over
 *   the box's extent along it): a swimmer's fins and a flyer's wings are thin and rise above a
 *   body that carries the mass, so the mass sits low;
 * - `finsHigh`: how far the thin parts (what a morphological opening of the solid removes: fins,
 *   wings, antennae, tails) lie above the thick core's centroid (over the extent): a dorsal fin on
 *   top, wings on the back;
 * - `rootsHigh`: the same for where the thin parts join the core only (their roots), so a long
 *   tail or a spread wing weighs by where it attaches, not by its reach;
 * - `coreLow`: the thick core's centroid below the box's middle.
 *
 * Each is antisymmetric: direction −d reads the negative of +d. Measured, not shipped (a script's
 * library): scripts/orientation-legless-loao.ts (packages/rig/docs/orientation.md, "Orientation: measured", twentieth
 * round).
 */
import type { Mesh } from '@rigforge/mesh';
import { neighbourOffsets } from '../../src/fit/distance-field';
import { openSolid, type OpenSolidOptions } from '../../src/fit/open-solid';
import type { UpAxis } from '../../src/up-axis';

/** The cue names, in the order `UpAnatomy.cues` gives them. */
export const UP_ANATOMY_CUES = ['massLow', 'finsHigh', 'rootsHigh', 'coreLow'] as const;

export interface UpAnatomy {
  /** Per file direction [+x, −x, +y, −y, +z, −z], the cues in UP_ANATOMY_CUES order. */
  cues: number[][];
  /** Share of the solid the opening removes (the thin parts). */
  thinShare: number;
}

/** The opening's options (src/fit/open-solid.ts, shared with the shipped paired-fins cue). */
export type UpAnatomyOptions = OpenSolidOptions;

/** Measures the cues of `mesh` (see the file's comment). */
export function measureUpAnatomy(mesh: Mesh, options: UpAnatomyOptions = {}): UpAnatomy {
  const { grid, core } = openSolid(mesh, options);
  const { nx, ny, solid } = grid;
  const { delta } = neighbourOffsets(grid);
  const opened = (i: number): boolean => core[i] === 1;
  const sums = { all: [0, 0, 0, 0], core: [0, 0, 0, 0], thin: [0, 0, 0, 0], roots: [0, 0, 0, 0] };
  const add = (a: number[], x: number, y: number, z: number): void => { a[0]! += x; a[1]! += y; a[2]! += z; a[3]! += 1; };
  const nxy = nx * ny;
  for (let i = 0; i < solid.length; i++) {
    if (!solid[i]) continue;
    const x = i % nx, y = Math.floor(i / nx) % ny, z = Math.floor(i / nxy);
    add(sums.all, x, y, z);
    if (opened(i)) { add(sums.core, x, y, z); continue; }
    add(sums.thin, x, y, z);
    for (let k = 0; k < delta.length; k++) {
      const j = i + delta[k]!;
      if (j >= 0 && j < solid.length && solid[j] && opened(j)) { add(sums.roots, x, y, z); break; }
    }
  }
  // Box of the solid in cells (its middle and extent per axis).
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < solid.length; i++) {
    if (!solid[i]) continue;
    const c = [i % nx, Math.floor(i / nx) % ny, Math.floor(i / nxy)];
    for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k]!, c[k]!); hi[k] = Math.max(hi[k]!, c[k]!); }
  }
  const centroid = (a: number[], k: number): number => (a[3]! > 0 ? a[k]! / a[3]! : NaN);
  const cues: number[][] = [];
  for (let k = 0; k < 3; k++) {
    const extent = Math.max(1, hi[k]! - lo[k]! + 1), mid = (lo[k]! + hi[k]!) / 2;
    const core = centroid(sums.core, k);
    const v = [
      (mid - centroid(sums.all, k)) / extent,
      sums.thin[3]! > 0 && sums.core[3]! > 0 ? (centroid(sums.thin, k) - core) / extent : 0,
      sums.roots[3]! > 0 && sums.core[3]! > 0 ? (centroid(sums.roots, k) - core) / extent : 0,
      sums.core[3]! > 0 ? (mid - core) / extent : 0,
    ];
    cues.push(v, v.map((x) => -x));
  }
  return { cues, thinShare: sums.all[3]! > 0 ? sums.thin[3]! / sums.all[3]! : 0 };
}

/** The cues of the model stood up along `up` (a file direction). */
export function upAnatomyCues(a: UpAnatomy, up: UpAxis): number[] {
  return a.cues[2 * 'xyz'.indexOf(up[1]!) + (up[0] === '+' ? 0 : 1)]!;
}

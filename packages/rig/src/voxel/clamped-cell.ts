/**
 * The cell of a coordinate measured in cells (w = (x − origin) / cell side) on an axis of `n`
 * cells, clamped to the grid: min(n − 1, max(0, floor(w))) as a whole number (w | 0 is floor(w) on
 * [0, n)), and −1 for NaN (a non-finite vertex), whose sample the callers skip: `(i | j | k) < 0`.
 * The orientation's surface grid and the exemplar cue's surface voxels place every sample and
 * every corner with it.
 */
export function clampedCell(w: number, n: number): number {
  return w >= 0 ? (w < n ? w | 0 : n - 1) : w < 0 ? 0 : -1;
}

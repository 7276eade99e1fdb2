/**
 * Counting a voxel grid's non-zero cells, shared by the fit's shape analysis (its solid voxels) and
 * the skin's grid budget (its filled cells). Most of a grid is air: the cells are read four at a
 * time and looked at one by one only in a word that is not all air, the same cells counted as a
 * byte-by-byte scan (which was ~5% of a small biped's shape analysis).
 */

/** The grid's cells as 32-bit words (four cells each, the tail left over), or undefined when unaligned. */
export function wordsOf(solid: Uint8Array): Uint32Array | undefined {
  return solid.byteOffset % 4 === 0 ? new Uint32Array(solid.buffer, solid.byteOffset, solid.length >>> 2) : undefined;
}

/**
 * How many of the cells are not 0 (the solid voxels of a 0/1 grid, the fit's; the filled cells of
 * the skin's state grid, whose air is 0), air words skipped.
 */
export function countNonZero(cells: Uint8Array): number {
  const words = wordsOf(cells);
  const wordCells = words ? 4 * words.length : 0;
  let count = 0;
  if (words) {
    for (let w = 0; w < words.length; w++) {
      if (words[w] === 0) continue;
      const i = 4 * w;
      if (cells[i]) count++;
      if (cells[i + 1]) count++;
      if (cells[i + 2]) count++;
      if (cells[i + 3]) count++;
    }
  }
  for (let i = wordCells; i < cells.length; i++) if (cells[i]) count++;
  return count;
}

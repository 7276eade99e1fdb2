/**
 * Axis-aligned bounds of vertex positions, as [minX, minY, minZ, maxX, maxY, maxZ]: one loop for
 * the weld tolerance, the workload budget's grid and the raster estimate, which each kept a copy.
 */

/** Bounds that contain nothing yet (every min +∞, every max −∞). */
export function emptyBounds(): Float64Array {
  return new Float64Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
}

/**
 * Grows `box` (in place) by the xyz triples of `positions`, or only by the vertices `indices`
 * names when given. Returns `box`.
 */
export function extendBounds(box: Float64Array, positions: Float32Array, indices?: ArrayLike<number>): Float64Array {
  let minX = box[0]!, minY = box[1]!, minZ = box[2]!, maxX = box[3]!, maxY = box[4]!, maxZ = box[5]!;
  const n = indices ? indices.length : Math.floor(positions.length / 3);
  for (let i = 0; i < n; i++) {
    const v = (indices ? indices[i]! : i) * 3;
    const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  box[0] = minX; box[1] = minY; box[2] = minZ; box[3] = maxX; box[4] = maxY; box[5] = maxZ;
  return box;
}

/** The longest side of a box from {@link extendBounds} (−∞ when it is empty). */
export function longestBoundsSide(box: Float64Array): number {
  return Math.max(box[3]! - box[0]!, box[4]! - box[1]!, box[5]! - box[2]!);
}

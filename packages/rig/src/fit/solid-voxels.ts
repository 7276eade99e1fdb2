/**
 * The solid voxels of a grid as a list of indices, ascending (the order of a scan of the grid).
 * A shape analysis makes it once and hands it to the distance field, the medial tree and the mirror
 * plane, each of which visits only the solid voxels (most of a grid is air) in scan order.
 */
export function solidVoxels(solid: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < solid.length; i++) if (solid[i]) count++;
  const list = new Int32Array(count);
  for (let i = 0, k = 0; i < solid.length; i++) if (solid[i]) list[k++] = i;
  return list;
}

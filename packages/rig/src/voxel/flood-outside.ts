/**
 * The voxel core shared by fitting (`fit/voxel-grid.ts`) and skinning (`skinning/voxelize-mesh.ts`):
 * the 6-connected flood fill of the outside that turns a rasterised surface into a solid.
 *
 * Precondition: the grid's border layer holds no wall (both voxelisers pad the mesh's box by two
 * cells), so the walk starts from the first inner layer and never needs bounds checks.
 */

import { floodOutsideWasm } from './wasm/flood-outside-wasm';

/**
 * Cells not reachable from the border through non-wall cells (6-connected) are "inside". Returns 1
 * per outside cell. `kernel`: WebAssembly (`wasm/flood-outside.wat`, the same cells) or this
 * JavaScript (its reference, and the fallback where WebAssembly is missing).
 */
export function floodOutside(wall: Uint8Array, nx: number, ny: number, nz: number, kernel: 'js' | 'wasm' = 'wasm'): Uint8Array {
  if (kernel === 'wasm') {
    const outside = floodOutsideWasm(wall, nx, ny, nz);
    if (outside) return outside;
  }
  const total = nx * ny * nz;
  const nxy = nx * ny;
  const outside = new Uint8Array(total);
  // Wall or already outside, in one array: each of a step's six neighbours is one read instead of
  // two (the walk is most of the grid's air). The same cells are marked in the same order.
  const blocked = new Uint8Array(total);
  for (let i = 0; i < total; i++) if (wall[i]) blocked[i] = 1;
  const queue = new Int32Array(total);
  let head = 0, tail = 0;
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const border = i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1;
        const firstInner = !border && (i === 1 || j === 1 || k === 1 || i === nx - 2 || j === ny - 2 || k === nz - 2);
        if (!border && !firstInner) continue;
        const idx = i + nx * j + nxy * k;
        if (blocked[idx]) continue;
        blocked[idx] = 1;
        outside[idx] = 1;
        if (firstInner) queue[tail++] = idx;
      }
    }
  }
  while (head < tail) {
    const idx = queue[head++]!;
    let next = idx - 1;
    if (!blocked[next]) { blocked[next] = 1; outside[next] = 1; queue[tail++] = next; }
    next = idx + 1;
    if (!blocked[next]) { blocked[next] = 1; outside[next] = 1; queue[tail++] = next; }
    next = idx - nx;
    if (!blocked[next]) { blocked[next] = 1; outside[next] = 1; queue[tail++] = next; }
    next = idx + nx;
    if (!blocked[next]) { blocked[next] = 1; outside[next] = 1; queue[tail++] = next; }
    next = idx - nxy;
    if (!blocked[next]) { blocked[next] = 1; outside[next] = 1; queue[tail++] = next; }
    next = idx + nxy;
    if (!blocked[next]) { blocked[next] = 1; outside[next] = 1; queue[tail++] = next; }
  }
  return outside;
}

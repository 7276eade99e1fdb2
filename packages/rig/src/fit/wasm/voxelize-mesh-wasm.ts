/**
 * The fit's voxeliser in WebAssembly (`voxelize-mesh.wat`): `voxelizeMesh`'s sampling of the
 * triangles, its closing's thickened shell and the erosion, operation for operation, so the same
 * solid voxels bit for bit (test/wasm-kernels.test.ts compares the two); the outside flood between
 * them is the flood's own kernel. Faster for the reasons `wasm-kernel.ts` gives: every shape
 * analysis (the legs gate, the body, each hand, its budget's probes) voxelises the mesh, ~5% of the
 * dev set's rig CPU in JavaScript.
 *
 * One instance per thread, compiled on first use; a memory grown past `KERNEL_KEEP_BYTES` by a large mesh
 * or grid is dropped after the call (WebAssembly memory never shrinks).
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { floodOutside } from '../../voxel/flood-outside';
import { VOXELIZE_MESH_WASM_BASE64 } from './voxelize-mesh-wasm-bytes';

/** The exports of voxelize-mesh.wat. */
interface VoxelizeMeshExports {
  memory: WasmMemory;
  rasterize(
    positions: number, indices: number, triOk: number, triCount: number, surface: number,
    nx: number, nxy: number, ox: number, oy: number, oz: number, inv: number, tabP: number,
  ): void;
  thicken(surface: number, thick: number, cells: number, nx: number, nxy: number, close: number): void;
  erode(surface: number, thick: number, outside: number, solid: number, cells: number, nx: number, nxy: number): void;
}

const kernel = new KernelSlot<VoxelizeMeshExports>(VOXELIZE_MESH_WASM_BASE64);


/** What `voxelizeMesh` has worked out before it rasterises: the grid's frame and the triangles. */
export interface VoxelizeInput {
  positions: Float32Array;
  indices: Uint32Array;
  triOk: Uint8Array;
  dims: readonly [number, number, number];
  origin: readonly [number, number, number];
  inv: number;
  closeHoles: boolean;
}

/** The solid voxels, or undefined where WebAssembly is missing or the arrays do not fit. */
export function voxelizeSolidWasm(input: VoxelizeInput): Uint8Array | undefined {
  const k = kernel.get();
  if (!k) return undefined;
  const { positions, indices, triOk, dims, origin } = input;
  const [nx, ny, nz] = dims;
  const nxy = nx * ny, cells = nxy * nz;
  const triCount = triOk.length;
  const posP = 0, idxP = posP + 4 * positions.length, okP = idxP + 4 * 3 * triCount;
  const surfP = okP + triCount, thickP = surfP + cells, outP = thickP + cells, solidP = outP + cells;
  // The rasteriser's table of a triangle's fractions j / n (n + 1 doubles, 8-byte aligned): a
  // triangle lies in the mesh's box, inside the grid, so n = ceil(longest · inv / 0.45) is at most
  // the grid's diagonal in cells over 0.45, plus one for rounding.
  const tabP = (solidP + cells + 7) & ~7;
  const tableSize = 8 * (Math.ceil(Math.hypot(nx, ny, nz) / 0.45) + 3);
  if (!ensureMemory(k.memory, tabP + tableSize)) return undefined;
  const buffer = k.memory.buffer;
  new Float32Array(buffer, posP, positions.length).set(positions);
  new Uint32Array(buffer, idxP, 3 * triCount).set(indices.subarray(0, 3 * triCount));
  new Uint8Array(buffer, okP, triCount).set(triOk);
  new Uint8Array(buffer, surfP, cells).fill(0);
  k.rasterize(posP, idxP, okP, triCount, surfP, nx, nxy, origin[0], origin[1], origin[2], input.inv, tabP);
  k.thicken(surfP, thickP, cells, nx, nxy, input.closeHoles ? 1 : 0);
  // The flood copies the shell into its own kernel's memory: this one does not move meanwhile.
  new Uint8Array(buffer, outP, cells).set(floodOutside(new Uint8Array(buffer, thickP, cells), nx, ny, nz));
  k.erode(surfP, thickP, outP, solidP, cells, nx, nxy);
  const solid = new Uint8Array(buffer, solidP, cells).slice();
  kernel.dropIfGrown(k);
  return solid;
}

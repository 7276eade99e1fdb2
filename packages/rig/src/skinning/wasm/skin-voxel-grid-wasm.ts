/**
 * The skin grid's surface cells in WebAssembly (`skin-voxel-grid.wat`): voxelizeSkinGrid's
 * triangle loop (skinning/skin-voxel-grid), operation for operation, so the same cells bit for bit
 * (test/wasm-kernels.test.ts compares the two). Faster for the reasons `wasm-kernel.ts` gives: a
 * realistic human's 60–70k triangles on its 128-cell skin grid were most of the grid's time, ~5%
 * of its skin CPU in JavaScript.
 *
 * One instance per thread, compiled on first use; a memory grown past `KERNEL_KEEP_BYTES` by a
 * large mesh or grid is dropped after the call (WebAssembly memory never shrinks).
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { SKIN_VOXEL_GRID_WASM_BASE64 } from './skin-voxel-grid-wasm-bytes';

/** The exports of skin-voxel-grid.wat. */
interface SkinVoxelGridExports {
  memory: WasmMemory;
  surfaceCells(gP: number, idxP: number, triCount: number, stateP: number, nx: number, nxy: number): void;
}

const kernel = new KernelSlot<SkinVoxelGridExports>(SKIN_VOXEL_GRID_WASM_BASE64);

/**
 * Marks, in `state` (nx · ny · nz cells, vertex cells already marked), the surface cells of the
 * triangles `indices` over the grid positions `g`; false (state untouched) where WebAssembly is
 * missing or the arrays do not fit its memory, for the caller's JavaScript loop.
 */
export function surfaceCellsWasm(g: Float32Array, indices: Uint32Array, state: Uint8Array, nx: number, nxy: number): boolean {
  const k = kernel.get();
  if (!k) return false;
  const gP = 0, idxP = gP + 4 * g.length, stateP = idxP + 4 * indices.length;
  if (!ensureMemory(k.memory, stateP + state.length)) return false;
  const buffer = k.memory.buffer;
  new Float32Array(buffer, gP, g.length).set(g);
  new Uint32Array(buffer, idxP, indices.length).set(indices);
  new Uint8Array(buffer, stateP, state.length).set(state);
  k.surfaceCells(gP, idxP, Math.floor(indices.length / 3), stateP, nx, nxy);
  state.set(new Uint8Array(buffer, stateP, state.length));
  kernel.dropIfGrown(k);
  return true;
}

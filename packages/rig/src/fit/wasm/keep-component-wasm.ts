/**
 * The hand's `keepComponent` (fit/fit-fingers) in WebAssembly (`keep-component.wat`): the same
 * breadth-first walk from the cut's seed over the 26-connected solid voxels, and the same sweep of
 * the solid list after it, so the same grid and the same kept list (test/wasm-kernels.test.ts
 * compares the two), faster for the reasons `wasm-kernel.ts` gives (it was ~4% of a biped's fit in
 * JavaScript). One instance per thread; a memory grown past `KERNEL_KEEP_BYTES` by a large grid is
 * dropped after the call.
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { KEEP_COMPONENT_WASM_BASE64 } from './keep-component-wasm-bytes';

/** The exports of keep-component.wat. */
interface KeepComponentExports {
  memory: WasmMemory;
  keepComponent(solid: number, cells: number, count: number, queue: number, delta: number, seed: number): number;
}

const kernel = new KernelSlot<KeepComponentExports>(KEEP_COMPONENT_WASM_BASE64);

/**
 * Clears `solid`'s voxels not 26-connected to `seed` (in place) and returns the kept ones,
 * ascending; undefined where WebAssembly is missing or the grid does not fit (nothing changed then).
 * `cells`: the grid's solid voxels, ascending; `delta`: neighbourOffsets' 26 index offsets.
 */
export function keepComponentWasm(solid: Uint8Array, cells: Int32Array, delta: Int32Array, seed: number): Int32Array | undefined {
  const k = kernel.get();
  if (!k) return undefined;
  const n = solid.length, count = cells.length;
  const deltaP = 0, cellsP = deltaP + 4 * 26, queueP = cellsP + 4 * count, solidP = queueP + 4 * count;
  if (!ensureMemory(k.memory, solidP + n)) return undefined;
  const buffer = k.memory.buffer;
  new Int32Array(buffer, deltaP, 26).set(delta.subarray(0, 26));
  new Int32Array(buffer, cellsP, count).set(cells);
  const grid = new Uint8Array(buffer, solidP, n);
  grid.set(solid);
  const kept = k.keepComponent(solidP, cellsP, count, queueP, deltaP, seed);
  solid.set(grid);
  const list = new Int32Array(buffer, queueP, kept).slice();
  kernel.dropIfGrown(k);
  return list;
}

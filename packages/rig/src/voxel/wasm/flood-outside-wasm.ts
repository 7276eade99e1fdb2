/**
 * The voxelisers' outside flood in WebAssembly (`flood-outside.wat`): the same walk as
 * `floodOutside` (voxel/flood-outside), and the set of cells it marks does not depend on the order
 * anyway (test/wasm-kernels.test.ts compares the two), faster for the reasons `wasm-kernel.ts`
 * gives: every analysis and skin grid floods its whole grid, mostly air (2.6% of the dev set's rig
 * CPU). One instance per thread; a memory grown past `KERNEL_KEEP_BYTES` by a large grid is dropped after
 * the call.
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { FLOOD_OUTSIDE_WASM_BASE64 } from './flood-outside-wasm-bytes';

/** The exports of flood-outside.wat. */
interface FloodOutsideExports {
  memory: WasmMemory;
  floodOutside(nx: number, ny: number, nz: number, wall: number, outside: number, blocked: number, queue: number): void;
}

const kernel = new KernelSlot<FloodOutsideExports>(FLOOD_OUTSIDE_WASM_BASE64);


/** 1 per outside cell, or undefined where WebAssembly is missing or the grid does not fit. */
export function floodOutsideWasm(wall: Uint8Array, nx: number, ny: number, nz: number): Uint8Array | undefined {
  const k = kernel.get();
  if (!k) return undefined;
  const total = nx * ny * nz;
  const queueP = 0, wallP = 4 * total, outsideP = wallP + total, blockedP = outsideP + total;
  if (!ensureMemory(k.memory, blockedP + total)) return undefined;
  new Uint8Array(k.memory.buffer, wallP, total).set(wall.subarray(0, total));
  k.floodOutside(nx, ny, nz, wallP, outsideP, blockedP, queueP);
  const outside = new Uint8Array(k.memory.buffer, outsideP, total).slice();
  kernel.dropIfGrown(k);
  return outside;
}

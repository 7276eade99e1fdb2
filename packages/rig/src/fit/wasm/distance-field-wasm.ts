/**
 * The distance field's two chamfer passes in WebAssembly (`distance-field.wat`): computeDistanceField's
 * loops (fit/distance-field) operation for operation, so every distance is the same bit for bit
 * (test/wasm-kernels.test.ts compares the two), faster for the reasons `wasm-kernel.ts` gives. Every
 * shape analysis (the legs gate, the body, each hand) computes one: ~2.5% of a median character's
 * rig CPU in JavaScript.
 *
 * One instance per thread, compiled on first use; a memory grown past `KERNEL_KEEP_BYTES` by a large grid
 * is dropped after the call (WebAssembly memory never shrinks).
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { DISTANCE_FIELD_WASM_BASE64 } from './distance-field-wasm-bytes';

/** The exports of distance-field.wat. */
interface DistanceFieldExports {
  memory: WasmMemory;
  pass(dtP: number, listP: number, count: number, dlP: number, lnP: number, m: number, forward: number): void;
}

const kernel = new KernelSlot<DistanceFieldExports>(DISTANCE_FIELD_WASM_BASE64);


/** One chamfer pass's neighbour steps (index deltas) and their lengths. */
export interface ChamferPass { delta: Int32Array; length: Float32Array }

/**
 * `dt` (air 0, solid voxels 1e9) after the forward pass and then the backward one over the solid
 * voxels `solidList`, or undefined where WebAssembly is missing or the grid does not fit.
 */
export function chamferPassesWasm(dt: Float32Array, solidList: Int32Array, forward: ChamferPass, backward: ChamferPass): Float32Array | undefined {
  const k = kernel.get();
  if (!k) return undefined;
  const n = dt.length, count = solidList.length;
  const fdP = 0, flP = fdP + 4 * forward.delta.length, bdP = flP + 4 * forward.length.length, blP = bdP + 4 * backward.delta.length;
  const listP = blP + 4 * backward.length.length, dtP = listP + 4 * count;
  if (!ensureMemory(k.memory, dtP + 4 * n)) return undefined;
  const buffer = k.memory.buffer;
  new Int32Array(buffer, fdP, forward.delta.length).set(forward.delta);
  new Float32Array(buffer, flP, forward.length.length).set(forward.length);
  new Int32Array(buffer, bdP, backward.delta.length).set(backward.delta);
  new Float32Array(buffer, blP, backward.length.length).set(backward.length);
  new Int32Array(buffer, listP, count).set(solidList);
  const view = new Float32Array(buffer, dtP, n);
  view.set(dt);
  k.pass(dtP, listP, count, fdP, flP, forward.delta.length, 1);
  k.pass(dtP, listP, count, bdP, blP, backward.delta.length, 0);
  dt.set(view);
  kernel.dropIfGrown(k);
  return dt;
}

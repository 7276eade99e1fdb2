/**
 * Bone heat's Jacobi CG in WebAssembly (`jacobi-cg.wat`): the JavaScript loop of
 * `conjugateGradient` (skinning/heat-solver) operation for operation, so the same x and the same
 * iteration count bit for bit (test/wasm-kernels.test.ts compares the two on positive definite,
 * indefinite and capped systems), about four times faster per iteration: V8 checks every typed
 * array read of the sparse product (bounds, and a uint32 index's range), WebAssembly's linear
 * memory needs no check. CG was a quarter of the dev set's rig CPU, three quarters of the large
 * humans' skinning (packages/rig/README.md, "Where the time goes").
 *
 * One module instance per thread (each engine worker thread has its own), compiled on first use;
 * its memory grows to the largest system solved (a 60k-vertex mesh's support: ~10 MB) and is kept
 * for the next. Where WebAssembly is missing the caller keeps the JavaScript loop.
 */
import { ensureMemory, instantiateKernel, type WasmMemory } from '../../wasm-kernel';
import { JACOBI_CG_WASM_BASE64 } from './jacobi-cg-wasm-bytes';

/** The exports of jacobi-cg.wat. */
interface JacobiCgExports {
  memory: WasmMemory;
  jacobiCg(
    m: number, rowStart: number, cols: number, vals: number, diag: number, rhs: number,
    x: number, r: number, p: number, q: number, inv: number, tolerance: number, maxIterations: number,
  ): number;
}

let kernel: JacobiCgExports | null | undefined;

const I32_MAX = 2147483647;

/**
 * Jacobi CG on (diag − offdiag) x = rhs (CSR `rowStart`, `cols`, `vals` as conjugateGradient takes
 * them), the solution written to `x` (length ≥ m). Returns the iterations, or undefined where
 * WebAssembly is not available or the system does not fit 32-bit addresses.
 */
export function jacobiCgWasm(
  rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, rhs: Float64Array,
  tolerance: number, maxIterations: number, x: Float64Array,
): number | undefined {
  const k = (kernel ??= instantiateKernel<JacobiCgExports>(JACOBI_CG_WASM_BASE64));
  if (!k) return undefined;
  const m = rhs.length;
  const nnz = rowStart[m]!;
  // Layout: rowStart (u32), cols (u32), then 8-byte aligned f64 arrays.
  const at8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;
  const rowStartP = 0;
  const colsP = at8(rowStartP + 4 * (m + 1));
  const valsP = at8(colsP + 4 * nnz);
  const diagP = valsP + 8 * nnz;
  const rhsP = diagP + 8 * m, xP = rhsP + 8 * m, rP = xP + 8 * m, pP = rP + 8 * m, qP = pP + 8 * m, invP = qP + 8 * m;
  if (!ensureMemory(k.memory, invP + 8 * m)) return undefined;
  const buffer = k.memory.buffer;
  new Uint32Array(buffer, rowStartP, m + 1).set(rowStart.subarray(0, m + 1));
  new Uint32Array(buffer, colsP, nnz).set(cols.subarray(0, nnz));
  new Float64Array(buffer, valsP, nnz).set(vals.subarray(0, nnz));
  new Float64Array(buffer, diagP, m).set(diag.subarray(0, m));
  new Float64Array(buffer, rhsP, m).set(rhs);
  const iterations = k.jacobiCg(m, rowStartP, colsP, valsP, diagP, rhsP, xP, rP, pP, qP, invP, tolerance, Math.min(Math.max(0, Math.ceil(maxIterations)), I32_MAX));
  x.set(new Float64Array(buffer, xP, m));
  return iterations;
}

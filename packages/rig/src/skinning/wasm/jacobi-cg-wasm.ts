/**
 * Bone heat's Jacobi CG in WebAssembly (`jacobi-cg.wat`): the JavaScript loop of
 * `conjugateGradient` (skinning/heat-solver) operation for operation, so the same x and the same
 * iteration count bit for bit (test/wasm-kernels.test.ts compares the two on positive definite,
 * indefinite and capped systems), about four times faster per iteration: V8 checks every typed
 * array read of the sparse product (bounds, and a uint32 index's range), WebAssembly's linear
 * memory needs no check. CG was a quarter of the dev set's rig CPU, three quarters of the large
 * humans' skinning (packages/rig/docs/speed.md, "Where the time goes").
 *
 * One module instance per thread (each engine worker thread has its own), compiled on first use;
 * its memory grows to the largest system solved (a 60k-vertex mesh's support: ~10 MB) and is kept
 * for the next. Where WebAssembly is missing the caller keeps the JavaScript loop.
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { JACOBI_CG_WASM_BASE64 } from './jacobi-cg-wasm-bytes';
import type { KeptHeat } from '../kept-heat';

/** The exports of jacobi-cg.wat. */
interface JacobiCgExports {
  memory: WasmMemory;
  jacobiCg(
    m: number, rowStart: number, cols: number, vals: number, diag: number, rhs: number,
    x: number, r: number, p: number, q: number, inv: number, tolerance: number, maxIterations: number,
  ): number;
}

const kernel = new KernelSlot<JacobiCgExports & HeatSupportExports>(JACOBI_CG_WASM_BASE64);

const I32_MAX = 2147483647;

/** The iteration cap as the kernel's i32 argument takes it. */
export function cgIterationCap(maxIterations: number): number {
  return Math.min(Math.max(0, Math.ceil(maxIterations)), I32_MAX);
}

/**
 * Jacobi CG on (diag − offdiag) x = rhs (CSR `rowStart`, `cols`, `vals` as conjugateGradient takes
 * them), the solution written to `x` (length ≥ m). Returns the iterations, or undefined where
 * WebAssembly is not available or the system does not fit 32-bit addresses.
 */
export function jacobiCgWasm(
  rowStart: Uint32Array, cols: Uint32Array, vals: Float64Array, diag: Float64Array, rhs: Float64Array,
  tolerance: number, maxIterations: number, x: Float64Array,
): number | undefined {
  const k = kernel.get();
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
  const iterations = k.jacobiCg(m, rowStartP, colsP, valsP, diagP, rhsP, xP, rP, pP, qP, invP, tolerance, cgIterationCap(maxIterations));
  x.set(new Float64Array(buffer, xP, m));
  return iterations;
}

/** The exports of jacobi-cg.wat's support systems. */
interface HeatSupportExports {
  supportInit(
    n: number, offsets: number, columns: number, values: number, step: number, diagonal: number, screen: number,
    sourceStart: number, seeds: number, reach: number, local: number, support: number, heap: number,
  ): void;
  supportSystem(seedFrom: number, seedTo: number, radius: number, rowStart: number, cols: number, vals: number, diag: number, rhs: number): number;
  supportReset(m: number): void;
}

/**
 * Where `HeatSupportsWasm.create` put the mesh and the work arrays in the kernel's memory:
 * `supportInit`'s arguments, the bytes the mesh's arrays fill (from 0; what follows is work the
 * kernel initialises or writes), the memory needed before the heap, and each bone's system and
 * CG vectors (`at`).
 */
export interface HeatSupportsLayout {
  init: readonly [number, number, number, number, number, number, number, number, number, number, number, number, number];
  imageBytes: number;
  memoryBytes: number;
  at: { support: number; rowStart: number; cols: number; vals: number; diag: number; rhs: number; x: number; r: number; p: number; q: number; inv: number };
}

/**
 * Bone heat's per-bone solves (`solveEachBoneLocally` in skinning/bone-heat) in the kernel's
 * memory: each bone's support (a surface Dijkstra from its sources), its system and its Jacobi CG,
 * with no copy between them. The mesh's arrays are copied in once. `support` and `x` are views,
 * valid until the next `solve`.
 */
export class HeatSupportsWasm {
  support!: Int32Array;
  x!: Float64Array;

  private readonly at: HeatSupportsLayout['at'];

  private constructor(
    private readonly k: JacobiCgExports & HeatSupportExports,
    /** Where everything lies in the kernel's memory, so another thread's instance can be set up alike (skinning/heat-threads). */
    readonly layout: HeatSupportsLayout,
  ) {
    this.at = layout.at;
  }

  /** The mesh's arrays as copied into the kernel's memory: its first `layout.imageBytes` bytes. */
  image(): Uint8Array {
    return new Uint8Array(this.k.memory.buffer, 0, this.layout.imageBytes);
  }

  /** Null where WebAssembly is missing or the mesh does not fit. */
  static create(
    offsets: Uint32Array, columns: Uint32Array, values: Float64Array, step: Float64Array, diagonal: Float64Array, screen: Float64Array,
    sourceStart: Uint32Array, seeds: Uint32Array,
  ): HeatSupportsWasm | null {
    const k = kernel.get();
    if (!k) return null;
    const n = diagonal.length, nnz = columns.length;
    let end = 0;
    const take = (bytes: number): number => { const p = Math.ceil(end / 8) * 8; end = p + bytes; return p; };
    const offsetsP = take(4 * (n + 1)), columnsP = take(4 * nnz), valuesP = take(8 * nnz), stepP = take(8 * nnz);
    const diagonalP = take(8 * n), screenP = take(8 * n), sourceStartP = take(4 * (n + 1)), seedsP = take(4 * seeds.length);
    const reachP = take(8 * n), localP = take(4 * n), supportP = take(4 * n);
    const rowStartP = take(4 * (n + 1)), colsP = take(4 * nnz), valsP = take(8 * nnz), diagP = take(8 * n), rhsP = take(8 * n);
    const xP = take(8 * n), rP = take(8 * n), pP = take(8 * n), qP = take(8 * n), invP = take(8 * n);
    const heapP = take(16 * 1024);
    if (!ensureMemory(k.memory, end)) return null;
    const buffer = k.memory.buffer;
    new Uint32Array(buffer, offsetsP, n + 1).set(offsets.subarray(0, n + 1));
    new Uint32Array(buffer, columnsP, nnz).set(columns);
    new Float64Array(buffer, valuesP, nnz).set(values.subarray(0, nnz));
    new Float64Array(buffer, stepP, nnz).set(step.subarray(0, nnz));
    new Float64Array(buffer, diagonalP, n).set(diagonal);
    new Float64Array(buffer, screenP, n).set(screen.subarray(0, n));
    new Uint32Array(buffer, sourceStartP, n + 1).set(sourceStart.subarray(0, n + 1));
    new Uint32Array(buffer, seedsP, seeds.length).set(seeds);
    const init = [n, offsetsP, columnsP, valuesP, stepP, diagonalP, screenP, sourceStartP, seedsP, reachP, localP, supportP, heapP] as const;
    k.supportInit(...init);
    return new HeatSupportsWasm(k, {
      init, imageBytes: reachP, memoryBytes: end,
      at: { support: supportP, rowStart: rowStartP, cols: colsP, vals: valsP, diag: diagP, rhs: rhsP, x: xP, r: rP, p: pP, q: qP, inv: invP },
    });
  }

  /**
   * The bone whose sources are seeds[seedFrom..seedTo): its support (`support`, m rows) and its
   * heat on it (`x`), by Jacobi CG as `conjugateGradient`. Call `reset` before the next bone.
   */
  solve(seedFrom: number, seedTo: number, supportRadius: number, tolerance: number, maxIterations: number): { m: number; iterations: number } {
    const { k, at } = this;
    const m = k.supportSystem(seedFrom, seedTo, supportRadius, at.rowStart, at.cols, at.vals, at.diag, at.rhs);
    const iterations = k.jacobiCg(m, at.rowStart, at.cols, at.vals, at.diag, at.rhs, at.x, at.r, at.p, at.q, at.inv, tolerance, cgIterationCap(maxIterations));
    const buffer = k.memory.buffer;
    this.support = new Int32Array(buffer, at.support, m);
    this.x = new Float64Array(buffer, at.x, m);
    return { m, iterations };
  }

  /**
   * `solve`, then the bone's heat written into its column of `out` (vertex v's at v·nb + bone, as
   * bone heat's serial loop and the heat threads both keep it), then `reset`. Returns the CG
   * iterations.
   */
  solveInto(bone: number, seedFrom: number, seedTo: number, out: Float64Array, nb: number, supportRadius: number, tolerance: number, maxIterations: number): number {
    const { m, iterations } = this.solve(seedFrom, seedTo, supportRadius, tolerance, maxIterations);
    const { support, x } = this;
    for (let i = 0; i < m; i++) out[support[i]! * nb + bone] = x[i]!;
    this.reset(m);
    return iterations;
  }

  /**
   * `solve`, then the task's kept heat (its entries ≥ `limit`) into `kept` (skinning/kept-heat), then
   * `reset`. Returns the CG iterations.
   */
  solveKept(task: number, seedFrom: number, seedTo: number, kept: KeptHeat, limit: number, supportRadius: number, tolerance: number, maxIterations: number): number {
    const { m, iterations } = this.solve(seedFrom, seedTo, supportRadius, tolerance, maxIterations);
    kept.keep(task, this.support, this.x, m, limit);
    this.reset(m);
    return iterations;
  }

  /** The support's search state back to unreached, for the next bone. */
  reset(m: number): void {
    this.k.supportReset(m);
  }

  /** Drops the kernel's memory if a large mesh grew it. */
  finish(): void {
    kernel.dropIfGrown(this.k);
  }
}

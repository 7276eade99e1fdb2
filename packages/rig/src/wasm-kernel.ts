/**
 * Instantiates one of the engine's hand-written WebAssembly kernels (`skinning/wasm/`,
 * `fit/wasm/`: each a .wat text, compiled by scripts/build-wasm.ts into a module of its bytes).
 * Each kernel does the same operations in the same order as the JavaScript loop it stands for
 * (WebAssembly's f64 and f32 arithmetic is IEEE-754 with round-to-nearest, as JavaScript's, and
 * never fuses a multiply and an add), so its results are those of the loop bit for bit; it is
 * faster because reads of its linear memory need none of the bounds checks V8 makes on every
 * typed-array read. Null where WebAssembly is missing: the caller keeps its JavaScript loop.
 */

/** A kernel's memory: its buffer is replaced when it grows. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The parts of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/**
 * The exports of the kernel in `base64`, compiled once per call (callers keep the result: one
 * instance per thread, since each engine worker thread has its own module scope). `imports`: the
 * functions the kernel's text imports (as `(import "env" "name" …)`), none for most.
 */
export function instantiateKernel<Exports>(base64: string, imports: Record<string, Record<string, unknown>> = {}): Exports | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  // The exports are the kernel's own, declared by its .wat: the caller's type names them.
  return new api.Instance(new api.Module(bytes), imports).exports as Exports;
}

const PAGE = 65536;

/**
 * A kernel instance whose memory a large input grew past this is dropped after the call (the next
 * call compiles a fresh one): one thread keeps at most this much per kernel between rigs, while
 * the common meshes' few megabytes are kept and reused.
 */
export const KERNEL_KEEP_BYTES = 64 * 2 ** 20;

/** Grows `memory` to at least `bytes`; false when that is past 2 GB (32-bit offsets, signed). */
export function ensureMemory(memory: WasmMemory, bytes: number): boolean {
  if (bytes > 2 ** 31 - PAGE) return false;
  const have = memory.buffer.byteLength;
  if (bytes > have) memory.grow(Math.ceil((bytes - have) / PAGE));
  return true;
}

/**
 * One kernel's instance for this thread, compiled on first use, and what its caller last copied
 * into its memory (`loaded`: a tree, a grid). `dropIfGrown` drops both after a call that grew the
 * memory past KERNEL_KEEP_BYTES (WebAssembly memory never shrinks; the next call compiles a fresh
 * instance). Every wrapper in `skinning/wasm/` keeps its kernel this way.
 */
export class KernelSlot<Exports extends { memory: WasmMemory }, Loaded = never> {
  private instance: Exports | null | undefined;
  loaded: Loaded | undefined;

  constructor(private readonly base64: string) {}

  /** The instance, compiled on first use; null where WebAssembly is missing. */
  get(): Exports | null {
    return (this.instance ??= instantiateKernel<Exports>(this.base64));
  }

  /** Whether `k` is still this slot's instance (not dropped since it was handed out). */
  holds(k: Exports): boolean {
    return this.instance === k;
  }

  /** Drops the instance `k` (and what was loaded into it) if its memory grew past KERNEL_KEEP_BYTES. */
  dropIfGrown(k: { readonly memory: WasmMemory }): void {
    if (k.memory.buffer.byteLength > KERNEL_KEEP_BYTES && this.instance === k) { this.instance = undefined; this.loaded = undefined; }
  }
}

/**
 * The medial tree's two searches in WebAssembly (`medial-dijkstra.wat`): `shortestPathTree`'s
 * JavaScript loop and `buildMedialTree`'s cover spread (fit/medial-tree), and their heap
 * (`KeyValueHeap`), operation for operation, so the same parents, distances and covers bit for bit
 * (test/wasm-kernels.test.ts compares the two), faster for the reasons `wasm-kernel.ts` gives. Both
 * run once per shape analysis (the legs gate, the body, each hand): ~11% of the dev set's rig CPU.
 *
 * One instance per thread, compiled on first use. Its memory holds the grid's arrays (29 bytes a
 * cell) and the heap; a memory grown past `KERNEL_KEEP_BYTES` by a large grid is dropped after the call
 * (WebAssembly memory never shrinks), so a worker does not hold it between jobs.
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { MEDIAL_DIJKSTRA_WASM_BASE64 } from './medial-dijkstra-wasm-bytes';

/** The exports of medial-dijkstra.wat. */
interface MedialDijkstraExports {
  memory: WasmMemory;
  shortestPathTree(
    n: number, source: number, centring: number, dt: number, solid: number, delta: number, length: number,
    parent: number, distance: number, records: number, heap: number,
  ): void;
}

const kernel = new KernelSlot<MedialDijkstraExports & CoverSpreadExports>(MEDIAL_DIJKSTRA_WASM_BASE64);


/**
 * Parents and Euclidean path lengths of the Dijkstra from `source` over the solid voxels (see
 * `shortestPathTree`), or undefined where WebAssembly is missing or the grid does not fit.
 */
export function shortestPathTreeWasm(
  solid: Uint8Array, dt: Float32Array, delta: Int32Array, length: Float64Array, source: number, centring: number,
): { parent: Int32Array; distance: Float32Array } | undefined {
  const k = kernel.get();
  if (!k) return undefined;
  const n = dt.length;
  const at8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;
  // Each cell's cost and penalty side by side (16 bytes: one cache line per relaxed step).
  const recordsP = 0, lengthP = recordsP + 16 * n;
  const dtP = lengthP + 8 * 26, parentP = dtP + 4 * n, distanceP = parentP + 4 * n, deltaP = distanceP + 4 * n;
  const solidP = deltaP + 4 * 26;
  const heapP = at8(solidP + n);
  // Room for the heap's first entries; the kernel grows the memory as the heap needs.
  if (!ensureMemory(k.memory, heapP + 16 * 4096)) return undefined;
  let buffer = k.memory.buffer;
  new Float32Array(buffer, dtP, n).set(dt);
  new Uint8Array(buffer, solidP, n).set(solid.subarray(0, n));
  new Int32Array(buffer, deltaP, 26).set(delta.subarray(0, 26));
  new Float64Array(buffer, lengthP, 26).set(length.subarray(0, 26));
  k.shortestPathTree(n, source, centring, dtP, solidP, deltaP, lengthP, parentP, distanceP, recordsP, heapP);
  buffer = k.memory.buffer;
  const parent = new Int32Array(buffer, parentP, n).slice();
  const distance = new Float32Array(buffer, distanceP, n).slice();
  kernel.dropIfGrown(k);
  return { parent, distance };
}

/** The exports of medial-dijkstra.wat's cover spread. */
interface CoverSpreadExports {
  memory: WasmMemory;
  coverInit(n: number, dt: number, cover: number, delta: number, length: number, heap: number, coverScale: number, coverPad: number): void;
  spread(seeds: number, count: number): void;
}

/**
 * `buildMedialTree`'s cover spread in the kernel's memory: `cover` (−1 on solid voxels, ∞ on air,
 * then the budgets spread) is a view, valid until the next `spread` (which refreshes it).
 */
export class CoverSpreadWasm {
  cover!: Float32Array;
  private buffer: ArrayBuffer | null = null;

  private constructor(private readonly k: CoverSpreadExports, private readonly n: number, private readonly coverP: number, private readonly seedsP: number) {
    this.refresh();
  }

  /** Null where WebAssembly is missing or the grid does not fit. */
  static create(
    dt: Float32Array, solidList: Int32Array, delta: Int32Array, length: Float32Array, coverScale: number, coverPad: number,
  ): CoverSpreadWasm | null {
    const k = kernel.get();
    if (!k) return null;
    const n = dt.length;
    // Seeds are a branch's path: at most every solid voxel.
    const lengthP = 0, deltaP = lengthP + 4 * 26, dtP = deltaP + 4 * 26, coverP = dtP + 4 * n, seedsP = coverP + 4 * n;
    const heapP = Math.ceil((seedsP + 4 * solidList.length) / 8) * 8;
    if (!ensureMemory(k.memory, heapP + 16 * 1024)) return null;
    const buffer = k.memory.buffer;
    new Float32Array(buffer, lengthP, 26).set(length.subarray(0, 26));
    new Int32Array(buffer, deltaP, 26).set(delta.subarray(0, 26));
    new Float32Array(buffer, dtP, n).set(dt);
    // Air starts covered beyond any budget, so the spread needs no solid test per step.
    const cover = new Float32Array(buffer, coverP, n).fill(Infinity);
    for (let s = 0; s < solidList.length; s++) cover[solidList[s]!] = -1;
    k.coverInit(n, dtP, coverP, deltaP, lengthP, heapP, coverScale, coverPad);
    return new CoverSpreadWasm(k, n, coverP, seedsP);
  }

  spread(seeds: Int32Array): void {
    new Int32Array(this.k.memory.buffer, this.seedsP, seeds.length).set(seeds);
    this.k.spread(this.seedsP, seeds.length);
    this.refresh();
  }

  /** Drops the kernel's memory if a large grid grew it. */
  finish(): void {
    kernel.dropIfGrown(this.k);
  }

  private refresh(): void {
    const buffer = this.k.memory.buffer;
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    this.cover = new Float32Array(buffer, this.coverP, this.n);
  }
}

/**
 * The k-label geodesic search of `geodesicJointDistances` (skinning/geodesic-joint-distances) in
 * WebAssembly (`geodesic-search.wat`): its `offer` and `run` and their heap operation for
 * operation, so every voxel's slots are the same bit for bit (test/wasm-kernels.test.ts compares
 * the two, with targets, frozen parts and an early stop), faster for the reasons `wasm-kernel.ts`
 * gives. The search was ~10% of the dev set's rig CPU (the fill of the pieces heat leaves empty).
 *
 * The search's arrays live in the kernel's memory, which grows with the heap: `labels`, `dists`,
 * `counts` and `target` are views, valid until the next `offer` or `run` (each refreshes them).
 * One instance per thread, compiled on first use; a memory grown past `KERNEL_KEEP_BYTES` is dropped
 * after the search (`finish`).
 */
import { ensureMemory, KernelSlot, type WasmMemory } from '../../wasm-kernel';
import { GEODESIC_SEARCH_WASM_BASE64 } from './geodesic-search-wasm-bytes';

/** The exports of geodesic-search.wat. */
interface GeodesicSearchExports {
  memory: WasmMemory;
  init(
    k: number, labels: number, dists: number, counts: number, listed: number, nbrs: number, cells: number,
    solidIndex: number, total: number, offsets: number, costs: number, target: number, heap: number,
  ): void;
  clear(): void;
  setRemaining(remaining: number): void;
  getRemaining(): number;
  offer(v: number, l: number, d: number, frozen: number): void;
  run(frozen: number, stop: number): number;
  setLimit(limit: number): void;
}

const kernel = new KernelSlot<GeodesicSearchExports>(GEODESIC_SEARCH_WASM_BASE64);


/** One search's state in the kernel's memory. */
export class GeodesicSearchWasm {
  labels!: Int32Array;
  dists!: Float32Array;
  counts!: Uint8Array;
  /** 1 per solid voxel whose slots the caller reads; null without targets. */
  target!: Uint8Array | null;
  private buffer: ArrayBuffer | null = null;

  private constructor(
    private readonly k: GeodesicSearchExports,
    private readonly slots: number,
    private readonly solidCount: number,
    private readonly at: { labels: number; dists: number; counts: number; target: number; frozen: number; limit: number },
    private readonly withTarget: boolean,
  ) {
    this.refresh();
  }

  /**
   * A search over `solidCount` voxels with `k` slots each, or null where WebAssembly is missing
   * or the grid does not fit. `offsets` and `costs` are the 26 neighbours' index steps and lengths.
   */
  static create(k: number, cells: Int32Array, solidIndex: Int32Array, offsets: Int32Array, costs: Float64Array, withTarget: boolean): GeodesicSearchWasm | null {
    const kx = kernel.get();
    if (!kx) return null;
    const solidCount = cells.length, total = solidIndex.length;
    const at8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;
    // Offset 0 stays unused: the kernel reads a 0 target or frozen offset as "none".
    const costsP = 8, offsetsP = costsP + 8 * 26, labelsP = at8(offsetsP + 4 * 26);
    const distsP = labelsP + 4 * solidCount * k, nbrsP = distsP + 4 * solidCount * k;
    const cellsP = nbrsP + 4 * solidCount * 26, solidIndexP = cellsP + 4 * solidCount;
    const countsP = solidIndexP + 4 * total, listedP = countsP + solidCount, targetP = listedP + solidCount;
    // The limits (f64 per solid voxel) only where the search may stop at targets.
    const frozenP = targetP + solidCount, limitP = at8(frozenP + solidCount), heapP = at8(limitP + (withTarget ? 8 * solidCount : 0));
    if (!ensureMemory(kx.memory, heapP + 16 * Math.max(1024, solidCount))) return null;
    const buffer = kx.memory.buffer;
    new Float64Array(buffer, costsP, 26).set(costs.subarray(0, 26));
    new Int32Array(buffer, offsetsP, 26).set(offsets.subarray(0, 26));
    new Int32Array(buffer, labelsP, solidCount * k).fill(-1);
    new Float32Array(buffer, distsP, solidCount * k).fill(0);
    new Int32Array(buffer, cellsP, solidCount).set(cells);
    new Int32Array(buffer, solidIndexP, total).set(solidIndex);
    new Uint8Array(buffer, countsP, 4 * solidCount).fill(0); // counts, listed, target, frozen
    kx.init(k, labelsP, distsP, countsP, listedP, nbrsP, cellsP, solidIndexP, total, offsetsP, costsP, withTarget ? targetP : 0, heapP);
    return new GeodesicSearchWasm(kx, k, solidCount, { labels: labelsP, dists: distsP, counts: countsP, target: targetP, frozen: frozenP, limit: limitP }, withTarget);
  }

  /** The voxels later offers and runs leave alone (the reached parts, for the unreached pass). */
  freeze(frozen: Uint8Array): void {
    new Uint8Array(this.k.memory.buffer, this.at.frozen, this.solidCount).set(frozen);
  }

  /** Each solid voxel's limit for later runs (a search with targets only): see LabelSearch.limit. */
  limit(limit: Float64Array): void {
    if (!this.withTarget) throw new Error('geodesic search: limits are for a search with targets');
    new Float64Array(this.k.memory.buffer, this.at.limit, this.solidCount).set(limit);
    this.k.setLimit(this.at.limit);
  }

  get remaining(): number {
    return this.k.getRemaining();
  }

  set remaining(r: number) {
    this.k.setRemaining(r);
  }

  offer(v: number, l: number, d: number, frozen: boolean): void {
    this.k.offer(v, l, d, frozen ? this.at.frozen : 0);
    this.refresh();
  }

  run(frozen: boolean, stopAtTargets: boolean): boolean {
    const stopped = this.k.run(frozen ? this.at.frozen : 0, stopAtTargets ? 1 : 0) === 1;
    this.refresh();
    return stopped;
  }

  clear(): void {
    this.k.clear();
  }

  /** Copies of the slots, and the kernel's memory dropped if a large grid grew it. */
  finish(): { labels: Int32Array; dists: Float32Array; counts: Uint8Array } {
    const out = { labels: this.labels.slice(), dists: this.dists.slice(), counts: this.counts.slice() };
    kernel.dropIfGrown(this.k);
    return out;
  }

  private refresh(): void {
    const buffer = this.k.memory.buffer;
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    const n = this.solidCount * this.slots;
    this.labels = new Int32Array(buffer, this.at.labels, n);
    this.dists = new Float32Array(buffer, this.at.dists, n);
    this.counts = new Uint8Array(buffer, this.at.counts, this.solidCount);
    this.target = this.withTarget ? new Uint8Array(buffer, this.at.target, this.solidCount) : null;
  }
}

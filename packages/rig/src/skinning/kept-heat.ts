/**
 * Bone heat's per-bone solves kept sparse: of each bone's heat on its support only the entries the
 * limits pass reads (w ≥ weightLimitEnd; bone-heat.ts drops the rest first thing), as (vertex,
 * weight) pairs in one pool, instead of every bone's column of a dense n × bones array (14 MB for a
 * 34k-vertex human with 52 bones, written at a stride of the bone count and then read whole by the
 * limits pass, while ~2 of the 52 entries per vertex survive the limit). The limits pass then reads
 * each vertex's kept entries in bone order (`vertexRows`), the same weights in the same order as its
 * scan of the dense row, so the same result bit for bit.
 *
 * The pool is filled by the thread that solved the bone (skinning/heat-threads: a helper reserves
 * its entries with an atomic add on `head`); a task whose entries do not fit is left unstored
 * (`start` −1) and solved again on the calling thread, which keeps it in `extra`. heat-thread.cjs
 * writes a task as `keep` does (plain JavaScript there, no TypeScript in the thread).
 */
export class KeptHeat {
  /** Each kept entry's vertex and weight, task after task (a task's entries in its support's order). */
  readonly vertex: Int32Array;
  readonly weight: Float64Array;
  /** Per task: its first entry in the pool (−1: not stored there) and its entry count. */
  readonly start: Int32Array;
  readonly count: Int32Array;
  /** [0]: the next free entry (may pass the capacity: every reservation past it fails). */
  readonly head: Int32Array;
  /** Tasks kept outside the pool (it was full), by task. */
  readonly extra = new Map<number, { vertex: Int32Array; weight: Float64Array }>();

  constructor(readonly capacity: number, tasks: number, shared: boolean) {
    const buffer = (bytes: number): ArrayBufferLike => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.vertex = new Int32Array(buffer(4 * capacity));
    this.weight = new Float64Array(buffer(8 * capacity));
    this.start = new Int32Array(buffer(4 * Math.max(1, tasks))).fill(-1);
    this.count = new Int32Array(buffer(4 * Math.max(1, tasks)));
    this.head = new Int32Array(buffer(4));
  }

  /** Task `task`'s entries of `x` (its heat on `support`, m rows) with weight ≥ `limit`, in the pool or else in `extra`. */
  keep(task: number, support: Int32Array, x: Float64Array, m: number, limit: number): void {
    let k = 0;
    for (let i = 0; i < m; i++) if (x[i]! >= limit) k++;
    const at = Atomics.add(this.head, 0, k);
    const fits = at + k <= this.capacity;
    const vertex = fits ? this.vertex : new Int32Array(k), weight = fits ? this.weight : new Float64Array(k);
    let j = fits ? at : 0;
    for (let i = 0; i < m; i++) {
      const w = x[i]!;
      if (w >= limit) { vertex[j] = support[i]!; weight[j++] = w; }
    }
    if (fits) {
      this.count[task] = k;
      Atomics.store(this.start, task, at);
    } else {
      this.extra.set(task, { vertex, weight });
    }
  }

  /** Whether task `task`'s entries are kept (in the pool or in `extra`). */
  has(task: number): boolean {
    return Atomics.load(this.start, task) >= 0 || this.extra.has(task);
  }

  /**
   * The kept entries by vertex (CSR over n vertices: `rowStart`, each row's bones ascending and
   * their weights), from `tasks` (bone, seedFrom, seedTo per task; a bone solved twice, as a
   * test does, is read once: its solves are the same).
   */
  vertexRows(n: number, nb: number, tasks: Int32Array): { rowStart: Uint32Array; bone: Int32Array; weight: Float64Array } {
    const taskOf = new Int32Array(nb).fill(-1);
    for (let t = 0; t < tasks.length / 3; t++) if (taskOf[tasks[3 * t]!]! < 0) taskOf[tasks[3 * t]!] = t;
    const entries = (t: number): { vertex: Int32Array; weight: Float64Array; from: number; to: number } => {
      const extra = this.extra.get(t);
      if (extra) return { ...extra, from: 0, to: extra.vertex.length };
      const from = this.start[t]!;
      return { vertex: this.vertex, weight: this.weight, from, to: from + this.count[t]! };
    };
    const rowStart = new Uint32Array(n + 1);
    for (let b = 0; b < nb; b++) {
      if (taskOf[b]! < 0) continue;
      const { vertex, from, to } = entries(taskOf[b]!);
      for (let e = from; e < to; e++) rowStart[vertex[e]! + 1]!++;
    }
    for (let v = 0; v < n; v++) rowStart[v + 1]! += rowStart[v]!;
    const fill = rowStart.slice(0, n);
    const bone = new Int32Array(rowStart[n]!), weight = new Float64Array(rowStart[n]!);
    // Bones in ascending order, so each row lists its bones ascending, as the dense scan met them.
    for (let b = 0; b < nb; b++) {
      if (taskOf[b]! < 0) continue;
      const { vertex, weight: w, from, to } = entries(taskOf[b]!);
      for (let e = from; e < to; e++) {
        const at = fill[vertex[e]!]!++;
        bone[at] = b;
        weight[at] = w[e]!;
      }
    }
    return { rowStart, bone, weight };
  }
}

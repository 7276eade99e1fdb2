/**
 * The rig engine's priority queues: binary min-heaps of (key, value) entries, and of (key, value,
 * label) entries, on growable typed arrays. The medial-tree searches of fitting push (key, voxel)
 * into a KeyValueHeap; the k-label Dijkstra of skinning pushes (distance, voxel, joint label) into a
 * MinHeap. Duplicates are allowed: stale entries are not removed, the consumer skips them on pop
 * (lazy deletion).
 *
 * Hand-written rather than a library heap because skinning is the hot path: parallel typed arrays
 * with no per-entry objects or comparator calls were measured faster than object heaps here.
 */

/**
 * Sifts a hole at `start` up towards the root for an entry of `key`, moving each parent with a
 * larger key down into it (its value, and its label when `labels` is given); returns where the
 * entry goes. One loop for both heaps so they compare and move alike and pop in the same order,
 * ties included; the label-less heap passes null rather than moving a third array of zeros.
 */
function siftUp(keys: Float64Array, values: Int32Array, labels: Int32Array | null, start: number, key: number): number {
  let i = start;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const pk = keys[parent]!;
    if (pk <= key) break;
    keys[i] = pk;
    values[i] = values[parent]!;
    if (labels) labels[i] = labels[parent]!;
    i = parent;
  }
  return i;
}

/**
 * Sifts the hole at the root down through the first `last` entries for an entry of `key`, moving
 * the smaller child up while it is smaller than `key`; returns where the entry goes. As siftUp.
 */
function siftDown(keys: Float64Array, values: Int32Array, labels: Int32Array | null, last: number, key: number): number {
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= last) break;
    if (child + 1 < last && keys[child + 1]! < keys[child]!) child++;
    if (keys[child]! >= key) break;
    keys[i] = keys[child]!;
    values[i] = values[child]!;
    if (labels) labels[i] = labels[child]!;
    i = child;
  }
  return i;
}

/** A copy of `a` twice as long. */
function doubled<T extends Float64Array | Int32Array>(a: T, make: (length: number) => T): T {
  const b = make(a.length * 2);
  b.set(a);
  return b;
}

/**
 * A min-heap of (key, value) entries. The medial-tree searches of fitting use it rather than
 * MinHeap: moving a third array of zeros on every sift was a share of their time (the fit's body
 * and legs analyses are most of a small rig's fixed cost). Entries pop in exactly MinHeap's order,
 * ties included (the same sift code).
 */
export class KeyValueHeap {
  protected keys: Float64Array;
  protected values: Int32Array;
  size = 0;

  /** The entry removed by the last successful pop; valid until the next push or pop. */
  topKey = 0;
  topValue = 0;

  constructor(capacity = 1024) {
    const cap = Math.max(1, capacity);
    this.keys = new Float64Array(cap);
    this.values = new Int32Array(cap);
  }

  push(key: number, value: number): void {
    if (this.size === this.keys.length) this.grow();
    const i = siftUp(this.keys, this.values, null, this.size++, key);
    this.keys[i] = key;
    this.values[i] = value;
  }

  /** Drops every entry (the buffers are kept). */
  clear(): void {
    this.size = 0;
  }

  /** Removes the smallest entry into topKey/topValue; false when empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const keys = this.keys, values = this.values;
    this.topKey = keys[0]!;
    this.topValue = values[0]!;
    const last = --this.size;
    if (last === 0) return true;
    const k = keys[last]!, v = values[last]!;
    const i = siftDown(keys, values, null, last, k);
    keys[i] = k;
    values[i] = v;
    return true;
  }

  protected grow(): void {
    this.keys = doubled(this.keys, (n) => new Float64Array(n));
    this.values = doubled(this.values, (n) => new Int32Array(n));
  }
}

/** A min-heap of (key, value, label) entries: KeyValueHeap with a label moved along. */
export class MinHeap extends KeyValueHeap {
  private labels: Int32Array;

  /** The label of the entry removed by the last successful pop. */
  topLabel = 0;

  constructor(capacity = 1024) {
    super(capacity);
    this.labels = new Int32Array(this.keys.length);
  }

  override push(key: number, value: number, label = 0): void {
    if (this.size === this.keys.length) this.grow();
    const i = siftUp(this.keys, this.values, this.labels, this.size++, key);
    this.keys[i] = key;
    this.values[i] = value;
    this.labels[i] = label;
  }

  /** Removes the smallest entry into topKey/topValue/topLabel; false when empty. */
  override pop(): boolean {
    if (this.size === 0) return false;
    const keys = this.keys, values = this.values, labels = this.labels;
    this.topKey = keys[0]!;
    this.topValue = values[0]!;
    this.topLabel = labels[0]!;
    const last = --this.size;
    if (last === 0) return true;
    const k = keys[last]!, v = values[last]!, l = labels[last]!;
    const i = siftDown(keys, values, labels, last, k);
    keys[i] = k;
    values[i] = v;
    labels[i] = l;
    return true;
  }

  protected override grow(): void {
    super.grow();
    this.labels = doubled(this.labels, (n) => new Int32Array(n));
  }
}

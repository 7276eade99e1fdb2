/**
 * The rig engine's one priority queue: a binary min-heap of (key, value, label) entries on growable
 * typed arrays. The medial-tree searches of fitting push (key, voxel) and leave `label` 0; the
 * k-label Dijkstra of skinning pushes (distance, voxel, joint label). Duplicates are allowed: stale
 * entries are not removed, the consumer skips them on pop (lazy deletion).
 *
 * Hand-written rather than a library heap because skinning is the hot path: parallel typed arrays
 * with no per-entry objects or comparator calls were measured faster than object heaps here.
 */
export class MinHeap {
  private keys: Float64Array;
  private values: Int32Array;
  private labels: Int32Array;
  size = 0;

  /** The entry removed by the last successful pop; valid until the next push or pop. */
  topKey = 0;
  topValue = 0;
  topLabel = 0;

  constructor(capacity = 1024) {
    const cap = Math.max(1, capacity);
    this.keys = new Float64Array(cap);
    this.values = new Int32Array(cap);
    this.labels = new Int32Array(cap);
  }

  push(key: number, value: number, label = 0): void {
    if (this.size === this.keys.length) this.grow();
    const keys = this.keys, values = this.values, labels = this.labels;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent]!;
      if (pk <= key) break;
      keys[i] = pk;
      values[i] = values[parent]!;
      labels[i] = labels[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
    labels[i] = label;
  }

  /** Drops every entry (the buffers are kept). */
  clear(): void {
    this.size = 0;
  }

  /** Removes the smallest entry into topKey/topValue/topLabel; false when empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const keys = this.keys, values = this.values, labels = this.labels;
    this.topKey = keys[0]!;
    this.topValue = values[0]!;
    this.topLabel = labels[0]!;
    const last = --this.size;
    if (last === 0) return true;
    const k = keys[last]!, v = values[last]!, l = labels[last]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= k) break;
      keys[i] = keys[child]!;
      values[i] = values[child]!;
      labels[i] = labels[child]!;
      i = child;
    }
    keys[i] = k;
    values[i] = v;
    labels[i] = l;
    return true;
  }

  private grow(): void {
    const cap = this.keys.length * 2;
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    const values = new Int32Array(cap);
    values.set(this.values);
    const labels = new Int32Array(cap);
    labels.set(this.labels);
    this.keys = keys;
    this.values = values;
    this.labels = labels;
  }
}

/**
 * MinHeap without the label: the medial-tree searches of fitting push (key, voxel) only, and
 * moving a third array of zeros on every sift was a share of their time (the fit's body and legs
 * analyses are most of a small rig's fixed cost). The same comparisons and moves as MinHeap's keys
 * and values, so entries pop in exactly MinHeap's order, ties included.
 */
export class KeyValueHeap {
  private keys: Float64Array;
  private values: Int32Array;
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
    const keys = this.keys, values = this.values;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent]!;
      if (pk <= key) break;
      keys[i] = pk;
      values[i] = values[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
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
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= k) break;
      keys[i] = keys[child]!;
      values[i] = values[child]!;
      i = child;
    }
    keys[i] = k;
    values[i] = v;
    return true;
  }

  private grow(): void {
    const cap = this.keys.length * 2;
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    const values = new Int32Array(cap);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }
}

/**
 * MinHeap (min-heap.ts) without the label: (key, value) entries only, for the medial tree's
 * searches, which never use labels but paid for moving a third array on every sift. The sifts
 * are MinHeap's line for line (the same comparisons, so equal keys pop in the same order and
 * every search that swaps one heap for the other gives the same result).
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

/** A binary min-heap of (key, value) pairs on typed arrays; duplicates allowed (lazy deletion). */
export class MinHeap {
  private keys: Float64Array;
  private values: Int32Array;
  size = 0;
  constructor(capacity = 1024) {
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
  }
  push(key: number, value: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      const v = new Int32Array(this.size * 2);
      v.set(this.values);
      this.keys = k;
      this.values = v;
    }
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keys[p]! <= key) break;
      this.keys[i] = this.keys[p]!;
      this.values[i] = this.values[p]!;
      i = p;
    }
    this.keys[i] = key;
    this.values[i] = value;
  }
  /** Key of the top element (call only when size > 0). */
  topKey(): number {
    return this.keys[0]!;
  }
  pop(): number {
    const top = this.values[0]!;
    const n = --this.size;
    const key = this.keys[n]!;
    const value = this.values[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.keys[c + 1]! < this.keys[c]!) c++;
      if (this.keys[c]! >= key) break;
      this.keys[i] = this.keys[c]!;
      this.values[i] = this.values[c]!;
      i = c;
    }
    this.keys[i] = key;
    this.values[i] = value;
    return top;
  }
}

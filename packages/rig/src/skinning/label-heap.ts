/**
 * A binary min-heap of (distance, voxel, label) triples on growable typed arrays: the priority
 * queue of the k-label Dijkstra. Stale entries are not removed; the consumer skips them on pop.
 */
export class LabelHeap {
  private dist: Float64Array;
  private voxel: Int32Array;
  private label: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.dist = new Float64Array(capacity);
    this.voxel = new Int32Array(capacity);
    this.label = new Int32Array(capacity);
  }

  push(d: number, v: number, l: number): void {
    if (this.size === this.dist.length) this.grow();
    const dist = this.dist, voxel = this.voxel, label = this.label;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pd = dist[parent]!;
      if (pd <= d) break;
      dist[i] = pd;
      voxel[i] = voxel[parent]!;
      label[i] = label[parent]!;
      i = parent;
    }
    dist[i] = d;
    voxel[i] = v;
    label[i] = l;
  }

  /** Smallest entry's fields, valid until the next push or pop. */
  topDist = 0;
  topVoxel = 0;
  topLabel = 0;

  /** Remove the smallest entry into top*; false when empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const dist = this.dist, voxel = this.voxel, label = this.label;
    this.topDist = dist[0]!;
    this.topVoxel = voxel[0]!;
    this.topLabel = label[0]!;
    const last = --this.size;
    if (last === 0) return true;
    const d = dist[last]!, v = voxel[last]!, l = label[last]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && dist[child + 1]! < dist[child]!) child++;
      if (dist[child]! >= d) break;
      dist[i] = dist[child]!;
      voxel[i] = voxel[child]!;
      label[i] = label[child]!;
      i = child;
    }
    dist[i] = d;
    voxel[i] = v;
    label[i] = l;
    return true;
  }

  private grow(): void {
    const cap = this.dist.length * 2;
    const dist = new Float64Array(cap);
    dist.set(this.dist);
    const voxel = new Int32Array(cap);
    voxel.set(this.voxel);
    const label = new Int32Array(cap);
    label.set(this.label);
    this.dist = dist;
    this.voxel = voxel;
    this.label = label;
  }
}

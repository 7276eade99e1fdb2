import { KeyValueHeap, MinHeap } from '../src/min-heap';
import { floodOutside } from '../src/voxel/flood-outside';

/** A small deterministic generator (no Math.random: the test must fail the same way every run). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('KeyValueHeap', () => {
  // The medial tree's searches rely on it popping exactly as MinHeap would, ties included (which
  // of two equal-cost voxels settles first decides parents and covers).
  it('pops the same (key, value) sequence as MinHeap under interleaved pushes and pops, with many ties', () => {
    const rand = lcg(7);
    const a = new MinHeap(4), b = new KeyValueHeap(4);
    const popsA: number[] = [], popsB: number[] = [];
    for (let step = 0; step < 20000; step++) {
      if (rand() < 0.6 || a.size === 0) {
        const key = Math.floor(rand() * 50) / 4; // few distinct keys: ties are the case under test
        const value = Math.floor(rand() * 1e6);
        a.push(key, value);
        b.push(key, value);
      } else {
        expect(a.pop()).toBe(b.pop());
        popsA.push(a.topKey, a.topValue);
        popsB.push(b.topKey, b.topValue);
      }
    }
    while (a.pop()) { expect(b.pop()).toBe(true); popsA.push(a.topKey, a.topValue); popsB.push(b.topKey, b.topValue); }
    expect(b.pop()).toBe(false);
    expect(popsB).toEqual(popsA);
  });
});

describe('floodOutside', () => {
  it('marks exactly the cells a plain breadth-first search from the border reaches', () => {
    const rand = lcg(11);
    const nx = 13, ny = 11, nz = 9;
    const total = nx * ny * nz;
    for (let trial = 0; trial < 20; trial++) {
      const wall = new Uint8Array(total);
      // Walls only off the border layer (the voxelisers' padding), any nonzero value.
      for (let z = 1; z < nz - 1; z++) for (let y = 1; y < ny - 1; y++) for (let x = 1; x < nx - 1; x++) {
        if (rand() < 0.35) wall[x + nx * (y + ny * z)] = 1 + Math.floor(rand() * 3);
      }
      const expected = new Uint8Array(total);
      const queue: number[] = [];
      for (let i = 0; i < total; i++) {
        const x = i % nx, y = Math.floor(i / nx) % ny, z = Math.floor(i / (nx * ny));
        if ((x === 0 || y === 0 || z === 0 || x === nx - 1 || y === ny - 1 || z === nz - 1) && !wall[i]) { expected[i] = 1; queue.push(i); }
      }
      while (queue.length) {
        const i = queue.pop()!;
        const x = i % nx, y = Math.floor(i / nx) % ny, z = Math.floor(i / (nx * ny));
        for (const [dx, dy, dz] of [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]] as const) {
          const X = x + dx, Y = y + dy, Z = z + dz;
          if (X < 0 || Y < 0 || Z < 0 || X >= nx || Y >= ny || Z >= nz) continue;
          const j = X + nx * (Y + ny * Z);
          if (!wall[j] && !expected[j]) { expected[j] = 1; queue.push(j); }
        }
      }
      expect(Array.from(floodOutside(wall, nx, ny, nz))).toEqual(Array.from(expected));
    }
  });
});

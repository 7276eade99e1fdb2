import { kthSmallest } from '../src/kth-smallest';

/** A small deterministic generator (no Math.random: a failure must replay). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('kthSmallest', () => {
  it('reads what the sorted array holds at k, for every k, on random, repeated, sorted and reversed values', () => {
    const next = lcg(7);
    const cases: Float64Array[] = [];
    for (const n of [1, 2, 3, 5, 17, 64, 257, 1000]) {
      cases.push(Float64Array.from({ length: n }, () => next()));
      // Few distinct values: ties everywhere.
      cases.push(Float64Array.from({ length: n }, () => Math.floor(next() * 4)));
      const sorted = Float64Array.from({ length: n }, () => next()).sort();
      cases.push(sorted, sorted.slice().reverse());
      // Tiny and huge values and infinities beside ordinary ones.
      cases.push(Float64Array.from({ length: n }, (_, i) => [1e-300, 1e300, Infinity, next()][i % 4]!));
    }
    for (const values of cases) {
      const sorted = values.slice().sort();
      for (let k = 0; k < values.length; k++) expect(Object.is(kthSmallest(values.slice(), k), sorted[k])).toBe(true);
    }
  });

  it('refuses a rank outside the array', () => {
    expect(() => kthSmallest(new Float64Array(3), 3)).toThrow(RangeError);
    expect(() => kthSmallest(new Float64Array(0), 0)).toThrow(RangeError);
    expect(() => kthSmallest(new Float64Array(3), 0.5)).toThrow(RangeError);
  });
});

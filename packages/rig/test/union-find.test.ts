import { findRoot, singletons, unite, uniteThree } from '../src/union-find';

/** A small deterministic generator (no Math.random: a failure must replay). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** The reference: each element's component labelled by its least member, by flooding an adjacency list. */
function leastMemberLabels(n: number, groups: readonly (readonly number[])[]): number[] {
  const next: number[][] = Array.from({ length: n }, () => []);
  for (const g of groups) for (const x of g) for (const y of g) if (x !== y) next[x]!.push(y);
  const label = new Array<number>(n).fill(-1);
  for (let s = 0; s < n; s++) {
    if (label[s] !== -1) continue;
    const stack = [s];
    label[s] = s;
    while (stack.length > 0) for (const y of next[stack.pop()!]!) if (label[y] === -1) { label[y] = s; stack.push(y); }
  }
  return label;
}

describe('union-find', () => {
  it('starts with every element its own root', () => {
    expect(Array.from(singletons(5))).toEqual([0, 1, 2, 3, 4]);
    expect(singletons(0).length).toBe(0);
  });

  it('halves the path it walks: each element passed points at its grandparent after', () => {
    // A chain 4 -> 3 -> 2 -> 1 -> 0.
    const parent = Int32Array.from([0, 0, 1, 2, 3]);
    expect(findRoot(parent, 4)).toBe(0);
    // 4 and 2 were passed and now skip a level; 3 and 1 were stepped over and are left alone.
    expect(Array.from(parent)).toEqual([0, 0, 0, 2, 2]);
    expect(findRoot(parent, 4)).toBe(0);
    expect(Array.from(parent)).toEqual([0, 0, 0, 2, 0]);
  });

  it('roots a joined set at the least of the joined roots', () => {
    const parent = singletons(6);
    unite(parent, 4, 2);
    expect(findRoot(parent, 4)).toBe(2);
    unite(parent, 1, 4);
    expect([findRoot(parent, 2), findRoot(parent, 4)]).toEqual([1, 1]);
    uniteThree(parent, 5, 4, 3);
    expect([1, 2, 3, 4, 5].map((i) => findRoot(parent, i))).toEqual([1, 1, 1, 1, 1]);
    // Untouched elements stay their own sets.
    expect(findRoot(parent, 0)).toBe(0);
  });

  it('finds the components a flood finds, for random pairs and triangles', () => {
    const next = lcg(11);
    for (const n of [1, 2, 7, 50, 400]) {
      for (const links of [0, Math.floor(n / 3), n, 2 * n]) {
        const pairs = Array.from({ length: links }, () => [Math.floor(next() * n), Math.floor(next() * n)] as const);
        const triangles = Array.from({ length: links }, () => [0, 0, 0].map(() => Math.floor(next() * n)));
        for (const [groups, join] of [
          [pairs, (p: Int32Array, g: readonly number[]) => unite(p, g[0]!, g[1]!)],
          [triangles, (p: Int32Array, g: readonly number[]) => uniteThree(p, g[0]!, g[1]!, g[2]!)],
        ] as const) {
          const parent = singletons(n);
          for (const g of groups) join(parent, g);
          // The least-root links make each set's root its least member: the flood's label exactly.
          expect(Array.from({ length: n }, (_, i) => findRoot(parent, i))).toEqual(leastMemberLabels(n, groups));
        }
      }
    }
  });
});

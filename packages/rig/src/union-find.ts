/**
 * Disjoint sets over 0..n-1 as one Int32Array of parents (`parent[r] === r` at a set's root), with
 * path halving: the rig's connected parts (check-mesh's parts, the facing cue's loose pieces, the
 * skin's rigid pieces), a hand cap's cut loops and the hand tips' superlevel-set components. The five
 * each wrote the same loop out before.
 *
 * Plain functions over the caller's array rather than a class or a closure (a closure per find was
 * most of connectedPieces on a clothed human once): small and monomorphic (one array type, small
 * integers), so V8 inlines them into the callers' loops. No rank or size is kept: the callers read
 * only which elements share a set, never which element is the root. Linking to the least root keeps
 * mesh trees shallow: measureFacingSurface linked each corner's root to the next one's before, and
 * took about a quarter longer with that link than with this one (speed.md, Round 68).
 */

/** Every element its own set: `parent[i] = i` for i in 0..n-1. */
export function singletons(n: number): Int32Array {
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  return parent;
}

/** The root of i's set, halving the path on the way (each element passed points at its grandparent after). */
export function findRoot(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    const up = parent[parent[i]!]!;
    parent[i] = up;
    i = up;
  }
  return i;
}

/** Joins the sets of a and b; the least of their roots becomes the root. */
export function unite(parent: Int32Array, a: number, b: number): void {
  const ra = findRoot(parent, a), rb = findRoot(parent, b);
  if (ra < rb) parent[rb] = ra;
  else parent[ra] = rb;
}

/** Joins the sets of a, b and c (a triangle's corners) with three finds; the least of their roots becomes the root. */
export function uniteThree(parent: Int32Array, a: number, b: number, c: number): void {
  const ra = findRoot(parent, a), rb = findRoot(parent, b), rc = findRoot(parent, c);
  const r = Math.min(ra, rb, rc);
  parent[ra] = r; parent[rb] = r; parent[rc] = r;
}

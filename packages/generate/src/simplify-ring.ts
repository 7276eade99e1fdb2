/**
 * Douglas–Peucker simplification of a closed ring of [x, y] points. The ring is split at its first
 * point and the point farthest from it so both halves are open polylines (the classic algorithm
 * needs distinct end points). Iterative with an explicit stack, so long outlines cannot overflow.
 */
export function simplifyRing(ring: ReadonlyArray<readonly [number, number]>, tolerance: number): Array<[number, number]> {
  const pts = ring.slice();
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (first && last && first[0] === last[0] && first[1] === last[1]) pts.pop();
  const n = pts.length;
  if (n <= 4) return pts.map((p) => [p[0], p[1]]);
  let far = 0;
  let best = -1;
  for (let i = 1; i < n; i++) {
    const d = (pts[i]![0] - pts[0]![0]) ** 2 + (pts[i]![1] - pts[0]![1]) ** 2;
    if (d > best) { best = d; far = i; }
  }
  const keep = new Uint8Array(n + 1);
  keep[0] = 1; keep[far] = 1; keep[n] = 1;
  const at = (i: number) => pts[i % n]!;
  const stack: Array<[number, number]> = [[0, far], [far, n]];
  const tol2 = tolerance * tolerance;
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const pa = at(a);
    const pb = at(b);
    const dx = pb[0] - pa[0];
    const dy = pb[1] - pa[1];
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = tol2;
    for (let i = a + 1; i < b; i++) {
      const p = at(i);
      let d: number;
      if (len2 === 0) d = (p[0] - pa[0]) ** 2 + (p[1] - pa[1]) ** 2;
      else {
        const cross = dx * (p[1] - pa[1]) - dy * (p[0] - pa[0]);
        d = (cross * cross) / len2;
      }
      if (d > worstD) { worstD = d; worst = i; }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push([pts[i]![0], pts[i]![1]]);
  return out;
}

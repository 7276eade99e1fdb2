import { box, scale } from '../src';

export * from '../src';

/** Volume of a box mirrored in x: must stay positive once the winding is flipped. */
export function mirrorCheck(): number {
  const s = scale(box(1, 1, 1), -1, 1, 1);
  let v = 0;
  const p = s.positions;
  for (let t = 0; t < s.indices.length; t += 3) {
    const a = s.indices[t]! * 3, b = s.indices[t + 1]! * 3, c = s.indices[t + 2]! * 3;
    v += p[a]! * (p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!) - p[a + 1]! * (p[b]! * p[c + 2]! - p[b + 2]! * p[c]!) + p[a + 2]! * (p[b]! * p[c + 1]! - p[b + 1]! * p[c]!);
  }
  return v;
}

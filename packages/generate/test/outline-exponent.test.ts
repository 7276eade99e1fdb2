import { flankWidth, learnedFlankExponent } from '../src/fish-flank';
import { distanceTransform } from '../src/mask-ops';
import { blunterEndExponent, exponentForRatio, outlineExponent, profileExponent, widthRatio } from '../src/outline-exponent';

/** Heights of a superellipse of exponent `p`, `n` stations long, `top` tall at its middle. */
function profile(p: number, n: number, top: number): number[] {
  return Array.from({ length: n }, (_, i) => top * Math.pow(Math.max(0, 1 - Math.abs((2 * (i + 0.5)) / n - 1) ** p), 1 / p));
}
/** A flank drawn with a head end of exponent `head` and a tail end of exponent `tail`, joined at the tallest station. */
function twoEnded(head: number, tail: number, n: number, top: number): number[] {
  const a = profile(head, 2 * n, top).slice(0, n), b = profile(tail, 2 * n, top).slice(n);
  return [...a, ...b];
}

/** A superellipse |x/a|^p + |y/b|^p ≤ 1 centred in a `size`-pixel square, `a` and `b` in picture widths. */
function superellipse(p: number, a: number, b: number, size: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
    const u = ((x + 0.5) / size - 0.5) / a, v = ((y + 0.5) / size - 0.5) / b;
    mask[y * size + x] = Math.abs(u) ** p + Math.abs(v) ** p <= 1 ? 1 : 0;
  }
  return mask;
}

describe('outline exponent (a fish side picture: the cross-section as full as the trunk outline)', () => {
  it('inverts the superellipse width ratio', () => {
    for (const p of [1.2, 2, 2.5, 4]) expect(exponentForRatio(widthRatio(p))).toBeCloseTo(p, 6);
    expect(exponentForRatio(0)).toBe(1);
    expect(exponentForRatio(1)).toBe(8);
  });

  it('reads a lens-shaped flank as pointier and a boxy one as fuller than an ellipse', () => {
    const size = 256;
    const read = (p: number): number => {
      const mask = superellipse(p, 0.42, 0.15, size);
      return outlineExponent(mask, distanceTransform(mask, size, size), size, size, NaN);
    };
    const lens = read(1.3), ellipse = read(2), box = read(3.5);
    expect(lens).toBeLessThan(ellipse);
    expect(ellipse).toBeLessThan(box);
    expect(ellipse).toBeGreaterThan(1.5);
    expect(ellipse).toBeLessThan(2.6);
  });

  it('reads a height profile as a superellipse, and a flank by its blunter end', () => {
    for (const p of [1.3, 2, 3]) expect(profileExponent(profile(p, 400, 100))).toBeCloseTo(p, 1);
    expect(profileExponent([1, 2, 3])).toBeNaN();
    // A boxy head on a tail that narrows into its stalk: the whole length reads pointier than the head is drawn.
    const flank = twoEnded(3, 1.2, 200, 100);
    expect(profileExponent(flank)).toBeLessThan(2.2);
    expect(blunterEndExponent(flank)).toBeCloseTo(3, 1);
    expect(blunterEndExponent(twoEnded(1.2, 3, 200, 100))).toBeCloseTo(3, 1);
    // Both ends alike: the same as the whole.
    expect(blunterEndExponent(profile(1.5, 400, 100))).toBeCloseTo(profileExponent(profile(1.5, 400, 100)), 1);
  });

  it('makes a fish with a pointed section a blade and one with a boxy section wider than round', () => {
    expect(flankWidth(2, 1.14)).toBe(1);
    expect(flankWidth(1, 1.14)).toBeLessThan(0.5);
    expect(flankWidth(3, 1.14)).toBeGreaterThan(1.5);
    expect(flankWidth(3, 0)).toBe(1);
    const width = learnedFlankExponent('aquatic')?.width;
    expect(width).toBeGreaterThan(0);
  });

  it('falls back where the trunk is too short to tell, and is learned for fish only', () => {
    const mask = new Uint8Array(16 * 16);
    mask[8 * 16 + 8] = 1;
    expect(outlineExponent(mask, distanceTransform(mask, 16, 16), 16, 16, 2.5)).toBe(2.5);
    expect(learnedFlankExponent('aquatic')?.below).toBe(0.95);
    expect(learnedFlankExponent('avian')).toBeUndefined();
    expect(learnedFlankExponent('quadruped')).toBeUndefined();
    expect(learnedFlankExponent(undefined)).toBeUndefined();
  });
});

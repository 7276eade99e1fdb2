import { learnedFlankExponent } from '../src/fish-flank';
import { distanceTransform } from '../src/mask-ops';
import { exponentForRatio, outlineExponent, widthRatio } from '../src/outline-exponent';

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

import { learnedFlukedLift } from '../src/fins-wings';
import { flukedEnd, hasFlukes, widthsAlong } from '../src/flukes';

/** A swimmer seen from above, head up, in a `size`-pixel square: an elliptic body tapering into a stalk, and at its end a tail `span` wide (picture widths). */
function fromAbove(size: number, span: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  const cx = size / 2;
  for (let y = 0; y < size; y++) {
    const v = y / size;
    let half = 0;
    if (v >= 0.1 && v < 0.7) half = 0.12 * Math.sqrt(Math.max(0, 1 - ((v - 0.4) / 0.3) ** 2)); // the body
    if (v >= 0.6 && v < 0.8) half = Math.max(half, 0.02); // the stalk
    if (v >= 0.8 && v < 0.88) half = (span / 2) * Math.sin(((v - 0.8) / 0.08) * Math.PI); // the tail seen from above
    for (let x = 0; x < size; x++) if (Math.abs((x + 0.5 - cx) / size) <= half) mask[y * size + x] = 1;
  }
  return mask;
}

describe('flukes (a swimmer\'s back with a horizontal tail: flippers at the belly)', () => {
  it('reads the silhouette\'s width along its middle line, from its first covered station to its last', () => {
    const mask = new Uint8Array(5 * 4);
    for (const [x, y] of [[1, 1], [2, 1], [3, 1], [2, 2]] as const) mask[y * 5 + x] = 1;
    expect(widthsAlong(mask, 5, 4, { horizontal: false, at: 2.5 })).toEqual([3, 1]);
    expect(widthsAlong(mask, 5, 4, { horizontal: true, at: 1.5 })).toEqual([1, 2, 1]);
  });

  it('tells flukes (a span, a stalk, a body) from a tail that only narrows', () => {
    expect(flukedEnd([10, 30, 12, 8, 10, 30, 50, 60, 60, 60, 60, 60, 60, 60, 60, 50, 40, 30, 20])).toBe(true);
    expect(flukedEnd([2, 4, 6, 8, 20, 40, 50, 60, 60, 50, 40, 20])).toBe(false);
    expect(flukedEnd([1, 2, 3])).toBe(false);
  });

  it('finds flukes on a whale-like back and none on a fish\'s upright tail fin, either way up', () => {
    const size = 256;
    expect(hasFlukes(fromAbove(size, 0.3), size, size, 'top')).toBe(true);
    expect(hasFlukes(fromAbove(size, 0.02), size, size, 'top')).toBe(false);
    const flipped = fromAbove(size, 0.3).reverse();
    expect(hasFlukes(flipped, size, size, 'top')).toBe(true);
  });

  it('is learned for fish only', () => {
    expect(learnedFlukedLift('aquatic')).toBe(-1);
    expect(learnedFlukedLift('avian')).toBeUndefined();
    expect(learnedFlukedLift(undefined)).toBeUndefined();
  });
});

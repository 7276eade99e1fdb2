import { readMesh } from '@rigforge/mesh';
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import type { GenerateModelOptions } from '../src';
import { learnedFlukedLift } from '../src/fins-wings';
import { finnedEnd, flukedEnd, hasFlukes, hasTailFin, widthsAlong } from '../src/flukes';
import { distanceTransform } from '../src/mask-ops';
import { draw, encode } from './images';
import type { Shape } from './images';
import { manifoldProblems, middleZ } from './mesh-checks';

/** A swimmer's back, head up: a body, two flippers beside its front half, a stalk and a tail `span` wide at its end (picture fractions). */
function swimmer(span: number): Shape {
  return (x, y) => ((x - 0.5) / 0.1) ** 2 + ((y - 0.42) / 0.28) ** 2 <= 1
    || (x - 0.3) ** 2 + (y - 0.38) ** 2 <= 0.07 ** 2 || (x - 0.7) ** 2 + (y - 0.38) ** 2 <= 0.07 ** 2
    || (Math.abs(x - 0.5) <= 0.025 && y >= 0.65 && y <= 0.82)
    || (y >= 0.8 && y <= 0.9 && Math.abs(x - 0.5) <= Math.max(0.01, (span / 2) * Math.sin(((y - 0.8) / 0.1) * Math.PI)));
}

/** A swimmer's flank, head left: a lens-shaped body 0.7 long and 0.27 tall ending in a stalk, and an upright tail fin `fin` tall (0: none, a cetacean's flukes edge on). */
function flank(fin: number): Shape {
  // Its back taller than its belly (a flank is mirror-symmetric about neither axis).
  return (x, y) => ((y < 0.5 ? 0.5 - y : (y - 0.5) * 2) <= 0.18 * Math.max(0, 1 - Math.abs((x - 0.45) / 0.35) ** 1.3) ** (1 / 1.3))
    || (x >= 0.78 && x <= 0.85 && Math.abs(y - 0.5) <= 0.015)
    || (fin > 0 && x >= 0.82 && x <= 0.9 && Math.abs(y - 0.5) <= (fin / 2) * ((x - 0.82) / 0.08));
}

function maskOf(shape: Shape, size: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) mask[y * size + x] = shape((x + 0.5) / size, (y + 0.5) / size) ? 1 : 0;
  return mask;
}

async function made(shape: Shape, options: GenerateModelOptions): Promise<Mesh> {
  const png = await encode(draw(shape, 160, () => [90, 100, 140]), 'png');
  return (await readMesh((await generateModel(png, { resolution: 160, textureSize: 64, thumbnailSize: 64, lean: 0, ...options })).model)).mesh;
}

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

  it('hangs a fluked swimmer\'s flippers at its belly, and leaves a fish\'s, a flyer\'s and a caller\'s own rule as they were', async () => {
    const whale = await made(swimmer(0.26), { bodyPlan: 'aquatic', view: 'top' });
    const fish = await made(swimmer(0), { bodyPlan: 'aquatic', view: 'top' });
    const flyer = await made(swimmer(0.26), { bodyPlan: 'avian', view: 'top' });
    const own = await made(swimmer(0.26), { bodyPlan: 'aquatic', view: 'top', finsWings: { lateral: 0.05 } });
    // The flippers' outer edge (0–0.08 of the model's width): below the outline's plane only for the fluked fish.
    expect(middleZ(whale, 0, 0.08)).toBeLessThan(-0.01);
    for (const m of [fish, flyer, own]) expect(middleZ(m, 0, 0.08)).toBeCloseTo(0, 3);
    expect(manifoldProblems(whale)).toEqual([]);
  }, 90_000);

  it('tells a fish\'s flank (its tail fin widens past its stalk) from a cetacean\'s (it only narrows)', () => {
    expect(finnedEnd([10, 30, 12, 8, 10, 30, 50, 60, 60, 60, 60, 60, 60, 60, 60, 50, 40, 30, 20])).toBe(true);
    expect(finnedEnd([2, 4, 6, 8, 20, 40, 50, 60, 60, 50, 40, 20])).toBe(false);
    const size = 256;
    for (const [fin, expected] of [[0.2, true], [0, false]] as const) {
      const mask = maskOf(flank(fin), size);
      expect(hasTailFin(mask, distanceTransform(mask, size, size), size, size)).toBe(expected);
    }
  });

  it('reads a finned flank\'s section and width from its outline, and builds a finless one (a cetacean\'s) as a side picture without it', async () => {
    const z = (m: Mesh): number => { let hi = 0; for (let i = 2; i < m.positions.length; i += 3) hi = Math.max(hi, Math.abs(m.positions[i]!)); return hi; };
    const finless = await made(flank(0), { bodyPlan: 'aquatic', view: 'side' });
    const plainFinless = await made(flank(0), { bodyPlan: 'aquatic', view: 'side', fishFlank: false });
    expect(z(finless)).toBe(z(plainFinless));
    const finned = await made(flank(0.2), { bodyPlan: 'aquatic', view: 'side' });
    const plainFinned = await made(flank(0.2), { bodyPlan: 'aquatic', view: 'side', fishFlank: false });
    // A lens-shaped flank: a pointed section, so a thinner trunk than the prior's round one.
    expect(z(finned)).toBeLessThan(0.9 * z(plainFinned));
  }, 90_000);

  it('is learned for fish only', () => {
    expect(learnedFlukedLift('aquatic')).toBe(-1);
    expect(learnedFlukedLift('avian')).toBeUndefined();
    expect(learnedFlukedLift(undefined)).toBeUndefined();
  });
});

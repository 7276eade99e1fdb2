/**
 * Legs of a side picture as parts (side-legs.ts, layered-parts.ts): a leg is a thin part of the
 * silhouette standing on the ground; the generator rebuilds each left/right pair of a legged plan
 * from a side picture at the body's two sides, and leaves every other picture one part.
 */
import { generateModel } from '../src';
import { depthLegSpread } from '../src/depth-prior';
import { findSideLegs } from '../src/side-legs';
import { draw, encode, sideAnimal, type Shape } from './images';

const SIZE = 128;
const maskOf = (shape: Shape): Uint8Array => draw(shape, SIZE, () => [0, 0, 0]).truth;
const fast = { resolution: 128, textureSize: 64, thumbnailSize: 16 };

describe('findSideLegs', () => {
  it('finds each leg column standing on the ground, and nothing else', () => {
    expect(findSideLegs(maskOf(sideAnimal([0.25, 0.33, 0.58, 0.66])), SIZE, SIZE).legs).toHaveLength(4);
    expect(findSideLegs(maskOf(sideAnimal([0.27, 0.62])), SIZE, SIZE).legs).toHaveLength(2);
    // The neck, head and tail are thin too, but do not stand on the ground.
    const legless = findSideLegs(maskOf(sideAnimal([])), SIZE, SIZE);
    expect(legless.legs).toHaveLength(0);
  });

  it('keeps the rest of the silhouette as the body', () => {
    const mask = maskOf(sideAnimal([0.27, 0.62]));
    const { body, legs } = findSideLegs(mask, SIZE, SIZE);
    const lowest = Math.max(...[...body.keys()].filter((i) => body[i]).map((i) => Math.floor(i / SIZE)));
    // The body ends above the legs' feet (0.85 of the height).
    expect(lowest).toBeLessThan(0.7 * SIZE);
    // Every subject pixel is in the body or a leg.
    for (let i = 0; i < mask.length; i++) if (mask[i]) expect(body[i] || legs.some((l) => l.mask[i])).toBeTruthy();
  });
});

describe('layered legs in generated models', () => {
  jest.setTimeout(120_000);
  /** Depths (z) of the vertices of the lowest tenth of the model: the feet. */
  const feet = async (shape: Shape, options: Parameters<typeof generateModel>[1]): Promise<number[]> => {
    const { mesh } = await generateModel(await encode(draw(shape, SIZE, () => [150, 110, 70]), 'png'), { ...fast, ...options });
    const z: number[] = [];
    for (let i = 0; i < mesh.positions.length; i += 3) if (mesh.positions[i + 1]! < 0.1) z.push(mesh.positions[i + 2]!);
    return z;
  };

  it('a side picture of a quadruped gets its legs at both sides of the body, none in the middle', async () => {
    for (const legs of [[0.27, 0.62], [0.22, 0.34, 0.56, 0.68]]) {
      const z = await feet(sideAnimal(legs), { bodyPlan: 'quadruped', view: 'side' });
      expect(z.filter((d) => d > 0.02).length).toBeGreaterThan(0);
      expect(z.filter((d) => d < -0.02).length).toBeGreaterThan(0);
      // Each foot is a part of its own, at one side: none reaches the middle plane.
      expect(Math.min(...z.map(Math.abs))).toBeGreaterThan(0.005);
    }
  });

  it('the legs stand as far apart as the spread: in the middle plane at 0, wider with more, the learned spread by default', async () => {
    const shape = sideAnimal([0.27, 0.62]);
    const hints = { bodyPlan: 'quadruped', view: 'side' as const };
    const widest = (z: number[]) => Math.max(...z.map(Math.abs));
    const together = await feet(shape, { ...hints, legSpread: 0 });
    const flush = await feet(shape, { ...hints, legSpread: 1 });
    const splayed = await feet(shape, { ...hints, legSpread: 2 });
    // At 0 both copies of a leg are one leg in the middle plane, its feet as wide as the leg.
    expect(widest(together)).toBeLessThan(widest(flush));
    expect(widest(flush)).toBeLessThan(widest(splayed));
    // Each step of the spread moves the legs by the same offset (they move rigidly, linearly).
    expect(widest(splayed) - widest(flush)).toBeCloseTo(widest(flush) - widest(together), 5);
    expect(await feet(shape, hints)).toEqual(await feet(shape, { ...hints, legSpread: depthLegSpread('quadruped') }));
    await expect(feet(shape, { ...hints, legSpread: 3.5 })).rejects.toThrow(/legSpread/);
  });

  it('a front picture, or a plan without legs, stays one part with its feet in the middle plane', async () => {
    for (const options of [{ bodyPlan: 'quadruped', view: 'front' as const }, { bodyPlan: 'aquatic', view: 'side' as const }, {}]) {
      const z = await feet(sideAnimal([0.27, 0.62]), options);
      expect(Math.min(...z.map(Math.abs))).toBeLessThan(1e-6);
    }
  });
});

/**
 * Paired parts of a side picture (paired-parts.ts, layered-parts.ts): a thin part at the top of the
 * silhouette attached to one core piece (an ear) is found and built as a left/right pair; the tail,
 * the neck and the head are not, and without the rule the model is as before.
 */
import { generateModel } from '../src';
import { distanceTransform } from '../src/mask-ops';
import { findPairedParts, learnedPairedParts } from '../src/paired-parts';
import { findSideLegs } from '../src/side-legs';
import { draw, earedSideAnimal, encode, sideAnimal, type Shape } from './images';

const SIZE = 128;
const fast = { resolution: 128, textureSize: 64, thumbnailSize: 16 };
/** The side animal with an ear standing on its head (the silhouette's highest part). */
const eared: Shape = earedSideAnimal([0.27, 0.62]);

function parts(shape: Shape, maxWidth: number) {
  const mask = draw(shape, SIZE, () => [0, 0, 0]).truth;
  const found = findSideLegs(mask, SIZE, SIZE, {}, distanceTransform(mask, SIZE, SIZE));
  let top = SIZE, bottom = -1;
  for (let i = 0; i < mask.length; i++) if (mask[i]) { top = Math.min(top, Math.floor(i / SIZE)); bottom = Math.max(bottom, Math.floor(i / SIZE)); }
  return findPairedParts(found.body, SIZE, SIZE, maxWidth, top, bottom - top + 1, found.overlap);
}

describe('findPairedParts', () => {
  it('finds the ear on the head, and not the head, the neck or the tail', () => {
    const { parts: found, body } = parts(eared, 0.4);
    expect(found).toHaveLength(1);
    const pixels = [...found[0]!.mask.keys()].filter((i) => found[0]!.mask[i]);
    const xs = pixels.map((i) => (i % SIZE) / SIZE), ys = pixels.map((i) => Math.floor(i / SIZE) / SIZE);
    expect(Math.min(...ys)).toBeLessThan(0.1);
    expect(Math.min(...xs)).toBeGreaterThan(0.75);
    // The ear is taken off the body.
    expect(body[Math.round(0.1 * SIZE) * SIZE + Math.round(0.855 * SIZE)]).toBe(0);
  });

  it('finds nothing where no thin part reaches the top, or when the width allowed is too small', () => {
    expect(parts(sideAnimal([0.27, 0.62]), 0.4).parts).toHaveLength(0);
    expect(parts(eared, 0.05).parts).toHaveLength(0);
  });
});

describe('paired parts in generated models', () => {
  jest.setTimeout(120_000);
  /** Depths (z) of the vertices of the model's highest twentieth: the ear. */
  const earZ = async (options: Parameters<typeof generateModel>[1]): Promise<number[]> => {
    const { mesh } = await generateModel(await encode(draw(eared, SIZE, () => [150, 110, 70]), 'png'), { ...fast, bodyPlan: 'quadruped', view: 'side', ...options });
    const z: number[] = [];
    for (let i = 0; i < mesh.positions.length; i += 3) if (mesh.positions[i + 1]! > 0.95) z.push(mesh.positions[i + 2]!);
    return z;
  };

  it('builds the ear twice, at both sides of the head, none in the middle plane', async () => {
    const off = await earZ({ pairedParts: false });
    expect(Math.min(...off.map(Math.abs))).toBeLessThan(1e-6);
    const z = await earZ({ pairedParts: { maxWidth: 0.4, spread: 1 } });
    expect(z.filter((d) => d > 0.005).length).toBeGreaterThan(0);
    expect(z.filter((d) => d < -0.005).length).toBeGreaterThan(0);
    expect(Math.min(...z.map(Math.abs))).toBeGreaterThan(0.002);
    await expect(earZ({ pairedParts: { maxWidth: 0.4, spread: 4 } })).rejects.toThrow(/pairedParts/);
  });

  it('the learned rule is used by default', async () => {
    const learned = learnedPairedParts('quadruped', 'side');
    expect(await earZ({})).toEqual(await earZ({ pairedParts: learned ?? false }));
  });
});

/**
 * Parts of a front picture (body-parts.ts): a T-posed figure splits at its necks into a core (the
 * torso), two arms and two legs standing on the ground; every pixel and every medial ball belongs to
 * one part, and the parts' spheres together are the whole silhouette's (one surface, nothing lost).
 */
import { ballHeights, medialBalls } from '../src/ball-depth';
import { ballsByKind, splitParts } from '../src/body-parts';
import { distanceTransform } from '../src/mask-ops';
import { draw, tPoseFigure } from './images';

const SIZE = 160;
const mask = draw(tPoseFigure, SIZE, () => [0, 0, 0]).truth;
const inside = distanceTransform(mask, SIZE, SIZE);
const at = (x: number, y: number): number => Math.floor(y * SIZE) * SIZE + Math.floor(x * SIZE);

describe('splitParts', () => {
  const parts = splitParts(mask, inside, SIZE, SIZE, true);
  const kindAt = (x: number, y: number): string | undefined => parts.kinds[parts.labels[at(x, y)]!];

  it('finds the torso as the core, the arms as limbs and the legs standing on the ground as legs', () => {
    expect(kindAt(0.5, 0.42)).toBe('core');
    expect(kindAt(0.15, 0.3)).toBe('limb');
    expect(kindAt(0.85, 0.3)).toBe('limb');
    expect(kindAt(0.435, 0.85)).toBe('leg');
    expect(kindAt(0.565, 0.85)).toBe('leg');
    // Each arm and each leg is a part of its own.
    const ids = [at(0.15, 0.3), at(0.85, 0.3), at(0.435, 0.85), at(0.565, 0.85), at(0.5, 0.42)].map((i) => parts.labels[i]);
    expect(new Set(ids).size).toBe(5);
  });

  it('leaves legs as limbs without the front-picture flag, and labels every subject pixel', () => {
    const plain = splitParts(mask, inside, SIZE, SIZE);
    expect(plain.kinds[plain.labels[at(0.435, 0.85)]!]).toBe('limb');
    let wrong = 0;
    for (let i = 0; i < mask.length; i++) if ((parts.labels[i]! > 0) !== (mask[i] === 1)) wrong++;
    expect(wrong).toBe(0);
  });

  it('gives every medial ball to one part, and the parts\' spheres make the whole surface', () => {
    const balls = medialBalls(inside, SIZE, SIZE);
    const byKind = ballsByKind(balls, parts, SIZE);
    expect(byKind.core.r.length + byKind.limb.r.length + byKind.leg.r.length).toBe(balls.r.length);
    expect(byKind.leg.r.length).toBeGreaterThan(0);
    const points = [0.5, 0.42, 0.15, 0.3, 0.435, 0.85, 0.45, 0.56, 0.42, 0.3].map((v) => v * SIZE);
    const whole = ballHeights(points, balls);
    const kinds = [byKind.core, byKind.limb, byKind.leg].map((b) => ballHeights(points, b));
    whole.forEach((h, p) => expect(Math.max(...kinds.map((k) => k[p]!))).toBeCloseTo(h, 9));
    // A limb is as deep as it is wide, from its own balls (arm radius 0.035 of the picture).
    expect(kinds[1]![1]! / SIZE).toBeCloseTo(0.035, 2);
  });
});

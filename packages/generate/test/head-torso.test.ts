/**
 * A head and a torso with their own depth (head-torso.ts): the neck of a T-posed figure is found
 * between its head and its shoulders, a blob has none; the head's balls are those above the neck,
 * the torso's the core below it; with both factors 1 the profile is the plain medial-ball profile,
 * and the factors scale the head and the torso while the arms keep their own depth.
 */
import { ballProfile } from '../src/ball-depth';
import { headTorsoBalls, headTorsoMiddle, headTorsoProfile, learnedHeadTorso, neckRow } from '../src/head-torso';
import { distanceTransform } from '../src/mask-ops';
import { draw, tPoseFigure } from './images';

const SIZE = 160;
const mask = draw(tPoseFigure, SIZE, () => [0, 0, 0]).truth;
const inside = distanceTransform(mask, SIZE, SIZE);

describe('neckRow', () => {
  it('finds the neck between the head (rows to 0.21) and the shoulders (0.22 down)', () => {
    const neck = neckRow(mask, SIZE, SIZE);
    expect(neck).toBeDefined();
    expect(neck! / SIZE).toBeGreaterThan(0.18);
    expect(neck! / SIZE).toBeLessThan(0.26);
  });

  it('finds no neck in a blob', () => {
    const blob = draw((x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.09, SIZE, () => [0, 0, 0]).truth;
    expect(neckRow(blob, SIZE, SIZE)).toBeUndefined();
  });
});

describe('headTorsoProfile', () => {
  const points = [0.5, 0.13, 0.5, 0.42, 0.15, 0.3, 0.435, 0.85].map((v) => v * SIZE);

  it('puts the head\'s balls above the neck and the torso\'s in the core below it', () => {
    const { head, torso, rest } = headTorsoBalls(mask, inside, SIZE, SIZE);
    const neck = neckRow(mask, SIZE, SIZE)!;
    expect(head.r.length).toBeGreaterThan(0);
    expect(torso.r.length).toBeGreaterThan(0);
    expect(rest.r.length).toBeGreaterThan(0);
    expect(Math.max(...head.y)).toBeLessThan(neck);
    expect(Math.min(...torso.y)).toBeGreaterThanOrEqual(neck);
  });

  it('is the plain ball profile at (1, 1), and scales the head and the torso but not an arm', () => {
    const plain = ballProfile(points, inside, SIZE, SIZE, 1);
    const same = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1, torso: 1 });
    same.forEach((h, i) => expect(h).toBeCloseTo(plain[i]!, 9));
    const scaled = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1.2, torso: 0.8 });
    expect(scaled[0]! / plain[0]!).toBeCloseTo(1.2, 6);
    expect(scaled[1]! / plain[1]!).toBeCloseTo(0.8, 6);
    expect(scaled[2]!).toBeCloseTo(plain[2]!, 9);
    expect(scaled[3]!).toBeCloseTo(plain[3]!, 9);
  });

  it('scales an arm by the limbs\' factor, and the head and the torso as before', () => {
    const plain = ballProfile(points, inside, SIZE, SIZE, 1);
    const limbs = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1.2, torso: 0.8, rest: 1.13 });
    expect(limbs[0]! / plain[0]!).toBeCloseTo(1.2, 6);
    expect(limbs[1]! / plain[1]!).toBeCloseTo(0.8, 6);
    expect(limbs[2]! / plain[2]!).toBeCloseTo(1.13, 6);
  });
});

describe('headTorsoMiddle', () => {
  const points = [0.5, 0.13, 0.5, 0.42, 0.15, 0.3, 0.435, 0.85].map((v) => v * SIZE);

  it('is none without a lean', () => {
    expect(headTorsoMiddle(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1.1, torso: 0.9 })).toBeUndefined();
    expect(headTorsoMiddle(points, mask, inside, SIZE, SIZE, 1, 2, { head: 1.1, torso: 0.9, headLean: 0 })).toBeUndefined();
  });

  it('moves the head\'s middle by the lean × its depth, and not the torso, an arm or a leg', () => {
    const depth = { head: 1.1, torso: 0.9, rest: 1.13, headLean: 0.2 };
    const heights = headTorsoProfile(points, mask, inside, SIZE, SIZE, 1, 2, depth);
    const middle = headTorsoMiddle(points, mask, inside, SIZE, SIZE, 1, 2, depth)!;
    expect(middle[0]!).toBeCloseTo(0.2 * heights[0]!, 6);
    expect(middle[1]).toBe(0);
    expect(middle[2]).toBe(0);
    expect(middle[3]).toBe(0);
  });
});

describe('learnedHeadTorso', () => {
  it('is learned for bipeds pictured from the front only, their limbs deeper than wide', () => {
    expect(learnedHeadTorso('biped', 'front')).toEqual({ head: 1.1, torso: 0.9, rest: 1.13 });
    expect(learnedHeadTorso('biped', 'side')).toBeUndefined();
    expect(learnedHeadTorso('quadruped', 'front')).toBeUndefined();
    expect(learnedHeadTorso()).toBeUndefined();
  });
});

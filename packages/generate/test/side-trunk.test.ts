/**
 * A side picture's trunk and limbs with their own depth (side-trunk.ts): with both factors 1 the
 * profile is the plain medial-ball profile; the factors scale the trunk's (the core's) depth and the
 * limbs' (a tail) apart.
 */
import { ballProfile } from '../src/ball-depth';
import { distanceTransform } from '../src/mask-ops';
import { learnedSideTrunk, sideTrunkProfile } from '../src/side-trunk';
import { draw } from './images';

const SIZE = 160;
// A body seen from the side: an oval trunk and a thin tail off its right end.
const mask = draw((x, y) => ((x - 0.4) / 0.25) ** 2 + ((y - 0.5) / 0.15) ** 2 <= 1 || (x >= 0.6 && x <= 0.92 && Math.abs(y - 0.45) <= 0.025), SIZE, () => [0, 0, 0]).truth;
const inside = distanceTransform(mask, SIZE, SIZE);

describe('sideTrunkProfile', () => {
  const points = [0.4, 0.5, 0.88, 0.45].map((v) => v * SIZE);

  it('is the plain ball profile at (1, 1), and scales the trunk and the tail apart', () => {
    const plain = ballProfile(points, inside, SIZE, SIZE, 1);
    const same = sideTrunkProfile(points, mask, inside, SIZE, SIZE, 1, 2, { trunk: 1, limbs: 1 });
    same.forEach((h, i) => expect(h).toBeCloseTo(plain[i]!, 9));
    const scaled = sideTrunkProfile(points, mask, inside, SIZE, SIZE, 1, 2, { trunk: 0.8, limbs: 1.3 });
    expect(scaled[0]! / plain[0]!).toBeCloseTo(0.8, 6);
    expect(scaled[1]! / plain[1]!).toBeCloseTo(1.3, 6);
  });
});

describe('learnedSideTrunk', () => {
  it('has no entry for a front picture, nor without hints', () => {
    expect(learnedSideTrunk('biped', 'front')).toBeUndefined();
    expect(learnedSideTrunk()).toBeUndefined();
  });
});

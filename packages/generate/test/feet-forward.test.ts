import { generateModel } from '../src';
import { feetForward, learnedFeet } from '../src/feet-forward';
import { character, characterPaint, draw, encode } from './images';
import { manifoldProblems } from './mesh-checks';

const options = { resolution: 160, textureSize: 64, thumbnailSize: 64 } as const;

describe('feet that reach forward', () => {
  it('push the front sheet forward in a wedge over the ground band, the back sheet back by the heel, and leave the outline and everything above', () => {
    // Height 2: front (z 0.1), back (z −0.1) and outline (z 0) vertices at the ground, half way up the band and above it.
    const positions = Float32Array.from([0, 0, 0.1, 0, 0, -0.1, 0, 0, 0, 0, 0.1, 0.1, 0, 0.1, -0.1, 0, 0.5, 0.1, 0, 0.5, -0.1]);
    const out = feetForward(positions, { height: 2, toe: 0.1, heel: 0.02, band: 0.1 });
    const z = (k: number) => out[3 * k + 2]!;
    expect(z(0)).toBeCloseTo(0.1 + 0.2, 6);
    expect(z(1)).toBeCloseTo(-0.1 - 0.04, 6);
    expect(z(2)).toBe(0);
    expect(z(3)).toBeCloseTo(0.1 + 0.1, 6);
    expect(z(4)).toBeCloseTo(-0.1 - 0.02, 6);
    expect(z(5)).toBeCloseTo(0.1, 6);
    expect(z(6)).toBeCloseTo(-0.1, 6);
    expect(Array.from(feetForward(positions, { height: 2, toe: 0, heel: 0, band: 0.1 }))).toEqual(Array.from(positions));
  });

  it('are learned for a biped pictured from the front only, and give its model toes in front of the body, closed and manifold', async () => {
    expect(learnedFeet('biped', 'side')).toBeUndefined();
    expect(learnedFeet('quadruped', 'front')).toBeUndefined();
    expect(learnedFeet('biped')).toBeUndefined();
    const feet = learnedFeet('biped', 'front');
    expect(feet).toBeDefined();
    const png = await encode(draw(character, 160, characterPaint), 'png');
    const without = (await generateModel(png, { ...options, bodyPlan: 'biped', view: 'front', feet: false })).mesh;
    const withFeet = (await generateModel(png, { ...options, bodyPlan: 'biped', view: 'front' })).mesh;
    expect(manifoldProblems(withFeet)).toEqual([]);
    // The same vertices, the front sheet's lowest band moved forward by the wedge, nothing else moved.
    expect(withFeet.positions.length).toBe(without.positions.length);
    let moved = 0, largest = 0;
    for (let i = 0; i < without.positions.length; i += 3) {
      const y = without.positions[i + 1]!, z = without.positions[i + 2]!;
      const shift = withFeet.positions[i + 2]! - z;
      const expected = y < feet!.band && z > 0 ? feet!.toe * (1 - y / feet!.band) : z < 0 && y < feet!.band ? -feet!.heel * (1 - y / feet!.band) : 0;
      expect(shift).toBeCloseTo(expected, 5);
      if (shift > 0) moved++;
      largest = Math.max(largest, shift);
    }
    expect(moved).toBeGreaterThan(10);
    expect(largest).toBeGreaterThan(0.5 * feet!.toe);
    await expect(generateModel(png, { ...options, feet: 'yes' as unknown as boolean })).rejects.toThrow(/feet/);
  });
});

import { generateModel } from '../src';
import { distanceTransform } from '../src/mask-ops';
import { rimFalloff, rimLean } from '../src/rim-lean';
import rule from '../src/rim-lean.json';
import { draw, encode, type Shape } from './images';
import { manifoldProblems } from './mesh-checks';

const disc: Shape = (x, y) => Math.hypot(x - 0.5, y - 0.5) <= 0.35;
/** A ball lit from the camera: Lambert, bright at its middle, dark toward its outline. */
const ballShading = (x: number, y: number): [number, number, number] => {
  const r = Math.min(1, Math.hypot(x - 0.5, y - 0.5) / 0.35);
  const v = Math.round(40 + 200 * Math.sqrt(1 - r * r));
  return [v, v, v];
};
const options = { resolution: 160, textureSize: 64, thumbnailSize: 64 } as const;

function zRange(positions: Float32Array): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (let i = 2; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
  return [lo, hi];
}

describe('the lean read from a front picture\'s shading', () => {
  it('reads a ball lit from the camera as darker at its rim than a flat disc of one colour', () => {
    const cue = (paint: (x: number, y: number) => [number, number, number]) => {
      const { rgba, truth, width, height } = draw(disc, 120, paint);
      return rimFalloff(rgba, truth, distanceTransform(truth, width, height));
    };
    const flat = cue(() => [120, 120, 120]);
    const ball = cue(ballShading);
    expect(flat).toBeCloseTo(1, 2);
    expect(ball).toBeLessThan(rule.below);
    const { rgba, truth, width, height } = draw(disc, 120, ballShading);
    const inside = distanceTransform(truth, width, height);
    expect(rimLean('front', rgba, truth, inside)).toBe(rule.lean);
    // Only front pictures: from the side a lean is left against right, from above the view's own.
    expect(rimLean('side', rgba, truth, inside)).toBe(0);
    expect(rimLean('top', rgba, truth, inside)).toBe(0);
  });

  it('puts the shaded ball\'s depth toward the camera and leaves the flat disc symmetric; a lean hint overrides it', async () => {
    const ball = await encode(draw(disc, 160, ballShading), 'png');
    const flat = await encode(draw(disc, 160, () => [120, 120, 120]), 'png');
    const leaned = (await generateModel(ball, { ...options, view: 'front' })).mesh;
    const [lo, hi] = zRange(leaned.positions);
    expect(hi / -lo).toBeCloseTo((1 + rule.lean) / (1 - rule.lean), 2);
    expect(manifoldProblems(leaned)).toEqual([]);
    const [flo, fhi] = zRange((await generateModel(flat, { ...options, view: 'front' })).mesh.positions);
    expect(flo).toBeCloseTo(-fhi, 6);
    const [hlo, hhi] = zRange((await generateModel(ball, { ...options, view: 'front', lean: 0 })).mesh.positions);
    expect(hlo).toBeCloseTo(-hhi, 6);
  });
});

import { generateModel } from '../src';
import { depthLean } from '../src/depth-prior';
import { draw, encode, type Shape } from './images';
import { manifoldProblems, signedVolume } from './mesh-checks';

/** A frog seen from above: a round body and four splayed legs, one piece, on transparency. */
const frogFromAbove: Shape = (x, y) => ((x - 0.5) / 0.22) ** 2 + ((y - 0.5) / 0.28) ** 2 <= 1
  || [[0.25, 0.3], [0.75, 0.3], [0.2, 0.75], [0.8, 0.75]].some(([cx, cy]) => Math.hypot(x - cx!, y - cy!) <= 0.09);

const options = { resolution: 160, textureSize: 64, thumbnailSize: 64 } as const;

function zRange(positions: Float32Array): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (let i = 2; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
  return [lo, hi];
}

describe('the lean of the two sheets', () => {
  it('moves the depth onto one side of the outline\'s plane and keeps it: a flat back at lean 1, closed and manifold', async () => {
    const png = await encode(draw(frogFromAbove, 160, () => [90, 160, 60]), 'png');
    const symmetric = (await generateModel(png, { ...options, view: 'top', lean: 0 })).mesh;
    const flat = (await generateModel(png, { ...options, view: 'top', lean: 1 })).mesh;
    const [lo0, hi0] = zRange(symmetric.positions), [lo1, hi1] = zRange(flat.positions);
    expect(lo0).toBeCloseTo(-hi0, 6);
    // Every point keeps its depth 2h: the extent is the same, all of it above the plane at lean 1.
    expect(hi1 - lo1).toBeCloseTo(hi0 - lo0, 6);
    expect(lo1).toBeCloseTo(0, 6);
    expect(manifoldProblems(flat)).toEqual([]);
    expect(signedVolume(flat)).toBeCloseTo(signedVolume(symmetric), 6);
  });

  it('by default follows the view: the learned lean from above (more depth above the plane), none from the front or with no view', async () => {
    expect(depthLean('top')).toBeGreaterThan(0);
    expect(depthLean('front')).toBe(0);
    expect(depthLean()).toBe(0);
    const png = await encode(draw(frogFromAbove, 160, () => [90, 160, 60]), 'png');
    const fromAbove = (await generateModel(png, { ...options, view: 'top' })).mesh;
    const [lo, hi] = zRange(fromAbove.positions);
    expect(hi / -lo).toBeCloseTo((1 + depthLean('top')) / (1 - depthLean('top')), 2);
    const [flo, fhi] = zRange((await generateModel(png, { ...options, view: 'front' })).mesh.positions);
    expect(flo).toBeCloseTo(-fhi, 6);
    await expect(generateModel(png, { ...options, lean: 1.5 })).rejects.toThrow(/lean/);
  });
});

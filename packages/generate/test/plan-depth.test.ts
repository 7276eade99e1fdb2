import { readMesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import { depthPrior } from '../src/depth-prior';
import { draw, encode, type Shape } from './images';

/** A fish seen from its side: an oval body and a tail fin, one piece, on transparency. */
const sideFish: Shape = (x, y) => ((x - 0.45) / 0.3) ** 2 + ((y - 0.5) / 0.16) ** 2 <= 1
  || (x >= 0.7 && x <= 0.9 && Math.abs(y - 0.5) <= (x - 0.7) * 0.9);

async function depthOf(png: Uint8Array, bodyPlan?: string): Promise<number> {
  const { model } = await generateModel(png, { view: 'side', ...(bodyPlan ? { bodyPlan } : {}), resolution: 160, textureSize: 64, thumbnailSize: 64 });
  const { positions } = (await readMesh(model)).mesh;
  let lo = Infinity, hi = -Infinity;
  for (let i = 2; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
  return hi - lo;
}

describe('the body plan\'s depth prior', () => {
  it('sets the depth of a picture of that plan: the model is as much deeper or shallower as the plan\'s prior is', async () => {
    const png = await encode(draw(sideFish, 160, () => [90, 140, 200]), 'png');
    const general = await depthOf(png);
    const fish = await depthOf(png, 'aquatic');
    // The medial-ball depth is linear in the prior's scale c (the 1-pixel floor aside, off the deepest point).
    const expected = depthPrior('aquatic', 'side').c / depthPrior(undefined, 'side').c;
    expect(fish / general).toBeCloseTo(expected, 2);
    // A plan the table has no prior for gets the view's prior: the same model depth.
    expect(await depthOf(png, 'nonesuch')).toBeCloseTo(general, 6);
  });
});

import { readMesh } from '@rigforge/mesh';
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import type { GenerateModelOptions } from '../src';
import { learnedLimbLift } from '../src/limb-lift';
import { draw, encode } from './images';
import type { Shape } from './images';
import { manifoldProblems, middleZ } from './mesh-checks';

/** A four-legged animal from above: a long body on the vertical centre line, four thin legs splayed out sideways. */
const animal: Shape = (x, y) => (((x - 0.5) / 0.1) ** 2 + ((y - 0.5) / 0.3) ** 2 <= 1)
  || ((y >= 0.3 && y <= 0.34) || (y >= 0.66 && y <= 0.7)) && x >= 0.15 && x <= 0.85;

async function made(options: GenerateModelOptions): Promise<Mesh> {
  const png = await encode(draw(animal, 160, () => [120, 90, 60]), 'png');
  return (await readMesh((await generateModel(png, { resolution: 160, textureSize: 64, thumbnailSize: 64, ...options })).model)).mesh;
}

describe('a legged body\'s limbs below its trunk (limb-lift)', () => {
  it('learns a lift for legged plans only, and only for front or top pictures', () => {
    for (const plan of ['biped', 'avian', 'aquatic', 'others']) expect(learnedLimbLift(plan, 'top')).toBeUndefined();
    expect(learnedLimbLift('quadruped', 'side')).toBeUndefined();
    expect(learnedLimbLift(undefined, 'top')).toBeUndefined();
  });

  it('moves the legs, not the body, by the lift; closed and manifold; false is no lift', async () => {
    const base = { bodyPlan: 'quadruped', view: 'top' as const, lean: 0 };
    const off = await made({ ...base, limbLift: false });
    const zero = await made({ ...base, limbLift: 0 });
    const lowered = await made({ ...base, limbLift: -0.5 });
    expect(Array.from(zero.positions)).toEqual(Array.from(off.positions));
    // The leg tips lie far past a trunk radius from the body: all of the lift, away from the viewer.
    expect(middleZ(off, 0.02, 0.1)).toBeCloseTo(0, 3);
    expect(middleZ(lowered, 0.02, 0.1)).toBeLessThan(-0.005);
    expect(middleZ(lowered, 0.9, 0.98)).toBeLessThan(-0.005);
    expect(middleZ(lowered, 0.47, 0.53)).toBeCloseTo(middleZ(off, 0.47, 0.53), 3);
    expect(manifoldProblems(lowered)).toEqual([]);
    await expect(made({ ...base, limbLift: 3 })).rejects.toThrow(/limbLift/);
  }, 60_000);
});

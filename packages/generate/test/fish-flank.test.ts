import { readMesh } from '@rigforge/mesh';
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import type { GenerateModelOptions } from '../src';
import { flankSymmetry, isFlank, learnedFishFlank } from '../src/fish-flank';
import { draw, encode } from './images';
import type { Shape } from './images';
import { manifoldProblems } from './mesh-checks';

/** A fish's flank: a body (an ellipse 0.7 long, 0.3 tall) with a sail on its back and a small anal fin under its tail half. */
const flank: Shape = (x, y) => ((x - 0.5) / 0.35) ** 2 + ((y - 0.6) / 0.15) ** 2 <= 1 || (Math.abs(x - 0.45) <= 0.08 && y >= 0.25 && y <= 0.55)
  || (Math.abs(x - 0.65) <= 0.04 && y >= 0.7 && y <= 0.82);
/** The same fish drawn head down, rotated a quarter turn. */
const standing: Shape = (x, y) => flank(y, x);
/** A fish from above: the same body with a pectoral fin at each side (mirror-symmetric about its long axis). */
const back: Shape = (x, y) => ((x - 0.5) / 0.35) ** 2 + ((y - 0.5) / 0.12) ** 2 <= 1 || (Math.abs(x - 0.4) <= 0.05 && Math.abs(y - 0.5) <= 0.22);
/** Nose on: a round body with the sail on top (symmetric about the vertical, its short axis here). */
const noseOn: Shape = (x, y) => (x - 0.5) ** 2 + (y - 0.55) ** 2 <= 0.2 ** 2 || (Math.abs(x - 0.5) <= 0.02 && y >= 0.15 && y <= 0.4);

function maskOf(shape: Shape, size: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) mask[y * size + x] = shape((x + 0.5) / size, (y + 0.5) / size) ? 1 : 0;
  return mask;
}

async function made(shape: Shape, options: GenerateModelOptions): Promise<Mesh> {
  const png = await encode(draw(shape, 160, () => [90, 120, 200]), 'png');
  return (await readMesh((await generateModel(png, { resolution: 160, textureSize: 64, thumbnailSize: 64, ...options })).model)).mesh;
}

/** Largest |z| among vertices whose x lies in [x0, x1] and y in [y0, y1], as fractions of the model's box (y 0 at the bottom). */
function depthIn(mesh: Mesh, x0: number, x1: number, y0: number, y1: number): number {
  const lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i += 3) for (const k of [0, 1]) { lo[k] = Math.min(lo[k]!, mesh.positions[i + k]!); hi[k] = Math.max(hi[k]!, mesh.positions[i + k]!); }
  let deepest = 0;
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const fx = (mesh.positions[i]! - lo[0]!) / (hi[0]! - lo[0]!), fy = (mesh.positions[i + 1]! - lo[1]!) / (hi[1]! - lo[1]!);
    if (fx >= x0 && fx <= x1 && fy >= y0 && fy <= y1) deepest = Math.max(deepest, Math.abs(mesh.positions[i + 2]!));
  }
  return deepest;
}

describe('a fish seen from its flank', () => {
  it('tells a flank (back and belly differ) from a fish seen from above or nose on, whichever way it lies', () => {
    const rule = { trunk: 0.5, below: 0.95 };
    expect(flankSymmetry(maskOf(back, 120), 120, 120)).toBeGreaterThan(0.97);
    expect(flankSymmetry(maskOf(noseOn, 120), 120, 120)).toBeGreaterThan(0.97);
    for (const shape of [flank, standing]) {
      expect(flankSymmetry(maskOf(shape, 120), 120, 120)).toBeLessThan(0.9);
      expect(isFlank(maskOf(shape, 120), 120, 120, rule)).toBe(true);
    }
    expect(isFlank(maskOf(back, 120), 120, 120, rule)).toBe(false);
    expect(flankSymmetry(new Uint8Array(16), 4, 4)).toBe(0);
  });

  it('ships no rule (measured: the true meshes\' width left out by artist made both artists\' fish worse)', () => {
    expect(learnedFishFlank('aquatic')).toBeUndefined();
    expect(learnedFishFlank('biped')).toBeUndefined();
    expect(learnedFishFlank(undefined)).toBeUndefined();
  });

  it('scales a flank\'s trunk by the rule, whatever the view hint, closed and manifold; leaves a fish from above as it was', async () => {
    const plain = await made(flank, { bodyPlan: 'aquatic', view: 'side', fishFlank: false });
    const thin = await made(flank, { bodyPlan: 'aquatic', view: 'side', fishFlank: { trunk: 0.5, below: 0.95 } });
    // The body's middle (x 0.6–0.7 of the model's width, below the sail) is half as deep.
    const body = (m: Mesh): number => depthIn(m, 0.6, 0.7, 0, 0.6);
    expect(body(thin) / body(plain)).toBeGreaterThan(0.4);
    expect(body(thin) / body(plain)).toBeLessThan(0.6);
    expect(manifoldProblems(thin)).toEqual([]);
    // Head down and called a front picture: still a flank.
    const upright = await made(standing, { bodyPlan: 'aquatic', view: 'front', fishFlank: false });
    const uprightThin = await made(standing, { bodyPlan: 'aquatic', view: 'front', fishFlank: { trunk: 0.5, below: 0.95 } });
    expect(depthIn(uprightThin, 0.3, 0.7, 0.3, 0.7) / depthIn(upright, 0.3, 0.7, 0.3, 0.7)).toBeLessThan(0.7);
    const top = await made(back, { bodyPlan: 'aquatic', view: 'top', fishFlank: false });
    expect(Array.from((await made(back, { bodyPlan: 'aquatic', view: 'top', fishFlank: { trunk: 0.5, below: 0.95 } })).positions)).toEqual(Array.from(top.positions));
  }, 120_000);

  it('rejects a rule out of range', async () => {
    await expect(made(flank, { bodyPlan: 'aquatic', view: 'side', fishFlank: { trunk: 9, below: 0.95 } })).rejects.toThrow(/fishFlank/);
  });
});

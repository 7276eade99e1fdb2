import { readMesh } from '@rigforge/mesh';
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import type { GenerateModelOptions } from '../src';
import { learnedFinsWings, middleBandHalfWidth, middleLine, mirrorOverlap, sideAxis } from '../src/fins-wings';
import { distanceTransform } from '../src/mask-ops';
import { draw, encode } from './images';
import type { Shape } from './images';
import { manifoldProblems, middleZ } from './mesh-checks';

/** A round body on the vertical centre line with two wide wings beside it and a tail below (a flyer from above). */
const flyer: Shape = (x, y) => (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.12 ** 2 || (Math.abs(x - 0.5) <= 0.04 && y >= 0.5 && y <= 0.85)
  || (x - 0.22) ** 2 + (y - 0.5) ** 2 <= 0.15 ** 2 || (x - 0.78) ** 2 + (y - 0.5) ** 2 <= 0.15 ** 2;
/** The same flyer lying across the picture (its middle line horizontal). */
const across: Shape = (x, y) => flyer(y, x);
/** A thin upright body (half-width 0.04, 0.7 long) with broad wings meeting it over a quarter of its length (a butterfly from above). */
const thinBody: Shape = (x, y) => (Math.abs(x - 0.5) <= 0.04 && y >= 0.15 && y <= 0.85) || (x >= 0.1 && x <= 0.9 && y >= 0.35 && y <= 0.55);
/** A tall, short fish from the side: an ellipse 0.5 long, 0.9 tall. */
const deepFish: Shape = (x, y) => ((x - 0.5) / 0.25) ** 2 + ((y - 0.5) / 0.45) ** 2 <= 1;

/** A fish from the side: a long body (an ellipse 0.7 long, 0.3 tall) with a tall sail on its back (a dorsal fin 0.16 wide, 0.3 tall, over x 0.42–0.58). */
const sailFish: Shape = (x, y) => ((x - 0.5) / 0.35) ** 2 + ((y - 0.6) / 0.15) ** 2 <= 1 || (Math.abs(x - 0.5) <= 0.08 && y >= 0.2 && y <= 0.55);
/** The same fish drawn head down (its long direction vertical). */
const standingFish: Shape = (x, y) => sailFish(y, x);

function maskOf(shape: Shape, size: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) mask[y * size + x] = shape((x + 0.5) / size, (y + 0.5) / size) ? 1 : 0;
  return mask;
}

async function made(shape: Shape, options: GenerateModelOptions): Promise<Mesh> {
  const png = await encode(draw(shape, 160, () => [200, 160, 60]), 'png');
  return (await readMesh((await generateModel(png, { resolution: 160, textureSize: 64, thumbnailSize: 64, ...options })).model)).mesh;
}

/** Largest |z| among vertices whose x lies in [x0, x1], as fractions of the model's width from its left (0) to its right (1). */
function depthAt(mesh: Mesh, x0: number, x1: number): number {
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < mesh.positions.length; i += 3) { lo = Math.min(lo, mesh.positions[i]!); hi = Math.max(hi, mesh.positions[i]!); }
  let deepest = 0;
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const f = (mesh.positions[i]! - lo) / (hi - lo);
    if (f >= x0 && f <= x1) deepest = Math.max(deepest, Math.abs(mesh.positions[i + 2]!));
  }
  return deepest;
}

describe('fins and wings as plates', () => {
  it('finds the middle line: vertical from the front, the more mirror-symmetric way from above', () => {
    const upright = maskOf(flyer, 120), lying = maskOf(across, 120);
    expect(middleLine(upright, 120, 120, 'front').horizontal).toBe(false);
    const top = middleLine(upright, 120, 120, 'top');
    expect(top.horizontal).toBe(false);
    expect(top.at).toBeCloseTo(60, 0);
    expect(middleLine(lying, 120, 120, 'top').horizontal).toBe(true);
    expect(mirrorOverlap(upright, 120, 120, 60, false)).toBeGreaterThan(0.99);
  });

  it('applies to fish and flyers pictured from a view, nothing else', () => {
    expect(learnedFinsWings('biped', 'front')).toBeUndefined();
    expect(learnedFinsWings('aquatic', undefined)).toBeUndefined();
  });

  it('ships no trunk of its own width (ownTrunks measured, not shipped: the quaternius fold was worse held out)', () => {
    for (const [plan, view] of [['avian', 'top'], ['avian', 'front'], ['aquatic', 'top']] as const) {
      const rule = learnedFinsWings(plan, view);
      expect(rule?.lateral).toBeGreaterThan(0);
      expect(rule?.trunk).toBeUndefined();
    }
  });

  it('holds only a flyer seen from above to its anatomical trunk cap (trunkCaps, learned from the true meshes)', () => {
    // A flyer's body is no deeper than about 1.35 × the prior's depth of its own half-width between its wings.
    expect(learnedFinsWings('avian', 'top')?.trunkCap).toBeGreaterThan(1);
    expect(learnedFinsWings('avian', 'top')?.trunkCap).toBeLessThan(2);
    expect(learnedFinsWings('avian', 'front')?.trunkCap).toBeUndefined();
    expect(learnedFinsWings('aquatic', 'top')?.trunkCap).toBeUndefined();
    expect(learnedFinsWings('aquatic', 'side')?.trunkCap).toBeUndefined();
  });

  it('makes the wings of a flyer from above plates and keeps its body round, closed and manifold', async () => {
    const plain = await made(flyer, { bodyPlan: 'avian', view: 'top', finsWings: false });
    const plated = await made(flyer, { bodyPlan: 'avian', view: 'top', finsWings: { lateral: 0.2 } });
    // The wings' middles at 0.09 and 0.91 of the model's width, the body's at 0.5.
    const wing = (m: Mesh) => depthAt(m, 0.04, 0.14), body = (m: Mesh) => depthAt(m, 0.47, 0.53);
    expect(wing(plated) / wing(plain)).toBeLessThan(0.35);
    expect(body(plated)).toBeCloseTo(body(plain), 3);
    expect(manifoldProblems(plated)).toEqual([]);
  }, 60_000);

  it('lifts the wings\' plates by plateLift × the trunk\'s half-depth, the body as it was, closed and manifold', async () => {
    const flat = await made(flyer, { bodyPlan: 'avian', view: 'top', lean: 0, finsWings: { lateral: 0.05 } });
    const lifted = await made(flyer, { bodyPlan: 'avian', view: 'top', lean: 0, finsWings: { lateral: 0.05, plateLift: -0.5 } });
    // The outer wing tip (0.02–0.08 of the width) lies more than one trunk radius out: all of the lift.
    const body = depthAt(flat, 0.47, 0.53);
    expect(middleZ(flat, 0.02, 0.08)).toBeCloseTo(0, 3);
    expect(middleZ(lifted, 0.02, 0.08) / body).toBeCloseTo(-0.5, 1);
    expect(depthAt(lifted, 0.47, 0.53)).toBeCloseTo(body, 4);
    expect(manifoldProblems(lifted)).toEqual([]);
  }, 60_000);

  it('measures the body between its wings and holds the trunk to it with a trunk cap', async () => {
    const mask = maskOf(thinBody, 120), distance = distanceTransform(mask, 120, 120);
    // Body rows: half-width 0.04 × 120 ≈ 5 px; the wing rows span 0.8 × 120 and are left out.
    const half = middleBandHalfWidth(mask, distance, 120, 120, middleLine(mask, 120, 120, 'top'));
    expect(half).toBeGreaterThanOrEqual(4);
    expect(half).toBeLessThanOrEqual(6);
    const plated = await made(thinBody, { bodyPlan: 'avian', view: 'top', finsWings: { lateral: 0.05 } });
    const capped = await made(thinBody, { bodyPlan: 'avian', view: 'top', finsWings: { lateral: 0.05, trunkCap: 1 } });
    const junction = (m: Mesh) => depthAt(m, 0.47, 0.53);
    expect(junction(capped) / junction(plated)).toBeLessThan(0.6);
    expect(manifoldProblems(capped)).toEqual([]);
  }, 60_000);

  it('holds a fish from the side to its share of its length, and leaves other plans as they were', async () => {
    const plain = await made(deepFish, { bodyPlan: 'aquatic', view: 'side', finsWings: false });
    const capped = await made(deepFish, { bodyPlan: 'aquatic', view: 'side', finsWings: { lengthCap: 0.1 } });
    // Longer side 0.9 of the picture = the 1 m height: half-depth at most 0.1 m (lean 0 from the side).
    expect(depthAt(capped, 0, 1)).toBeLessThanOrEqual(0.1 + 1e-3);
    expect(depthAt(plain, 0, 1)).toBeGreaterThan(0.2);
    const quad = await made(deepFish, { bodyPlan: 'quadruped', view: 'front' });
    expect(Array.from(quad.positions)).toEqual(Array.from((await made(deepFish, { bodyPlan: 'quadruped', view: 'front', finsWings: false })).positions));
  }, 60_000);

  it('finds a side picture\'s trunk axis along the body, and makes its sail a plate with the body kept round', async () => {
    const lying = maskOf(sailFish, 120), standing = maskOf(standingFish, 120);
    const a = sideAxis(lying, distanceTransform(lying, 120, 120), 120), b = sideAxis(standing, distanceTransform(standing, 120, 120), 120);
    expect(Math.abs(a.dx)).toBeGreaterThan(0.95);
    expect(a.y).toBeGreaterThan(0.5 * 120);
    expect(Math.abs(b.dy)).toBeGreaterThan(0.95);
    const plain = await made(sailFish, { bodyPlan: 'aquatic', view: 'side', finsWings: false });
    const plated = await made(sailFish, { bodyPlan: 'aquatic', view: 'side', finsWings: { sideLateral: 0.05 } });
    // Depth by height: the sail's top (above the body) flattened, the body's middle as it was.
    const depthAtHeight = (m: Mesh, y0: number, y1: number): number => {
      let lo = Infinity, hi = -Infinity, deepest = 0;
      for (let i = 1; i < m.positions.length; i += 3) { lo = Math.min(lo, m.positions[i]!); hi = Math.max(hi, m.positions[i]!); }
      for (let i = 0; i < m.positions.length; i += 3) {
        const f = (m.positions[i + 1]! - lo) / (hi - lo);
        if (f >= y0 && f <= y1) deepest = Math.max(deepest, Math.abs(m.positions[i + 2]!));
      }
      return deepest;
    };
    expect(depthAtHeight(plated, 0.85, 0.95) / depthAtHeight(plain, 0.85, 0.95)).toBeLessThan(0.5);
    expect(depthAtHeight(plated, 0.2, 0.4)).toBeCloseTo(depthAtHeight(plain, 0.2, 0.4), 3);
    expect(manifoldProblems(plated)).toEqual([]);
  }, 60_000);
});

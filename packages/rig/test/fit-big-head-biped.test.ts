// Proportion-robust biped fitting: a "mini" whose head is half its height and wider than its
// chest, arms held straight out. Procedural, so the suite needs no dev set. Without the rules
// of arm-attachment.ts and the head-centre bound of the neck search, the arms' medial paths climb
// into the head (shoulders inside it) and the neck is found in the head's taper near the crown.
// Also the ground contacts that place a leg the medial tree has no branch for.
import { fitSkeleton } from '../src/fit-skeleton';
import { groundContact } from '../src/fit/ground-contact';
import { analyzeShape } from '../src/fit/shape-analysis';
import { capsule, ellipsoid, primitivesToMesh, type Primitive } from '../testing/creature-primitives';

/** Height 1: legs to 0.22, chest 0.22–0.45, head 0.45–1 (wider than the chest), T-pose arms at 0.4. */
function bigHeadMini(): Primitive[] {
  const prims: Primitive[] = [
    capsule([0, 0.26, 0], [0, 0.42, 0], 0.13, 'torso'),
    ellipsoid([0, 0.72, 0], [0.26, 0.27, 0.24], 'head'),
  ];
  for (const s of [1, -1]) {
    prims.push(
      capsule([0.07 * s, 0.25, 0], [0.07 * s, 0.04, 0], 0.055, 'leg'),
      capsule([0.1 * s, 0.4, 0], [0.5 * s, 0.4, 0], 0.05, 'arm'),
    );
  }
  return prims;
}

describe('big-headed biped', () => {
  const { mesh } = primitivesToMesh(bigHeadMini());
  const r = fitSkeleton(mesh, 'biped');
  const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)!.position;

  test('the shoulders and upper arms sit on the arm line at the chest, not inside the head', () => {
    for (const side of ['left', 'right']) {
      const upper = at(`${side}_upper_arm`);
      expect(upper[1]).toBeGreaterThan(0.34);
      expect(upper[1]).toBeLessThan(0.47);
      expect(Math.abs(upper[0])).toBeLessThan(0.25);
      expect(at(`${side}_shoulder`)[1]).toBeLessThan(0.5);
    }
  });

  test('the neck is the head\'s base, below its centre, and the hips are below the arms', () => {
    expect(at('neck')[1]).toBeGreaterThan(0.36);
    expect(at('neck')[1]).toBeLessThan(0.56);
    expect(at('head')[1]).toBeLessThan(0.72);
    expect(at('hips')[1]).toBeLessThan(0.34);
    expect(at('chest')[1]).toBeLessThan(at('neck')[1]);
  });
});

describe('ground contacts', () => {
  // A bean body reaching almost to the ground on two short stubs: each side's footprint is the
  // stub under it, wherever the arms reach (the box's width says nothing about where feet stand).
  const prims: Primitive[] = [ellipsoid([0, 0.55, 0], [0.32, 0.45, 0.25], 'body')];
  for (const s of [1, -1]) {
    prims.push(
      capsule([0.18 * s, 0.14, 0.02], [0.18 * s, 0.05, 0.02], 0.06, 'leg'),
      capsule([0.28 * s, 0.5, 0], [0.9 * s, 0.45, 0], 0.06, 'arm'),
    );
  }
  const shape = analyzeShape(primitivesToMesh(prims).mesh, 80);

  test('each side stands on its stub', () => {
    for (const s of [1, -1] as const) {
      const c = groundContact(shape, s)!;
      expect(Math.abs(c[0] - 0.18 * s)).toBeLessThan(0.03);
      expect(Math.abs(c[2] - 0.02)).toBeLessThan(0.03);
      expect(c[1]).toBeCloseTo(shape.min[1], 5);
    }
  });

  test('a side that does not touch the ground has no contact', () => {
    const one = analyzeShape(primitivesToMesh([prims[0]!, prims[1]!, capsule([-0.18, 0.3, 0], [-0.18, 0.2, 0], 0.06, 'leg')]).mesh, 80);
    expect(groundContact(one, 1)).not.toBeNull();
    expect(groundContact(one, -1)).toBeNull();
  });
});

describe('bean-bodied biped without a neck', () => {
  // One tall mass from the hips to the crown, arms out, legs under it: the path from the hips
  // only thins towards the crown and never widens again, so it has no neck.
  const prims: Primitive[] = [ellipsoid([0, 0.62, 0], [0.3, 0.38, 0.22], 'body')];
  for (const s of [1, -1]) {
    prims.push(
      capsule([0.12 * s, 0.3, 0], [0.12 * s, 0.04, 0], 0.07, 'leg'),
      capsule([0.25 * s, 0.6, 0], [0.6 * s, 0.55, 0], 0.06, 'arm'),
    );
  }
  const r = fitSkeleton(primitivesToMesh(prims).mesh, 'biped');
  const at = (name: string) => r.skeleton.joints.find((j) => j.name === name)!.position;

  test('the neck is not put in the taper to the crown, and the spine stays below it', () => {
    expect(at('neck')[1]).toBeLessThan(0.85);
    for (const name of ['spine', 'chest', 'upper_chest']) expect(at(name)[1]).toBeLessThanOrEqual(at('neck')[1] + 1e-6);
    expect(at('head')[1]).toBeGreaterThan(at('neck')[1]);
  });
});

/**
 * The legs test's "the legs carry the body" (body-plan-features.ts `carriedOverHips`, off by
 * default: measured and not kept, packages/rig/docs/orientation.md, twenty-fifth orientation round): a biped's feet
 * stand side by side, so its toes alone span nothing fore and aft; a big-footed, big-headed one
 * whose toes reach forward of a centroid that stands right over its hips stands on its legs when
 * its paired hips carry it too.
 */
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { UP_AXES } from '../src/up-axis';
import { capsule, ellipsoid, primitivesToMesh, type Primitive } from '../testing/creature-primitives';

/** A big-headed biped whose body leans back over its hips (`back`) on feet `foot` long forward. */
function mini(foot: number, back: number): ReturnType<typeof primitivesToMesh>['mesh'] {
  const prims: Primitive[] = [
    ellipsoid([0, 0.55, back], [0.17, 0.2, 0.13], 'torso'),
    ellipsoid([0, 0.98, back], [0.26, 0.25, 0.24], 'head'),
    capsule([0, 0.72, back], [0, 0.76, back], 0.07, 'neck'),
  ];
  for (const s of [1, -1]) prims.push(
    capsule([s * 0.15, 0.66, back], [s * 0.3, 0.5, back], 0.055, 'arm'),
    capsule([s * 0.3, 0.5, back], [s * 0.42, 0.36, back], 0.05, 'forearm'),
    capsule([s * 0.08, 0.4, 0], [s * 0.09, 0.2, 0], 0.075, 'thigh'),
    capsule([s * 0.09, 0.2, 0], [s * 0.09, 0.07, 0], 0.065, 'shin'),
    capsule([s * 0.09, 0.05, -0.02], [s * 0.09, 0.05, foot], 0.05, 'foot'),
  );
  return primitivesToMesh(prims).mesh;
}

const standing = (mesh: ReturnType<typeof mini>, carriedOverHips: boolean): number =>
  measureBodyPlanFeatures(analyzeShape(mesh, 48), { pairedAcross: 'either', carriedOverHips }).standingLegs;

describe('legs carry the body over their toes, or over their paired hips', () => {
  test('a big-footed mini leaning over its hips stands on two legs over its hips, none over its toes alone', () => {
    const m = mini(0.3, -0.05);
    expect(standing(m, false)).toBe(0);
    expect(standing(m, true)).toBe(2);
  });

  test('stood any other way it stands on nothing either way; a mini on short feet stands either way', () => {
    const m = mini(0.3, -0.05);
    for (const up of UP_AXES.filter((a) => a !== '+y')) expect(standing(rotateMeshUp(m, up), true)).toBe(0);
    const plain = mini(0.12, 0);
    expect(standing(plain, false)).toBe(2);
    expect(standing(plain, true)).toBe(2);
  });
});

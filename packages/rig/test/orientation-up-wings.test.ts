/** A flyer stands across its wings (src/orientation-up-wings.ts): a procedural bee, and the rule's gates. */
import { findMirrorPlanes } from '../src/mirror-plane';
import { openSolid } from '../src/fit/open-solid';
import { lengthAxisOf } from '../src/length-axis';
import { findOrientation } from '../src/find-orientation';
import { acrossWingsInstead, wingPlateAxis, wingsUpSign, type AcrossWingsReads } from '../src/orientation-up-wings';
import { buildCreature } from '../testing/build-creature';
import { capsule, ellipsoid, primitivesToMesh } from '../testing/creature-primitives';
import type { Mesh } from '@rigforge/mesh';
import type { UpAxis } from '../src/up-axis';
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { rotateMeshUp } from '../src/rotate-mesh-up';

// A bee facing +Z: a round body, two flat wings spread level across x (its span, 2.3 against a
// length of 0.7), two antennae up off the front of its head (upside down they reach the ground,
// but carry nothing: the body's centroid is not over them).
const body = [ellipsoid([0, 0, 0], [0.3, 0.35, 0.35], 'body')];
const antennae = [capsule([0.1, 0.15, 0.25], [0.25, 0.55, 0.45], 0.03, 'L_antenna'), capsule([-0.1, 0.15, 0.25], [-0.25, 0.55, 0.45], 0.03, 'R_antenna')];
const bee = primitivesToMesh([...body, ...antennae,
  ellipsoid([0.7, 0.02, -0.05], [0.45, 0.05, 0.25], 'L_wing'), ellipsoid([-0.7, 0.02, -0.05], [0.45, 0.05, 0.25], 'R_wing')]).mesh;
// The same body with round arms held out: no plates.
const armed = primitivesToMesh([...body, ...antennae,
  capsule([0.25, 0, 0], [1.15, 0, 0], 0.12, 'L_arm'), capsule([-0.25, 0, 0], [-1.15, 0, 0], 0.12, 'R_arm')]).mesh;

// The legs a model stood up along an axis reaches the ground with (upside down, the antennae).
const beeLegs = (up: UpAxis): { legs: number; standingLegs: number } => ({ legs: up === '-y' ? 2 : 0, standingLegs: 0 });
const reads = (mesh: Mesh, legs = beeLegs): AcrossWingsReads => ({
  lengthAxis: () => lengthAxisOf(mesh),
  axisScores: () => findMirrorPlanes(mesh, { search: false })?.axisScores,
  solid: () => openSolid(mesh),
  legsWhenStood: legs,
});
// The finder reads the bee belly up (as it reads the development set's).
const bellyUp = (up: UpAxis): number => (up === '-y' ? 0.7 : 0.05);

describe('wingPlateAxis', () => {
  test("the bee's wings are plates thin along its up axis; round arms are no plates", () => {
    expect(lengthAxisOf(bee)).toBe('x');
    expect(wingPlateAxis(openSolid(bee), 'x')).toBe('y');
    expect(wingPlateAxis(openSolid(armed), 'x')).toBeUndefined();
    // Flatter than the bar asks: none.
    expect(wingPlateAxis(openSolid(bee), 'x', { maxFlatness: 0.01 })).toBeUndefined();
  });
});

describe('wingsUpSign', () => {
  test('the way the model stands on legs; else the way no limb reaches the ground against one two do', () => {
    expect(wingsUpSign('+y', '-y', beeLegs)).toBe('+y');
    expect(wingsUpSign('+y', '-y', (up) => ({ legs: 2, standingLegs: up === '-y' ? 2 : 0 }))).toBe('-y');
    // Legs dangling one way, antennae the other: nothing said.
    expect(wingsUpSign('+y', '-y', () => ({ legs: 2, standingLegs: 0 }))).toBeUndefined();
    expect(wingsUpSign('+y', '-y', () => ({ legs: 0, standingLegs: 0 }))).toBeUndefined();
  });
});

describe('acrossWingsInstead', () => {
  test('stood on its tail or upside down, the bee takes the up axis across its wings its legs say', () => {
    expect(acrossWingsInstead('+z', reads(bee), bellyUp)).toBe('+y');
    expect(acrossWingsInstead('-y', reads(bee), bellyUp)).toBe('+y');
    expect(acrossWingsInstead('+y', reads(bee), bellyUp)).toBeUndefined();
  });

  test('where the legs say nothing: across the wings by the finder, a found axis along them kept', () => {
    const silent = (): { legs: number; standingLegs: number } => ({ legs: 0, standingLegs: 0 });
    expect(acrossWingsInstead('+z', reads(bee, silent), bellyUp)).toBe('-y');
    expect(acrossWingsInstead('+y', reads(bee, silent), bellyUp)).toBeUndefined();
  });

  test('no plates, no span across the mirror plane: nothing', () => {
    expect(acrossWingsInstead('+z', reads(armed), bellyUp)).toBeUndefined();
    const fish = buildCreature('aquatic').mesh;
    expect(acrossWingsInstead('-y', reads(fish), bellyUp)).toBeUndefined();
  });

  test("the legs test reads the bee upside down on its antennae, which do not stand; the rule stands it on its belly", () => {
    const legsTest = (up: UpAxis): { legs: number; standingLegs: number } =>
      measureBodyPlanFeatures(analyzeShape(up === '+y' ? bee : rotateMeshUp(bee, up), 48), { pairedAcross: 'either' });
    expect(legsTest('-y')).toMatchObject({ legs: 2, standingLegs: 0 });
    expect(legsTest('+y')).toMatchObject({ legs: 0, standingLegs: 0 });
    expect(acrossWingsInstead('-y', reads(bee, legsTest), bellyUp)).toBe('+y');
    expect(acrossWingsInstead('+z', reads(bee, legsTest), bellyUp)).toBe('+y');
  });

  test('off by default in findOrientation', () => {
    expect(findOrientation(bee).upAxisReason).not.toBe('across-wings');
  });
});

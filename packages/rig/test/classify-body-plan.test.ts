/** The body-plan rules as pure functions of measured features (classifyFeatures), and the measures of the solid on procedural shapes. */
import type { BodyPlanFeatures } from '../src/fit/body-plan-features';
import { classifyBodyPlan, classifyFeatures } from '../src/fit/classify-body-plan';
import { PLAN_RULES } from '../src/fit/plan-rules';
import { analyzeShape } from '../src/fit/shape-analysis';
import type { ShapeFeatures } from '../src/fit/shape-features';
import { capsule, ellipsoid, primitivesToMesh, type Primitive } from '../testing/creature-primitives';

/** What a shape with no contact, lateral part or length shows (the fields a test does not set). */
const plain = { stance: 0, keel: false, lateralThin: 0, lateralFill: 0, bodyLength: 1 };

/** A four-legged animal standing on four feet, longer than wide and tall. */
const quadruped: BodyPlanFeatures = { legs: 4, wings: 0, standingLegs: 4, toesForward: 0, staggered: 1, width: 0.3, height: 0.6, length: 1, slenderness: 4 };
const quadrupedShape: ShapeFeatures = { ...plain, feet: 4, heightOverSpan: 0.6, footprint: 0.9, thinShare: 0.35, stance: 4, bodyLength: 1.7 };

describe('classifyFeatures', () => {
  test('four legs on four feet is a quadruped', () => {
    expect(classifyFeatures(quadruped, quadrupedShape).recommended).toBe('quadruped');
  });

  test('six pieces at the ground are six legs when the tree merged them into four', () => {
    expect(classifyFeatures(quadruped, { ...quadrupedShape, feet: 6 }).recommended).toBe('hexapod');
    // Below the shipped threshold the tree's count stands.
    expect(classifyFeatures(quadruped, { ...quadrupedShape, feet: 6 }, { ...PLAN_RULES, groundFeet: 7 }).recommended).toBe('quadruped');
  });

  test('an upright body on a narrow base is a biped even when its legs read as one', () => {
    const mini: BodyPlanFeatures = { legs: 1, wings: 0, standingLegs: 0, toesForward: 0, staggered: 0, width: 1, height: 0.95, length: 0.5, slenderness: 1.2 };
    const stands: ShapeFeatures = { ...plain, feet: 1, heightOverSpan: 0.95, footprint: 0.4, thinShare: 0.27 };
    expect(classifyFeatures(mini, stands).recommended).toBe('biped');
    // The same proportions lying flat (twice as wide as tall) are not upright.
    expect(classifyFeatures(mini, { ...stands, heightOverSpan: 0.5 }).recommended).not.toBe('biped');
  });

  test('a shape nearly all skin-deep and wider than a tube is a winged flier; a thin tube is not', () => {
    const flat: BodyPlanFeatures = { legs: 0, wings: 0, standingLegs: 0, toesForward: 0, staggered: 0, width: 0.7, height: 0.05, length: 1, slenderness: 3 };
    const sheet: ShapeFeatures = { ...plain, feet: 1, heightOverSpan: 0.07, footprint: 0.1, thinShare: 0.98 };
    expect(classifyFeatures(flat, sheet).recommended).toBe('avian');
    expect(classifyFeatures({ ...flat, width: 0.05 }, sheet).recommended).not.toBe('avian');
  });

  test('legs the tree missed are read from the contacts that carry the body: four are a quadruped; two side by side under a long body too, under a short one a biped', () => {
    const noLegs: BodyPlanFeatures = { ...quadruped, legs: 0, standingLegs: 0, staggered: 0, wings: 0 };
    expect(classifyFeatures(noLegs, { ...quadrupedShape, feet: 1 }).recommended).toBe('quadruped');
    const two: ShapeFeatures = { ...quadrupedShape, feet: 2, stance: 2 };
    expect(classifyFeatures({ ...noLegs, height: 0.35 }, two).recommended).toBe('quadruped');
    expect(classifyFeatures({ ...noLegs, width: 0.8, height: 0.9, length: 0.5 }, { ...two, heightOverSpan: 0.9, footprint: 0.7 }).recommended).toBe('biped');
  });

  test('two legs from the tree on a body that touches down only on a keel are fins: a fish', () => {
    const fish: BodyPlanFeatures = { legs: 2, wings: 0, standingLegs: 0, toesForward: 0, staggered: 1, width: 0.15, height: 0.33, length: 1, slenderness: 6 };
    const keel: ShapeFeatures = { ...plain, feet: 2, heightOverSpan: 0.35, footprint: 1, thinShare: 0.45, keel: true, bodyLength: 2.9 };
    expect(classifyFeatures(fish, keel).recommended).toBe('aquatic');
    expect(classifyFeatures(fish, { ...keel, keel: false }).recommended).toBe('quadruped');
  });

  test('on two carrying feet, thin lateral parts that fill the front view are wings (and the tree\'s extra legs toes); thin lines are arms', () => {
    const bird: BodyPlanFeatures = { legs: 4, wings: 6, standingLegs: 0, toesForward: 0, staggered: 2, width: 1, height: 0.97, length: 0.78, slenderness: 4 };
    const stood: ShapeFeatures = { ...plain, feet: 2, heightOverSpan: 0.97, footprint: 0.95, thinShare: 0.28, stance: 2, lateralThin: 0.9, lateralFill: 0.25 };
    expect(classifyFeatures(bird, stood).recommended).toBe('avian');
    expect(classifyFeatures({ ...bird, legs: 2, staggered: 0 }, { ...stood, lateralFill: 0.05 }).recommended).toBe('biped');
  });

  test('a fish read a quarter turn wrong (its length across) is still long, and its fat head and tail are no wings', () => {
    const across: BodyPlanFeatures = { legs: 0, wings: 3, standingLegs: 0, toesForward: 0, staggered: 0, width: 1, height: 0.27, length: 0.34, slenderness: 7 };
    const shape: ShapeFeatures = { ...plain, feet: 1, heightOverSpan: 0.28, footprint: 0.4, thinShare: 0.42, lateralThin: 0.6, lateralFill: 0.23, bodyLength: 2.8 };
    expect(classifyFeatures(across, shape).recommended).toBe('aquatic');
  });

  test('scores sum to 1 and the recommended plan scores highest', () => {
    const { recommended, scores } = classifyFeatures(quadruped, quadrupedShape);
    expect(Object.values(scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect(scores[recommended]).toBe(Math.max(...Object.values(scores)));
  });
});

/** A ground plane's worth of measures on shapes built from primitives (the suite needs no dev set). */
describe('classifyBodyPlan on built shapes', () => {
  const plan = (prims: Primitive[]): ReturnType<typeof classifyBodyPlan> => classifyBodyPlan(analyzeShape(primitivesToMesh(prims).mesh, 80));

  test('a big body on four short stubs stands on four carrying contacts: a quadruped', () => {
    const prims: Primitive[] = [ellipsoid([0, 0.44, 0], [0.42, 0.32, 0.55], 'body'), ellipsoid([0, 0.62, 0.58], [0.13, 0.13, 0.16], 'head')];
    for (const s of [1, -1]) for (const z of [0.3, -0.3]) prims.push(capsule([0.17 * s, 0.16, z], [0.17 * s, 0.06, z], 0.06, 'leg'));
    const r = plan(prims);
    expect(r.shape.stance).toBe(4);
    expect(r.recommended).toBe('quadruped');
  });

  test('a fish resting on two thin fins under its midline touches down on a keel: aquatic, not legs', () => {
    const prims: Primitive[] = [ellipsoid([0, 0.3, 0], [0.1, 0.18, 0.6], 'body'), capsule([0, 0.3, -0.6], [0, 0.3, -0.85], 0.03, 'tail')];
    // Fins: rows of thin capsules hanging from the belly to the ground, one behind the other.
    for (const z0 of [0.1, -0.25]) for (let k = 0; k < 5; k++) prims.push(capsule([0, 0.16, z0 + 0.02 * k], [0, 0.02, z0 - 0.05 + 0.02 * k], 0.012, 'fin'));
    const r = plan(prims);
    expect(r.shape.keel).toBe(true);
    expect(r.shape.stance).toBe(0);
    expect(r.recommended).toBe('aquatic');
  });
});

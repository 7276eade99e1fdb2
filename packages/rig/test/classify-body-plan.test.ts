/** The body-plan rules as pure functions of measured features (classifyFeatures). */
import type { BodyPlanFeatures } from '../src/fit/body-plan-features';
import { classifyFeatures } from '../src/fit/classify-body-plan';
import { PLAN_RULES } from '../src/fit/plan-rules';
import type { ShapeFeatures } from '../src/fit/shape-features';

/** A four-legged animal standing on four feet, longer than wide and tall. */
const quadruped: BodyPlanFeatures = { legs: 4, wings: 0, standingLegs: 4, toesForward: 0, staggered: 1, width: 0.3, height: 0.6, length: 1, slenderness: 4 };
const quadrupedShape: ShapeFeatures = { feet: 4, heightOverSpan: 0.6, footprint: 0.9, thinShare: 0.35 };

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
    const stands: ShapeFeatures = { feet: 1, heightOverSpan: 0.95, footprint: 0.4, thinShare: 0.27 };
    expect(classifyFeatures(mini, stands).recommended).toBe('biped');
    // The same proportions lying flat (twice as wide as tall) are not upright.
    expect(classifyFeatures(mini, { ...stands, heightOverSpan: 0.5 }).recommended).not.toBe('biped');
  });

  test('a shape nearly all skin-deep and wider than a tube is a winged flier; a thin tube is not', () => {
    const flat: BodyPlanFeatures = { legs: 0, wings: 0, standingLegs: 0, toesForward: 0, staggered: 0, width: 0.7, height: 0.05, length: 1, slenderness: 3 };
    const sheet: ShapeFeatures = { feet: 1, heightOverSpan: 0.07, footprint: 0.1, thinShare: 0.98 };
    expect(classifyFeatures(flat, sheet).recommended).toBe('avian');
    expect(classifyFeatures({ ...flat, width: 0.05 }, sheet).recommended).not.toBe('avian');
  });

  test('scores sum to 1 and the recommended plan scores highest', () => {
    const { recommended, scores } = classifyFeatures(quadruped, quadrupedShape);
    expect(Object.values(scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect(scores[recommended]).toBe(Math.max(...Object.values(scores)));
  });
});

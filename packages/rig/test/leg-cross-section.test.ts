/**
 * A standing leg is a column, not a plate (fit/leg-cross-section.ts; measured, not kept: package
 * README, "Orientation: measured", 29th round (legs are columns)): the cross-section half way down
 * a round leg is about as thick as wide, a fin's is thin one way; the legs test drops legs flatter
 * than `minLegRoundness` only when it is given.
 */
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { capsule, ellipsoid, primitivesToMesh, type Primitive } from '../testing/creature-primitives';

/** A round body on two legs: columns (capsules) or plates (flat ellipsoids, thin across x). */
function standOn(plates: boolean): ReturnType<typeof primitivesToMesh>['mesh'] {
  const prims: Primitive[] = [ellipsoid([0, 0.75, 0], [0.3, 0.25, 0.3], 'body')];
  for (const s of [1, -1]) prims.push(plates
    ? ellipsoid([s * 0.15, 0.35, 0], [0.025, 0.35, 0.14], 'fin')
    : capsule([s * 0.15, 0.6, 0], [s * 0.15, 0.04, 0], 0.07, 'leg'));
  return primitivesToMesh(prims).mesh;
}

describe('legs are columns, not plates', () => {
  test('a column leg reads round, a plate flat', () => {
    const column = measureBodyPlanFeatures(analyzeShape(standOn(false), 48), { pairedAcross: 'either', minLegRoundness: 0 });
    const plate = measureBodyPlanFeatures(analyzeShape(standOn(true), 48), { pairedAcross: 'either', minLegRoundness: 0 });
    expect(column.standingLegs).toBe(2);
    expect(plate.standingLegs).toBe(2);
    for (const r of column.standingRoundness!) expect(r).toBeGreaterThan(0.6);
    for (const r of plate.standingRoundness!) expect(r).toBeLessThan(0.4);
  });

  test('a bar drops plates only; without one nothing is read and nothing changes', () => {
    const read = (plates: boolean, minLegRoundness?: number) =>
      measureBodyPlanFeatures(analyzeShape(standOn(plates), 48), { pairedAcross: 'either', ...(minLegRoundness === undefined ? {} : { minLegRoundness }) });
    expect(read(true, 0.5).standingLegs).toBe(0);
    expect(read(false, 0.5).standingLegs).toBe(2);
    const off = read(true);
    expect(off.standingRoundness).toBeUndefined();
    expect(off.standingLegs).toBe(read(true, 0).standingLegs);
  });
});

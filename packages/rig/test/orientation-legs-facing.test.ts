/**
 * The legs test the orientation step reads (find-orientation.ts `legsEitherFacing`): a model stood
 * up reads the same standing legs whichever of its four quarter-turn facings it is in — paired across
 * its left-right axis where the mirror plane names it, else across either horizontal axis — while
 * the body plan's own reading (a model already facing +Z, paired across x) is as it was.
 */
import { standingPairing } from '../src/find-orientation';
import { measureBodyPlanFeatures, type BodyPlanFeatureOptions } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';

const standing = (mesh: ReturnType<typeof buildCreature>['mesh'], pairedAcross: BodyPlanFeatureOptions['pairedAcross']): number =>
  measureBodyPlanFeatures(analyzeShape(mesh, 48), { pairedAcross }).standingLegs;

describe('standing legs, whichever way the model faces', () => {
  test('a biped stands on two legs in each of its four facings, paired across its left-right axis or either', () => {
    const biped = buildCreature('biped').mesh;
    for (const turn of [0, 90, 180, -90]) {
      expect(standing(rotateMeshY(biped, turn), 'either')).toBe(2);
      expect(standing(rotateMeshY(biped, turn), turn % 180 === 0 ? 'x' : 'z')).toBe(2);
    }
    // Paired across x only (the body plan's reading), the biped facing +X has its feet side by side
    // along z and reads none.
    expect(standing(rotateMeshY(biped, -90), 'x')).toBe(0);
  });

  test('a quadruped stands on four either way; a fish on none', () => {
    const quadruped = buildCreature('quadruped').mesh, fish = buildCreature('aquatic').mesh;
    for (const turn of [0, 90]) {
      expect(standing(rotateMeshY(quadruped, turn), 'either')).toBe(4);
      expect(standing(rotateMeshY(fish, turn), 'either')).toBe(0);
    }
  });

  test("the pairing axis: the file's left-right axis carried into the stood frame, else either", () => {
    expect(standingPairing('+y', 'x')).toBe('x');
    expect(standingPairing('+y', 'z')).toBe('z');
    // Stood +x (a turn about z) a file's y is the stood x; stood +z (about x) its x stays x.
    expect(standingPairing('+x', 'y')).toBe('x');
    expect(standingPairing('+z', 'x')).toBe('x');
    expect(standingPairing('-x', 'z')).toBe('z');
    expect(standingPairing('+y')).toBe('either');
    // Up along the left-right axis (across the mirror plane, which the gates rule out): either.
    expect(standingPairing('+x', 'x')).toBe('either');
  });
});

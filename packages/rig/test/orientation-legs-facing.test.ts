/**
 * The legs test the orientation step reads (find-orientation.ts `legsEitherFacing`): a model stood
 * up reads the same standing legs whichever of its four quarter-turn facings it is in, while the
 * body plan's own reading (a model already facing +Z) is as it was.
 */
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';

const standing = (mesh: ReturnType<typeof buildCreature>['mesh'], pairedEitherWay: boolean): number =>
  measureBodyPlanFeatures(analyzeShape(mesh, 48), { pairedEitherWay }).standingLegs;

describe('standing legs, either facing', () => {
  test('a biped stands on two legs in each of its four facings', () => {
    const biped = buildCreature('biped').mesh;
    for (const turn of [0, 90, 180, -90]) expect(standing(rotateMeshY(biped, turn), true)).toBe(2);
    // Paired across x only (the body plan's reading), the biped facing +X has its feet side by side
    // along z and reads none.
    expect(standing(rotateMeshY(biped, -90), false)).toBe(0);
    expect(standing(biped, false)).toBe(2);
  });

  test('a quadruped stands on four either way; a fish on none', () => {
    const quadruped = buildCreature('quadruped').mesh, fish = buildCreature('aquatic').mesh;
    for (const turn of [0, 90]) {
      expect(standing(rotateMeshY(quadruped, turn), true)).toBe(4);
      expect(standing(rotateMeshY(fish, turn), true)).toBe(0);
    }
  });
});

import { BODY_PLANS } from '../src/body-plan';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { fitSkeleton } from '../src/fit-skeleton';
import { buildAPoseBiped, buildChibiBiped, buildCreature } from '../testing/build-creature';
import { checkDeformation } from '../testing/check-deformation';

describe('deformation check: bend one limb joint 90° with linear blend skinning', () => {
  test.each(BODY_PLANS)('%s: the limb follows, the torso stays', (plan) => {
    const creature = buildCreature(plan);
    const { skeleton } = fitSkeleton(creature.mesh, plan);
    const skin = computeSkinWeights(creature.mesh, skeleton);
    const check = checkDeformation(creature, skeleton, skin);
    expect(check.followRatio).toBeGreaterThanOrEqual(0.8);
    expect(check.fixedMax).toBeLessThanOrEqual(0.01);
    expect(check.ok).toBe(true);
  });

  test.each([['A-pose', buildAPoseBiped], ['chibi', buildChibiBiped]] as const)('%s humanoid: the forearm bends without pulling the torso', (_name, build) => {
    const creature = build();
    const { skeleton } = fitSkeleton(creature.mesh, 'biped');
    const check = checkDeformation(creature, skeleton, computeSkinWeights(creature.mesh, skeleton));
    expect(check.ok).toBe(true);
  });

  test('the check fails for a skin that binds everything to the root', () => {
    const creature = buildCreature('biped');
    const { skeleton } = fitSkeleton(creature.mesh, 'biped');
    const n = creature.mesh.positions.length / 3;
    const joints = new Uint16Array(n * 4);
    const weights = new Float32Array(n * 4);
    for (let v = 0; v < n; v++) weights[v * 4] = 1;
    const check = checkDeformation(creature, skeleton, { joints, weights });
    expect(check.ok).toBe(false);
    expect(check.followRatio).toBe(0);
  });
});

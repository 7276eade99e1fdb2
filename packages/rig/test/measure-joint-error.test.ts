import type { Skeleton } from '@rigforge/mesh';
import { buildCreature } from '../testing/build-creature';
import { meshDiagonal, measureJointError } from '../testing/measure-joint-error';

describe('measureJointError (CD-J2J)', () => {
  const creature = buildCreature('biped');
  const diag = meshDiagonal(creature.mesh);

  test('is 0 for identical skeletons and symmetric in its arguments', () => {
    expect(measureJointError(creature.truth, creature.truth, creature.mesh)).toBe(0);
    const moved: Skeleton = { joints: creature.truth.joints.slice(0, 5).map((j) => ({ ...j, position: [j.position[0] + 0.1, j.position[1], j.position[2]] })) };
    expect(measureJointError(creature.truth, moved, creature.mesh)).toBeCloseTo(measureJointError(moved, creature.truth, creature.mesh), 12);
  });

  test('a uniform shift by d gives at most d / diagonal', () => {
    const d = 0.05;
    const shifted: Skeleton = { joints: creature.truth.joints.map((j) => ({ ...j, position: [j.position[0], j.position[1] + d, j.position[2]] })) };
    const e = measureJointError(creature.truth, shifted, creature.mesh);
    expect(e).toBeGreaterThan(0);
    expect(e).toBeLessThanOrEqual(d / diag + 1e-9);
  });

  test('averages both directions: one far extra joint costs half its mean share', () => {
    const extra: Skeleton = { joints: [...creature.truth.joints, { name: 'x', parent: 0, position: [0, 1 + diag, 0] }] };
    const n = extra.joints.length;
    const far = Math.hypot(0, 1 + diag - 1.7, 0.0); // nearest true joint is the head at y = 1.6..1.7
    const e = measureJointError(creature.truth, extra, creature.mesh);
    expect(e).toBeGreaterThan(0);
    expect(e).toBeLessThan(far / n / diag);
  });
});

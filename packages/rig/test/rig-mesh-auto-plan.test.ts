/** rig_type "auto": rigMesh fits the plan the pre-rig check recommends and reports the choice and its confidence. */
import { isEngineError, writeGlb } from '@rigforge/mesh';
import { rigMesh } from '../src/rig-mesh';
import { checkMesh } from '../src/check-mesh';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildCreature } from '../testing/build-creature';
import { layDownMesh } from '../testing/lay-down';

describe('rigMesh with rigType auto', () => {
  test('a procedural quadruped is rigged as a quadruped, the same plan the check recommends, with its confidence', async () => {
    const input = await writeGlb(buildCreature('quadruped').mesh);
    const [auto, named, check] = await Promise.all([
      rigMesh(input, { rigType: 'auto', thumbnailSize: 64 }),
      rigMesh(input, { rigType: 'quadruped', thumbnailSize: 64 }),
      checkMesh(input),
    ]);
    expect(auto.report.bodyPlan).toBe('quadruped');
    expect(auto.report.bodyPlanSource).toBe('found');
    expect(auto.report.bodyPlanConfidence).toBe(check.rigTypeScores.quadruped);
    // The same skeleton as naming the plan.
    expect(auto.report.joints).toBe(named.report.joints);
    expect(named.report.bodyPlanSource).toBe('given');
    expect(named.report.bodyPlanConfidence).toBeUndefined();
  });

  // Filed on its side, the rig keeps the file's +Y (it is not sure enough to stand it up) but the
  // plan is the creature's: auto reads it as the check does (choosePlanReading). Before they shared
  // the rule, auto read these as a quadruped and as `others`.
  test.each([
    { plan: 'hexapod' as const, up: '+x' as const, turn: 0, why: 'the kept +Y all but ruled out: read stood up the likeliest way' },
    { plan: 'serpentine' as const, up: '+z' as const, turn: 90, why: 'the kept +Y plausible: read turned to its best facing for +Y' },
  ])('a $plan laid down with $up up (turned $turn) gets the check\'s plan ($why)', async ({ plan, up, turn }) => {
    const input = await writeGlb(layDownMesh(rotateMeshY(buildCreature(plan).mesh, turn), up));
    const [check, auto] = await Promise.all([checkMesh(input), rigMesh(input, { rigType: 'auto', thumbnailSize: 32 })]);
    expect(auto.report.orientation.upAxis).toBe(check.upAxis);
    expect(check.recommendedRigType).toBe(plan);
    expect(auto.report.bodyPlan).toBe(check.recommendedRigType);
    expect(auto.report.bodyPlanConfidence).toBe(check.rigTypeScores[plan]);
  });

  test('a choice below the confidence threshold is a warning naming the plan and how to choose', async () => {
    const input = await writeGlb(buildCreature('quadruped').mesh);
    const sure = await rigMesh(input, { rigType: 'auto', thumbnailSize: 64, autoRigTypeMinConfidence: 0 });
    expect(sure.report.warnings.join('\n')).not.toMatch(/chosen automatically/);
    const unsure = await rigMesh(input, { rigType: 'auto', thumbnailSize: 64, autoRigTypeMinConfidence: 1.01 });
    expect(unsure.report.warnings).toContain(
      `rig: body plan "quadruped" chosen automatically with confidence ${unsure.report.bodyPlanConfidence!.toFixed(2)}; pass rig_type to choose it`,
    );
  });

  test('clips with auto are refused: the plan they are retargeted onto must be named', async () => {
    const input = await writeGlb(buildCreature('biped').mesh);
    const err = await rigMesh(input, { rigType: 'auto', animation: input }).catch((e: unknown) => e);
    expect(isEngineError(err) && err.code).toBe('invalid_input');
  });
});

/**
 * rig_type "auto" end to end: a quadruped is submitted over HTTP without naming its plan, a real
 * rig.fast worker rigs it, and the finished job shows the plan chosen (the check's recommendation)
 * with its confidence, and a quadruped skeleton in the output.
 */
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { fetchOutput, useRigService } from './e2e-env';

const service = useRigService();

test('rig_type auto: the job answers auto at once, and once done shows rig_type_chosen quadruped with the check\'s confidence', async () => {
  const model = Buffer.from(await writeGlb(buildCreature('quadruped').mesh)).toString('base64');
  const checked = await service.h.request.post('/v1/rigs/check').set(service.account.auth).send({ model_base64: model });
  expect(checked.status).toBe(200);
  expect(checked.body.recommended_rig_type).toBe('quadruped');

  const res = await service.h.request.post('/v1/rigs').set(service.account.auth).send({ model_base64: model, rig_type: 'auto' });
  expect(res.status).toBe(202);
  expect(res.body.rig_type).toBe('auto');
  expect(res.body.rig_type_chosen).toBeUndefined();
  const job = await service.finished(res.body.id);
  expect(job).toMatchObject({ status: 'succeeded', rig_type_chosen: 'quadruped', rig_type_confidence: checked.body.rig_type_scores.quadruped });
  // A confident choice is no warning.
  expect((job.warnings ?? []).join('\n')).not.toMatch(/chosen automatically/);
  const glb = await fetchOutput(service.h, job.output.model_url);
  const json = glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8');
  expect(json).toContain('"front_left_upper_leg"');
  expect(json).not.toContain('"left_upper_arm"');
}, 240_000);

/**
 * up_axis end to end: a biped exported Z-up (lying on its back in a Y-up viewer) is checked over
 * HTTP (the check finds +z), then rigged over HTTP with up_axis +z by a real rig.fast worker, and
 * the output's skeleton stands upright.
 */
import { writeGlb } from '@rigforge/mesh';
import { buildCreature, layDownMesh } from '@rigforge/rig/testing';
import { fetchOutput, useRigService } from './e2e-env';

const service = useRigService();


/** World positions of a written GLB's joints by name (our writer gives joints translations only). */
function jointPositions(glb: Buffer): Map<string, number[]> {
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8')) as {
    nodes: { name?: string; translation?: number[]; children?: number[] }[];
    skins: { joints: number[] }[];
  };
  const parent = new Map<number, number>();
  json.nodes.forEach((n, i) => n.children?.forEach((c) => parent.set(c, i)));
  const world = (i: number): number[] => {
    const t = json.nodes[i]!.translation ?? [0, 0, 0];
    const p = parent.get(i);
    if (p === undefined || !json.skins[0]!.joints.includes(p)) return t;
    const q = world(p);
    return [q[0]! + t[0]!, q[1]! + t[1]!, q[2]! + t[2]!];
  };
  return new Map(json.skins[0]!.joints.map((j) => [json.nodes[j]!.name ?? '', world(j)]));
}

test('a biped lying on its back: the check finds up +z, and rigging with up_axis +z gives an upright skeleton', async () => {
  const lying = Buffer.from(await writeGlb(layDownMesh(buildCreature('biped').mesh, '+z'))).toString('base64');
  const checked = await service.h.request.post('/v1/rigs/check').set(service.account.auth).send({ model_base64: lying });
  expect(checked.status).toBe(200);
  expect(checked.body).toMatchObject({ up_axis: '+z', recommended_rig_type: 'biped' });

  const res = await service.h.request.post('/v1/rigs').set(service.account.auth).send({ model_base64: lying, up_axis: checked.body.up_axis, rotation_y: checked.body.rotation_y });
  expect(res.status).toBe(202);
  const job = await service.finished(res.body.id);
  expect(job).toMatchObject({ status: 'succeeded' });
  const joints = jointPositions(await fetchOutput(service.h, job.output.model_url));
  const head = joints.get('head')!, hips = joints.get('hips')!, foot = joints.get('left_foot')!;
  expect(head[1]!).toBeGreaterThan(hips[1]!);
  expect(hips[1]!).toBeGreaterThan(foot[1]!);
  // Standing: the spine is near vertical, not along Z as the file lies.
  expect(Math.abs(head[2]! - hips[2]!)).toBeLessThan(0.2 * (head[1]! - foot[1]!));
}, 240_000);

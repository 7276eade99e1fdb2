import { readCreditBalance } from '@rigforge/db';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature, layDownMesh } from '@rigforge/rig/testing';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let biped64: string;


beforeAll(async () => {
  // A low rate limit, so counting the check is visible without a burst of sixty requests.
  h = await startHarness({ RATE_LIMIT_PER_MINUTE: '6', PRICE_RIG_FAST: '10' });
  account = await h.seedAccount({ plan: 'standard', credits: 100 });
  biped64 = Buffer.from(await writeGlb(buildCreature('biped').mesh)).toString('base64');
});

afterAll(async () => {
  await h.close();
});

const check = (body: unknown, who: SeededAccount = account) => h.request.post('/v1/rigs/check').set(who.auth).send(body as object);

describe('POST /v1/rigs/check', () => {
  test('answers 200 with the report, recommends the body plan, and uses no credits', async () => {
    const res = await check({ model_base64: biped64 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      riggable: true,
      problems: [],
      input_format: 'glb',
      parts: expect.any(Number),
      watertight: expect.any(Boolean),
      up_axis: '+y',
      recommended_rig_type: 'biped',
    });
    expect(res.body.triangles).toBeGreaterThan(100);
    const scores = Object.values(res.body.rig_type_scores as Record<string, number>);
    expect(Object.keys(res.body.rig_type_scores).sort()).toEqual(['aquatic', 'avian', 'biped', 'hexapod', 'octopod', 'others', 'quadruped', 'serpentine']);
    expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1);
    expect(await readCreditBalance(h.ctx.db, account.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
    expect(await h.ctx.db.job.count({ where: { accountId: account.accountId } })).toBe(0);
  });

  test('an unreadable file is 400 unsupported_format; a missing source 400 invalid_request', async () => {
    const who = await h.seedAccount({ plan: 'standard', credits: 0 });
    const bad = await check({ model_base64: Buffer.from('hello, not a mesh at all').toString('base64') }, who);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'unsupported_format', param: 'model_base64' });
    const none = await check({}, who);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'invalid_request' });
    const unknown = await check({ model_base64: biped64, rig_type: 'biped' }, who);
    expect(unknown.status).toBe(400);
  });

  test('counts against the rate limit', async () => {
    const who = await h.seedAccount({ plan: 'standard', credits: 0 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await check({}, who)).status);
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses[6]).toBe(429);
  });

  test('finds the up axis of a biped lying on its back (a Z-up export)', async () => {
    const who = await h.seedAccount({ plan: 'standard', credits: 0 });
    const lying = Buffer.from(await writeGlb(layDownMesh(buildCreature('biped').mesh, '+z'))).toString('base64');
    const res = await check({ model_base64: lying }, who);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ up_axis: '+z', recommended_rig_type: 'biped' });
  });
});

describe('POST /v1/rigs up_axis', () => {
  test('is recorded in the job parameters for the worker; an unknown axis is 400', async () => {
    const who = await h.seedAccount({ plan: 'standard', credits: 100 });
    const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: biped64, up_axis: '+z' });
    expect(res.status).toBe(202);
    const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
    // An explicit up_axis wins; the absent rotation_y is left for the engine to find.
    expect(row.params).toMatchObject({ up_axis: '+z', rotation_y: 'auto' });
    const plain = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: biped64 });
    expect(plain.status).toBe(202);
    const plainRow = await h.ctx.db.job.findUniqueOrThrow({ where: { id: plain.body.id } });
    expect(plainRow.params).toMatchObject({ up_axis: 'auto', rotation_y: 'auto' });
    const bad = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: biped64, up_axis: 'up' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'up_axis' });
  });
});

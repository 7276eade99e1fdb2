/** Ready clips: POST /v1/rigs `animations` (validated per rig_type, billed one retarget each) and GET /v1/rigs/animations. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RIG_ANIMATIONS, RIG_TYPES } from '@rigforge/contracts';
import { boxGlbBase64 } from './fixtures';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let glb64: string;

beforeAll(async () => {
  h = await startHarness({ PRICE_RIG_FAST: '10', PRICE_RIG_PRO: '30', PRICE_RETARGET: '5' });
  account = await h.seedAccount({ plan: 'pro', credits: 1000 });
  glb64 = await boxGlbBase64();
});

afterAll(async () => {
  await h.close();
});

const post = (body: unknown, who: SeededAccount = account) => h.request.post('/v1/rigs').set(who.auth).send(body as object);

test('GET /v1/rigs/animations lists every rig_type with its clips from the engine table', async () => {
  const res = await h.request.get('/v1/rigs/animations').set(account.auth);
  expect(res.status).toBe(200);
  expect(res.body.object).toBe('rig_animations');
  expect(res.body.plans.map((p: { rig_type: string }) => p.rig_type)).toEqual([...RIG_TYPES]);
  const biped = res.body.plans.find((p: { rig_type: string }) => p.rig_type === 'biped');
  expect(biped.clips.map((c: { name: string }) => c.name)).toEqual([...RIG_ANIMATIONS.biped]);
  expect((await h.request.get('/v1/rigs/animations?x=1').set(account.auth)).status).toBe(400);
});

test('docs/api.md lists the same clips per rig_type as the table', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/api.md'), 'utf8');
  for (const plan of RIG_TYPES) {
    const row = new RegExp(`^\\| \`${plan}\` \\| (.*) \\|$`, 'm').exec(doc);
    expect({ plan, clips: [...(row?.[1] ?? '').matchAll(/`([a-z]+)`/g)].map((m) => m[1]) }).toEqual({ plan, clips: [...RIG_ANIMATIONS[plan]] });
  }
});

test('animations are kept on the job and billed one retarget per clip', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const res = await post({ model_base64: glb64, rig_type: 'quadruped', animations: ['walk', 'gallop'] }, who);
  expect(res.status).toBe(202);
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: res.body.id } });
  expect(row.creditsReserved).toBe(10 + 2 * 5);
  expect(row.params).toMatchObject({ animations: ['walk', 'gallop'] });
});

test.each([
  [{ rig_type: 'serpentine', animations: ['walk'] }, 'animations', /walk not for rig_type serpentine; its clips are slither/],
  [{ rig_type: 'biped', animations: ['moonwalk'] }, 'animations.0', /walk/],
  [{ rig_type: 'biped', animations: ['walk', 'walk'] }, 'animations', /once/],
  [{ rig_type: 'auto', animations: ['idle'] }, 'rig_type', /auto/],
  [{ rig_type: 'biped', engine: 'pro', animations: ['idle'] }, 'animations', /engine only/],
])('%j is 400 invalid_request', async (fields, param, message) => {
  const res = await post({ model_base64: glb64, ...fields });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_request');
  expect(res.body.error.param).toBe(param);
  expect(res.body.error.message).toMatch(message);
});

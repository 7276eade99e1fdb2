/** GET /v1/account on real Postgres and Redis: balance, plan, rate limit and the month's usage. */
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ RATE_LIMIT_PER_MINUTE: '30', PRICE_RIG_FAST: '10' });
});
afterAll(async () => {
  await h.close();
});

test('shows plan, balance, rate limit and usage; a submission and its cancel are counted', async () => {
  const who = await h.seedAccount({ plan: 'standard', credits: 100 });
  const first = await h.request.get('/v1/account').set(who.auth);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    object: 'account',
    id: who.accountId,
    plan: 'standard',
    subscription_active: true,
    credit_balance: 100,
    rate_limit: { limit: 30, remaining: 29, window_seconds: 60 },
    usage: { jobs: { rig: 0, generate_model: 0 }, credits_reserved: 0, credits_refunded: 0, credits_spent: 0 },
  });
  const start = new Date(first.body.usage.period_start);
  expect(start.getUTCDate()).toBe(1);
  expect(start.getTime()).toBeLessThanOrEqual(Date.now());
  expect(new Date(first.body.usage.period_end).getTime()).toBeGreaterThan(Date.now());

  const glb64 = Buffer.from(await writeGlb(buildCreature('biped').mesh)).toString('base64');
  const job = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64 });
  expect(job.status).toBe(202);
  const charged = await h.request.get('/v1/account').set(who.auth);
  expect(charged.body).toMatchObject({
    credit_balance: 90,
    rate_limit: { remaining: 27 },
    usage: { jobs: { rig: 1, generate_model: 0 }, credits_reserved: 10, credits_refunded: 0, credits_spent: 10 },
  });
  expect((await h.request.post(`/v1/jobs/${job.body.id}/cancel`).set(who.auth)).status).toBe(200);
  const refunded = await h.request.get('/v1/account').set(who.auth);
  expect(refunded.body).toMatchObject({ credit_balance: 100, usage: { credits_reserved: 10, credits_refunded: 10, credits_spent: 0 } });
});

test('another account sees only its own; no key is 401; a query parameter is 400', async () => {
  const other = await h.seedAccount({ plan: 'none', credits: 0 });
  const res = await h.request.get('/v1/account').set(other.auth);
  expect(res.body).toMatchObject({ id: other.accountId, plan: 'none', credit_balance: 0, usage: { jobs: { rig: 0 } } });
  expect((await h.request.get('/v1/account')).status).toBe(401);
  const bad = await h.request.get('/v1/account?expand=1').set(other.auth);
  expect(bad.status).toBe(400);
  expect(bad.body.error.code).toBe('invalid_request');
});

import { boxGlbBase64 } from './fixtures';
import { readCreditBalance } from '@rigforge/db';
import type { ApiEnv } from '../src/env';
import { harnessEnv, startHarness, type Harness } from './harness';

let a: Harness;
let b: Harness;
let env: ApiEnv;
beforeAll(async () => {
  // Two API replicas sharing one Redis (one prefix), as in production.
  env = harnessEnv({ RATE_LIMIT_PER_MINUTE: '60' });
  a = await startHarness({}, env);
  b = await startHarness({}, env);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

test('60 requests per minute per key across replicas, polling included; the 61st is 429 with Retry-After', async () => {
  const account = await a.seedAccount();
  for (let i = 0; i < 60; i++) {
    const replica = i % 2 === 0 ? a : b;
    const res = await replica.request.get(i % 3 === 0 ? `/v1/jobs/${crypto.randomUUID()}` : '/v1/jobs').set(account.auth);
    expect([200, 404]).toContain(res.status);
    expect(res.headers['ratelimit-limit']).toBe('60');
    expect(res.headers['ratelimit-remaining']).toBe(String(59 - i));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
  }
  for (const replica of [a, b]) {
    const res = await replica.request.get('/v1/jobs').set(account.auth);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }
  // Submissions count against the same budget and are refused before any work or charge.
  const submit = await a.request.post('/v1/rigs').set(account.auth).send({ model_base64: await boxGlbBase64() });
  expect(submit.status).toBe(429);
  expect(await a.ctx.db.job.count({ where: { accountId: account.accountId } })).toBe(0);
});

test('limits are per key: another key of the same replicas is unaffected', async () => {
  const first = await a.seedAccount();
  const second = await a.seedAccount();
  for (let i = 0; i < 61; i++) await a.request.get('/v1/jobs').set(first.auth);
  expect((await b.request.get('/v1/jobs').set(first.auth)).status).toBe(429);
  const res = await b.request.get('/v1/jobs').set(second.auth);
  expect(res.status).toBe(200);
  expect(res.headers['ratelimit-remaining']).toBe('59');
});

test('concurrent requests of one key on two replicas are counted exactly: 60 answered with distinct remainders, the rest 429', async () => {
  const account = await a.seedAccount();
  const answers = await Promise.all(
    Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? a : b).request.get('/v1/jobs').set(account.auth)),
  );
  const ok = answers.filter((res) => res.status === 200);
  const refused = answers.filter((res) => res.status === 429);
  expect(ok).toHaveLength(60);
  expect(refused).toHaveLength(20);
  const remaining = ok.map((res) => Number(res.headers['ratelimit-remaining'])).sort((x, y) => x - y);
  expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
  for (const res of refused) expect(res.headers['ratelimit-remaining']).toBe('0');
  // Every request was counted once in the shared window, refused ones included (as before batching).
  expect(await a.ctx.redis.get(`${a.ctx.env.REDIS_PREFIX}:ratelimit:${account.keyId}`)).toBe('80');
});

test('job reads are read while they are counted, but one over the limit is 429 with nothing of the job, whatever else it would have been', async () => {
  const account = await a.seedAccount();
  const job = await a.request.post('/v1/rigs').set(account.auth).send({ model_base64: await boxGlbBase64() });
  expect(job.status).toBe(202);
  const id: string = job.body.id;
  // 59 points left; 69 reads at once on one replica: all start before any refusal is known.
  const answers = await Promise.all(Array.from({ length: 69 }, () => a.request.get(`/v1/jobs/${id}`).set(account.auth)));
  const ok = answers.filter((res) => res.status === 200);
  const refused = answers.filter((res) => res.status === 429);
  expect(ok).toHaveLength(59);
  for (const res of ok) expect(res.body.id).toBe(id);
  expect(refused).toHaveLength(10);
  for (const res of refused) {
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.text).not.toContain(id);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  // The other replica has not seen this key refused, so its first read goes ahead too: an unknown
  // job (404 under the limit), the rig alias, a bad Prefer (400) and a bad id (400) are all 429.
  for (const [path, prefer] of [
    [`/v1/jobs/${crypto.randomUUID()}`, undefined],
    [`/v1/rigs/${id}`, undefined],
    [`/v1/jobs/${id}`, 'wait=abc'],
    ['/v1/jobs/not-a-uuid', undefined],
  ] as const) {
    const req = b.request.get(path).set(account.auth);
    const res = await (prefer ? req.set('Prefer', prefer) : req);
    expect([path, res.status, res.body.error?.code]).toEqual([path, 429, 'rate_limited']);
    expect(res.text).not.toContain(id);
  }
  // Within the limit the same reads answer as they did before (another key).
  const other = await a.seedAccount();
  expect((await b.request.get(`/v1/jobs/${crypto.randomUUID()}`).set(other.auth)).status).toBe(404);
  expect((await b.request.get('/v1/jobs/not-a-uuid').set(other.auth)).status).toBe(400);
  expect((await b.request.get(`/v1/jobs/${id}`).set(other.auth)).status).toBe(404);
});

test('submissions are validated and take their queue slot while they are counted, but one over the limit is 429 and claims, charges, stores and holds nothing', async () => {
  const account = await a.seedAccount({ credits: 1000 });
  const balance = async () => (await readCreditBalance(a.ctx.db, account.accountId))!;
  const before = await balance();
  // 5 points left in the key's window (the shared counter, as 55 earlier requests would have left it).
  await a.ctx.redis.set(`${a.ctx.env.REDIS_PREFIX}:ratelimit:${account.keyId}`, '55', 'EX', 60);
  const glb64 = await boxGlbBase64();
  // 15 small submissions at once on one replica: all are read ahead before any refusal is known.
  const answers = await Promise.all(Array.from({ length: 15 }, () => a.request.post('/v1/rigs').set(account.auth).send({ model_base64: glb64 })));
  const accepted = answers.filter((res) => res.status === 202);
  const refused = answers.filter((res) => res.status === 429);
  expect(accepted).toHaveLength(5);
  expect(refused).toHaveLength(10);
  for (const res of refused) {
    expect(res.body.error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  // Exactly the accepted ones exist, are queued and are charged (the ledger agrees).
  const jobs = await a.ctx.db.job.findMany({ where: { accountId: account.accountId }, select: { id: true, creditsReserved: true } });
  expect(jobs.map((job) => job.id).sort()).toEqual(accepted.map((res) => res.body.id as string).sort());
  const charged = jobs.reduce((sum, job) => sum + job.creditsReserved, 0);
  expect(await balance()).toEqual({ balance: before.balance - charged, ledgerSum: before.ledgerSum - charged });
  for (const job of jobs) expect(await a.ctx.queues.get('rig.fast').getJob(job.id)).toBeDefined();
  // The slots the refused ones took meanwhile are given back (the releases are not awaited by the answers).
  const slots = `${a.ctx.env.REDIS_PREFIX}:admission:rig.fast`;
  for (let i = 0; i < 100 && (await a.ctx.redis.zcard(slots)) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await a.ctx.redis.zcard(slots)).toBe(0);

  // Over the limit, whatever the submission would otherwise have been, each on a new replica that
  // has not seen this key refused (so it reads it ahead): an invalid body, invalid JSON, a
  // webhook_url, an Idempotency-Key (never claimed), an image.
  const cases: [string, (r: Harness) => ReturnType<Harness['request']['post']>][] = [
    ['invalid body', (r) => r.request.post('/v1/rigs').set(account.auth).send({ model_base64: glb64, rig_type: 'dragon' })],
    ['invalid JSON', (r) => r.request.post('/v1/rigs').set(account.auth).set('Content-Type', 'application/json').send('{"model_base64":')],
    ['webhook_url', (r) => r.request.post('/v1/rigs').set(account.auth).send({ model_base64: glb64, webhook_url: 'https://example.com/hook' })],
    ['idempotency key', (r) => r.request.post('/v1/rigs').set(account.auth).set('Idempotency-Key', 'over-the-limit').send({ model_base64: glb64 })],
    ['model', (r) => r.request.post('/v1/models').set(account.auth).send({ image_base64: 'aGVsbG8=' })],
  ];
  for (const [name, send] of cases) {
    const replica = await startHarness({}, env);
    try {
      const res = await send(replica);
      expect([name, res.status, res.body.error?.code]).toEqual([name, 429, 'rate_limited']);
    } finally {
      await replica.close();
    }
  }
  expect(await a.ctx.db.idempotencyKey.count({ where: { accountId: account.accountId } })).toBe(0);
  expect(await a.ctx.db.job.count({ where: { accountId: account.accountId } })).toBe(5);
  for (let i = 0; i < 100 && (await a.ctx.redis.zcard(slots)) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await a.ctx.redis.zcard(slots)).toBe(0);
});

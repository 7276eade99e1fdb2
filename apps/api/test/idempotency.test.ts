/**
 * Idempotency-Key on submissions, against the real app, Postgres and Redis: a replay answers the
 * original job and charges nothing; another body under the same key is refused; requests racing
 * on one key create exactly one job and one charge.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { grantCredits, readCreditBalance } from '@rigforge/db';
import { boxGlb, boxGlbBase64 } from './fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
let glb64: string;
let slowServer: http.Server;
let slowUrl: string;
let releaseSlow: () => void = () => undefined;

beforeAll(async () => {
  h = await startHarness({ FETCH_ALLOW_HOSTS: '127.0.0.1', PRICE_RIG_FAST: '10', PRICE_GENERATE_MODEL: '20' });
  glb64 = await boxGlbBase64();
  const glb = await boxGlb();
  // A user's file host that answers only when the test says so: the first request stays in flight.
  slowServer = http.createServer((_req, res) => {
    releaseSlow = () => res.end(glb);
  });
  await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/box.glb`;
});

afterAll(async () => {
  slowServer.closeAllConnections();
  await new Promise((resolve) => slowServer.close(resolve));
  await h.close();
});

async function jobCount(accountId: string): Promise<number> {
  return h.ctx.db.job.count({ where: { accountId } });
}

test('a replay answers the original status and body, marked Idempotent-Replayed, and creates and charges nothing', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const key = randomUUID();
  const body = { model_base64: glb64, rig_type: 'quadruped' };
  const first = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send(body);
  expect(first.status).toBe(202);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  const again = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send(body);
  expect(again.status).toBe(202);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.headers.location).toBe(`/v1/jobs/${first.body.id}`);
  expect(again.body).toEqual(first.body);
  expect(await jobCount(who.accountId)).toBe(1);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 90, ledgerSum: 90 });
  // The key belongs to this account only: another account's identical request is its own job.
  const other = await h.seedAccount({ credits: 100 });
  const theirs = await h.request.post('/v1/rigs').set(other.auth).set('Idempotency-Key', key).send(body);
  expect(theirs.status).toBe(202);
  expect(theirs.body.id).not.toBe(first.body.id);
});

test('the same key with another body is 422 idempotency_key_reused, also across endpoints', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const key = `order-${randomUUID()}`;
  expect((await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send({ model_base64: glb64 })).status).toBe(202);
  const changed = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send({ model_base64: glb64, engine: 'fast', rig_type: 'avian' });
  expect(changed.status).toBe(422);
  expect(changed.body.error).toMatchObject({ code: 'idempotency_key_reused', param: 'Idempotency-Key' });
  const elsewhere = await h.request.post('/v1/models').set(who.auth).set('Idempotency-Key', key).send({ image_base64: 'aGVsbG8=' });
  expect(elsewhere.status).toBe(422);
  expect(await jobCount(who.accountId)).toBe(1);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 90, ledgerSum: 90 });
});

test('a failed request keeps nothing: the same key works once the cause is fixed', async () => {
  const who = await h.seedAccount({ credits: 5 });
  const key = randomUUID();
  const poor = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send({ model_base64: glb64 });
  expect(poor.status).toBe(402);
  const bad = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send({ model_base64: glb64, rig_type: 'dragon' });
  expect(bad.status).toBe(400);
  await grantCredits(h.ctx.db, who.accountId, 20, 'test top-up');
  const ok = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send({ model_base64: glb64 });
  expect(ok.status).toBe(202);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 15, ledgerSum: 15 });
});

test('a key must be printable ASCII of at most 255 characters', async () => {
  const who = await h.seedAccount();
  const res = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', 'x'.repeat(256)).send({ model_base64: glb64 });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'Idempotency-Key' });
});

test('a retry while the first request is in flight is 409 idempotency_key_in_use; exactly one job and one charge', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const key = randomUUID();
  const body = { model_url: slowUrl };
  const first = h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send(body).then((r) => r);
  // The first request holds the claim once its download has started.
  while (!(await h.ctx.db.idempotencyKey.count({ where: { accountId: who.accountId, key } }))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const second = await h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send(body);
  expect(second.status).toBe(409);
  expect(second.body.error.code).toBe('idempotency_key_in_use');
  releaseSlow();
  expect((await first).status).toBe(202);
  expect(await jobCount(who.accountId)).toBe(1);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 90, ledgerSum: 90 });
});

test('many identical requests at once: exactly one job and one charge, the others in use or replayed', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => h.request.post('/v1/rigs').set(who.auth).set('Idempotency-Key', key).send({ model_base64: glb64 })),
  );
  const accepted = answers.filter((a) => a.status === 202);
  expect(answers.every((a) => a.status === 202 || (a.status === 409 && a.body.error.code === 'idempotency_key_in_use'))).toBe(true);
  expect(accepted.length).toBeGreaterThanOrEqual(1);
  expect(new Set(accepted.map((a) => a.body.id)).size).toBe(1);
  expect(await jobCount(who.accountId)).toBe(1);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 90, ledgerSum: 90 });
});

/**
 * The API's logs: JSON lines with a level and the request id, and no secret anywhere: neither an
 * API key (valid, revoked or only well-formed, in a header, a URL or a body) beyond the visible
 * prefix the database stores, nor the admin token.
 */
import { Writable } from 'node:stream';
import express from 'express';
import supertest from 'supertest';
import { VISIBLE_PREFIX_LENGTH } from '@rigforge/db';
import { API_KEY_VISIBLE_CHARS, scrubSecrets } from '@rigforge/observability';
import { createErrorMiddleware } from '../src/errors/error-middleware';
import { requestId } from '../src/middleware/request-id';
import { startHarness, harnessEnv, type Harness, type SeededAccount } from './harness';

const ADMIN_TOKEN = 'admin-token-that-must-never-be-logged';
let lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let h: Harness;
let account: SeededAccount;
beforeAll(async () => {
  h = await startHarness({}, harnessEnv({ ADMIN_TOKEN, LOG_LEVEL: 'info' }), { logDestination: capture });
  account = await h.seedAccount();
});
afterAll(() => h.close());
beforeEach(() => {
  lines = [];
});

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

test('the logs keep no more of a key than the prefix the database stores', () => {
  expect(API_KEY_VISIBLE_CHARS).toBe(VISIBLE_PREFIX_LENGTH);
});

test('a request is one JSON line with a level, its method, path, status and request id', async () => {
  const res = await h.request.get('/v1/jobs').set(account.auth).set('X-Request-Id', 'req-log-test-1');
  expect(res.status).toBe(200);
  const line = parsed().find((l) => l.request_id === 'req-log-test-1');
  expect(line).toMatchObject({ level: 'info', service: 'api', msg: 'request completed', req: { method: 'GET', url: '/v1/jobs' }, res: { status: 200 } });
  expect(typeof line?.time).toBe('string');
  expect(line?.responseTime).toEqual(expect.any(Number));
  // One line for the request, whatever else its handling logged.
  expect(parsed().filter((l) => l.request_id === 'req-log-test-1' && l.req !== undefined)).toHaveLength(1);
});

test('a line logged while a request is handled names the request', async () => {
  // The API's own middleware in front of a route that fails as a defect would.
  const app = express();
  app.use(requestId);
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.use(createErrorMiddleware(h.ctx.logger));
  const res = await supertest(app).get('/boom').set('X-Request-Id', 'req-log-test-2');
  expect(res.status).toBe(500);
  expect(res.body).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
  expect(parsed().find((l) => l.msg === 'request req-log-test-2 GET /boom failed')).toMatchObject({
    level: 'error',
    request_id: 'req-log-test-2',
    err: { message: 'boom' },
  });
});

test('no API key or admin token reaches the log, wherever the client put it', async () => {
  const key = account.key;
  const unknownKey = `sk_${'A'.repeat(40)}`;
  await h.request.get('/v1/jobs').set(account.auth);
  await h.request.get('/v1/jobs').set({ Authorization: `Bearer ${unknownKey}` });
  await h.request.get(`/v1/jobs?api_key=${key}`).set(account.auth);
  await h.request.get(`/v1/nowhere/${key}`).set(account.auth);
  await h.request.post('/v1/rigs').set(account.auth).send({ model_url: `https://example.invalid/${key}.glb`, rig_type: key });
  await h.request.get('/metrics').set({ Authorization: `Bearer ${ADMIN_TOKEN}` });
  await h.request.get('/metrics').set({ Authorization: `Bearer ${ADMIN_TOKEN}x` });
  // And a service logging something it should not have: the scrubbing still catches it.
  h.ctx.log(`oops: ${key} / ${ADMIN_TOKEN}`, new Error(`failed for ${unknownKey}`));

  const text = lines.join('\n');
  expect(lines.length).toBeGreaterThanOrEqual(6); // five requests and the slip; /metrics is not logged
  for (const secret of [key, unknownKey, ADMIN_TOKEN, key.slice(0, VISIBLE_PREFIX_LENGTH + 1)]) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain(`${key.slice(0, VISIBLE_PREFIX_LENGTH)}…[redacted]`);
  expect(text).not.toMatch(/authorization/i);
  expect(parsed().find((l) => String(l.msg).startsWith('oops'))).toMatchObject({ level: 'error', err: { message: expect.any(String) } });
});

test('scrubSecrets leaves text without secrets alone', () => {
  expect(scrubSecrets('job 3f2a done in sk_ 12 ms', ['long-secret-value'])).toBe('job 3f2a done in sk_ 12 ms');
  expect(scrubSecrets('a long-secret-value here', ['long-secret-value'])).toBe('a [redacted] here');
});

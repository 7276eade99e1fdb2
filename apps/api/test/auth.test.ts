import { createRedis } from '@rigforge/queue';
import { revokeApiKeyEverywhere } from '../src/services/api-key-revocation';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const ENDPOINTS: [string, string][] = [
  ['post', '/v1/rigs'],
  ['get', `/v1/rigs/${crypto.randomUUID()}`],
  ['get', `/v1/jobs/${crypto.randomUUID()}`],
  ['get', '/v1/jobs'],
];

describe('Authorization: Bearer <key> on every /v1 endpoint', () => {
  test.each(ENDPOINTS)('%s %s without a key: 401 unauthorized', async (method, path) => {
    const res = await (h.request as unknown as Record<string, (p: string) => import('supertest').Test>)[method]!(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  test.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer not-a-key'],
    ['Bearer sk_short'],
    [`Bearer sk_${'A'.repeat(40)}`], // well-formed, unknown
    [`Token sk_${'A'.repeat(40)}`],
  ])('Authorization %p: 401 unauthorized', async (header) => {
    const res = await h.request.get('/v1/jobs').set('Authorization', header);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  test('a valid key passes; a revoked key is refused at once, on every replica', async () => {
    const account = await h.seedAccount();
    const other = await startHarness({}, { ...h.ctx.env });
    try {
      expect((await h.request.get('/v1/jobs').set(account.auth)).status).toBe(200);
      expect((await other.request.get('/v1/jobs').set(account.auth)).status).toBe(200); // both replicas cached it
      const redis = createRedis({ url: h.ctx.env.REDIS_URL, role: 'worker' });
      await revokeApiKeyEverywhere(h.ctx.db, redis, h.ctx.env.REDIS_PREFIX, account.keyId);
      await redis.quit();
      await new Promise((resolve) => setTimeout(resolve, 200)); // pub/sub delivery
      for (const app of [h, other]) {
        const res = await app.request.get('/v1/jobs').set(account.auth);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
    } finally {
      await other.close();
    }
  });

  test('last_used_at is recorded', async () => {
    const account = await h.seedAccount();
    await h.request.get('/v1/jobs').set(account.auth);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const key = await h.ctx.db.apiKey.findUniqueOrThrow({ where: { id: account.keyId } });
    expect(key.lastUsedAt).not.toBeNull();
    expect(key.hash).not.toContain(account.key);
    expect(account.key).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(key.prefix).toBe(account.key.slice(0, 10));
  });

  test('the OpenAPI document needs no key', async () => {
    const res = await h.request.get('/v1/openapi.json');
    expect(res.status).toBe(200);
  });

  test('unknown routes: 404 not_found in the error envelope', async () => {
    const account = await h.seedAccount();
    const res = await h.request.get('/v1/nothing-here').set(account.auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await h.request.get('/elsewhere')).body.error.code).toBe('not_found');
    expect(res.headers['x-request-id']).toBeDefined();
  });
});

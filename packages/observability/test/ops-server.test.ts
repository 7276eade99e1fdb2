/**
 * The worker's ops listener follows the outage rule of every 503: `/readyz` unavailable carries
 * Retry-After (issue 24), and ready answers 200 without it.
 */
import { Registry } from 'prom-client';
import { READINESS_RETRY_AFTER_SECONDS, startOpsServer } from '../src';

test('/readyz: 503 with Retry-After naming the failed check, 200 once it passes', async () => {
  let redisUp = false;
  const server = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    adminToken: '',
    registry: new Registry(),
    readiness: {
      redis: async () => {
        if (!redisUp) throw new Error('Connection is closed.');
      },
    },
  });
  try {
    const down = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(READINESS_RETRY_AFTER_SECONDS));
    expect(await down.json()).toMatchObject({ status: 'unavailable', checks: { redis: expect.stringContaining('Connection is closed') } });
    redisUp = true;
    const up = await fetch(`http://127.0.0.1:${server.port}/readyz`);
    expect([up.status, up.headers.get('retry-after')]).toEqual([200, null]);
  } finally {
    await server.close();
  }
});

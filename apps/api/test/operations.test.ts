/**
 * The operator endpoints of the API: probes (open), /metrics and Bull Board (ADMIN_TOKEN only),
 * and what the metrics say after real requests.
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATIONS_DIR, MigrationStatus } from '@rigforge/db';
import { BULL_BOARD_PATH, METRICS, OPS_PATHS } from '@rigforge/observability';
import { QUEUE_NAMES, WEBHOOK_QUEUE } from '@rigforge/queue';
import { boxGlbBase64 } from './fixtures';
import { startHarness, type Harness, type SeededAccount } from './harness';

const ADMIN_TOKEN = 'test-admin-token-0123456789';
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

let h: Harness;
let account: SeededAccount;
beforeAll(async () => {
  h = await startHarness({ ADMIN_TOKEN, PRICE_RIG_FAST: '10' });
  account = await h.seedAccount();
});
afterAll(() => h.close());

/** `name{labels} value` lines of a Prometheus text body, as [series, value]. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}
const find = (all: Map<string, number>, name: string, ...labels: string[]) =>
  [...all].filter(([series]) => series.startsWith(`${name}{`) && labels.every((l) => series.includes(l)));

test('GET /healthz answers 200 without any credentials', async () => {
  const res = await h.request.get(OPS_PATHS.healthz);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok' });
});

test('GET /readyz: 200 when Postgres, Redis and every migration are there, naming each check', async () => {
  const res = await h.request.get(OPS_PATHS.readyz);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok', migrations: 'ok' } });
});

test('readiness names a migration the database lacks', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rigforge-migrations-'));
  try {
    await mkdir(path.join(dir, '20991231000000_from_the_future'));
    const status = new MigrationStatus(h.ctx.db, dir);
    expect(await status.missing()).toEqual(['20991231000000_from_the_future']);
    await expect(status.assertApplied()).rejects.toThrow(/20991231000000_from_the_future/);
    expect(await new MigrationStatus(h.ctx.db, DEFAULT_MIGRATIONS_DIR).missing()).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('GET /metrics is for the admin token only', () => {
  test('no credentials: 401 with a challenge', async () => {
    const res = await h.request.get(OPS_PATHS.metrics);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });
  test('a wrong token, or a customer API key: 403', async () => {
    for (const auth of [{ Authorization: 'Bearer not-the-token' }, account.auth]) {
      const res = await h.request.get(OPS_PATHS.metrics).set(auth);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });
  test('the token (Bearer, or Basic with the token as password): 200 in Prometheus format', async () => {
    const res = await h.request.get(OPS_PATHS.metrics).set(admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const basic = await h.request.get(OPS_PATHS.metrics).auth('ops', ADMIN_TOKEN);
    expect(basic.status).toBe(200);
  });
  test('with ADMIN_TOKEN unset, nothing opens it', async () => {
    const closed = await startHarness({ ADMIN_TOKEN: '' });
    try {
      const res = await closed.request.get(OPS_PATHS.metrics).set(admin);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/ADMIN_TOKEN/);
    } finally {
      await closed.close();
    }
  });
});

test('after a submission the metrics show the queue, the credits and the request', async () => {
  const submitted = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: await boxGlbBase64() });
  expect(submitted.status).toBe(202);
  await h.request.get(`/v1/jobs/${submitted.body.id}`).set(account.auth).expect(200);

  const all = samples((await h.request.get(OPS_PATHS.metrics).set(admin)).text);
  // Every queue's depth by state and its live workers (none here: this test starts no worker).
  for (const queue of QUEUE_NAMES) {
    for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed']) {
      expect(find(all, METRICS.queueJobs, `queue="${queue}"`, `state="${state}"`)).toHaveLength(1);
    }
    expect(find(all, METRICS.queueLiveWorkers, `queue="${queue}"`)).toEqual([[expect.any(String), 0]]);
  }
  expect(find(all, METRICS.queueJobs, 'queue="rig.fast"', 'state="waiting"')[0]![1]).toBe(1);
  // The webhook deliveries' queue is reported beside the job queues.
  for (const state of ['waiting', 'active', 'delayed', 'failed', 'completed']) {
    expect(find(all, METRICS.queueJobs, `queue="${WEBHOOK_QUEUE}"`, `state="${state}"`)).toHaveLength(1);
  }
  expect(find(all, METRICS.creditsReserved, 'queue="rig.fast"')[0]![1]).toBe(10);
  // Request durations by route pattern, never by raw path.
  expect(find(all, `${METRICS.httpRequestDuration}_count`, 'route="/v1/rigs"', 'status="202"', 'method="POST"')[0]![1]).toBe(1);
  expect(find(all, `${METRICS.httpRequestDuration}_count`, 'route="/v1/jobs/:id"', 'status="200"')[0]![1]).toBe(1);
  expect([...all.keys()].some((series) => series.includes(submitted.body.id))).toBe(false);
  // Every series says which service it came from.
  expect(find(all, METRICS.queueJobs).every(([series]) => series.includes('service="api"'))).toBe(true);
});

test('429 and 503 answers are counted', async () => {
  const limited = await startHarness({ ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1', REQUIRE_LIVE_WORKERS: 'true' });
  try {
    const who = await limited.seedAccount();
    // The first request passes the limiter and finds no live worker (503); the second is over the limit (429).
    const first = await limited.request.post('/v1/rigs').set(who.auth).send({ model_base64: await boxGlbBase64() });
    expect(first.status).toBe(503);
    expect((await limited.request.get('/v1/jobs').set(who.auth)).status).toBe(429);
    const all = samples((await limited.request.get(OPS_PATHS.metrics).set(admin)).text);
    expect(find(all, METRICS.backendUnavailable, 'route="/v1/rigs"')[0]![1]).toBe(1);
    expect(find(all, METRICS.rateLimited)[0]![1]).toBe(1);
  } finally {
    await limited.close();
  }
});

test('Bull Board opens with the admin token only', async () => {
  expect((await h.request.get(BULL_BOARD_PATH)).status).toBe(401);
  expect((await h.request.get(BULL_BOARD_PATH).set(account.auth)).status).toBe(403);
  const page = await h.request.get(BULL_BOARD_PATH).set(admin);
  expect(page.status).toBe(200);
  expect(page.text).toMatch(/<html/i);
  const queues = await h.request.get(`${BULL_BOARD_PATH}/api/queues`).set(admin);
  expect(queues.status).toBe(200);
  expect((queues.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual([...QUEUE_NAMES, WEBHOOK_QUEUE].sort());
});

test('Bull Board loads nothing from another site: its fonts are served from this origin', async () => {
  const page = await h.request.get(BULL_BOARD_PATH).set(admin);
  expect(page.text).not.toMatch(/https?:\/\//);
  const css = await h.request.get(`${BULL_BOARD_PATH}/fonts/fonts.css`);
  expect(css.status).toBe(200);
  expect(page.text).toContain(`${BULL_BOARD_PATH}/fonts/fonts.css`);
  // Every stylesheet it imports, and every font file those name, is here.
  for (const imported of [...css.text.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1]!)) {
    const sheet = await h.request.get(`${BULL_BOARD_PATH}/fonts/${imported}`);
    expect({ imported, status: sheet.status }).toEqual({ imported, status: 200 });
    const font = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(sheet.text)?.[1];
    expect(font).toBeDefined();
    const dir = imported.slice(0, imported.indexOf('/'));
    expect((await h.request.get(`${BULL_BOARD_PATH}/fonts/${dir}/${font}`)).status).toBe(200);
  }
});

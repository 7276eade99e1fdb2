/**
 * Issue 9: a Postgres or Redis outage answers 503 backend_unavailable with Retry-After on every
 * endpoint, fails fast rather than hanging, recovers by itself, and leaves no stored input behind.
 *
 * The API reaches the shared Postgres and Redis through TCP proxies this file owns, so cutting a
 * proxy is an outage of this API alone (the shared servers, which other test runs use, are never
 * touched). `refuse` is a stopped server (connections reset, new ones refused); `blackhole` is a
 * partition or a frozen host (nothing is refused, replies never come), which only the configured
 * timeouts can turn into a fast answer. Latencies are measured by apps/api/scripts/outage-latency.ts;
 * here a request that hangs fails on supertest's timeout instead.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findJob, hashApiKey, readCreditBalance } from '@rigforge/db';
import { createRedis, JobQueues } from '@rigforge/queue';
import { newJobId, submitJob, type SubmitJobInput } from '../src/services/job-submission';
import { jobAttachmentKey, LocalStorage } from '@rigforge/storage';
import { boxGlbBase64 } from './fixtures';
import { startHarness, type Harness, type SeededAccount } from './harness';
import { TcpProxy, type ProxyMode } from './tcp-proxy';

/** Far above the fail-fast budget this file sets, far below "hangs until the backend returns". */
const HANG_MS = 20_000;
const ADMIN_TOKEN = 'outage-admin-token-0123456789';

let pg: TcpProxy;
let redis: TcpProxy;
let h: Harness;
let storageDir: string;
let account: SeededAccount;
let glb64: string;
let png64: string;
let jobId: string;

beforeAll(async () => {
  const pgUrl = new URL(process.env.DATABASE_URL!);
  const redisUrl = new URL(process.env.REDIS_URL!);
  pg = new TcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
  redis = new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
  await Promise.all([pg.start(), redis.start()]);
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'rigforge-outage-'));
  h = await startHarness({
    DATABASE_URL: pg.url(process.env.DATABASE_URL!),
    REDIS_URL: redis.url(process.env.REDIS_URL!),
    STORAGE_DIR: storageDir,
    // Tight enough to prove a hang becomes a 503, loose enough for a starved test machine.
    DB_CONNECT_TIMEOUT_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '2000',
    REDIS_COMMAND_TIMEOUT_MS: '2000',
    ADMIN_TOKEN,
  });
  account = await h.seedAccount({ credits: 100_000 });
  glb64 = await boxGlbBase64();
  png64 = (await sharp({ create: { width: 32, height: 32, channels: 4, background: '#c33' } }).png().toBuffer()).toString('base64');
  const first = await postRig();
  expect(first.status).toBe(202);
  jobId = first.body.id;
});

afterEach(async () => {
  await Promise.all([pg.set('forward'), redis.set('forward')]);
  await waitForRecovery();
});

afterAll(async () => {
  await h.close();
  await Promise.all([pg.close(), redis.close()]);
  await rm(storageDir, { recursive: true, force: true });
});

const postRig = (who: SeededAccount = account) =>
  h.request.post('/v1/rigs').set(who.auth).timeout(HANG_MS).send({ model_base64: glb64 });

/** One request per endpoint group; the auth lookup uses a key evicted from the cache first. */
function endpointRequests(): Record<string, () => Promise<{ status: number; body: { error?: { code: string } }; headers: Record<string, string> }>> {
  const get = (url: string) => () => h.request.get(url).set(account.auth).timeout(HANG_MS);
  return {
    'POST /v1/rigs': () => postRig(),
    'POST /v1/models': () => h.request.post('/v1/models').set(account.auth).timeout(HANG_MS).send({ image_base64: png64 }),
    'GET /v1/jobs/:id': get(`/v1/jobs/${jobId}`),
    'GET /v1/rigs/:id': get(`/v1/rigs/${jobId}`),
    'GET /v1/jobs': get('/v1/jobs?limit=5'),
    'GET /v1/assets': get('/v1/assets?limit=5'),
    'GET /v1/assets/categories': get('/v1/assets/categories'),
    'auth lookup': () => {
      h.ctx.keys.evict(hashApiKey(account.key));
      return h.request.get('/v1/jobs?limit=1').set(account.auth).timeout(HANG_MS);
    },
  };
}

/** Names of the stored input files (`<job id>.<ext>`). */
async function storedInputs(): Promise<string[]> {
  const entries = await readdir(path.join(storageDir, 'inputs'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name).sort();
}

/** Stored inputs whose job row does not exist (read once Postgres is back). */
async function orphanedInputs(): Promise<string[]> {
  const orphans: string[] = [];
  for (const name of await storedInputs()) {
    if (!(await findJob(h.ctx.db, name.slice(0, 36)))) orphans.push(name);
  }
  return orphans;
}

/**
 * Polls until reads succeed again. Each pooled connection cut by the outage fails once when it is
 * next used (a 503, as it should), so this also flushes them out before the test's own queries.
 */
async function waitForRecovery(): Promise<void> {
  let healthy = 0;
  for (let attempt = 0; attempt < 200 && healthy < 3; attempt++) {
    const res = await h.request.get(`/v1/jobs/${jobId}`).set(account.auth).timeout(HANG_MS);
    healthy = res.status === 200 ? healthy + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (healthy >= 3) return;
  throw new Error('the API did not recover after the backend returned');
}

/** A fast biped rig of a small STL with an animation clip attached: what the withdrawal tests submit. */
function rigWithClip(id: string): SubmitJobInput {
  const animation = { key: jobAttachmentKey(id, 'animation', 'glb'), format: 'glb' as const };
  return {
    id,
    accountId: account.accountId,
    job: {
      operation: 'rig',
      params: { rig_type: 'biped', engine: 'fast', output_format: 'glb', up_axis: '+y', rotation_y: 0, source: 'model_base64', animation },
    },
    engine: 'fast',
    input: { bytes: Buffer.from('solid x\nendsolid x\n'), extension: 'stl', contentType: 'model/stl' },
    attachments: [{ key: animation.key, bytes: Buffer.from('clip'), contentType: 'model/gltf-binary' }],
    credits: 10,
    requiresPro: false,
  };
}

const OUTAGES: [string, () => TcpProxy, ProxyMode][] = [
  ['Postgres stopped', () => pg, 'refuse'],
  ['Postgres unreachable (no replies)', () => pg, 'blackhole'],
  ['Redis stopped', () => redis, 'refuse'],
  ['Redis unreachable (no replies)', () => redis, 'blackhole'],
];

describe.each(OUTAGES)('%s', (_label, proxy, mode) => {
  test('every endpoint answers 503 backend_unavailable with Retry-After, then recovers; no orphaned input', async () => {
    const balance = await readCreditBalance(h.ctx.db, account.accountId);
    await proxy().set(mode);
    const requests = endpointRequests();
    const answers = await Promise.all(Object.values(requests).map((send) => send()));
    const seen = Object.keys(requests).map((name, i) => [name, answers[i]!.status, answers[i]!.body.error?.code, answers[i]!.headers['retry-after']]);
    expect(seen).toEqual(Object.keys(requests).map((name) => [name, 503, 'backend_unavailable', expect.stringMatching(/^[1-9]\d*$/)]));

    await proxy().set('forward');
    await waitForRecovery();
    expect((await postRig()).status).toBe(202);
    expect(await orphanedInputs()).toEqual([]);
    // Nothing refused during the outage was charged (the one accepted after recovery was).
    expect((await readCreditBalance(h.ctx.db, account.accountId))?.balance).toBe((balance?.balance ?? 0) - 10);
  });
});

describe.each(OUTAGES)('%s: operator endpoints', (label, proxy, mode) => {
  test('readiness and (in a Redis outage) Bull Board answer 503 with Retry-After, never 500', async () => {
    await proxy().set(mode);
    const ready = await h.request.get('/readyz').timeout(HANG_MS);
    expect([ready.status, ready.headers['retry-after']]).toEqual([503, expect.stringMatching(/^[1-9]\d*$/)]);
    if (label.startsWith('Redis')) {
      const board = await h.request.get('/admin/queues/api/queues').set('Authorization', `Bearer ${ADMIN_TOKEN}`).timeout(HANG_MS);
      expect([board.status, board.body.error?.code, board.headers['retry-after']]).toEqual([503, 'backend_unavailable', expect.stringMatching(/^[1-9]\d*$/)]);
    }
    await proxy().set('forward');
    await waitForRecovery();
    const board = await h.request.get('/admin/queues/api/queues').set('Authorization', `Bearer ${ADMIN_TOKEN}`).timeout(HANG_MS);
    expect(board.status).toBe(200);
  });
});

test('Postgres stopped in the middle of a stream of submissions: 202 or 503 only, every stored input has its job', async () => {
  const sends: Promise<{ status: number }>[] = [];
  for (let i = 0; i < 24; i++) {
    if (i === 8) await pg.set('refuse');
    if (i === 16) await pg.set('forward');
    sends.push(postRig().then((res) => res)); // supertest sends only once awaited
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  const statuses = (await Promise.all(sends)).map((r) => r.status);
  expect(statuses.filter((s) => s !== 202 && s !== 503)).toEqual([]);
  expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
  await waitForRecovery();
  expect(await orphanedInputs()).toEqual([]);
});

test('a submission refused after its input was stored (insufficient credits) leaves no input', async () => {
  const poor = await h.seedAccount({ credits: 0 });
  const before = await storedInputs();
  const res = await postRig(poor);
  expect(res.status).toBe(402);
  expect(await storedInputs()).toEqual(before);
});

test('a write that fails while the row is reserved: its error, the job withdrawn (nothing charged, the ledger whole), no input left', async () => {
  // The input and the attachment are written while Postgres inserts the row; the attachment's write fails.
  const id = newJobId();
  const clipKey = jobAttachmentKey(id, 'animation', 'glb');
  const storage = new (class extends LocalStorage {
    override async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
      if (key === clipKey) throw new Error('disk full');
      return super.put(key, bytes, contentType);
    }
  })({ rootDir: storageDir, publicBaseUrl: 'http://127.0.0.1/files' });
  const before = await readCreditBalance(h.ctx.db, account.accountId);
  const error = await submitJob({ db: h.ctx.db, storage, availability: h.ctx.availability, queues: h.ctx.queues }, 'rig.fast', () => rigWithClip(id)).catch((e: unknown) => e);
  expect(error).toMatchObject({ message: 'disk full' });
  expect(await findJob(h.ctx.db, id)).toBeNull();
  expect(await readCreditBalance(h.ctx.db, account.accountId)).toEqual(before);
  expect(await orphanedInputs()).toEqual([]);
  expect(await storedInputs()).not.toContain(`${id}.stl`);
});

test('the queue unreachable at enqueue: 503, the job withdrawn (not listed, nothing charged, the ledger whole), its input deleted', async () => {
  // Admission and Postgres work; only the connection that enqueues is cut (after it connected).
  const cut = new TcpProxy(redis.targetHost, redis.targetPort);
  await cut.start();
  const connection = createRedis({ url: cut.url(process.env.REDIS_URL!), role: 'producer' });
  connection.on('error', () => undefined);
  const queues = new JobQueues({ connection, prefix: h.ctx.env.REDIS_PREFIX, onError: () => undefined });
  try {
    await queues.get('rig.fast').waitUntilReady();
    await cut.set('refuse');
    const before = await readCreditBalance(h.ctx.db, account.accountId);
    const id = newJobId();
    const error = await submitJob(
      { db: h.ctx.db, storage: h.ctx.storage, availability: h.ctx.availability, queues },
      'rig.fast',
      () => rigWithClip(id),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'backend_unavailable', headers: { 'Retry-After': expect.any(String) } });
    expect(await orphanedInputs()).toEqual([]);
    // The balance and the sum of the ledger, both as before.
    expect(await readCreditBalance(h.ctx.db, account.accountId)).toEqual(before);
    // The client got a 503 and no id: the job is not its to see (issue 24: it was listed as failed).
    expect(await findJob(h.ctx.db, id)).toBeNull();
    const listed = await h.request.get('/v1/jobs?limit=100').set(account.auth);
    expect(listed.body.jobs.map((j: { id: string }) => j.id)).not.toContain(id);
  } finally {
    await cut.set('forward');
    await queues.close().catch(() => undefined);
    connection.disconnect();
    await cut.close();
  }
});

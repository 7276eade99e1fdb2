/**
 * A job's whole life through real processes: the API (in-process, real Postgres and Redis),
 * real worker processes started as in production, an engine registered only by this test.
 */
import { randomUUID } from 'node:crypto';
import type { RigJobParams } from '@rigforge/contracts';
import { readCreditBalance, reserveJob } from '@rigforge/db';
import { jobInputKey } from '@rigforge/storage';
import { boxGlb } from '../../api/test/fixtures';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { fetchOutput, TEST_ENGINES, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

let h: Harness;
let account: SeededAccount;
let fast: WorkerProcess;
let pro: WorkerProcess;
let glb: Buffer;

const PRICE = 10;

beforeAll(async () => {
  h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true', JOB_RETRY_BACKOFF_MS: '300', PRICE_RIG_FAST: String(PRICE), PRICE_RIG_PRO: String(PRICE) });
  const env = workerEnvFor(h, {
    ENGINE_MODULES: TEST_ENGINES,
    JOB_TIMEOUT_SECONDS: '4',
    SWEEP_INTERVAL_MS: '500',
    REQUEUE_AFTER_MS: '1000',
  });
  fast = startWorkerProcess('rig.fast', env, 2);
  pro = startWorkerProcess('rig.pro', env);
  account = await h.seedAccount({ plan: 'pro', credits: 1000 });
  glb = await boxGlb();
  // Both workers announce themselves before the API accepts work for their queues.
  await waitFor(async () => fast.output().includes('ready') && pro.output().includes('ready'), 60_000, 'workers to start').catch(
    (error: Error) => {
      throw new Error(`${error.message}\nrig.fast: ${fast.output()}\nrig.pro: ${pro.output()}`);
    },
  );
}, 90_000);

afterAll(async () => {
  await Promise.all([fast?.stop(), pro?.stop()]);
  await h?.close();
});

async function submit(body: Record<string, unknown>, who = account): Promise<string> {
  const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb.toString('base64'), ...body });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function waitTerminal(id: string, who = account, timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const res = await h.request.get(`/v1/jobs/${id}`).set(who.auth);
      expect(res.status).toBe(200);
      return ['succeeded', 'failed'].includes(res.body.status) ? res.body : null;
    },
    timeoutMs,
    `job ${id} to finish`,
  );
}

test('queued → processing → succeeded; outputs are served; credits stay charged', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const id = await submit({}, who);
  const job = await waitTerminal(id, who);
  expect(job).toMatchObject({ id, status: 'succeeded', error: null });
  expect(job.output.model_url).toBe(`http://api.test/files/jobs/${id}/output/model.glb`);
  expect(job.output.files).toEqual([
    { type: 'model', format: 'glb', url: job.output.model_url, bytes: glb.length + 7 },
    { type: 'thumbnail', format: 'png', url: job.output.thumbnail_url, bytes: expect.any(Number) },
  ]);
  const served = await fetchOutput(h, job.output.model_url);
  expect(served.subarray(-7).toString()).toBe('|rigged');
  expect(job.duration_seconds).toBeGreaterThan(0);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100 - PRICE, ledgerSum: 100 - PRICE });
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id } });
  expect(row.report).toMatchObject({ engine: 'test.echo', note: 'test engine' });
  expect(row.startedAt).not.toBeNull();
});

test('from_job rigs the output of a succeeded job', async () => {
  const first = await waitTerminal(await submit({}));
  const second = await waitTerminal(await submit({ model_base64: undefined, from_job: first.id }));
  expect(second.status).toBe('succeeded');
  expect(second.output.files[0].bytes).toBe(first.output.files[0].bytes + 7);
});

test('bad input fails once with its code, inside a 200 job object, and is refunded', async () => {
  const who = await h.seedAccount({ credits: 50 });
  const id = await submit({ rig_type: 'others' }, who);
  const job = await waitTerminal(id, who);
  expect(job).toMatchObject({ status: 'failed', output: null, error: { code: 'unsupported_format', message: 'test: this mesh cannot be rigged' } });
  expect((await h.ctx.db.job.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 50, ledgerSum: 50 });
  // BullMQ's own record agrees (its counts and dashboards see the failure), with no retry spent.
  // Postgres is written first (it is the record the API answers from); BullMQ moves the job to
  // failed when the processor's error reaches it a moment later, so its state is awaited.
  const queue = h.ctx.queues.get('rig.fast');
  const bullJob = await waitFor(async () => {
    const j = await queue.getJob(id);
    return j && (await j.getState()) === 'failed' ? j : null;
  }, 30_000, "BullMQ's failed state");
  expect(bullJob.attemptsMade).toBe(1);
});

test('a job past its deadline fails with timeout and the runaway engine is stopped', async () => {
  const who = await h.seedAccount({ credits: 50 });
  const job = await waitTerminal(await submit({ rig_type: 'serpentine' }, who), who, 30_000);
  expect(job.error.code).toBe('timeout');
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 50, ledgerSum: 50 });
  // The worker is still healthy: the next job succeeds.
  expect((await waitTerminal(await submit({}))).status).toBe('succeeded');
});

test('an engine crash is retried with backoff, then fails with internal_error and is refunded', async () => {
  const who = await h.seedAccount({ credits: 50 });
  const id = await submit({ rig_type: 'aquatic' }, who);
  const job = await waitTerminal(id, who, 40_000);
  expect(job.error.code).toBe('internal_error');
  expect((await h.ctx.db.job.findUniqueOrThrow({ where: { id } })).attempts).toBe(3);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 50, ledgerSum: 50 });
}, 60_000);

test('a queue without an engine fails its jobs honestly with engine_unavailable', async () => {
  const who = await h.seedAccount({ plan: 'pro', credits: 50 });
  const job = await waitTerminal(await submit({ engine: 'pro' }, who), who);
  expect(job.error.code).toBe('engine_unavailable');
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 50, ledgerSum: 50 });
});

test('a job lost by Redis is re-enqueued by the sweeper', async () => {
  const id = randomUUID();
  await h.ctx.storage.put(jobInputKey(id, 'glb'), glb, 'model/gltf-binary');
  const reserved = await reserveJob(h.ctx.db, {
    id,
    accountId: account.accountId,
    operation: 'rig',
    queue: 'rig.fast',
    engine: 'fast',
    params: { rig_type: 'biped', engine: 'fast', output_format: 'glb', up_axis: '+y', rotation_y: 0, source: 'model_base64' } satisfies RigJobParams,
    inputKey: jobInputKey(id, 'glb'),
    credits: PRICE,
    requiresPro: false,
  });
  expect(reserved.outcome).toBe('created'); // in Postgres, never added to the queue
  expect((await waitTerminal(id, account, 20_000)).status).toBe('succeeded');
});

test('SIGTERM drains: the running job finishes, then the worker exits 0', async () => {
  const env = workerEnvFor(h, { ENGINE_MODULES: TEST_ENGINES });
  // Take the shared fast worker out so the new one gets the job.
  expect(await fast.stop()).toBe(0);
  const draining = startWorkerProcess('rig.fast', env);
  await waitFor(async () => draining.output().includes('ready'), 60_000, 'worker ready');
  const id = await submit({ rig_type: 'hexapod' });
  await waitFor(async () => (await h.ctx.db.job.findUniqueOrThrow({ where: { id } })).status === 'processing', 20_000, 'processing');
  const code = await draining.stop('SIGTERM');
  expect(code).toBe(0);
  expect((await h.ctx.db.job.findUniqueOrThrow({ where: { id } })).status).toBe('succeeded');
}, 90_000);

/**
 * Engine warm-up end to end: a real rig.fast worker process started with WORKER_WARMUP_RUNS warms
 * its engine thread up (and says so) before it reports ready, leaves no trace of it in Postgres (no
 * job, no credit entry), and then rigs a customer job as usual.
 */
import { readFile } from 'node:fs/promises';
import { HELPER_THREAD_IDLE_MS_DEFAULT } from '@rigforge/rig';
import { RIG_WARM_UP_SMALL_MESH } from '@rigforge/rig/warm-up-inputs';
import type { Harness, SeededAccount } from '../../api/test/harness';
import { startIsolatedHarness } from '../../api/test/harness';
import { ENGINE_THREAD_HELPER_IDLE_MS } from '../src/engines/warm-up';
import { workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

let h: Harness;
let account: SeededAccount;
let worker: WorkerProcess | undefined;
/** Credit entries before the worker started (seeding records the account's grant). */
let entriesAtSeed = 0;

beforeAll(async () => {
  h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true' });
  account = await h.seedAccount({ plan: 'standard', credits: 1000 });
  entriesAtSeed = await h.ctx.db.creditEntry.count();
  worker = startWorkerProcess('rig.fast', workerEnvFor(h, { WORKER_WARMUP_RUNS: '2' }));
  await waitFor(async () => worker!.output().includes('ready ('), 120_000, 'the warmed-up worker').catch((error: Error) => {
    throw new Error(`${error.message}\n${worker!.output()}`);
  });
}, 150_000);

afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

test('the worker warms up before it is ready, writes nothing, then rigs a job', async () => {
  const output = worker!.output();
  // WORKER_WARMUP_RUNS 2: the large dressed humanoid once, then the sample humanoid twice.
  expect(output).toMatch(/engine warm-up: 3 runs \(\d+, \d+, \d+ ms\)/);
  // The helper threads the warm-up started are kept through quiet minutes (engine-thread.ts), as
  // the engine thread itself reads the period back (the rig package's default is a minute).
  expect(output).toContain(`rig helper threads end after ${ENGINE_THREAD_HELPER_IDLE_MS / 1000} s idle`);
  expect(ENGINE_THREAD_HELPER_IDLE_MS).toBeGreaterThan(HELPER_THREAD_IDLE_MS_DEFAULT);
  // Warm-up comes before the worker takes jobs.
  expect(output.indexOf('engine warm-up')).toBeLessThan(output.indexOf('ready ('));
  expect(await h.ctx.db.job.count()).toBe(0);
  expect(await h.ctx.db.creditEntry.count()).toBe(entriesAtSeed);

  // A customer job on the sample humanoid (the warm-up's small mesh, as any small rig).
  const model = (await readFile(RIG_WARM_UP_SMALL_MESH)).toString('base64');
  const created = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: model, rig_type: 'biped' });
  expect(created.status).toBe(202);
  const id = created.body.id as string;
  const job = await waitFor(
    async () => {
      const j = (await h.request.get(`/v1/jobs/${id}`).set(account.auth)).body;
      return j.status === 'succeeded' || j.status === 'failed' ? j : null;
    },
    120_000,
    `job ${id}`,
  );
  expect(job.status).toBe('succeeded');
  expect(await h.ctx.db.job.count()).toBe(1);
}, 150_000);

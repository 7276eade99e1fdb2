/**
 * A real worker process's ops listener: /healthz, /readyz (its queue, Postgres, Redis, migrations),
 * /metrics behind ADMIN_TOKEN with what its jobs did, and JSON log lines carrying the job id.
 */
import { METRICS, OPS_PATHS } from '@rigforge/observability';
import { boxGlb } from '../../api/test/fixtures';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { TEST_ENGINES_SOURCE, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

const ADMIN_TOKEN = 'worker-admin-token-0123456789';
let h: Harness;
let account: SeededAccount;
let worker: WorkerProcess;
let base: string;

beforeAll(async () => {
  h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true', PRICE_RIG_FAST: '10', JOB_RETRY_BACKOFF_MS: '200' });
  // The engine module as TypeScript (the other files load it built): the prebuilt worker loads a
  // deployment's .ts engine module through tsx's hook (engines/engine-registry.ts).
  worker = startWorkerProcess('rig.fast', workerEnvFor(h, { ENGINE_MODULES: TEST_ENGINES_SOURCE, ADMIN_TOKEN, LOG_LEVEL: 'info' }));
  account = await h.seedAccount();
  const port = await waitFor(async () => /"msg":"ops listener on http:\/\/[^:]+:(\d+)/.exec(worker.output())?.[1], 60_000, 'the ops listener').catch(
    (error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`);
    },
  );
  base = `http://127.0.0.1:${port}`;
  await waitFor(async () => worker.output().includes('"msg":"ready (id'), 60_000, 'the worker');
}, 90_000);

afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

async function runJob(rigType: string): Promise<{ id: string; status: string }> {
  const res = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: (await boxGlb()).toString('base64'), rig_type: rigType });
  expect(res.status).toBe(202);
  return waitFor(
    async () => {
      const job = await h.request.get(`/v1/jobs/${res.body.id}`).set(account.auth);
      return ['succeeded', 'failed'].includes(job.body.status) ? (job.body as { id: string; status: string }) : null;
    },
    30_000,
    'the job to finish',
  );
}

const metric = (text: string, name: string, ...labels: string[]) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && labels.every((l) => line.includes(l)))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));

test('GET /healthz and /readyz on the worker', async () => {
  const health = await fetch(`${base}${OPS_PATHS.healthz}`);
  expect(health.status).toBe(200);
  // Ready once every check answers (the first database round trip may be slow on a busy machine).
  let last: unknown;
  const ready = await waitFor(
    async () => {
      const res = await fetch(`${base}${OPS_PATHS.readyz}`);
      last = await res.json();
      return res.status === 200 ? last : null;
    },
    30_000,
    'the worker to be ready',
  ).catch((error: Error) => {
    throw new Error(`${error.message}: ${JSON.stringify(last)}`);
  });
  expect(ready).toEqual({ status: 'ready', checks: { queue: 'ok', postgres: 'ok', redis: 'ok', migrations: 'ok' } });
});

test('GET /metrics on the worker: 401 without the token, 403 with a wrong one, 200 with it', async () => {
  expect((await fetch(`${base}${OPS_PATHS.metrics}`)).status).toBe(401);
  expect((await fetch(`${base}${OPS_PATHS.metrics}`, { headers: { Authorization: 'Bearer nope' } })).status).toBe(403);
  expect((await fetch(`${base}${OPS_PATHS.metrics}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
});

test('the worker counts what its jobs did, and logs each job line with its id', async () => {
  const ok = await runJob('biped');
  expect(ok.status).toBe('succeeded');
  const bad = await runJob('others'); // the test engine refuses it: unsupported_format, refunded
  expect(bad.status).toBe('failed');
  const crashing = await runJob('aquatic'); // the test engine throws: retried twice, then failed and refunded
  expect(crashing.status).toBe('failed');

  // The row is written first, BullMQ's final events follow: wait for the last of them.
  const scrape = async () => (await fetch(`${base}${OPS_PATHS.metrics}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
  const text = await waitFor(
    async () => {
      const body = await scrape();
      return metric(body, METRICS.workerJobs, 'outcome="failed"')[0] === 2 && metric(body, METRICS.workerJobs, 'outcome="completed"')[0] === 1 ? body : null;
    },
    20_000,
    'BullMQ to report every outcome',
  );
  // One start per job: a retry's wait is not the queue's latency.
  expect(metric(text, `${METRICS.jobStartLatency}_count`, 'queue="rig.fast"')).toEqual([3]);
  expect(metric(text, `${METRICS.jobDuration}_count`, 'outcome="succeeded"', 'operation="rig"')).toEqual([1]);
  expect(metric(text, `${METRICS.jobDuration}_count`, 'outcome="failed"')).toEqual([1]);
  expect(metric(text, METRICS.engineErrors, 'code="unsupported_format"', 'queue="rig.fast"')).toEqual([1]);
  expect(metric(text, METRICS.creditsRefunded, 'queue="rig.fast"')).toEqual([20]);
  // BullMQ's view: the engine's refusal fails at once; the crash was retried twice, then failed.
  expect(metric(text, METRICS.workerJobs, 'outcome="completed"')).toEqual([1]);
  expect(metric(text, METRICS.workerJobs, 'outcome="retried"')).toEqual([2]);
  expect(metric(text, METRICS.workerJobs, 'outcome="failed"')).toEqual([2]);
  expect(metric(text, METRICS.queueLiveWorkers, 'queue="rig.fast"')).toEqual([1]);
  expect(metric(text, METRICS.queueJobs, 'queue="rig.fast"', 'state="completed"')).toEqual([1]);
  expect(metric(text, METRICS.queueJobs, 'queue="rig.fast"', 'state="failed"')).toEqual([2]);
  // A worker reports its own queue only.
  expect(metric(text, METRICS.queueJobs, 'queue="rig.pro"')).toEqual([]);

  const lines = worker
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.every((l) => l.service === 'worker' && l.queue === 'rig.fast' && typeof l.level === 'string')).toBe(true);
  const crashLines = lines.filter((l) => l.job_id === crashing.id);
  expect(crashLines.length).toBeGreaterThanOrEqual(2);
  expect(crashLines.some((l) => l.level === 'error' && String(l.msg).includes('attempt 1 failed'))).toBe(true);
});

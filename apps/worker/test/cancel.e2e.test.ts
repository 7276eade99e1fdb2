/**
 * POST /v1/jobs/{id}/cancel through real processes: the API in-process on the real Postgres and
 * Redis, a real worker process running the test engine (whose `serpentine` plan never finishes,
 * so only ending its thread stops it).
 */
import { readCreditBalance } from '@rigforge/db';
import { boxGlb } from '../../api/test/fixtures';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { TEST_ENGINES, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

let h: Harness;
let worker: WorkerProcess;
let glb64: string;

beforeAll(async () => {
  h = await startIsolatedHarness({ PRICE_RIG_FAST: '10', PRICE_RIG_PRO: '30' });
  // A deadline far beyond the test: the runaway job must end by cancel, not by timeout.
  worker = startWorkerProcess('rig.fast', workerEnvFor(h, { ENGINE_MODULES: TEST_ENGINES, JOB_TIMEOUT_SECONDS: '600' }));
  glb64 = (await boxGlb()).toString('base64');
  await waitFor(async () => worker.output().includes('ready'), 60_000, 'worker to start').catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.output()}`);
  });
}, 90_000);

afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

async function submit(who: SeededAccount, body: Record<string, unknown>): Promise<string> {
  const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64, ...body });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function statusOf(id: string): Promise<string> {
  return (await h.ctx.db.job.findUniqueOrThrow({ where: { id } })).status;
}

test('a processing job: its engine thread is stopped, the job is failed/canceled and refunded; the worker goes on', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const id = await submit(who, { rig_type: 'serpentine' });
  await waitFor(async () => (await statusOf(id)) === 'processing', 30_000, 'the job to start');
  const res = await h.request.post(`/v1/jobs/${id}/cancel`).set(who.auth);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id, status: 'failed', output: null, error: { code: 'canceled' } });
  expect(res.body.completed_at).toEqual(expect.any(String));
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
  await waitFor(async () => worker.output().includes(`job ${id}: canceled by its owner; stopping its engine`), 30_000, 'the worker to stop the engine');
  // The one engine thread was replaced: the next job runs and succeeds.
  const next = await submit(who, {});
  const done = await waitFor(async () => {
    const job = (await h.request.get(`/v1/jobs/${next}`).set(who.auth)).body;
    return ['succeeded', 'failed'].includes(job.status) ? job : null;
  }, 30_000, 'the next job');
  expect(done.status).toBe('succeeded');
  expect((await h.request.get(`/v1/jobs/${id}`).set(who.auth)).body.error.code).toBe('canceled');
});

async function refundedCredits(queue: string): Promise<number> {
  const metric = await h.ctx.metrics.creditsRefunded.get();
  return metric.values.find((v) => v.labels.queue === queue)?.value ?? 0;
}

test('a queued job is failed/canceled at once and refunded; a worker never runs it', async () => {
  // No rig.pro worker runs in this file, so the job stays queued.
  const who = await h.seedAccount({ plan: 'pro', credits: 100 });
  const id = await submit(who, { engine: 'pro' });
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 70, ledgerSum: 70 });
  const refundedBefore = await refundedCredits('rig.pro');
  const res = await h.request.post(`/v1/jobs/${id}/cancel`).set(who.auth);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ id, status: 'failed', error: { code: 'canceled', message: expect.stringContaining('refunded') } });
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
  // The refund is counted like every other (rigforge_credits_refunded_total).
  expect((await refundedCredits('rig.pro')) - refundedBefore).toBe(30);
  expect(await h.ctx.queues.get('rig.pro').getJobState(id)).toBe('unknown'); // taken out of the queue
});

test('a terminal job is 409 job_not_cancelable; unknown and foreign jobs are 404; a bad id is 400', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const id = await submit(who, { engine: 'fast', rig_type: 'others' }); // fails at once: bad input
  await waitFor(async () => (await statusOf(id)) === 'failed', 30_000, 'the job to fail');
  const again = await h.request.post(`/v1/jobs/${id}/cancel`).set(who.auth);
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('job_not_cancelable');
  const stranger = await h.seedAccount();
  expect((await h.request.post(`/v1/jobs/${id}/cancel`).set(stranger.auth)).status).toBe(404);
  expect((await h.request.post('/v1/jobs/00000000-0000-4000-8000-000000000000/cancel').set(who.auth)).status).toBe(404);
  const bad = await h.request.post('/v1/jobs/nope/cancel').set(who.auth);
  expect(bad.status).toBe(400);
  expect(bad.body.error.param).toBe('id');
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 100, ledgerSum: 100 });
});

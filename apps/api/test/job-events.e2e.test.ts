/**
 * `Prefer: wait` and the status stream (GET /v1/jobs/{id}/events) across replicas: two real API
 * processes and a real worker process share Postgres and Redis; a job submitted through one replica
 * is waited on and streamed through the other.
 */
import http from 'node:http';
import { boxGlb } from './fixtures';
import { startIsolatedHarness, type Harness, type SeededAccount } from './harness';
import { startApiProcess, type ApiProcess } from './api-process';
import { TEST_ENGINES, workerEnvFor } from '../../worker/test/e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from '../../worker/test/worker-process';

let h: Harness;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as supertest's bodies are
type Json = Record<string, any>;

let a: ApiProcess;
let b: ApiProcess;
let worker: WorkerProcess;
let who: SeededAccount;
let glb64: string;

beforeAll(async () => {
  h = await startIsolatedHarness();
  [a, b] = await Promise.all([startApiProcess(h, { SSE_KEEPALIVE_MS: '300' }), startApiProcess(h, { SSE_KEEPALIVE_MS: '300' })]);
  worker = startWorkerProcess('rig.fast', workerEnvFor(h, { ENGINE_MODULES: TEST_ENGINES }));
  who = await h.seedAccount({ plan: 'pro', credits: 1000 });
  glb64 = (await boxGlb()).toString('base64');
  await waitFor(async () => worker.output().includes('ready'), 90_000, 'worker to start');
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
  await h?.close();
});

async function call(base: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: who.auth.Authorization, 'content-type': 'application/json', ...options.headers },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

/** Reads a whole event stream until the server ends it: the data events and the comment lines. */
function readStream(base: string, path: string, onEvent?: (job: Json) => void) {
  return new Promise<{ status: number; type: string; events: Json[]; comments: number }>((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: who.auth }, (res) => {
      let buffer = '';
      const events: Json[] = [];
      let comments = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) comments++;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) {
            const job = JSON.parse(data.slice(6)) as Json;
            events.push(job);
            onEvent?.(job);
          }
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), events, comments }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

test('POST with Prefer: wait=60 on one replica answers the finished job', async () => {
  const res = await call(a.baseUrl, 'POST', '/v1/rigs', { body: { model_base64: glb64 }, headers: { Prefer: 'wait=60' } });
  expect(res.status).toBe(202);
  expect(res.headers.get('preference-applied')).toBe('wait=60');
  expect(res.body).toMatchObject({ status: 'succeeded', engine: 'fast', poll_url: `/v1/jobs/${res.body.id}`, error: null });
  expect(res.body.output.model_url).toEqual(expect.any(String));
});

test('GET /v1/jobs/{id} with Prefer: wait on the other replica wakes on the worker\'s status event', async () => {
  const created = await call(a.baseUrl, 'POST', '/v1/rigs', { body: { model_base64: glb64, rig_type: 'hexapod' } });
  expect(created.body.status).toBe('queued');
  const res = await call(b.baseUrl, 'GET', `/v1/jobs/${created.body.id}`, { headers: { Prefer: 'respond-async, wait=60' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('preference-applied')).toBe('wait=60');
  expect(res.body.status).toBe('succeeded');
});

test('a wait that runs out answers the job as it is; a bad wait is 400 and creates nothing', async () => {
  // No rig.pro worker runs here: the job stays queued.
  const created = await call(a.baseUrl, 'POST', '/v1/rigs', { body: { model_base64: glb64, engine: 'pro' }, headers: { Prefer: 'wait=1' } });
  expect(created.status).toBe(202);
  expect(created.headers.get('preference-applied')).toBe('wait=1');
  expect(created.body.status).toBe('queued');
  const before = await h.ctx.db.job.count({ where: { accountId: who.accountId } });
  const bad = await call(a.baseUrl, 'POST', '/v1/rigs', { body: { model_base64: glb64 }, headers: { Prefer: 'wait=61' } });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'Prefer' });
  expect(await h.ctx.db.job.count({ where: { accountId: who.accountId } })).toBe(before);
});

test('the status stream on one replica follows a job submitted on the other, one event per change, and ends', async () => {
  const created = await call(a.baseUrl, 'POST', '/v1/rigs', { body: { model_base64: glb64, rig_type: 'hexapod' } });
  const stream = await readStream(b.baseUrl, `/v1/jobs/${created.body.id}/events`);
  expect(stream.status).toBe(200);
  expect(stream.type).toMatch(/^text\/event-stream/);
  const statuses = stream.events.map((e) => e.status);
  // The first event is the job as it was when the stream opened; then each change once, in order.
  expect(['queued', 'processing', 'succeeded'].slice(['queued', 'processing', 'succeeded'].indexOf(statuses[0]))).toEqual(statuses);
  expect(stream.events.at(-1)).toMatchObject({ id: created.body.id, status: 'succeeded' });
  expect(stream.events.at(-1)!.output.model_url).toEqual(expect.any(String));
});

test('an idle stream gets keep-alive comments; a cancel through the other replica ends it', async () => {
  const created = await call(a.baseUrl, 'POST', '/v1/rigs', { body: { model_base64: glb64, engine: 'pro' } }); // stays queued
  let opened: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (opened = resolve));
  const streaming = readStream(b.baseUrl, `/v1/jobs/${created.body.id}/events`, () => opened());
  await first;
  await new Promise((resolve) => setTimeout(resolve, 1000)); // a few keep-alive periods
  const canceled = await call(a.baseUrl, 'POST', `/v1/jobs/${created.body.id}/cancel`);
  expect(canceled.status).toBe(200);
  const stream = await streaming;
  expect(stream.comments).toBeGreaterThanOrEqual(1);
  expect(stream.events.map((e) => e.status)).toEqual(['queued', 'failed']);
  expect(stream.events[1]!.error.code).toBe('canceled');
});

test('the stream of an unknown job is a 404 JSON error', async () => {
  const res = await call(b.baseUrl, 'GET', '/v1/jobs/00000000-0000-4000-8000-000000000000/events');
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe('not_found');
});

/**
 * Signed webhooks through real processes: the API in-process, a rig worker and the webhook worker
 * as processes, and local receivers (a true external boundary) that verify every signature with
 * the reference implementation, the `standardwebhooks` package. Loopback receivers are reachable
 * only because the test names 127.0.0.1 in FETCH_ALLOW_HOSTS, the operator allow-list.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_QUEUE } from '@rigforge/queue';
import { readAccountWebhook, rotateWebhookSecret, setAccountWebhookUrl } from '@rigforge/db';
import { boxGlb } from '../../api/test/fixtures';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { TEST_ENGINES, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  verified: { type: string; data: { id: string; status: string } } | null;
}

let h: Harness;
let rig: WorkerProcess;
let hooks: WorkerProcess;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** Answers per path; a path listed here answers these statuses in turn, then 200. */
const scripted = new Map<string, number[]>();
/** `/hooks/endless` answers 200 and a body that never ends; this counts what it managed to send. */
const endless = { sent: 0, closed: false };
/** Where the endless body stops regardless, so a worker that reads it whole cannot take the machine down. */
const ENDLESS_SAFETY_CAP = 768 * 1024 * 1024;
let glb64: string;
const OPS_ADMIN_TOKEN = 'webhook-worker-ops-token';

beforeAll(async () => {
  h = await startIsolatedHarness({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
  const env = workerEnvFor(h, { ENGINE_MODULES: TEST_ENGINES, FETCH_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '200' });
  rig = startWorkerProcess('rig.fast', env);
  hooks = startWorkerProcess('webhooks', { ...env, ADMIN_TOKEN: OPS_ADMIN_TOKEN }, 2);
  glb64 = (await boxGlb()).toString('base64');
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ path: req.url ?? '', headers, body, verified: null });
      if (req.url === '/hooks/endless') {
        streamEndlessBody(res);
        return;
      }
      const next = scripted.get(req.url ?? '')?.shift();
      res.statusCode = next ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await waitFor(async () => rig.output().includes('ready') && hooks.output().includes('ready'), 90_000, 'workers to start').catch((error: Error) => {
    throw new Error(`${error.message}\n${rig.output()}\n${hooks.output()}`);
  });
}, 120_000);

/** 200, then 1 MB chunks as fast as the client reads them, until it closes the connection. */
function streamEndlessBody(res: http.ServerResponse): void {
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.on('close', () => (endless.closed = true));
  const pump = () => {
    while (!res.destroyed && endless.sent < ENDLESS_SAFETY_CAP) {
      endless.sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

/** Peak resident memory of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

afterAll(async () => {
  await Promise.all([rig?.stop(), hooks?.stop()]);
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await h?.close();
});

/** Verifies a delivery with the reference library and the account's current secret. */
async function verify(who: SeededAccount, delivery: Received) {
  const secret = (await readAccountWebhook(h.ctx.db, who.accountId))!.secret;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/); // base64 of 32 bytes
  delivery.verified = new Webhook(secret).verify(delivery.body, delivery.headers) as Received['verified'];
  return delivery.verified!;
}

async function submit(who: SeededAccount, body: Record<string, unknown>) {
  const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64, ...body });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

test('job.processing and job.succeeded arrive signed per Standard Webhooks and are logged', async () => {
  const who = await h.seedAccount();
  const id = await submit(who, { webhook_url: `${base}/hooks/a`, webhook_events: ['job.processing', 'job.succeeded', 'job.failed'] });
  const mine = () => received.filter((r) => r.path === '/hooks/a');
  await waitFor(async () => mine().length >= 2, 60_000, 'two deliveries');
  const events = [];
  for (const delivery of mine()) {
    const payload = await verify(who, delivery);
    expect(delivery.headers['webhook-id']).toBe(`msg_${id}_${payload.type}`);
    events.push(`${payload.type}:${payload.data.status}`);
    expect(payload.data.id).toBe(id);
  }
  expect(events.sort()).toEqual(['job.processing:processing', 'job.succeeded:succeeded']);
  // Another secret, or a changed body, fails the reference verification.
  const first = mine()[0]!;
  expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(first.body, first.headers)).toThrow();
  const secret = (await readAccountWebhook(h.ctx.db, who.accountId))!.secret;
  expect(() => new Webhook(secret).verify(`${first.body} `, first.headers)).toThrow();
  const log = await waitFor(async () => {
    const res = await h.request.get(`/v1/jobs/${id}/webhooks`).set(who.auth);
    return res.body.attempts?.length >= 2 ? res.body : null;
  }, 20_000, 'the attempt log');
  expect(log.object).toBe('list');
  for (const attempt of log.attempts) {
    expect(attempt).toMatchObject({ url: `${base}/hooks/a`, attempt: 1, status_code: 200, error: null });
    expect(attempt.created_at).toEqual(expect.any(String));
  }
});

test('a receiver that fails, then recovers: retried with backoff under one webhook-id, every attempt logged', async () => {
  const who = await h.seedAccount();
  scripted.set('/hooks/flaky', [500, 503]);
  const id = await submit(who, { webhook_url: `${base}/hooks/flaky` });
  const mine = () => received.filter((r) => r.path === '/hooks/flaky');
  await waitFor(async () => mine().length >= 3, 60_000, 'three attempts');
  expect(new Set(mine().map((d) => d.headers['webhook-id']))).toEqual(new Set([`msg_${id}_job.succeeded`]));
  for (const delivery of mine()) expect((await verify(who, delivery)).type).toBe('job.succeeded');
  const log = await waitFor(async () => {
    const res = await h.request.get(`/v1/jobs/${id}/webhooks`).set(who.auth);
    return res.body.attempts?.length >= 3 ? res.body : null;
  }, 20_000, 'the attempt log');
  expect(log.attempts.map((a: { status_code: number; attempt: number }) => [a.attempt, a.status_code])).toEqual([
    [1, 500],
    [2, 503],
    [3, 200],
  ]);
  expect(log.attempts[0].error).toBe('the receiver answered HTTP 500');
});

test('the account default URL and a rotated secret; a failed job sends job.failed', async () => {
  const who = await h.seedAccount();
  await setAccountWebhookUrl(h.ctx.db, who.accountId, `${base}/hooks/default`);
  const before = (await readAccountWebhook(h.ctx.db, who.accountId))!.secret;
  await rotateWebhookSecret(h.ctx.db, who.accountId, `whsec_${Buffer.alloc(32, 7).toString('base64')}`);
  expect((await readAccountWebhook(h.ctx.db, who.accountId))!.secret).not.toBe(before);
  const id = await submit(who, { rig_type: 'others' }); // bad input: fails
  const mine = () => received.filter((r) => r.path === '/hooks/default');
  await waitFor(async () => mine().length >= 1, 60_000, 'the delivery');
  const payload = await verify(who, mine()[0]!);
  expect(payload).toMatchObject({ type: 'job.failed', data: { id, status: 'failed' } });
});

test('the webhook worker serves /healthz, /readyz and /metrics like every worker, and logs JSON lines', async () => {
  const port = /ops listener on http:\/\/[^:]+:(\d+)/.exec(hooks.output())?.[1];
  expect(port).toBeDefined(); // without it the k8s probes and the compose healthcheck never pass
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });
  expect((await get('/healthz')).status).toBe(200);
  const ready = await get('/readyz');
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready' });
  const metrics = await get('/metrics', { Authorization: `Bearer ${OPS_ADMIN_TOKEN}` });
  expect(metrics.status).toBe(200);
  expect(await metrics.text()).toContain('process_cpu_seconds_total');
  const firstLine = hooks.output().split('\n').find((l) => l.includes('ops listener'))!;
  expect(JSON.parse(firstLine)).toMatchObject({ service: 'worker', queue: 'webhooks' });
});

test('webhook URLs go through the SSRF guard: private and metadata addresses are 400', async () => {
  const who = await h.seedAccount();
  for (const url of ['http://169.254.169.254/latest', 'http://10.0.0.1/hook', 'http://[::1]:8080/x', 'ftp://example.com/x']) {
    const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64, webhook_url: url });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_request', param: 'webhook_url' });
  }
  const events = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: glb64, webhook_events: ['job.failed'] });
  expect(events.status).toBe(400);
  expect(events.body.error.param).toBe('webhook_events');
  expect(await h.ctx.db.job.count({ where: { accountId: who.accountId } })).toBe(0);
});

test('a delivery the SSRF guard refuses is failed at once with its reason, not retried', async () => {
  const who = await h.seedAccount();
  // Saved before the address was refused (the API checks URLs when they are set; the policy may
  // change since), so only the worker's guard stands between the delivery and the address.
  await setAccountWebhookUrl(h.ctx.db, who.accountId, 'http://10.0.0.1/hook');
  const id = await submit(who, {});
  const queue = new Queue(WEBHOOK_QUEUE, { connection: h.ctx.redis, prefix: h.ctx.env.REDIS_PREFIX });
  try {
    const job = await waitFor(async () => {
      const found = await queue.getJob(`${id}.job.succeeded`);
      return found && (await found.getState()) === 'failed' ? found : null;
    }, 60_000, 'the delivery to fail');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/blocked: .*10\.0\.0\.1/);
  } finally {
    await queue.close();
  }
  const res = await h.request.get(`/v1/jobs/${id}/webhooks`).set(who.auth);
  expect(res.body.attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: null, error: expect.stringMatching(/^blocked: /) })]);
});

// Last, after deliveries have warmed the worker up (its first delivery loads the database client's
// engine: ~100 MB that any delivery pays once), so the growth measured is this body's alone.
test('a receiver that answers 200 and an endless body: delivered on the status, the connection closed, the worker stays small', async () => {
  const who = await h.seedAccount();
  const peakBefore = peakRssMb(hooks.child.pid!);
  const id = await submit(who, { webhook_url: `${base}/hooks/endless`, webhook_events: ['job.succeeded'] });
  const log = await waitFor(async () => {
    const res = await h.request.get(`/v1/jobs/${id}/webhooks`).set(who.auth);
    return res.body.attempts?.length >= 1 ? res.body : null;
  }, 60_000, 'the attempt log');
  expect(log.attempts[0]).toMatchObject({ status_code: 200, error: null });
  await waitFor(async () => endless.closed, 20_000, 'the worker to close the connection');
  // The worker hung up after the headers: the receiver never got near its safety cap (socket
  // buffers take a few MB; reading the body whole runs to the cap and holds it in memory).
  expect(endless.sent).toBeLessThan(64 * 1024 * 1024);
  // The worker stays at its idle size (170-270 MB here, with tsx), under the 300 MB; reading
  // the body whole took it to 592 MB within the 10 s timeout. Measured as growth of its peak, so a
  // busy machine's larger start-up does not fail the test.
  expect(peakRssMb(hooks.child.pid!) - peakBefore).toBeLessThan(64);
});

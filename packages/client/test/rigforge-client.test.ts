/**
 * The client against a local server that answers like the API: typed results, the API's error
 * codes in `RigforgeClientError`, an answer off the contract refused, and waitForJob honouring
 * Retry-After on 429 and 503, stopping at the deadline, and returning failed jobs as jobs.
 */
import http from 'node:http';
import { createHmac } from 'node:crypto';
import { buildOpenApiDocument } from '@rigforge/contracts';
import { AuthenticationError, BackendUnavailableError, RateLimitError, RigforgeClient, RigforgeClientError, verifyWebhook, waitForJob, WebhookVerificationError } from '../src';

const JOB_ID = '6f1c1f5e-2f4b-4b8e-9a51-0d7a4b1f2c3d';
const job = (status: string) => ({
  id: JOB_ID,
  object: 'job',
  operation: 'rig',
  status,
  output: status === 'succeeded' ? { model_url: 'http://api.test/files/out.glb', thumbnail_url: 'http://api.test/files/out.png' } : null,
  error: status === 'failed' ? { code: 'unsupported_format', message: 'rig: not a mesh' } : null,
  created_at: '2026-01-01T00:00:00.000Z',
});

let server: http.Server;
let baseUrl: string;
/** Answers the next GET /v1/jobs/{id} calls in order; the last one repeats. */
let script: { status: number; body: unknown; headers?: Record<string, string> }[] = [];
const seen: { auth?: string; url?: string; idempotencyKey?: string; prefer?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ auth: req.headers.authorization, url: req.url, idempotencyKey: String(req.headers['idempotency-key'] ?? ''), prefer: String(req.headers.prefer ?? '') });
    if (req.url?.endsWith('/events')) {
      // A server (or proxy) without the event stream: the client falls back to polling.
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { code: 'not_found', message: 'no route' } }));
    }
    if (req.url === '/v1/assets/categories') {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'auth: unknown API key' } }));
    }
    const next = script.length > 1 ? script.shift()! : script[0]!;
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen.length = 0;
});

const client = (maxRetries = 0) => new RigforgeClient({ baseUrl, apiKey: 'rf_test', maxRetries });

async function rejection(promise: Promise<unknown>): Promise<RigforgeClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof RigforgeClientError)) throw new Error(`expected a RigforgeClientError, got ${String(error)}`);
  return error;
}

it('sends the key and parses the API error body into its code', async () => {
  const error = await rejection(client().listAssetCategories());
  expect(error).toMatchObject({ code: 'unauthorized', status: 401, message: 'auth: unknown API key' });
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(seen[0]?.auth).toBe('Bearer rf_test');
});

it('refuses an answer that is not the contract shape', async () => {
  script = [{ status: 200, body: { id: 'nope' } }];
  expect((await rejection(client().getJob(JOB_ID))).code).toBe('invalid_response');
});

it('waits out 429 and 503 as Retry-After says, then returns the terminal job', async () => {
  script = [
    { status: 200, body: job('queued') },
    { status: 429, body: { error: { code: 'rate_limited', message: 'slow down' } }, headers: { 'retry-after': '1' } },
    { status: 503, body: { error: { code: 'backend_unavailable', message: 'busy' } }, headers: { 'retry-after': '1' } },
    { status: 200, body: job('succeeded') },
  ];
  const polls: string[] = [];
  const waits: number[] = [];
  const done = await waitForJob(client(), JOB_ID, {
    onPoll: (j) => void polls.push(j.status),
    sleep: async (ms) => void waits.push(ms),
  });
  expect(done.output?.model_url).toBe('http://api.test/files/out.glb');
  expect(polls).toEqual(['queued', 'succeeded']);
  expect(waits).toEqual([5_000, 1_000, 1_000]); // the Fast rig interval, then Retry-After: 1 twice
});

it('returns a failed job as a job, and gives up at the deadline with a timeout', async () => {
  script = [{ status: 200, body: job('failed') }];
  expect((await waitForJob(client(), JOB_ID)).error?.code).toBe('unsupported_format');
  script = [{ status: 200, body: job('processing') }];
  const error = await rejection(waitForJob(client(), JOB_ID, { intervalMs: 20, deadlineMs: 100 }));
  expect(error.code).toBe('timeout');
  expect(error.message).toMatch(/last status: processing/);
});

it('retries a create on 429 and 503 as Retry-After says, under one Idempotency-Key, and names each error family', async () => {
  const created = { ...job('queued'), engine: 'fast', rig_type: 'biped', output_format: 'glb', skeleton_preset: 'rigforge', poll_url: `/v1/jobs/${JOB_ID}`, estimated_seconds: 2 };
  script = [
    { status: 503, body: { error: { code: 'backend_unavailable', message: 'busy' } }, headers: { 'retry-after': '0' } },
    { status: 429, body: { error: { code: 'rate_limited', message: 'slow down' } }, headers: { 'retry-after': '0' } },
    { status: 202, body: created },
  ];
  const answer = await client(2).createRig({ model_url: 'http://models.test/a.glb' });
  expect(answer.id).toBe(JOB_ID);
  expect(seen).toHaveLength(3);
  const keys = new Set(seen.map((s) => s.idempotencyKey));
  expect(keys.size).toBe(1);
  expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  // Past its retries the last answer is the error, of its family.
  script = [{ status: 429, body: { error: { code: 'rate_limited', message: 'slow down' } }, headers: { 'retry-after': '0' } }];
  expect(await rejection(client(1).getJob(JOB_ID))).toBeInstanceOf(RateLimitError);
  script = [{ status: 503, body: { error: { code: 'backend_unavailable', message: 'busy' } }, headers: { 'retry-after': '0' } }];
  const unavailable = await rejection(client(0).getJob(JOB_ID));
  expect(unavailable).toBeInstanceOf(BackendUnavailableError);
  expect(unavailable.retryAfterSeconds).toBe(0);
  const unreachable = await rejection(new RigforgeClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', maxRetries: 0 }).getJob(JOB_ID));
  expect(unreachable).toMatchObject({ code: 'network_error' });
  expect(unreachable).toBeInstanceOf(BackendUnavailableError);
});

it('verifies a Standard Webhooks delivery, and refuses a forged, altered or stale one', async () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const body = JSON.stringify({ type: 'job.succeeded', timestamp: '2026-11-27T10:00:00.000Z', data: job('succeeded') });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const sign = (text: string) => createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`msg_1.${timestamp}.${text}`).digest('base64');
  const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp, 'webhook-signature': `v1,bogus v1,${sign(body)}` };
  expect(await verifyWebhook(body, headers, secret)).toMatchObject({ type: 'job.succeeded', data: { id: JOB_ID } });
  expect(await verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toMatchObject({ type: 'job.succeeded' });
  const refusals = [
    () => verifyWebhook(body.replace('succeeded', 'failed'), headers, secret),
    () => verifyWebhook(body, headers, `whsec_${Buffer.alloc(32, 8).toString('base64')}`),
    () => verifyWebhook(body, { ...headers, 'webhook-timestamp': String(Number(timestamp) - 3600) }, secret),
    () => verifyWebhook(body, { 'webhook-id': 'msg_1', 'webhook-timestamp': timestamp }, secret),
  ];
  for (const refusal of refusals) await expect(refusal()).rejects.toBeInstanceOf(WebhookVerificationError);
});

it("every operation's JavaScript sample in the API docs calls a method this client has", () => {
  const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, { 'x-codeSamples': { lang: string; source: string }[] }>> };
  const calls: string[] = [];
  for (const methods of Object.values(doc.paths)) {
    for (const entry of Object.values(methods)) {
      const js = entry['x-codeSamples'].find((sample) => sample.lang === 'JavaScript');
      expect(js).toBeDefined();
      calls.push(/client\.(\w+)\(/.exec(js!.source)![1]!);
    }
  }
  for (const method of calls) expect({ method, defined: typeof Reflect.get(RigforgeClient.prototype, method) }).toEqual({ method, defined: 'function' });
});

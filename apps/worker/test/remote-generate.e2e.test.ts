/**
 * The remote image-to-model adapter against a stand-in remote engine (a local HTTP server: the true
 * external boundary), through a real worker process configured with REMOTE_GENERATE_URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { writeGlb } from '@rigforge/mesh';
import { boxMesh } from '../../api/test/fixtures';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { fetchOutput, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

let h: Harness;
let account: SeededAccount;
let worker: WorkerProcess;
let server: http.Server;
let png: Buffer;
const seen: { auth?: string; body: { image_base64: string; image_format: string; options: { thickness: number } } }[] = [];
const attempts = new Map<number, number>();

beforeAll(async () => {
  const model = Buffer.from(await writeGlb(boxMesh()));
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ auth: req.headers.authorization, body });
      const thickness = body.options.thickness as number;
      const attempt = (attempts.get(thickness) ?? 0) + 1;
      attempts.set(thickness, attempt);
      const json = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/generate') return json(404, { error: { code: 'not_found', message: 'no route' } });
      if (thickness === 0.3 && attempt <= 2) return json(503, { error: { code: 'busy', message: 'at capacity' } });
      if (thickness === 0.4) return json(422, { error: { code: 'invalid_input', message: 'no subject in the image' } });
      if (thickness === 0.6) return json(500, { error: { code: 'crash', message: 'out of GPU memory' } });
      if (thickness === 0.7) return json(200, { model_base64: Buffer.from('not a model').toString('base64'), format: 'glb' });
      if (thickness === 0.8) return streamEndless(res);
      json(200, { model_base64: model.toString('base64'), format: 'glb', report: { backend: 'stand-in' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true' });
  account = await h.seedAccount({ credits: 1000 });
  worker = startWorkerProcess(
    'generate_model',
    workerEnvFor(h, { REMOTE_GENERATE_URL: url, REMOTE_GENERATE_TOKEN: 'remote-secret', REMOTE_GENERATE_RETRIES: '2' }),
  );
  await waitFor(async () => worker.output().includes('ready'), 90_000, 'worker').catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.output()}`);
  });
  png = await sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
}, 120_000);

/** Where the endless answer stops regardless, so a worker that reads it whole cannot take the machine down. */
const ENDLESS_SAFETY_CAP = 512 * 1024 * 1024;
const endless = { sent: 0 };

/** 200 and a JSON string that never ends, as fast as the worker reads it, until it hangs up. */
function streamEndless(res: http.ServerResponse): void {
  const chunk = Buffer.alloc(1024 * 1024, 'A');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"format":"glb","model_base64":"');
  const pump = () => {
    while (!res.destroyed && endless.sent < ENDLESS_SAFETY_CAP) {
      endless.sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end('"}');
  };
  pump();
}

afterAll(async () => {
  await worker?.stop();
  await h?.close();
  await new Promise((resolve) => server.close(resolve));
});

async function generate(thickness: number) {
  const res = await h.request.post('/v1/models').set(account.auth).send({ image_base64: png.toString('base64'), thickness });
  expect(res.status).toBe(202);
  return waitFor(
    async () => {
      const job = (await h.request.get(`/v1/jobs/${res.body.id}`).set(account.auth)).body;
      return job.status === 'succeeded' || job.status === 'failed' ? job : null;
    },
    60_000,
    'job',
  );
}

test('the image goes to the remote engine; its model is stored and a thumbnail rendered locally', async () => {
  const job = await generate(0.5);
  expect(job.status).toBe('succeeded');
  const last = seen[seen.length - 1]!;
  expect(last.auth).toBe('Bearer remote-secret');
  expect(last.body.image_format).toBe('png');
  expect(Buffer.from(last.body.image_base64, 'base64').equals(png)).toBe(true);
  const thumbnail = await fetchOutput(h, job.output.thumbnail_url);
  expect((await sharp(thumbnail).metadata()).format).toBe('png');
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } });
  expect(row.report).toMatchObject({ engine: 'generate_model.remote', remoteReport: { backend: 'stand-in' } });
});

test('5xx answers are retried with backoff until the engine answers', async () => {
  const job = await generate(0.3);
  expect(job.status).toBe('succeeded');
  expect(attempts.get(0.3)).toBe(3);
});

test('a refusal (422) fails the job once with invalid_input and the engine\'s message', async () => {
  const job = await generate(0.4);
  expect(job.error).toEqual({ code: 'invalid_input', message: 'remote engine refused the image (HTTP 422): no subject in the image' });
  expect(attempts.get(0.4)).toBe(1);
});

test('a persistent 5xx fails with engine_error after the retries; credits come back', async () => {
  const before = (await h.ctx.db.account.findUniqueOrThrow({ where: { id: account.accountId } })).creditBalance;
  const job = await generate(0.6);
  expect(job.error.code).toBe('engine_error');
  expect(job.error.message).toMatch(/HTTP 500: out of GPU memory/);
  expect(attempts.get(0.6)).toBe(3);
  expect((await h.ctx.db.account.findUniqueOrThrow({ where: { id: account.accountId } })).creditBalance).toBe(before);
}, 60_000);

test('an unreadable model from the engine fails with engine_error', async () => {
  const job = await generate(0.7);
  expect(job.error.code).toBe('engine_error');
  expect(job.error.message).toMatch(/unreadable/);
});

test('an endless answer is cut at the response cap: engine_error naming the limit, the worker never holds it', async () => {
  const job = await generate(0.8);
  expect(job.status).toBe('failed');
  expect(job.error).toMatchObject({ code: 'engine_error', message: expect.stringMatching(/larger than the limit of \d+ bytes/) });
  // Cut at the 64 MB cap (plus what the sockets buffer), not read to the stand-in's safety cap.
  expect(endless.sent).toBeLessThan(128 * 1024 * 1024);
});

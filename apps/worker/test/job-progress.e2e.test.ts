/**
 * A job's progress end to end: the API in-process on its own Postgres database and Redis prefix,
 * real rig.fast and generate_model worker processes with the real engines, and the job's event stream
 * (GET /v1/jobs/{id}/events) read over a real socket. The worker writes each engine stage to the
 * job row as the rigger enters it and announces it on the status channel, so the stream shows the
 * stages in the engine's order with rising progress, and the job object carries the same fields.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { GENERATE_MODEL_STAGES, jobSchema, RIG_STAGES, type JobObject } from '@rigforge/contracts';
import sharp from 'sharp';
import type { Harness, SeededAccount } from '../../api/test/harness';
import { listenOnLoopback, type LoopbackServer } from '../../api/test/listen-on-loopback';
import { startRigService, workerEnvFor } from './e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from './worker-process';

const HUMANOID = path.resolve(__dirname, '../../../examples/humanoid.glb');

let h: Harness;
let account: SeededAccount;
let stop: (() => Promise<void>) | undefined;
let server: LoopbackServer | undefined;
let base: string;
let generator: WorkerProcess | undefined;

beforeAll(async () => {
  ({ h, account, stop } = await startRigService());
  generator = startWorkerProcess('generate_model', workerEnvFor(h));
  await waitFor(async () => generator!.output().includes('ready'), 90_000, 'the generate_model worker').catch((error: Error) => {
    throw new Error(`${error.message}\n${generator!.output()}`);
  });
  server = await listenOnLoopback(h.app);
  base = server.baseUrl;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await generator?.stop();
  await stop?.();
});

/** Every job the event stream sends, parsed with the contract's schema, until the server ends it. */
function readEvents(id: string): Promise<JobObject[]> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/v1/jobs/${id}/events`, { headers: account.auth }, (res) => {
      let buffer = '';
      const jobs: JobObject[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, cut).split('\n').find((l) => l.startsWith('data: '));
          buffer = buffer.slice(cut + 2);
          if (data) jobs.push(jobSchema.parse(JSON.parse(data.slice(6))));
        }
      });
      res.on('end', () => resolve(jobs));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

test('a rig streams its stages in the engine order with rising progress, and the job object carries them', async () => {
  const model = (await readFile(HUMANOID)).toString('base64');
  const created = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: model, rig_type: 'biped' });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ status: 'queued', progress: 0 });
  expect(created.body.stage).toBeUndefined();
  const id = created.body.id as string;

  const events = await readEvents(id);
  const last = events.at(-1)!;
  expect(last).toMatchObject({ id, status: 'succeeded', progress: 1 });
  expect(last.stage).toBeUndefined();

  // Stages seen while processing: each once, in the rigger's order (a stage shorter than one read
  // of the row may be passed over, never reordered), with the long ones (fit, skin) always seen.
  const staged = events.filter((e) => e.status === 'processing' && e.stage !== undefined);
  const stages = staged.map((e) => e.stage!);
  expectInOrder(stages, RIG_STAGES);
  expect(stages).toEqual(expect.arrayContaining(['fit', 'skin']));
  expect(stages).not.toContain('retarget'); // no clips asked for
  // Progress never goes back, and stays below 1 until the job succeeded.
  const progress = events.map((e) => e.progress!);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  expect(staged.every((e) => e.progress! > 0 && e.progress! < 1)).toBe(true);

  // The job object (and the list) answer the same fields; the row keeps the last stage it entered.
  const read = await h.request.get(`/v1/jobs/${id}`).set(account.auth);
  expect(read.body).toMatchObject({ status: 'succeeded', progress: 1 });
  const list = await h.request.get('/v1/jobs').set(account.auth);
  expect(list.body.jobs.find((j: JobObject) => j.id === id)).toMatchObject({ progress: 1 });
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id } });
  expect(row).toMatchObject({ progress: 1, stage: 'thumbnail' });
}, 240_000);

/** The ranks of `stages` in `order`, which must rise (each stage once, none out of order). */
function expectInOrder(stages: string[], order: readonly string[]): void {
  const ranks = stages.map((s) => order.indexOf(s));
  expect(ranks.every((r) => r >= 0)).toBe(true);
  expect(ranks.slice(1).every((r, i) => r > ranks[i]!)).toBe(true);
}

test('a generation goes through its own stages the same way, and its row ends at the last one', async () => {
  // A figure on a transparent background, the kind of image the generator takes.
  const [w, hgt] = [160, 240];
  const rgba = Buffer.alloc(w * hgt * 4);
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; x++) {
      const inside = (x - 80) ** 2 + (y - 40) ** 2 < 25 ** 2 || (Math.abs(x - 80) < 30 && y > 60 && y < 220);
      if (inside) rgba.set([40, 90, 200, 255], (y * w + x) * 4);
    }
  }
  const png = await sharp(rgba, { raw: { width: w, height: hgt, channels: 4 } }).png().toBuffer();
  const created = await h.request.post('/v1/models').set(account.auth).send({ image_base64: png.toString('base64') });
  expect(created.status).toBe(202);
  const id = created.body.id as string;
  const events = await readEvents(id);
  expect(events.at(-1)).toMatchObject({ id, status: 'succeeded', progress: 1 });
  // A generation takes about a second: a stage may be passed over by the stream, never reordered.
  expectInOrder(events.flatMap((e) => (e.stage ? [e.stage] : [])), GENERATE_MODEL_STAGES);
  const progress = events.map((e) => e.progress!);
  expect(progress.slice(1).every((p, i) => p >= progress[i]!)).toBe(true);
  // The row went through every stage: it ends on the last one, at 1.
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id } });
  expect(row).toMatchObject({ progress: 1, stage: 'thumbnail' });
}, 240_000);

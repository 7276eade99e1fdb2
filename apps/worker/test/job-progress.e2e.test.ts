/**
 * A job's progress end to end: the API in-process on its own Postgres database and Redis prefix, a
 * real rig.fast worker process with the real rigger, and the job's event stream
 * (GET /v1/jobs/{id}/events) read over a real socket. The worker writes each engine stage to the
 * job row as the rigger enters it and announces it on the status channel, so the stream shows the
 * stages in the engine's order with rising progress, and the job object carries the same fields.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { jobSchema, RIG_STAGES, type JobObject } from '@rigforge/contracts';
import type { Harness, SeededAccount } from '../../api/test/harness';
import { startRigService } from './e2e-env';

const HUMANOID = path.resolve(__dirname, '../../../examples/humanoid.glb');

let h: Harness;
let account: SeededAccount;
let stop: (() => Promise<void>) | undefined;
let server: http.Server | undefined;
let base: string;

beforeAll(async () => {
  ({ h, account, stop } = await startRigService());
  server = await new Promise<http.Server>((resolve) => {
    const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
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
  expect(new Set(stages).size).toBe(stages.length);
  expect(stages.map((s) => RIG_STAGES.indexOf(s as (typeof RIG_STAGES)[number]))).toEqual(
    [...stages].map((s) => RIG_STAGES.indexOf(s as (typeof RIG_STAGES)[number])).sort((a, b) => a - b),
  );
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

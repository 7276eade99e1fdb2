/**
 * Progress through the client: a local server streams a job through its stages as the API does
 * (GET /v1/jobs/{id}/events), and waitForJob, run and events() tell `onProgress` each move once,
 * in order, with the share never going back; a server without the stream or the fields (an older
 * API) still gets a progress from the status alone.
 */
import http from 'node:http';
import { RigforgeClient, run, waitForJob, type JobProgress } from '../src';

const JOB_ID = '6f1c1f5e-2f4b-4b8e-9a51-0d7a4b1f2c3d';
const job = (status: string, extra: Record<string, unknown> = {}) => ({
  id: JOB_ID,
  object: 'job',
  operation: 'rig',
  status,
  output: status === 'succeeded' ? { model_url: 'http://api.test/files/out.glb', thumbnail_url: null } : null,
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** What the stream sends: a repeated event (a keep-alive re-read) and a lagging share included. */
const STREAM = [
  job('queued', { progress: 0 }),
  job('processing', { progress: 0 }),
  job('processing', { progress: 0.02, stage: 'read' }),
  job('processing', { progress: 0.05, stage: 'fit' }),
  job('processing', { progress: 0.05, stage: 'fit' }),
  job('processing', { progress: 0.55, stage: 'skin' }),
  job('processing', { progress: 0.5, stage: 'write' }),
  job('succeeded', { progress: 1 }),
];

let server: http.Server;
let baseUrl: string;
/** `stream`: answer the event stream; `plain`: 404 it and answer polls with jobs without progress (an older API). */
let mode: 'stream' | 'plain' = 'stream';
let polls: ReturnType<typeof job>[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/rigs') {
      res.writeHead(202, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ ...job('queued', { progress: 0 }), engine: 'fast', rig_type: 'biped', output_format: 'glb', skeleton_preset: 'rigforge', poll_url: `/v1/jobs/${JOB_ID}`, estimated_seconds: 2 }));
    }
    if (req.url?.endsWith('/events')) {
      if (mode === 'plain') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { code: 'not_found', message: 'no route' } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of STREAM) res.write(`data: ${JSON.stringify(event)}\n\n`);
      return res.end();
    }
    const next = polls.length > 1 ? polls.shift()! : polls[0]!;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(next));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const client = () => new RigforgeClient({ baseUrl, apiKey: 'rf_test', maxRetries: 0 });
const shown = (seen: JobProgress[]) => seen.map((p) => `${p.status}:${p.stage ?? '-'}:${p.progress}`);

test('waitForJob tells onProgress each move of the stream once, in order, the share never going back', async () => {
  mode = 'stream';
  const seen: JobProgress[] = [];
  const done = await waitForJob(client(), JOB_ID, { onProgress: (p) => void seen.push(p) });
  expect(done.status).toBe('succeeded');
  expect(shown(seen)).toEqual([
    'queued:-:0',
    'processing:-:0',
    'processing:read:0.02',
    'processing:fit:0.05',
    'processing:skin:0.55',
    'processing:write:0.55', // the stage moved on; the lagging share is held
    'succeeded:-:1',
  ]);
  expect(seen.every((p) => p.id === JOB_ID && p.job.id === JOB_ID && p.elapsedMs >= 0)).toBe(true);
});

test('run and events() pass the same progress', async () => {
  mode = 'stream';
  const fromRun: JobProgress[] = [];
  await run(client(), { rig: { model_url: 'http://models.test/a.glb' } }, { onProgress: (p) => void fromRun.push(p) });
  const fromEvents: JobProgress[] = [];
  const jobs = [];
  for await (const j of client().events(JOB_ID, { onProgress: (p) => void fromEvents.push(p) })) jobs.push(j);
  expect(jobs).toHaveLength(STREAM.length);
  expect(jobs[3]).toMatchObject({ stage: 'fit', progress: 0.05 });
  expect(shown(fromEvents)).toEqual(shown(fromRun));
  expect(shown(fromRun).at(-1)).toBe('succeeded:-:1');
});

test('an older server (no stream, no progress fields): polls still report 0 until the job succeeds, then 1', async () => {
  mode = 'plain';
  polls = [job('queued'), job('processing'), job('processing'), job('succeeded')];
  const seen: JobProgress[] = [];
  await waitForJob(client(), JOB_ID, { onProgress: (p) => void seen.push(p), sleep: async () => undefined });
  expect(shown(seen)).toEqual(['queued:-:0', 'processing:-:0', 'succeeded:-:1']);
});

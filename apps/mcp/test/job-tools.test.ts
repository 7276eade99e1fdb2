/**
 * The job and account tools in process (the SDK's in-memory transport) against a real API on real
 * Postgres and Redis, with no worker: a job stays queued, so cancel_job meets it there every time,
 * and a test that plays the worker (writing the job row and announcing each change on Redis, as the
 * worker does) sees wait_for_job's progress notifications follow the job's stages.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { RigforgeClient } from '@rigforge/client';
import { markJobProcessing, markJobStage, markJobSucceeded } from '@rigforge/db';
import { announceJobStage, publishJobStatus } from '@rigforge/queue';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { z } from 'zod';
import { startHarness, type Harness } from '../../api/test/harness';
import { listenOnLoopback, type LoopbackServer } from '../../api/test/listen-on-loopback';
import { createMcpServer } from '../src/create-server';

let h: Harness;
let api: LoopbackServer | undefined;
let mcp: Client;

beforeAll(async () => {
  h = await startHarness({ PRICE_RIG_FAST: '10' });
  api = await listenOnLoopback(h.app);
  const who = await h.seedAccount({ plan: 'standard', credits: 50 });
  const server = createMcpServer({ client: new RigforgeClient({ baseUrl: api.baseUrl, apiKey: who.key }), providers: [] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  mcp = new Client({ name: 'job-tools-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
});
afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await h?.close();
});

const result = z.object({ isError: z.boolean().optional(), structuredContent: z.record(z.string(), z.unknown()).optional(), content: z.array(z.object({ text: z.string().optional() })) });
const call = async (name: string, args: Record<string, unknown> = {}) => result.parse(await mcp.callTool({ name, arguments: args }));

test('rig_model answers job_id; cancel_job takes it, fails the job as canceled and refunds; get_account shows it', async () => {
  const model_base64 = Buffer.from(await writeGlb(buildCreature('biped').mesh)).toString('base64');
  const queued = await call('rig_model', { model_base64 });
  expect(queued.isError).toBeFalsy();
  expect(queued.structuredContent).toMatchObject({ status: 'queued', progress: 0 });
  const jobId = z.object({ job_id: z.uuid() }).parse(queued.structuredContent).job_id;
  expect((await call('get_account')).structuredContent).toMatchObject({ credit_balance: 40, usage: { jobs: { rig: 1 }, credits_reserved: 10 } });

  const canceled = await call('cancel_job', { job_id: jobId });
  expect(canceled.isError).toBeFalsy();
  expect(canceled.structuredContent).toMatchObject({ job_id: jobId, status: 'failed', error: { code: 'canceled' } });
  expect((await call('get_job', { job_id: jobId })).structuredContent).toMatchObject({ job_id: jobId, status: 'failed' });
  expect((await call('get_account')).structuredContent).toMatchObject({ credit_balance: 50, usage: { credits_refunded: 10, credits_spent: 0 } });

  const again = await call('cancel_job', { job_id: jobId });
  expect(again.isError).toBe(true);
  expect(again.content[0]?.text).toMatch(/^job_not_cancelable/);
});

test('wait_for_job sends an MCP progress notification per stage of the job (from its event stream), rising to 1', async () => {
  const model_base64 = Buffer.from(await writeGlb(buildCreature('biped').mesh)).toString('base64');
  const queued = await call('rig_model', { model_base64 });
  const jobId = z.object({ job_id: z.uuid() }).parse(queued.structuredContent).job_id;
  const prefix = h.ctx.env.REDIS_PREFIX;
  // The worker's writes, one per notification seen, so each change reaches the stream on its own.
  const steps = [
    async () => {
      await markJobProcessing(h.ctx.db, jobId);
      await publishJobStatus(h.ctx.redis, prefix, { jobId, status: 'processing' });
    },
    ...(['read', 'fit', 'skin'] as const).map((stage, i) => async () => {
      await markJobStage(h.ctx.db, jobId, stage, [0.02, 0.05, 0.55][i]!);
      await announceJobStage({ redis: h.ctx.redis, prefix, log: () => undefined }, { id: jobId, stage });
    }),
    async () => {
      await markJobSucceeded(h.ctx.db, jobId, { files: [{ type: 'model', format: 'glb', key: `jobs/${jobId}/output/model.glb`, bytes: 1 }] }, null);
      await publishJobStatus(h.ctx.redis, prefix, { jobId, status: 'succeeded' });
    },
  ];
  const notes: { progress: number; total?: number; message?: string }[] = [];
  let playing: Promise<void> = Promise.resolve();
  const waited = result.parse(
    await mcp.callTool({ name: 'wait_for_job', arguments: { job_id: jobId, timeout_seconds: 60 } }, undefined, {
      onprogress: (note) => {
        notes.push(note);
        const step = steps.shift();
        if (step) playing = playing.then(step);
      },
      timeout: 60_000,
    }),
  );
  await playing;
  expect(waited.structuredContent).toMatchObject({ job_id: jobId, status: 'succeeded', progress: 1 });
  expect(notes.map((n) => n.message?.replace(/ after \d+ s$/, ''))).toEqual([
    `job ${jobId}: queued (0%)`,
    `job ${jobId}: processing (0%)`,
    `job ${jobId}: processing, read (2%)`,
    `job ${jobId}: processing, fit (5%)`,
    `job ${jobId}: processing, skin (55%)`,
    `job ${jobId}: succeeded (100%)`,
  ]);
  expect(notes.every((n) => n.total === 1)).toBe(true);
  // Every notification's progress is above the last (MCP's rule), ending at the job's 1.
  const values = notes.map((n) => n.progress);
  expect(values.slice(1).every((v, i) => v > values[i]!)).toBe(true);
  expect(values.at(-1)).toBe(1);
  expect(values[4]).toBeCloseTo(0.55, 5);
});

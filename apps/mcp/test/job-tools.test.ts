/**
 * The job and account tools in process (the SDK's in-memory transport) against a real API on real
 * Postgres and Redis, with no worker: a job stays queued, so cancel_job meets it there every time.
 */
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { RigforgeClient } from '@rigforge/client';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { z } from 'zod';
import { startHarness, type Harness } from '../../api/test/harness';
import { createMcpServer } from '../src/create-server';

let h: Harness;
let api: Server;
let mcp: Client;

beforeAll(async () => {
  h = await startHarness({ PRICE_RIG_FAST: '10' });
  api = await new Promise<Server>((resolve) => {
    const server = h.app.listen(0, '127.0.0.1', () => resolve(server));
  });
  const address = api.address();
  if (!address || typeof address === 'string') throw new Error('api: no TCP address');
  const who = await h.seedAccount({ plan: 'standard', credits: 50 });
  const server = createMcpServer({ client: new RigforgeClient({ baseUrl: `http://127.0.0.1:${address.port}`, apiKey: who.key }), providers: [] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  mcp = new Client({ name: 'job-tools-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
});
afterAll(async () => {
  await mcp?.close();
  await new Promise((resolve) => api?.close(resolve));
  await h?.close();
});

const result = z.object({ isError: z.boolean().optional(), structuredContent: z.record(z.string(), z.unknown()).optional(), content: z.array(z.object({ text: z.string().optional() })) });
const call = async (name: string, args: Record<string, unknown> = {}) => result.parse(await mcp.callTool({ name, arguments: args }));

test('rig_model answers job_id; cancel_job takes it, fails the job as canceled and refunds; get_account shows it', async () => {
  const model_base64 = Buffer.from(await writeGlb(buildCreature('biped').mesh)).toString('base64');
  const queued = await call('rig_model', { model_base64 });
  expect(queued.isError).toBeFalsy();
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

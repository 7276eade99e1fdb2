/**
 * The client the CLI is built on, against the real API on real Postgres and Redis (no worker, so a
 * job stays queued until the test ends it): a create retried after a dropped connection makes one
 * job and one charge; waitForJob follows the event stream; the list iterator pages to the end.
 */
import { readCreditBalance } from '@rigforge/db';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { RigforgeClient, waitForJob } from '@rigforge/client';
import type { JobObject } from '@rigforge/contracts';
import { startHarness, type Harness } from '../../api/test/harness';
import { listenOnLoopback, type LoopbackServer } from '../../api/test/listen-on-loopback';

let h: Harness;
let api: LoopbackServer | undefined;
let baseUrl: string;
let model_base64: string;

beforeAll(async () => {
  h = await startHarness({ PRICE_RIG_FAST: '10' });
  api = await listenOnLoopback(h.app);
  baseUrl = api.baseUrl;
  model_base64 = Buffer.from(await writeGlb(buildCreature('biped').mesh)).toString('base64');
});
afterAll(async () => {
  await api?.close();
  await h?.close();
});

test('a create whose answer is lost on the way is retried under its Idempotency-Key: one job, one charge', async () => {
  const who = await h.seedAccount({ plan: 'standard', credits: 100 });
  let calls = 0;
  // The request reaches the API and creates the job; then the connection drops before the answer.
  const droppingFetch: typeof fetch = async (input, init) => {
    calls += 1;
    const response = await fetch(input, init);
    if (calls === 1) {
      await response.body?.cancel();
      throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    }
    return response;
  };
  const client = new RigforgeClient({ baseUrl, apiKey: who.key, fetch: droppingFetch });
  const job = await client.createRig({ model_base64 });
  expect(calls).toBe(2);
  expect(await h.ctx.db.job.count({ where: { accountId: who.accountId } })).toBe(1);
  expect((await h.ctx.db.job.findFirstOrThrow({ where: { accountId: who.accountId } })).id).toBe(job.id);
  expect(await readCreditBalance(h.ctx.db, who.accountId)).toEqual({ balance: 90, ledgerSum: 90 });
});

test('waitForJob follows the event stream: the change arrives as it happens, with no poll between', async () => {
  const who = await h.seedAccount({ plan: 'standard', credits: 100 });
  const client = new RigforgeClient({ baseUrl, apiKey: who.key });
  const queued = await client.createRig({ model_base64 });
  const seen: JobObject['status'][] = [];
  const sleeps: number[] = [];
  const done = waitForJob(client, queued.id, {
    onPoll: async (job) => {
      seen.push(job.status);
      if (job.status === 'queued') await client.cancelJob(job.id); // the job ends while we watch
    },
    sleep: async (ms) => void sleeps.push(ms),
  });
  const job = await done;
  expect(job).toMatchObject({ id: queued.id, status: 'failed', error: { code: 'canceled' } });
  expect(seen).toEqual(['queued', 'failed']);
  expect(sleeps).toEqual([]); // no plain poll was needed
});

test('iterateJobs pages through every job, newest first', async () => {
  const who = await h.seedAccount({ plan: 'standard', credits: 100 });
  const client = new RigforgeClient({ baseUrl, apiKey: who.key });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await client.createRig({ model_base64 })).id);
  const listed: string[] = [];
  for await (const job of client.iterateJobs({ limit: 2 })) listed.push(job.id);
  expect(listed).toEqual([...ids].reverse());
  expect((await client.account()).usage.jobs.rig).toBe(3);
});

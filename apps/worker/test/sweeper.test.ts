/**
 * The sweeper against the real Postgres and Redis (a Redis prefix of its own): it walks every stale
 * row a page at a time, refills the queue only up to what it can absorb, and settles processing
 * rows no worker will finish. Its rows are dated an hour back so other test files' rows (fresh)
 * never qualify.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccount, createDb, grantCredits, markJobProcessing, readCreditBalance, reserveJob, type Db } from '@rigforge/db';
import { createRedis, JobQueues } from '@rigforge/queue';
import { createStorage, type ObjectStorage } from '@rigforge/storage';
import { UnrecoverableError, Worker } from 'bullmq';
import { saveJobResult } from '@rigforge/storage';
import { sweepOnce, type SweeperOptions } from '../src/sweeper';

const HOUR = 3600_000;
let db: Db;
let redis: ReturnType<typeof createRedis>;
let queues: JobQueues;
let storage: ObjectStorage;
let accountId: string;
let options: SweeperOptions;
const prefix = `${process.env.REDIS_PREFIX}:sweeper:${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolSize: 4 });
  redis = createRedis({ url: process.env.REDIS_URL!, role: 'worker' });
  queues = new JobQueues({ connection: redis, prefix });
  storage = createStorage({ driver: 'local', rootDir: mkdtempSync(path.join(os.tmpdir(), 'sweeper-')), publicBaseUrl: 'http://x/files' });
  accountId = (await createAccount(db, { name: 'sweeper', plan: 'standard', subscriptionActive: true })).id;
  await grantCredits(db, accountId, 100_000, 'test');
  // Only rows older than 30 min are stale; only rows started over 50 min ago are overdue.
  options = { db, storage, queues, queue: 'rig.fast', requeueAfterMs: HOUR / 2, timeoutMs: 50 * 60_000, lockMs: 15_000, maxWaiting: 1000, log: () => undefined };
});

afterAll(async () => {
  await queues.get('rig.fast').obliterate({ force: true });
  await queues.close();
  await redis.quit();
  await db.$disconnect();
});

async function oldJob(status: 'queued' | 'processing', ageMs = HOUR): Promise<string> {
  const id = randomUUID();
  const reserved = await reserveJob(db, { id, accountId, operation: 'rig', queue: 'rig.fast', engine: 'fast', params: {}, inputKey: 'k', credits: 5, requiresPro: false });
  expect(reserved.outcome).toBe('created');
  if (status === 'processing') await markJobProcessing(db, id);
  await db.$executeRaw`UPDATE jobs SET created_at = now() - ${ageMs} * interval '1 millisecond', started_at = CASE WHEN started_at IS NULL THEN NULL ELSE now() - ${ageMs} * interval '1 millisecond' END WHERE id = ${id}::uuid`;
  return id;
}

test('every stale queued job missing from Redis comes back, past the first page, up to what the queue absorbs', async () => {
  const ids = [];
  for (let i = 0; i < 260; i++) ids.push(await oldJob('queued'));
  const first = await sweepOnce({ ...options, maxWaiting: 230 });
  expect(first.requeued).toBe(230);
  expect(await queues.depth('rig.fast')).toBe(230);
  // Full queue: nothing more until workers drain it.
  expect((await sweepOnce({ ...options, maxWaiting: 230 })).requeued).toBe(0);
  const second = await sweepOnce(options);
  expect(second.requeued).toBe(30);
  const states = await Promise.all(ids.map((id) => queues.get('rig.fast').getJobState(id)));
  expect(new Set(states)).toEqual(new Set(['waiting']));
  await queues.get('rig.fast').obliterate({ force: true });
  await db.$executeRaw`UPDATE jobs SET status = 'failed' WHERE id = ANY(${ids}::uuid[])`;
});

test('processing rows: a lost BullMQ job is re-queued, a failed one settled, an overdue one recorded or refunded', async () => {
  const lost = await oldJob('processing', 60_000 + HOUR / 2);
  const failedInQueue = await oldJob('processing', 60_000 + HOUR / 2);
  const overdueWithResult = await oldJob('processing', HOUR);
  const overdue = await oldJob('processing', HOUR);
  const queue = queues.get('rig.fast');
  await queues.enqueue('rig.fast', failedInQueue);
  // Fail it for good the way BullMQ does after too many stalls: taken, then failed unrecoverably.
  const connection = createRedis({ url: process.env.REDIS_URL!, role: 'worker' });
  const taker = new Worker('rig.fast', null, { connection, prefix, autorun: false });
  const job = await taker.getNextJob('token');
  expect(job?.id).toBe(failedInQueue);
  await job!.moveToFailed(new UnrecoverableError('job stalled more than allowable limit'), 'token', false);
  await taker.close();
  await connection.quit();
  expect(await queue.getJobState(failedInQueue)).toBe('failed');
  await saveJobResult(storage, overdueWithResult, { files: [{ type: 'model', format: 'glb', key: `jobs/${overdueWithResult}/output/model.glb`, bytes: 3 }], report: { engine: 'test' } });
  const before = await readCreditBalance(db, accountId);

  const counts = await sweepOnce(options);
  expect(counts).toMatchObject({ requeued: 1, recovered: 1, failed: 2 });
  expect(await queue.getJobState(lost)).toBe('waiting');
  const rows = await db.job.findMany({ where: { id: { in: [failedInQueue, overdueWithResult, overdue] } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(failedInQueue)).toMatchObject({ status: 'failed', errorCode: 'internal_error' });
  expect(byId.get(overdue)).toMatchObject({ status: 'failed', errorCode: 'timeout' });
  expect(byId.get(overdueWithResult)).toMatchObject({ status: 'succeeded', report: { engine: 'test' } });
  const after = await readCreditBalance(db, accountId);
  expect(after!.balance - before!.balance).toBe(10); // two refunds of 5, none for the recorded success
  expect(after!.balance).toBe(after!.ledgerSum);
  // A second sweep changes nothing.
  expect(await sweepOnce(options)).toEqual({ requeued: 0, recovered: 0, failed: 0 });
});

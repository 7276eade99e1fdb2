/**
 * Queue slots on a real Redis: a deferred release (`releaseDelayMs`) leaves before the next
 * reservation, so the depth stays exact for that reservation, lands on its own within the delay
 * when none comes, and goes at once when flushed before the connection closes.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis } from '../src/connection';
import { JobQueues } from '../src/job-queues';
import { QueueAdmission, type QueueSlot } from '../src/queue-admission';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Long, so a test sees the release still held; a real one is a few ms. */
const DELAY_MS = 400;

let redis: Redis;
let queues: JobQueues;
let prefix: string;

beforeEach(async () => {
  prefix = `admission-test:${randomUUID().slice(0, 8)}`;
  redis = createRedis({ url, role: 'producer', commandTimeoutMs: 5000, coalesceWrites: true });
  queues = new JobQueues({ connection: redis, prefix });
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
});

afterEach(async () => {
  await queues.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

function admitted(slot: QueueSlot): Extract<QueueSlot, { admitted: true }> {
  if (!slot.admitted) throw new Error(`refused at depth ${slot.depth}`);
  return slot;
}

test('a deferred release goes before the next reservation: a queue of one admits the next submission at once', async () => {
  const admission = new QueueAdmission({ redis, queues, prefix, releaseDelayMs: DELAY_MS });
  const slots = `${prefix}:admission:rig.fast`;
  const first = admitted(await admission.reserve('rig.fast', 1));
  const released = first.release();
  let landed = false;
  void released.then(() => (landed = true));
  // Not sent yet: the slot still counts, and held for far less than the delay.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(landed).toBe(false);
  expect(await redis.zcard(slots)).toBe(1);
  // The next reservation takes it along (its ZREM first on the connection): admitted at depth 0.
  const second = admitted(await admission.reserve('rig.fast', 1));
  expect(second.depth).toBe(0);
  await released;
  expect(await redis.zcard(slots)).toBe(1);
  // And with the queue full again, a third is refused until that one is released.
  expect((await admission.reserve('rig.fast', 1)).admitted).toBe(false);
  void second.release();
  expect(admitted(await admission.reserve('rig.fast', 1)).depth).toBe(0);
});

test('with no reservation after it, a deferred release lands on its own within the delay', async () => {
  const admission = new QueueAdmission({ redis, queues, prefix, releaseDelayMs: DELAY_MS });
  const slots = `${prefix}:admission:rig.fast`;
  const held = await Promise.all([1, 2, 3].map(() => admission.reserve('rig.fast', 10)));
  expect(await redis.zcard(slots)).toBe(3);
  const started = Date.now();
  await Promise.all(held.map((slot) => admitted(slot).release()));
  expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 5);
  expect(await redis.zcard(slots)).toBe(0);
});

test('without a delay a release is sent at once, as before', async () => {
  const admission = new QueueAdmission({ redis, queues, prefix });
  const slots = `${prefix}:admission:rig.fast`;
  const slot = admitted(await admission.reserve('rig.fast', 1));
  await slot.release();
  expect(await redis.zcard(slots)).toBe(0);
});

test('flushReleases sends the deferred releases at once, ahead of a QUIT on the connection', async () => {
  const own = createRedis({ url, role: 'producer', commandTimeoutMs: 5000, coalesceWrites: true });
  if (own.status !== 'ready') await new Promise((resolve) => own.once('ready', resolve));
  const admission = new QueueAdmission({ redis: own, queues, prefix, releaseDelayMs: 60_000 });
  const slots = `${prefix}:admission:rig.fast`;
  const held = await Promise.all([1, 2].map(() => admission.reserve('rig.fast', 10)));
  const released = held.map((slot) => admitted(slot).release());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await redis.zcard(slots)).toBe(2);
  // As the API's close does: flush, then quit; the releases land although the delay is a minute.
  admission.flushReleases();
  await own.quit();
  await Promise.all(released);
  expect(await redis.zcard(slots)).toBe(0);
});

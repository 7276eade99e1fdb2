/**
 * The producer's command deadline must not fail a command whose reply arrived while the event
 * loop was stalled (a CPU-heavy request, a starved machine): ioredis' own commandTimeout does.
 */
import { createHook } from 'node:async_hooks';
import { Redis } from 'ioredis';
import { createRedis } from '../src/connection';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DEADLINE_MS = 300;

/** Blocks the event loop, as a CPU-heavy request would; the reply arrives meanwhile. */
function stall(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

async function ready(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
}

async function pingThroughStall(redis: Redis): Promise<string> {
  await ready(redis);
  const reply = redis.ping().catch((error: Error) => error.message);
  stall(DEADLINE_MS * 5);
  return reply;
}

/**
 * The reply (or error message) of a command that gets no answer within the deadline, then
 * disconnects. CLIENT PAUSE would stall the shared server for everyone; a blocking read on an empty
 * key never answers within the deadline instead.
 */
async function replyToUnansweredCommand(redis: Redis): Promise<string | [string, string] | null> {
  try {
    await ready(redis);
    return await redis.blpop(`deadline-test:${process.pid}:${Date.now()}`, 5).catch((error: Error) => error.message);
  } finally {
    redis.disconnect();
  }
}

test('a reply that arrived during a stall past the deadline is delivered, not timed out', async () => {
  const redis = createRedis({ url, role: 'producer', commandTimeoutMs: DEADLINE_MS });
  try {
    expect(await pingThroughStall(redis)).toBe('PONG');
  } finally {
    redis.disconnect();
  }
});

test('(why) ioredis commandTimeout fails the same command', async () => {
  const redis = new Redis(url, { commandTimeout: DEADLINE_MS });
  redis.on('error', () => undefined);
  try {
    expect(await pingThroughStall(redis)).toBe('Command timed out');
  } finally {
    redis.disconnect();
  }
});

test('a command with no reply still fails at the deadline', async () => {
  expect(await replyToUnansweredCommand(createRedis({ url, role: 'producer', commandTimeoutMs: DEADLINE_MS }))).toBe('Command timed out');
});

describe('coalesceWrites', () => {
  test('the commands of one loop turn leave together, in order, in that turn', async () => {
    const redis = createRedis({ url, role: 'producer', commandTimeoutMs: DEADLINE_MS, coalesceWrites: true });
    const key = `deadline-test:coalesce:${process.pid}:${Date.now()}`;
    try {
      await ready(redis);
      const replies = [redis.incr(key), redis.incr(key), redis.incr(key)];
      // Held in the socket until the loop turn's check phase, then written at once.
      expect(redis.stream.writableCorked).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(redis.stream.writableCorked).toBe(0);
      expect(await Promise.all(replies)).toEqual([1, 2, 3]);
    } finally {
      await redis.del(key);
      redis.disconnect();
    }
  });

  test('a command sent before a stall past the deadline is answered: its deadline starts at the write', async () => {
    const redis = createRedis({ url, role: 'producer', commandTimeoutMs: DEADLINE_MS, coalesceWrites: true });
    try {
      expect(await pingThroughStall(redis)).toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });

  test('a command with no reply still fails at the deadline', async () => {
    expect(await replyToUnansweredCommand(createRedis({ url, role: 'producer', commandTimeoutMs: DEADLINE_MS, coalesceWrites: true }))).toBe('Command timed out');
  });
});

test('the deadline costs no timer per command: 300 commands, one sweeping timer', async () => {
  const redis = createRedis({ url, role: 'producer', commandTimeoutMs: 1_000, coalesceWrites: true });
  let made = 0;
  // Counts setTimeout / setInterval resources while the commands run (a timer per command before:
  // each such timer, its closures and the promise callbacks were promoted to V8's old generation
  // under load, apps/api/docs/performance.md twenty-second wave).
  const hook = createHook({
    init(_id, type) {
      if (type === 'Timeout') made++;
    },
  });
  try {
    await ready(redis);
    await redis.ping();
    hook.enable();
    for (let i = 0; i < 100; i++) await Promise.all([redis.ping(), redis.ping(), redis.ping()]);
    hook.disable();
    expect(made).toBeLessThanOrEqual(2);
  } finally {
    hook.disable();
    redis.disconnect();
  }
});

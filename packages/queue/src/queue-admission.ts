/** The queue-depth limit, exact across API replicas, so overload is refused before work starts. */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { JobQueues } from './job-queues';
import type { QueueName } from './queue-names';

/**
 * Exact backpressure for MAX_QUEUE_DEPTH across every API replica. A submission takes a slot
 * before it does any work: one Lua script (atomic in Redis) counts the jobs waiting to start plus
 * the slots other submissions hold, and adds a slot only if the sum is under the limit. The slot
 * is released once the job is enqueued (it is then counted in the queue itself) or the submission
 * fails. Between those two moments a job is counted twice, so the check errs towards refusing,
 * never towards overshooting. A slot expires on its own after `slotTtlMs`, so a replica that dies
 * mid-submission cannot leak capacity.
 */
const RESERVE_SLOT_SCRIPT = `
local now = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
local depth = redis.call('LLEN', KEYS[1]) + redis.call('LLEN', KEYS[2])
  + redis.call('ZCARD', KEYS[3]) + redis.call('ZCARD', KEYS[4]) + redis.call('ZCARD', KEYS[5])
if depth >= tonumber(ARGV[1]) then
  return {0, depth}
end
redis.call('ZADD', KEYS[5], now + tonumber(ARGV[3]), ARGV[4])
redis.call('PEXPIRE', KEYS[5], ARGV[3])
return {1, depth}
`;

/** The states a job waits to start in (what "at capacity" is measured on; running jobs are not). */
const WAITING_STATES = ['wait', 'paused', 'prioritized', 'delayed'] as const;

export type QueueSlot =
  | { admitted: true; depth: number; release: () => Promise<void> }
  | { admitted: false; depth: number };

export interface QueueAdmissionOptions {
  redis: Redis;
  queues: JobQueues;
  prefix: string;
  /** A slot not released within this long is dropped (a replica died mid-submission). Default 30 s. */
  slotTtlMs?: number;
}

export class QueueAdmission {
  constructor(private readonly options: QueueAdmissionOptions) {}

  /** Takes a slot if the queue's waiting jobs plus held slots are under `maxDepth`. */
  async reserve(name: QueueName, maxDepth: number): Promise<QueueSlot> {
    const queue = this.options.queues.get(name);
    const slotsKey = `${this.options.prefix}:admission:${name}`;
    const token = randomUUID();
    const reply: unknown = await this.options.redis.eval(
      RESERVE_SLOT_SCRIPT,
      WAITING_STATES.length + 1,
      ...WAITING_STATES.map((state) => queue.toKey(state)),
      slotsKey,
      maxDepth,
      Date.now(),
      this.options.slotTtlMs ?? 30_000,
      token,
    );
    const [admitted, depth] = parseReply(reply);
    if (!admitted) return { admitted: false, depth };
    let released = false;
    return {
      admitted: true,
      depth,
      release: async () => {
        if (released) return;
        released = true;
        await this.options.redis.zrem(slotsKey, token);
      },
    };
  }
}

function parseReply(reply: unknown): [boolean, number] {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error(`queue admission: unexpected script reply ${JSON.stringify(reply)}`);
  }
  return [reply[0] === 1, reply[1]];
}

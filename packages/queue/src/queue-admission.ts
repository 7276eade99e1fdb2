/** The queue-depth limit, exact across API replicas, so overload is refused before work starts. */
import { createHash, randomUUID } from 'node:crypto';
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
 *
 * Submissions to one queue that arrive while a reservation is in flight go together in the next
 * one (the script takes a list of tokens and admits them in order while there is room), and so do
 * releases: under load a submission pays a fraction of the two Redis round trips instead of both
 * (issue 25), while each slot is still admitted, counted and released exactly as on its own. A
 * lone submission goes at once, never waiting for company.
 */
const RESERVE_SLOT_SCRIPT = `
local now = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
local depth = redis.call('LLEN', KEYS[1]) + redis.call('LLEN', KEYS[2])
  + redis.call('ZCARD', KEYS[3]) + redis.call('ZCARD', KEYS[4]) + redis.call('ZCARD', KEYS[5])
local admitted = math.max(0, math.min(#ARGV - 3, tonumber(ARGV[1]) - depth))
for i = 1, admitted do
  redis.call('ZADD', KEYS[5], now + tonumber(ARGV[3]), ARGV[3 + i])
end
if admitted > 0 then
  redis.call('PEXPIRE', KEYS[5], ARGV[3])
end
return {admitted, depth}
`;

const RESERVE_SLOT_SHA = createHash('sha1').update(RESERVE_SLOT_SCRIPT).digest('hex');

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
  /**
   * How long a release may wait to leave in one write with the next reservation (default 0: it is
   * sent at once). A release is a Redis round trip of its own; where submissions come spaced
   * rather than together (half of peak), each one's reply is a wake-up of the process and of Redis
   * of its own. Deferred, it goes in the socket write of the next reservation of this process (any
   * queue), before it, and its reply comes back with that one's; with no reservation within this
   * long it goes alone. Until a release lands its job is counted twice (as a slot and in the
   * queue), which errs towards refusing, as the time between reserve and enqueue already does.
   */
  releaseDelayMs?: number;
}

interface Reservation {
  token: string;
  resolve: (slot: QueueSlot) => void;
  reject: (error: unknown) => void;
}

export class QueueAdmission {
  /** Per slots key and limit: reservations waiting for the one in flight (present while one is). */
  private readonly reserving = new Map<string, Reservation[]>();
  /** Per slots key: releases waiting for the one in flight (present while one is). */
  private readonly releasing = new Map<string, ReleaseWaiter[]>();
  /** Releases deferred to the next reservation's write (`releaseDelayMs`), per slots key. */
  private readonly deferred = new Map<string, ReleaseWaiter[]>();
  /** Sends the deferred releases if no reservation took them within `releaseDelayMs`. */
  private deferredTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: QueueAdmissionOptions) {}

  /** Takes a slot if the queue's waiting jobs plus held slots are under `maxDepth`. */
  reserve(name: QueueName, maxDepth: number): Promise<QueueSlot> {
    const slotsKey = `${this.options.prefix}:admission:${name}`;
    const batchKey = `${slotsKey} ${maxDepth}`;
    return new Promise((resolve, reject) => {
      const reservation = { token: randomUUID(), resolve, reject };
      const waiting = this.reserving.get(batchKey);
      if (waiting) {
        waiting.push(reservation);
        return;
      }
      this.reserving.set(batchKey, []);
      this.sendReserve(name, maxDepth, slotsKey, batchKey, [reservation]);
    });
  }

  private sendReserve(name: QueueName, maxDepth: number, slotsKey: string, batchKey: string, batch: Reservation[]): void {
    // Sent first on the same connection in the same turn: one write, and Redis drops those slots
    // before this reservation counts them.
    this.flushReleases();
    const queue = this.options.queues.get(name);
    const args = [
      WAITING_STATES.length + 1,
      ...WAITING_STATES.map((state) => queue.toKey(state)),
      slotsKey,
      maxDepth,
      Date.now(),
      this.options.slotTtlMs ?? 30_000,
      ...batch.map((r) => r.token),
    ] as const;
    // By hash, as every other script on the submission path: the script's text is sent (and hashed
    // by Redis) only when Redis does not know it yet (first use, or after a restart or SCRIPT FLUSH).
    this.options.redis
      .evalsha(RESERVE_SLOT_SHA, ...args)
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.startsWith('NOSCRIPT')) return this.options.redis.eval(RESERVE_SLOT_SCRIPT, ...args);
        throw error;
      })
      .then(
        (reply: unknown) => {
          const [admitted, depth] = parseReply(reply);
          // Each answered as if it had come alone, in order: the i-th saw the i slots before it.
          batch.forEach((r, i) => r.resolve(i < admitted ? this.slot(slotsKey, r.token, depth + i) : { admitted: false, depth: depth + admitted }));
        },
        (error: unknown) => {
          for (const r of batch) r.reject(error);
        },
      )
      .finally(() => {
        const next = this.reserving.get(batchKey) ?? [];
        if (next.length === 0) {
          this.reserving.delete(batchKey);
          return;
        }
        this.reserving.set(batchKey, []);
        this.sendReserve(name, maxDepth, slotsKey, batchKey, next);
      });
  }

  private slot(slotsKey: string, token: string, depth: number): QueueSlot {
    let released: Promise<void> | undefined;
    return {
      admitted: true,
      depth,
      release: () => (released ??= this.release(slotsKey, token)),
    };
  }

  private release(slotsKey: string, token: string): Promise<void> {
    // The promise's own resolve and reject wait in the batch, not a `done` closure made per release:
    // under tsx each named closure also gets its name defined on it (issue 25).
    return new Promise((resolve, reject) => {
      const delay = this.options.releaseDelayMs ?? 0;
      if (delay <= 0) {
        this.queueRelease(slotsKey, [{ token, resolve, reject }]);
        return;
      }
      const deferred = this.deferred.get(slotsKey);
      if (deferred) deferred.push({ token, resolve, reject });
      else this.deferred.set(slotsKey, [{ token, resolve, reject }]);
      // A method, not a closure made per batch (issue 25, thirteenth wave).
      this.deferredTimer ??= setTimeout(this.sendDeferredBound, delay);
    });
  }

  private readonly sendDeferredBound = (): void => {
    this.sendDeferred();
  };

  /**
   * Sends the deferred releases now rather than at the next reservation or the delay's end: for a
   * process closing its Redis connection, whose last releases would otherwise leave after it (a
   * QUIT queued behind them still sends them) or never, leaving their slots counted until the TTL.
   */
  flushReleases(): void {
    if (this.deferred.size > 0) this.sendDeferred();
  }

  /** Sends every deferred release now (each slots key's in its own batch of ZREM). */
  private sendDeferred(): void {
    if (this.deferredTimer) clearTimeout(this.deferredTimer);
    this.deferredTimer = undefined;
    for (const [slotsKey, waiters] of this.deferred) this.queueRelease(slotsKey, waiters);
    this.deferred.clear();
  }

  /** Sends releases of one slots key in one ZREM, or queues them behind the one in flight for it. */
  private queueRelease(slotsKey: string, waiters: ReleaseWaiter[]): void {
    const waiting = this.releasing.get(slotsKey);
    if (waiting) {
      waiting.push(...waiters);
      return;
    }
    this.releasing.set(slotsKey, []);
    this.sendRelease(slotsKey, waiters);
  }

  private sendRelease(slotsKey: string, batch: ReleaseWaiter[]): void {
    this.options.redis
      .zrem(slotsKey, ...batch.map((r) => r.token))
      .then(
        () => {
          for (const r of batch) r.resolve();
        },
        (error: unknown) => {
          for (const r of batch) r.reject(error ?? new Error('queue admission: release failed'));
        },
      )
      .finally(() => {
        const next = this.releasing.get(slotsKey) ?? [];
        if (next.length === 0) {
          this.releasing.delete(slotsKey);
          return;
        }
        this.releasing.set(slotsKey, []);
        this.sendRelease(slotsKey, next);
      });
  }
}

/** A slot's release waiting for its batch's ZREM. */
interface ReleaseWaiter {
  token: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function parseReply(reply: unknown): [number, number] {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error(`queue admission: unexpected script reply ${JSON.stringify(reply)}`);
  }
  return [reply[0], reply[1]];
}

import type { Redis } from 'ioredis';
import { countLiveWorkers, type JobQueues, type QueueName } from '@rigforge/queue';
import { ApiError } from '../errors/api-error';

export interface BackendAvailabilityOptions {
  queues: JobQueues;
  redis: Redis;
  prefix: string;
  maxQueueDepth: number;
  requireLiveWorkers: boolean;
  /** A worker counts as live if it beat within this window (workers beat every 5 s). */
  liveWithinMs?: number;
  /** The answer is reused this long, so submissions do not each pay two Redis calls. */
  cacheMs?: number;
}

/** Answers 503 backend_unavailable before any work is accepted that no worker could take. */
export class BackendAvailability {
  private readonly cache = new Map<QueueName, { ok: boolean; reason: string; expires: number }>();

  constructor(private readonly options: BackendAvailabilityOptions) {}

  async assertAvailable(queue: QueueName): Promise<void> {
    const now = Date.now();
    let state = this.cache.get(queue);
    if (!state || state.expires <= now) {
      state = { ...(await this.check(queue)), expires: now + (this.options.cacheMs ?? 1000) };
      this.cache.set(queue, state);
    }
    if (!state.ok) {
      throw new ApiError('backend_unavailable', state.reason, { headers: { 'Retry-After': '30' } });
    }
  }

  private async check(queue: QueueName): Promise<{ ok: boolean; reason: string }> {
    try {
      const [depth, live] = await Promise.all([
        this.options.queues.depth(queue),
        this.options.requireLiveWorkers
          ? countLiveWorkers(this.options.redis, this.options.prefix, queue, this.options.liveWithinMs ?? 20_000)
          : Promise.resolve(1),
      ]);
      if (live === 0) return { ok: false, reason: `${queue}: no worker is serving this queue; retry with backoff` };
      if (depth >= this.options.maxQueueDepth) {
        return { ok: false, reason: `${queue}: at capacity (${depth} jobs waiting); retry with backoff` };
      }
      return { ok: true, reason: '' };
    } catch {
      return { ok: false, reason: `${queue}: the queue is unreachable; retry with backoff` };
    }
  }
}

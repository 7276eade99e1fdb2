/** Decides at submission whether a queue can take a job (a live worker, room in the queue), so overload is a cheap 503. */
import type { Redis } from 'ioredis';
import { countLiveWorkers, QueueAdmission, type JobQueues, type QueueName } from '@rigforge/queue';
import { backendUnavailable, CAPACITY_RETRY_AFTER_SECONDS } from '../errors/backend-unavailable';

export interface BackendAvailabilityOptions {
  queues: JobQueues;
  redis: Redis;
  prefix: string;
  maxQueueDepth: number;
  requireLiveWorkers: boolean;
  /** A worker counts as live if it beat within this window (workers beat every 5 s). */
  liveWithinMs?: number;
  /** The live-worker answer is reused this long (a soft signal; the depth check is never cached). */
  liveCacheMs?: number;
  /**
   * A slot not released within this long is dropped (the replica died mid-submission). A slot is
   * held across the route's capture (download and upload check), so this must outlast those.
   */
  slotTtlMs?: number;
  /** A slot's release may wait this long to leave with the next reservation (see `QueueAdmission`); default 0. */
  releaseDelayMs?: number;
}

/**
 * Answers 503 backend_unavailable before any work is accepted that no worker could take: no live
 * worker on the queue, or the queue at MAX_QUEUE_DEPTH. The depth check is exact across replicas
 * (see `QueueAdmission`): a submission holds a slot until its job is enqueued or it fails. Redis
 * errors propagate and the error middleware turns them into 503s like any other outage.
 */
export class BackendAvailability {
  private readonly live = new Map<QueueName, { count: number; expires: number }>();
  private readonly admission: QueueAdmission;

  constructor(private readonly options: BackendAvailabilityOptions) {
    this.admission = new QueueAdmission({
      redis: options.redis,
      queues: options.queues,
      prefix: options.prefix,
      ...(options.slotTtlMs !== undefined ? { slotTtlMs: options.slotTtlMs } : {}),
      ...(options.releaseDelayMs !== undefined ? { releaseDelayMs: options.releaseDelayMs } : {}),
    });
  }

  /** Takes a queue slot for one submission; call `release` once it is enqueued or has failed. */
  async admit(queue: QueueName): Promise<{ release: () => Promise<void> }> {
    if (this.options.requireLiveWorkers && (await this.liveWorkers(queue)) === 0) {
      throw backendUnavailable(`${queue}: no worker is serving this queue; retry with backoff`, CAPACITY_RETRY_AFTER_SECONDS);
    }
    const slot = await this.admission.reserve(queue, this.options.maxQueueDepth);
    if (!slot.admitted) {
      throw backendUnavailable(
        `${queue}: at capacity (${slot.depth} jobs waiting); retry with backoff`,
        CAPACITY_RETRY_AFTER_SECONDS,
      );
    }
    return slot;
  }

  /** Sends the slots' deferred releases at once (before the Redis connection closes; `QueueAdmission.flushReleases`). */
  flushReleases(): void {
    this.admission.flushReleases();
  }

  private async liveWorkers(queue: QueueName): Promise<number> {
    const now = Date.now();
    const cached = this.live.get(queue);
    if (cached && cached.expires > now) return cached.count;
    const count = await countLiveWorkers(this.options.redis, this.options.prefix, queue, this.options.liveWithinMs ?? 20_000);
    this.live.set(queue, { count, expires: now + (this.options.liveCacheMs ?? 1000) });
    return count;
  }
}

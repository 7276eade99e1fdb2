/**
 * Redis is only the delivery mechanism; Postgres is the record. The sweeper reconciles the two:
 * a job still `queued` in Postgres but absent from its queue (Redis lost it, or the API's enqueue
 * raced a crash) is added again (idempotent: BullMQ jobId = our id), and a job `processing` past
 * its deadline (its worker died) is failed with `timeout` and refunded.
 */
import { findOverdueJobs, findStaleQueuedJobs, markJobFailed, type Db } from '@rigforge/db';
import type { JobQueues, QueueName } from '@rigforge/queue';

export interface SweeperOptions {
  db: Db;
  queues: JobQueues;
  queue: QueueName;
  requeueAfterMs: number;
  timeoutMs: number;
  log: (message: string, error?: unknown) => void;
}

export async function sweepOnce(options: SweeperOptions): Promise<{ requeued: number; timedOut: number }> {
  let requeued = 0;
  let timedOut = 0;
  const queue = options.queues.get(options.queue);
  for (const { id } of await findStaleQueuedJobs(options.db, options.queue, options.requeueAfterMs)) {
    const existing = await queue.getJob(id);
    const state = existing ? await existing.getState() : 'missing';
    if (state === 'missing' || state === 'unknown' || state === 'completed' || state === 'failed') {
      if (existing) await existing.remove().catch(() => undefined);
      await options.queues.enqueue(options.queue, id);
      requeued++;
    }
  }
  // A grace period beyond the deadline lets a live worker record the timeout itself.
  for (const { id } of await findOverdueJobs(options.db, options.queue, options.timeoutMs + 30_000)) {
    if (await markJobFailed(options.db, id, { code: 'timeout', message: `the job ran past its ${options.timeoutMs / 1000} s deadline` })) {
      timedOut++;
    }
  }
  if (requeued || timedOut) options.log(`sweeper: ${options.queue}: requeued ${requeued}, timed out ${timedOut}`);
  return { requeued, timedOut };
}

export function startSweeper(options: SweeperOptions & { intervalMs: number }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepOnce(options).catch((error: unknown) => options.log('sweeper failed', error));
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

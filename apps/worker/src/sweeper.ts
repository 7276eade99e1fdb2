/**
 * Redis is only the delivery mechanism; Postgres is the record. The sweeper reconciles the two:
 *   - a job still `queued` in Postgres but absent from its queue (Redis lost it, the API's enqueue
 *     raced a crash, or its BullMQ attempts were spent) is added again (idempotent: BullMQ jobId =
 *     our id);
 *   - a job `processing` whose BullMQ job is gone (Redis restarted empty) is added again, and one
 *     whose BullMQ job finished without settling the row (a worker died at the wrong moment) is
 *     settled;
 *   - a job `processing` past its deadline (plus a grace for a live worker to record it) is settled:
 *     a result already in storage is recorded, otherwise it fails with `timeout` and is refunded.
 * Re-enqueueing is paced by the queue, not by a fixed batch: each sweep refills the queue up to
 * `maxWaiting` waiting jobs, walking every stale row a page at a time, so a backlog left by an
 * outage returns as fast as workers drain it (a fixed 100 per 15 s took 175 s for 299 jobs) and a
 * long legitimate backlog neither floods Redis nor hides lost jobs behind the first page.
 */
import type { ServiceMetrics } from '@rigforge/observability';
import type { JobFailure } from '@rigforge/contracts';
import { classifyBackendOutage } from '@rigforge/server';
import { findProcessingJobs, findStaleQueuedJobs, type Db, type JobPage } from '@rigforge/db';
import type { JobQueues, QueueName } from '@rigforge/queue';
import type { ObjectStorage } from '@rigforge/storage';
import type { AnnounceStatus } from './announce-status';
import { OVERDUE_GRACE_MS } from './job-deadline';
import { settleAbandonedJob } from './processors/settle-abandoned-job';

export interface SweeperOptions {
  db: Db;
  storage: ObjectStorage;
  queues: JobQueues;
  queue: QueueName;
  /** A queued job missing from Redis this long after its creation (a processing one after its start) is re-enqueued. */
  requeueAfterMs: number;
  timeoutMs: number;
  /**
   * BullMQ's lock duration. A processing row whose BullMQ job is gone is re-enqueued only after two
   * lock periods: a live worker may still be running it (Redis lost the job, not the worker), and
   * a duplicate run, though harmless, is work wasted.
   */
  lockMs: number;
  /** Re-enqueue only while fewer jobs than this wait in the queue. */
  maxWaiting: number;
  log: (message: string, error?: unknown) => void;
  /** Publishes the statuses the sweeper settles; none when absent. */
  announce?: AnnounceStatus;
  /** Counts the credits its settlements refund. */
  metrics?: ServiceMetrics;
}

export interface SweepCounts {
  requeued: number;
  /** Rows settled from a stored result (succeeded) or failed and refunded. */
  recovered: number;
  failed: number;
}

const PAGE_SIZE = 200;
/** BullMQ states in which nobody will run the job again. */
const GONE = new Set(['unknown', 'completed', 'failed']);

type Row = { id: string; at: Date };

async function forEachPage(fetch: (page: JobPage) => Promise<Row[]>, visit: (rows: Row[]) => Promise<boolean>): Promise<void> {
  let after: Row | undefined;
  for (;;) {
    const rows = await fetch({ limit: PAGE_SIZE, ...(after ? { after } : {}) });
    if (!rows.length || !(await visit(rows)) || rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1];
  }
}

export async function sweepOnce(options: SweeperOptions): Promise<SweepCounts> {
  const counts: SweepCounts = { requeued: 0, recovered: 0, failed: 0 };
  const queue = options.queues.get(options.queue);
  let budget = Math.max(0, options.maxWaiting - (await options.queues.depth(options.queue)));
  const states = (rows: Row[]) => Promise.all(rows.map((r) => queue.getJobState(r.id)));
  const requeue = async (id: string, state: string) => {
    if (state !== 'unknown') await (await queue.getJob(id))?.remove().catch(() => undefined);
    await options.queues.enqueue(options.queue, id);
    counts.requeued++;
    budget--;
  };
  const settle = async (id: string, failure: JobFailure) => {
    const outcome = await settleAbandonedJob(options, id, failure);
    if (outcome === 'succeeded') counts.recovered++;
    if (outcome === 'failed') counts.failed++;
  };

  await forEachPage(
    (page) => findStaleQueuedJobs(options.db, options.queue, options.requeueAfterMs, page),
    async (rows) => {
      const found = await states(rows);
      for (const [i, row] of rows.entries()) {
        if (budget <= 0) return false; // the queue is full enough; the rest on a later sweep
        const state = found[i] ?? 'unknown';
        if (GONE.has(state)) await requeue(row.id, state);
      }
      return true;
    },
  );

  const overdueBefore = Date.now() - options.timeoutMs - OVERDUE_GRACE_MS;
  const timeout: JobFailure = { code: 'timeout', message: `the job ran past its ${options.timeoutMs / 1000} s deadline` };
  const lost: JobFailure = { code: 'internal_error', message: 'the job was interrupted and could not be completed; the credits were refunded' };
  await forEachPage(
    (page) => findProcessingJobs(options.db, options.queue, Math.max(options.requeueAfterMs, 2 * options.lockMs), page),
    async (rows) => {
      const found = await states(rows);
      for (const [i, row] of rows.entries()) {
        const state = found[i] ?? 'unknown';
        if (row.at.getTime() < overdueBefore) await settle(row.id, timeout);
        else if (state === 'completed' || state === 'failed') await settle(row.id, lost);
        else if (state === 'unknown' && budget > 0) await requeue(row.id, state);
      }
      return true;
    },
  );

  if (counts.requeued || counts.recovered || counts.failed) {
    options.log(`sweeper: ${options.queue}: requeued ${counts.requeued}, recorded ${counts.recovered} stored results, failed ${counts.failed}`);
  }
  return counts;
}

/** Sweeps every `intervalMs` (one sweep at a time); the returned function stops and awaits the last. */
export function startSweeper(options: SweeperOptions & { intervalMs: number }): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepOnce(options)
        .catch((error: unknown) =>
          // An outage is expected and ends; one line per sweep says so without a stack trace.
          classifyBackendOutage(error) ? options.log(`sweeper: ${classifyBackendOutage(error)} unreachable; trying again next sweep`) : options.log('sweeper failed', error),
        )
        .finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

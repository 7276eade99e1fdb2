/**
 * What one job's processing adds to the worker's metrics: its acceptance → start latency (on its
 * first start only: a retry's wait is not the queue's), its duration by outcome, engine errors by
 * code, and the credits a failure refunded (counted from the refund the database actually wrote,
 * so a job settled twice is counted once).
 */
import type { ServiceMetrics } from '@rigforge/observability';
import type { JobErrorCode } from '@rigforge/contracts';

export interface JobMetricsRow {
  operation: string;
  engine: string;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
}

export interface JobObserver {
  succeeded(): void;
  /** `failed` is `failJob`'s answer: null when the job was already terminal. */
  failed(failed: { queue: string; refunded: number } | null): void;
  engineError(code: JobErrorCode): void;
}

export function observeJob(metrics: ServiceMetrics | undefined, queue: string, row: JobMetricsRow): JobObserver {
  if (metrics && row.attempts === 1 && row.startedAt) {
    metrics.jobStartLatency.observe({ queue }, Math.max(0, row.startedAt.getTime() - row.createdAt.getTime()) / 1000);
  }
  const end = metrics?.jobDuration.startTimer({ queue, operation: row.operation, engine: row.engine });
  return {
    succeeded: () => end?.({ outcome: 'succeeded' }),
    failed: (failed) => {
      end?.({ outcome: 'failed' });
      countRefund(metrics, failed);
    },
    engineError: (code) => metrics?.engineErrors.inc({ queue, engine: row.engine, code }),
  };
}

export function countRefund(metrics: ServiceMetrics | undefined, failed: { queue: string; refunded: number } | null): void {
  if (failed?.refunded) metrics?.creditsRefunded.inc({ queue: failed.queue }, failed.refunded);
}

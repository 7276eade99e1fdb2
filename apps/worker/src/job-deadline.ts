/**
 * A job's deadline runs from its first start (`started_at`), across retries and redeliveries.
 * For OVERDUE_GRACE_MS past it, the worker running the job may still record its outcome (a status
 * write waiting out a database outage, a timeout noticed late); after that the sweeper settles it.
 */
export const OVERDUE_GRACE_MS = 30_000;

export function jobDeadline(startedAt: Date, timeoutMs: number): number {
  return startedAt.getTime() + timeoutMs;
}

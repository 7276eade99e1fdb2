/**
 * Polls a job until it succeeds or fails: at the contract's interval for its operation and engine,
 * waiting out 429 and 503 answers as long as the API's Retry-After asks (doubling our own wait when
 * it does not say), and giving up at the deadline (300 s by default, the contract's recommendation).
 */
import { TERMINAL_STATUSES, type JobObject, type RigEngine } from '@rigforge/contracts';
import { RigforgeClientError } from './client-error';
import { JOB_DEADLINE_MS, pollIntervalMs } from './poll-interval';
import type { RigforgeClient } from './rigforge-client';

export interface WaitForJobOptions {
  /** The rig engine when known (a create response says it); Pro rigs are polled less often. */
  engine?: RigEngine;
  /** Give up after this long; default 300 s. */
  deadlineMs?: number;
  /** Overrides the contract's interval (tests, or a caller with its own schedule). */
  intervalMs?: number;
  signal?: AbortSignal;
  /** Called after every successful poll, terminal or not. */
  onPoll?: (job: JobObject, elapsedMs: number) => void | Promise<void>;
  /** How to wait between polls; default a timer (tests pass one that records the waits). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const RETRYABLE = new Set(['rate_limited', 'backend_unavailable', 'network_error', 'timeout']);

/** Resolves with the terminal job (succeeded or failed); throws `timeout` at the deadline. */
export async function waitForJob(client: RigforgeClient, id: string, options: WaitForJobOptions = {}): Promise<JobObject> {
  const started = Date.now();
  const deadlineMs = options.deadlineMs ?? JOB_DEADLINE_MS;
  let last: JobObject | undefined;
  let backoffMs = 1_000;
  for (;;) {
    let waitMs: number;
    try {
      const job = await client.getJob(id, { signal: options.signal });
      last = job;
      backoffMs = 1_000;
      await options.onPoll?.(job, Date.now() - started);
      if (TERMINAL_STATUSES.includes(job.status)) return job;
      waitMs = options.intervalMs ?? pollIntervalMs(job.operation, options.engine);
    } catch (error) {
      if (!(error instanceof RigforgeClientError) || !RETRYABLE.has(error.code)) throw error;
      waitMs = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoffMs;
      backoffMs = Math.min(backoffMs * 2, 30_000);
    }
    const remaining = deadlineMs - (Date.now() - started);
    if (remaining <= 0) {
      throw new RigforgeClientError({
        code: 'timeout',
        message: `job ${id} did not finish within ${Math.round(deadlineMs / 1000)} s (last status: ${last?.status ?? 'unknown'})`,
      });
    }
    await (options.sleep ?? sleep)(Math.min(waitMs, remaining), options.signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RigforgeClientError({ code: 'aborted', message: 'waitForJob: aborted' }));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RigforgeClientError({ code: 'aborted', message: 'waitForJob: aborted' }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

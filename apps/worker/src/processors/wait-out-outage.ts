/**
 * Runs a step that needs Postgres, and while Postgres is unreachable waits and tries again (capped
 * exponential backoff) until it answers or a deadline passes. Any other error is thrown at once.
 *
 * Why not let BullMQ retry: its attempts are for faults of the job (a crashing engine). An outage
 * is nobody's fault and ends on its own; spending attempts on it failed 299 queued jobs within
 * 6 s of a Postgres restart, and a job whose engine had finished could not record its output.
 * Waiting here holds the worker's slot, which is right: no job can make progress meanwhile, and
 * BullMQ keeps renewing the lock because the event loop is free.
 */
import { classifyBackendOutage } from '@rigforge/server';

/** The dependency stayed down until the deadline; carries the last outage error as its cause. */
export class OutageDeadlineError extends Error {
  override readonly name = 'OutageDeadlineError';
}

export interface WaitOutOutageOptions {
  /** Epoch ms after which the step is not tried again. */
  deadline: number;
  /** What the step does, for the log: `job 1234: mark succeeded`. */
  what: string;
  log: (message: string, error?: unknown) => void;
  /** First pause; doubles up to `maxDelayMs`. Default 200 ms. */
  initialDelayMs?: number;
  /** Default 5000 ms: a recovered database is noticed within 5 s. */
  maxDelayMs?: number;
}

export async function waitOutOutage<T>(step: () => Promise<T>, options: WaitOutOutageOptions): Promise<T> {
  let delay = options.initialDelayMs ?? 200;
  const maxDelay = options.maxDelayMs ?? 5000;
  let waitingSince = 0;
  for (;;) {
    try {
      const value = await step();
      if (waitingSince) options.log(`${options.what}: database back after ${((Date.now() - waitingSince) / 1000).toFixed(1)} s`);
      return value;
    } catch (error) {
      // The one outage classifier the API's 503s use too: Postgres, Redis or a socket failure.
      if (!classifyBackendOutage(error)) throw error;
      const now = Date.now();
      if (now >= options.deadline) {
        throw new OutageDeadlineError(`${options.what}: the database stayed unreachable until the deadline`, { cause: error });
      }
      if (!waitingSince) {
        waitingSince = now;
        options.log(`${options.what}: database unreachable, waiting for it`, error);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(delay, options.deadline - now)));
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}

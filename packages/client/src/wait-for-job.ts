/**
 * Waits for a job to succeed or fail, as promptly as the server allows (telling its progress as it
 * moves, stage by stage, to `onProgress`): on its event stream
 * (GET /v1/jobs/{id}/events, every change as it happens), read again if the connection drops;
 * where no stream can be had (a proxy that buffers, an older server), by long polls
 * (`Prefer: wait=N`), and where the server does not hold those, by polls at the contract's interval.
 * 429 and 503 are waited out as long as Retry-After asks (doubling our own wait when it does not
 * say); it gives up at the deadline (300 s by default, the contract's recommendation).
 */
import { TERMINAL_STATUSES, type JobObject, type RigEngine } from '@rigforge/contracts/wire';
import { clientError, RigforgeClientError } from './client-error';
import { progressReporter, type OnJobProgress } from './job-progress';
import { JOB_DEADLINE_MS, pollIntervalMs } from './poll-interval';
import { sleep as timerSleep, type RigforgeClient } from './rigforge-client';

export interface WaitForJobOptions {
  /** The rig engine when known (a create response says it); Pro rigs are polled less often. */
  engine?: RigEngine;
  /** Give up after this long; default 300 s. */
  deadlineMs?: number;
  /** Overrides the contract's interval of plain polls (tests, or a caller with its own schedule). */
  intervalMs?: number;
  /** `false`: never open the event stream (long polls, then plain polls). Default true. */
  stream?: boolean;
  signal?: AbortSignal;
  /** Called with every state of the job seen (each event or poll), terminal or not. */
  onPoll?: (job: JobObject, elapsedMs: number) => void | Promise<void>;
  /**
   * Called when the job's status, stage or progress (0..1) moves, with the three read from the job
   * (its first state included): what a progress bar or a status line shows.
   */
  onProgress?: OnJobProgress;
  /** How to wait between polls; default a timer (tests pass one that records the waits). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const RETRYABLE = new Set(['rate_limited', 'backend_unavailable', 'internal_error', 'network_error', 'timeout']);
/** Errors after which no other way of waiting can do better: the caller must act. */
const FINAL_STATUSES = new Set([400, 401, 402]);
/** The longest `Prefer: wait` the API holds (its contract: 0-60 s). */
const MAX_PREFER_WAIT_S = 60;
/** Stream connections that end without a terminal event before we stop trying it. */
const MAX_STREAM_DROPS = 3;

/** Resolves with the terminal job (succeeded or failed); throws `timeout` at the deadline. */
export async function waitForJob(client: RigforgeClient, id: string, options: WaitForJobOptions = {}): Promise<JobObject> {
  const started = Date.now();
  const deadlineMs = options.deadlineMs ?? JOB_DEADLINE_MS;
  const remaining = () => deadlineMs - (Date.now() - started);
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => timerSleep(ms, signal, 'waitForJob'));
  let last: JobObject | undefined;
  const reportProgress = progressReporter(options.onProgress);
  const seen = async (job: JobObject): Promise<boolean> => {
    last = job;
    const elapsedMs = Date.now() - started;
    await options.onPoll?.(job, elapsedMs);
    await reportProgress(job, elapsedMs);
    return TERMINAL_STATUSES.includes(job.status);
  };
  const timedOut = () =>
    clientError({ code: 'timeout', message: `job ${id} did not finish within ${Math.round(deadlineMs / 1000)} s (last status: ${last?.status ?? 'unknown'})` });

  if (options.stream !== false) {
    for (let drops = 0; drops < MAX_STREAM_DROPS && remaining() > 0; ) {
      const deadline = AbortSignal.timeout(Math.max(1, remaining()));
      const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
      try {
        for await (const job of client.events(id, { signal, maxRetries: 0 })) {
          if (await seen(job)) return job;
        }
        drops++; // the connection ended before the job did: read the stream again
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (remaining() <= 0) throw timedOut();
        if (error instanceof RigforgeClientError && error.status !== undefined && FINAL_STATUSES.has(error.status)) throw error;
        break; // no stream to be had here: poll instead
      }
    }
  }

  let backoffMs = 1_000;
  for (;;) {
    if (remaining() <= 0) throw timedOut();
    let waitMs: number;
    const holdS = Math.min(MAX_PREFER_WAIT_S, Math.floor(remaining() / 1000));
    const asked = Date.now();
    try {
      const job = await client.getJob(id, {
        signal: options.signal,
        maxRetries: 0,
        ...(holdS >= 1 ? { headers: { prefer: `wait=${holdS}` }, timeoutMs: (holdS + 10) * 1000 } : {}),
      });
      backoffMs = 1_000;
      if (await seen(job)) return job;
      // A held answer came back at its time: ask again at once. One that came back early was not
      // held (the server ignores Prefer): wait the contract's interval between plain polls.
      const held = holdS >= 1 && Date.now() - asked >= (holdS - 1) * 1000;
      waitMs = held ? 0 : (options.intervalMs ?? pollIntervalMs(job.operation, options.engine));
    } catch (error) {
      if (!(error instanceof RigforgeClientError) || !RETRYABLE.has(error.code)) throw error;
      waitMs = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoffMs;
      backoffMs = Math.min(backoffMs * 2, 30_000);
    }
    if (remaining() <= 0) throw timedOut();
    if (waitMs > 0) await sleep(Math.min(waitMs, remaining()), options.signal);
  }
}

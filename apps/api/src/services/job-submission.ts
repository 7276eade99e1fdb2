/** Accepting a job in the one safe order (slot, capture, store while reserving and inserting, enqueue) shared by every submission route. */
import { randomUUID } from 'node:crypto';
import { reserveJob, withdrawJob, type Db } from '@rigforge/db';
import type { ServiceMetrics } from '@rigforge/observability';
import type { JobQueues, QueueName } from '@rigforge/queue';
import type { TypedJobParams } from '@rigforge/contracts';
import { jobInputKey, type ObjectStorage } from '@rigforge/storage';
import { ApiError } from '../errors/api-error';
import { backendUnavailable } from '../errors/backend-unavailable';
import type { BackendAvailability } from './backend-availability';
import { claimLostError, type IdempotencyClaim } from './idempotency';

export interface JobSubmissionDeps {
  db: Db;
  storage: ObjectStorage;
  queues: JobQueues;
  availability: BackendAvailability;
  /** Counts credits reserved and refunded; optional so scripts can submit without metrics. */
  metrics?: ServiceMetrics;
}

/** What a route hands `submitJob` once its input is captured and checked. */
export interface SubmitJobInput<J extends TypedJobParams = TypedJobParams> {
  /** The job's id, chosen by the route (`newJobId`) so attachment keys in its params can name it. */
  id: string;
  accountId: string;
  /** The operation and its params, typed by the operation's schema in @rigforge/contracts. */
  job: J;
  engine: string;
  /** Either bytes to store as the job's input, or the key of an object we already own. */
  input: { bytes: Uint8Array; extension: string; contentType: string } | { existingKey: string };
  /** Extra captured objects (e.g. an animation clip) at the keys the params name for them. */
  attachments?: { key: string; bytes: Uint8Array; contentType: string }[];
  credits: number;
  requiresPro: boolean;
  /** The request's claimed Idempotency-Key, bound to the job in the statement that inserts it. */
  idempotency?: IdempotencyClaim;
}

/** A new job's id; the route takes it first so the keys of its attachments can be put in its params. */
export function newJobId(): string {
  return randomUUID();
}

/**
 * Accepts a job: takes a queue slot first, then runs `prepare` (the route's download and upload
 * check of the input) while holding it, stores the input while it reserves credits and inserts the
 * row in one statement, then enqueues it. The slot comes first so a full queue (or a queue no worker
 * serves) is a 503 before any byte is downloaded or any mesh or image is read: under overload the
 * API refuses cheaply instead of parsing uploads it would refuse anyway. If the enqueue fails, the
 * job is withdrawn (deleted and refunded) in the same request and the client gets a 503, so nothing
 * is charged for work that never starts and no job the client never got an id for is listed.
 *
 * Whatever fails after the input is stored (storage, Postgres, Redis), the stored objects are
 * deleted before the error propagates, unless a job row that may still run points at them (the
 * enqueue failed and so did failing the row: the worker's sweeper re-queues that job later).
 */
export async function submitJob<J extends TypedJobParams>(
  deps: JobSubmissionDeps,
  queue: QueueName,
  prepare: () => SubmitJobInput<J> | Promise<SubmitJobInput<J>>,
  /**
   * The request's rate-limit verdict when its count is still in flight (`rateLimitPassed`): resolves
   * if the request may go on, rejects with its 429 or 503. The slot is asked for meanwhile, and
   * nothing is prepared, stored or charged before both are in (see `admitWhenPassed`).
   */
  passed?: Promise<void>,
): Promise<{ id: string; createdAt: Date; job: J }> {
  const slot = await admitWhenPassed(deps.availability, queue, passed);
  const stored: string[] = [];
  let keepInputs = false;
  try {
    const input = await prepare();
    const { id } = input;
    let inputKey: string;
    const writes: Promise<void>[] = [];
    if ('existingKey' in input.input) {
      inputKey = input.input.existingKey;
    } else {
      inputKey = jobInputKey(id, input.input.extension);
      stored.push(inputKey); // before the write: a write cut short may still leave a file
      writes.push(deps.storage.put(inputKey, input.input.bytes, input.input.contentType));
    }
    for (const attachment of input.attachments ?? []) {
      stored.push(attachment.key);
      writes.push(deps.storage.put(attachment.key, attachment.bytes, attachment.contentType));
    }

    // The objects are written while Postgres reserves the credits and inserts the row: one wait
    // instead of two in a row (a storage trip, local or S3, then a statement). Nothing can run the
    // job before it is enqueued below, and that waits for both. If a write fails after the row was
    // inserted, the row is withdrawn (deleted and refunded) as for a failed enqueue, and the write's
    // error is the answer, as when the write came first and the statement never ran.
    const [written, reserved] = await Promise.allSettled([
      Promise.all(writes),
      reserveJob(deps.db, {
        id,
        accountId: input.accountId,
        operation: input.job.operation,
        queue,
        engine: input.engine,
        params: input.job.params,
        inputKey,
        credits: input.credits,
        requiresPro: input.requiresPro,
        idempotency: input.idempotency,
      }),
    ]);
    if (written.status === 'rejected') {
      if (reserved.status === 'fulfilled' && reserved.value.outcome === 'created') {
        deps.metrics?.creditsReserved.inc({ queue }, input.credits);
        // If Postgres is down too, the row stays queued; the sweeper re-queues it and the worker
        // fails it for its missing input.
        const withdrawn = await withdrawJob(deps.db, id).catch(() => null);
        if (withdrawn?.refunded) deps.metrics?.creditsRefunded.inc({ queue }, withdrawn.refunded);
      }
      throw written.reason;
    }
    if (reserved.status === 'rejected') throw reserved.reason;
    const result = reserved.value;
    if (result.outcome === 'claim_lost') throw claimLostError(input.idempotency?.key ?? '');
    if (result.outcome !== 'created') throw reservationError(result.outcome, input.credits);
    deps.metrics?.creditsReserved.inc({ queue }, input.credits);

    try {
      await deps.queues.enqueue(queue, id);
    } catch {
      // The row exists and is charged. Withdrawing it deletes it and refunds; if Postgres is down
      // too, the row stays queued and the sweeper re-queues it, so its inputs must stay.
      keepInputs = true;
      const withdrawn = await withdrawJob(deps.db, id);
      if (withdrawn?.refunded) deps.metrics?.creditsRefunded.inc({ queue }, withdrawn.refunded);
      // Not queued any more means a worker got it after all: it runs, and needs its inputs.
      keepInputs = withdrawn === null;
      throw backendUnavailable(`${queue}: the job queue is unreachable; retry with backoff`);
    }
    return { id, createdAt: result.createdAt, job: input.job };
  } catch (error) {
    if (!keepInputs) await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    // Not awaited: the answer does not wait for Redis to drop the slot. Until the release lands the
    // job is counted twice (in the queue and as a slot), which errs towards refusing, as the time
    // between reserve and enqueue already does. A lost release (Redis down) only holds the slot
    // until it expires.
    void slot.release().catch(() => undefined);
  }
}

/**
 * Takes the queue slot while the request's rate-limit count is in flight: the two Redis trips are
 * one wait instead of two in a row (issue 25, nineteenth wave: at half of peak, where nothing
 * batches, each wait in a row is a wake-up of a starved process and the submission's CPU grows
 * with them). The answers keep their precedence: a refusal of the count (429, or 503 when the limit
 * cannot be counted) wins over a full queue's 503, as when the count was awaited first, and a slot
 * taken for a refused request is released at once (until then it errs towards refusing others, as
 * every held slot does).
 */
async function admitWhenPassed(
  availability: BackendAvailability,
  queue: QueueName,
  passed: Promise<void> | undefined,
): Promise<{ release: () => Promise<void> }> {
  if (!passed) return availability.admit(queue);
  const [slot, verdict] = await Promise.allSettled([availability.admit(queue), passed]);
  if (verdict.status === 'rejected') {
    if (slot.status === 'fulfilled') void slot.value.release().catch(() => undefined);
    throw verdict.reason;
  }
  if (slot.status === 'rejected') throw slot.reason;
  return slot.value;
}

function reservationError(
  outcome: 'account_missing' | 'subscription_required' | 'plan_required' | 'insufficient_credits',
  credits: number,
): ApiError {
  switch (outcome) {
    case 'subscription_required':
      return new ApiError('subscription_required', 'billing: an active Standard or Pro subscription is required');
    case 'plan_required':
      return new ApiError('plan_required', 'billing: the pro engine requires the Pro plan', { param: 'engine' });
    case 'insufficient_credits':
      return new ApiError('insufficient_credits', `billing: the balance does not cover the ${credits} credits this job costs`);
    case 'account_missing':
      return new ApiError('unauthorized', 'auth: the account of this key no longer exists');
  }
}

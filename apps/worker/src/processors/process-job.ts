/**
 * What a worker does with one delivery of a job, for every queue:
 *   1. mark processing (conditional: a terminal job is left alone, a duplicate delivery is harmless)
 *   2. a result an earlier delivery stored but could not record is recorded now, not recomputed
 *   3. read the captured input from object storage
 *   4. run the queue's engine under what is left of the job's deadline
 *   5. write outputs to fixed keys (a retry overwrites), then the result record, mark succeeded
 * Bad input and timeouts fail the job once (refunded, not retried); transient faults (storage, an
 * engine crash) are retried by BullMQ with backoff, and the last attempt fails the job. A database
 * outage spends no attempt: every status write waits it out (see wait-out-outage.ts) until the
 * job's deadline plus a grace; past that, the sweeper settles the job when the database is back.
 */
import { UnrecoverableError, type Job as BullJob } from 'bullmq';
import { jobPayloadSchema, type JobPayload, type QueueName } from '@rigforge/queue';
import { failJob, markJobProcessing, markJobSucceeded, type Db } from '@rigforge/db';
import type { ServiceMetrics } from '@rigforge/observability';
import { isEngineError } from '@rigforge/mesh';
import { JOB_CANCELED_MESSAGE, parseJobParams, type JobFailure, type TypedJobParams } from '@rigforge/contracts';
import { jobOutputKey, readSavedJobResult, saveJobResult, type ObjectStorage, type SavedJobResult } from '@rigforge/storage';
import type { EngineInput } from '../engines/engine';
import type { AnnounceStage, AnnounceStatus } from '../announce-status';
import type { EnginePool } from '../engines/engine-pool';
import type { EngineRegistry } from '../engines/engine-registry';
import { EngineCanceledError, EngineTimeoutError, runEngine } from '../engines/run-engine';
import type { JobCancels } from '../job-cancels';
import { jobDeadline, OVERDUE_GRACE_MS } from '../job-deadline';
import { observeJob } from './job-metrics';
import { settleAbandonedJob } from './settle-abandoned-job';
import { createStageRecorder } from './stage-recorder';
import { OutageDeadlineError, waitOutOutage } from './wait-out-outage';

export interface ProcessJobDeps {
  db: Db;
  storage: ObjectStorage;
  registry: EngineRegistry;
  queue: QueueName;
  /** Threads for CPU-bound engines; null when the queue's engine runs in the main thread. */
  pool: EnginePool | null;
  timeoutMs: number;
  log: (message: string, error?: unknown) => void;
  /** Publishes each status this processor writes (after the write committed). */
  announce: AnnounceStatus;
  /** Publishes each engine stage this processor records (after the write committed). */
  announceStage?: AnnounceStage;
  /** Where cancel requests for running jobs arrive. */
  cancels: JobCancels;
  metrics?: ServiceMetrics;
}

export function createJobProcessor(deps: ProcessJobDeps) {
  return async (bullJob: BullJob<JobPayload>): Promise<void> => {
    const payload = jobPayloadSchema.safeParse(bullJob.data);
    if (!payload.success) throw new UnrecoverableError('worker: malformed job payload');
    const { jobId } = payload.data;
    const lastAttempt = bullJob.attemptsMade + 1 >= (bullJob.opts.attempts ?? 1);
    const timeoutMessage = `the job ran past its ${deps.timeoutMs / 1000} s deadline`;
    // Registered before the job is marked processing, so a cancel between the two is not missed.
    const cancel = deps.cancels.register(jobId);

    try {
      // The deadline starts with the job, so before it starts one deadline's length is the bound.
      const row = await waitOutOutage(() => markJobProcessing(deps.db, jobId), {
        deadline: Date.now() + deps.timeoutMs,
        what: `job ${jobId}: mark processing`,
        log: deps.log,
      });
      if (!row) return; // already terminal: a duplicate or late delivery, or canceled while queued
      await deps.announce(jobId, 'processing', row.params);
      const deadline = jobDeadline(row.startedAt ?? new Date(), deps.timeoutMs);
      const record = <T>(what: string, step: () => Promise<T>) =>
        waitOutOutage(step, { deadline: deadline + OVERDUE_GRACE_MS, what: `job ${jobId}: ${what}`, log: deps.log });
      const observed = observeJob(deps.metrics, deps.queue, row);
      // The row is failed and refunded first (Postgres is the record); then the BullMQ job fails
      // too, without retries, so BullMQ's counts, events and dashboards tell the truth.
      const fail = async (failure: JobFailure): Promise<never> => {
        // Conditional: only the write that changed the row announces (a canceled job stays as it is).
        const failed = await record(failure.code === 'timeout' ? 'mark timed out' : 'mark failed', () => failJob(deps.db, jobId, failure));
        observed.failed(failed);
        if (failed) await deps.announce(jobId, 'failed', row.params);
        throw new RecordedJobFailure(failure);
      };
      const succeed = async (what: string, step: () => Promise<boolean>) => {
        if (await record(what, step)) await deps.announce(jobId, 'succeeded', row.params);
        observed.succeeded();
      };

      const saved = await readSavedJobResult(deps.storage, jobId);
      if (saved) {
        await succeed('record the stored result', () => markJobSucceeded(deps.db, jobId, { files: saved.files }, saved.report));
        return;
      }
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0) {
        return await fail({ code: 'timeout', message: timeoutMessage });
      }
      const engine = deps.registry.get(deps.queue);
      if (!engine) {
        const failure: JobFailure = { code: 'engine_unavailable', message: `no engine serves ${deps.queue} in this deployment; the credits were refunded` };
        return await fail(failure);
      }

      let job: TypedJobParams;
      try {
        job = parseJobParams(row.operation, row.params);
      } catch (error) {
        // Params the API wrote that this worker cannot read (a version skew or a bug): no retry can
        // fix them, so the job fails at once and is refunded, with the field named in the log.
        deps.log(`job ${jobId}: unreadable params`, error);
        const failure: JobFailure = { code: 'internal_error', message: 'the job parameters could not be read by the worker; the credits were refunded' };
        return await fail(failure);
      }
      const input = await deps.storage.get(row.inputKey);
      const attachments: EngineInput['attachments'] = {};
      if (job.operation === 'rig' && job.params.animation) attachments.animation = await deps.storage.get(job.params.animation.key);

      const started = Date.now();
      // Each stage the engine enters is written to the row and announced, behind the engine.
      const stages = createStageRecorder(deps, { id: jobId, operation: row.operation });
      let result;
      try {
        result = await runEngine(engine, { input, job, attachments }, { pool: deps.pool, timeoutMs: remainingMs, signal: cancel.signal, onStage: stages.onStage });
      } catch (error) {
        // The stage it failed in is on the row before the failure is (a late stage write cannot follow it).
        await stages.settled();
        if (isEngineError(error)) {
          const failure: JobFailure = { code: error.code, message: error.message };
          observed.engineError(error.code);
          return await fail(failure);
        }
        if (error instanceof EngineTimeoutError) {
          observed.engineError('timeout');
          return await fail({ code: 'timeout', message: timeoutMessage });
        }
        if (error instanceof EngineCanceledError) {
          // The API already failed and refunded it; this write only covers a row it could not reach.
          return await fail({ code: 'canceled', message: JOB_CANCELED_MESSAGE });
        }
        throw error;
      }

      await stages.settled();
      const files: SavedJobResult['files'] = [];
      for (const file of result.files) {
        const key = jobOutputKey(jobId, file.type, file.format);
        await deps.storage.put(key, file.bytes, file.contentType);
        files.push({ type: file.type, format: file.format, key, bytes: file.bytes.byteLength });
      }
      if (!files.some((f) => f.type === 'model')) {
        const failure: JobFailure = { code: 'engine_error', message: `${engine.name}: the engine produced no model` };
        observed.engineError(failure.code);
        return await fail(failure);
      }
      const report = { engine: engine.name, engineMs: Date.now() - started, ...result.report };
      await saveJobResult(deps.storage, jobId, { files, report });
      await succeed('mark succeeded', () => markJobSucceeded(deps.db, jobId, { files }, report));
    } catch (error) {
      if (error instanceof RecordedJobFailure) throw error;
      if (error instanceof OutageDeadlineError) {
        // The database stayed down past the deadline: another attempt cannot do better. The row is
        // settled by the sweeper (a stored result recorded, otherwise failed and refunded).
        deps.log(`job ${jobId}: left to the sweeper`, error);
        throw new UnrecoverableError(error.message);
      }
      deps.log(`job ${jobId} attempt ${bullJob.attemptsMade + 1} failed`, error);
      if (lastAttempt) {
        const failure: JobFailure = { code: 'internal_error', message: 'the job failed after several attempts; the credits were refunded' };
        await waitOutOutage(() => settleAbandonedJob(deps, jobId, failure), {
          deadline: Date.now() + deps.timeoutMs,
          what: `job ${jobId}: mark failed`,
          log: deps.log,
        }).catch((markError: unknown) => deps.log(`job ${jobId}: could not mark failed`, markError));
        throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      }
      throw error;
    } finally {
      cancel.release();
    }
  };
}

/**
 * A job failure already recorded in Postgres (row failed, credits refunded), thrown so BullMQ fails
 * its job as well; unrecoverable, so BullMQ does not retry it.
 */
export class RecordedJobFailure extends UnrecoverableError {
  constructor(readonly failure: JobFailure) {
    super(`${failure.code}: ${failure.message}`);
    this.name = 'RecordedJobFailure';
  }
}

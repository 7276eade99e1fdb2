/**
 * What a worker does with one delivery of a job, for every queue:
 *   1. mark processing (conditional: a terminal job is left alone, a duplicate delivery is harmless)
 *   2. read the captured input from object storage
 *   3. run the queue's engine under what is left of the job's deadline
 *   4. write outputs to fixed keys (a retry overwrites), mark succeeded
 * Bad input and timeouts fail the job once (refunded, not retried); transient faults (storage,
 * database, an engine crash) are retried by BullMQ with backoff, and the last attempt fails the job.
 */
import { UnrecoverableError, type Job as BullJob } from 'bullmq';
import { jobPayloadSchema, type JobPayload, type QueueName } from '@rigforge/queue';
import { markJobFailed, markJobProcessing, markJobSucceeded, type Db } from '@rigforge/db';
import { isEngineError } from '@rigforge/mesh';
import type { ObjectStorage } from '@rigforge/storage';
import type { EnginePool } from '../engines/engine-pool';
import type { EngineRegistry } from '../engines/engine-registry';
import { EngineTimeoutError, runEngine } from '../engines/run-engine';

export interface ProcessJobDeps {
  db: Db;
  storage: ObjectStorage;
  registry: EngineRegistry;
  queue: QueueName;
  /** Threads for CPU-bound engines; null when the queue's engine runs in the main thread. */
  pool: EnginePool | null;
  timeoutMs: number;
  log: (message: string, error?: unknown) => void;
}

export function createJobProcessor(deps: ProcessJobDeps) {
  return async (bullJob: BullJob<JobPayload>): Promise<void> => {
    const payload = jobPayloadSchema.safeParse(bullJob.data);
    if (!payload.success) throw new UnrecoverableError('worker: malformed job payload');
    const { jobId } = payload.data;
    const lastAttempt = bullJob.attemptsMade + 1 >= (bullJob.opts.attempts ?? 1);

    try {
      const row = await markJobProcessing(deps.db, jobId);
      if (!row) return; // already terminal: a duplicate or late delivery
      const remainingMs = deps.timeoutMs - (Date.now() - (row.startedAt ?? new Date()).getTime());
      if (remainingMs <= 0) {
        await markJobFailed(deps.db, jobId, { code: 'timeout', message: `the job ran past its ${deps.timeoutMs / 1000} s deadline` });
        return;
      }
      const engine = deps.registry.get(deps.queue);
      if (!engine) {
        await markJobFailed(deps.db, jobId, {
          code: 'engine_unavailable',
          message: `no engine serves ${deps.queue} in this deployment; the credits were refunded`,
        });
        return;
      }

      const params = (row.params ?? {}) as Record<string, unknown>;
      const input = await deps.storage.get(row.inputKey);
      const attachments: Record<string, Uint8Array> = {};
      for (const [name, key] of Object.entries(params)) {
        if (name.endsWith('_key') && typeof key === 'string') attachments[name.slice(0, -4)] = await deps.storage.get(key);
      }

      const started = Date.now();
      let result;
      try {
        result = await runEngine(engine, { input, params, attachments }, { pool: deps.pool, timeoutMs: remainingMs });
      } catch (error) {
        if (isEngineError(error)) {
          await markJobFailed(deps.db, jobId, { code: error.code, message: error.message });
          return;
        }
        if (error instanceof EngineTimeoutError) {
          await markJobFailed(deps.db, jobId, { code: 'timeout', message: `the job ran past its ${deps.timeoutMs / 1000} s deadline` });
          return;
        }
        throw error;
      }

      const files = [];
      for (const file of result.files) {
        const key = `jobs/${jobId}/output/${file.type}.${file.format}`;
        await deps.storage.put(key, file.bytes, file.contentType);
        files.push({ type: file.type, format: file.format, key, bytes: file.bytes.byteLength });
      }
      if (!files.some((f) => f.type === 'model')) {
        await markJobFailed(deps.db, jobId, { code: 'engine_error', message: `${engine.name}: the engine produced no model` });
        return;
      }
      await markJobSucceeded(deps.db, jobId, { files }, { engine: engine.name, engineMs: Date.now() - started, ...result.report });
    } catch (error) {
      deps.log(`job ${jobId} attempt ${bullJob.attemptsMade + 1} failed`, error);
      if (lastAttempt) {
        await markJobFailed(deps.db, jobId, {
          code: 'internal_error',
          message: 'the job failed after several attempts; the credits were refunded',
        }).catch((markError: unknown) => deps.log(`job ${jobId}: could not mark failed`, markError));
        throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  };
}

/**
 * Records the stages a job's engine reports as it runs: each stage becomes one conditional UPDATE
 * of the job row (its `stage` and the `progress` the stage stands for), then one message on the
 * status channel, so the job's event stream shows it. The engine never waits for this: the writes
 * run one at a time behind it, and when the engine moves on faster than a write takes, only the
 * latest stage is written (no write storm, at most one write per stage). A failed write is logged
 * and dropped: progress is for show, the job's outcome never depends on it.
 */
import { stageProgress, type JobOperation, type JobStage } from '@rigforge/contracts';
import { markJobStage, type Db } from '@rigforge/db';
import type { AnnounceStage } from '../announce-status';

export interface StageRecorder {
  /** The engine entered `stage` (returns at once). */
  onStage: (stage: JobStage) => void;
  /** Resolves once every stage reported so far is written (or dropped); never rejects. */
  settled: () => Promise<void>;
}

export interface StageRecorderDeps {
  db: Db;
  announceStage?: AnnounceStage;
  log: (message: string, error?: unknown) => void;
}

export function createStageRecorder(deps: StageRecorderDeps, job: { id: string; operation: JobOperation }): StageRecorder {
  let pending: JobStage | undefined;
  let running: Promise<void> = Promise.resolve();
  let writing = false;

  const drain = async (): Promise<void> => {
    writing = true;
    try {
      while (pending !== undefined) {
        const stage = pending;
        pending = undefined;
        const progress = stageProgress(job.operation, stage);
        if (progress === undefined) {
          deps.log(`job ${job.id}: the engine reported stage "${stage}", not one of ${job.operation}'s; not recorded`);
          continue;
        }
        try {
          if (await markJobStage(deps.db, job.id, stage, progress)) await deps.announceStage?.(job.id, stage);
        } catch (error) {
          deps.log(`job ${job.id}: could not record stage ${stage}`, error);
        }
      }
    } finally {
      writing = false;
    }
  };

  return {
    onStage(stage) {
      pending = stage;
      if (!writing) running = drain();
    },
    settled: () => running,
  };
}

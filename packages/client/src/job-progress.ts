/**
 * A job's progress as the client reports it (`onProgress` of waitForJob, run and events): the
 * status, the engine stage and the share done, read from the job object. A server that predates
 * `progress` sends none: the share is then 0 until the job succeeds (1).
 */
import type { JobObject, JobStage, JobStatus } from '@rigforge/contracts/wire';

export interface JobProgress {
  id: string;
  status: JobStatus;
  /** The engine stage a processing job is in (a failed job: the stage it failed in); absent otherwise. */
  stage?: JobStage;
  /** 0..1: 0 while queued, rising once per stage, 1 once succeeded; never decreases. */
  progress: number;
  /** Milliseconds since the wait began. */
  elapsedMs: number;
  /** The job object the progress was read from. */
  job: JobObject;
}

export type OnJobProgress = (progress: JobProgress) => void | Promise<void>;

/** The progress of a job object (the share defaults for servers that do not send it). */
export function jobProgressOf(job: JobObject, elapsedMs = 0): JobProgress {
  const progress = job.progress ?? (job.status === 'succeeded' ? 1 : 0);
  return { id: job.id, status: job.status, ...(job.stage ? { stage: job.stage } : {}), progress, elapsedMs, job };
}

/**
 * Calls `onProgress` when what a job shows moved (its status, stage or share), not for every read
 * of an unchanged job: a poll that repeats the last answer reports nothing. The share reported
 * never goes back (a read from a lagging replica cannot make a bar jump backwards).
 */
export function progressReporter(onProgress: OnJobProgress | undefined): (job: JobObject, elapsedMs: number) => Promise<void> {
  let last: string | undefined;
  let highest = 0;
  return async (job, elapsedMs) => {
    if (!onProgress) return;
    const now = jobProgressOf(job, elapsedMs);
    now.progress = Math.max(highest, now.progress);
    const key = `${now.status} ${now.stage ?? ''} ${now.progress}`;
    if (key === last) return;
    last = key;
    highest = now.progress;
    await onProgress(now);
  };
}

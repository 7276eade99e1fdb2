/**
 * Tells everyone listening that a job's status changed, once the write has committed: API
 * replicas holding `Prefer: wait` or a status stream hear it through Redis, and the job's webhook
 * is queued when it asked for the event. Never throws and never waits long: the status is already
 * recorded in Postgres, and a listener that misses the message re-reads the row.
 */
import type { JobStage, JobStatus } from '@rigforge/contracts';
import { findJob, type Db } from '@rigforge/db';
import { announceJobStage, announceJobStatus, type Redis, type WebhookQueue } from '@rigforge/queue';

/** `params`: the job's stored params when the caller has them (else they are read). */
export type AnnounceStatus = (jobId: string, status: JobStatus, params?: unknown) => Promise<void>;

export interface StatusAnnouncerOptions {
  /** A fail-fast (producer) connection, so an outage cannot hold up a job's completion. */
  redis: Redis;
  prefix: string;
  webhooks: WebhookQueue;
  db: Db;
  log: (message: string, error?: unknown) => void;
}

export function createStatusAnnouncer(options: StatusAnnouncerOptions): AnnounceStatus {
  return async (jobId, status, params) => {
    const known = params !== undefined ? params : (await findJob(options.db, jobId).catch(() => null))?.params;
    await announceJobStatus(options, { id: jobId, status, params: known });
  };
}

/** Tells listeners the engine stage a processing job entered, once it is recorded (no webhook has a stage event). */
export type AnnounceStage = (jobId: string, stage: JobStage) => Promise<void>;

export function createStageAnnouncer(options: Pick<StatusAnnouncerOptions, 'redis' | 'prefix' | 'log'>): AnnounceStage {
  return (jobId, stage) => announceJobStage(options, { id: jobId, stage });
}

/**
 * Tells everyone listening that a job's status changed (API replicas holding `Prefer: wait` or a
 * status stream), once the write has committed. Never throws and never waits long: the status is
 * already recorded in Postgres, and a listener that misses the message re-reads the row.
 */
import type { Redis } from '@rigforge/queue';
import type { JobStatus } from '@rigforge/contracts';
import { publishJobStatus } from '@rigforge/queue';

export type AnnounceStatus = (jobId: string, status: JobStatus) => Promise<void>;

export interface StatusAnnouncerOptions {
  /** A fail-fast (producer) connection, so an outage cannot hold up a job's completion. */
  redis: Redis;
  prefix: string;
  log: (message: string, error?: unknown) => void;
}

export function createStatusAnnouncer(options: StatusAnnouncerOptions): AnnounceStatus {
  return async (jobId, status) => {
    await publishJobStatus(options.redis, options.prefix, { jobId, status }).catch((error: unknown) =>
      options.log(`job ${jobId}: could not announce status ${status}`, error),
    );
  };
}

/** For callers that announce nothing (tests of the sweeper, scripts). */
export const announceNothing: AnnounceStatus = async () => undefined;

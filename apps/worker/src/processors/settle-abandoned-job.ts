/**
 * Ends a job that no worker will finish (its BullMQ job failed for good, it stalled past the limit,
 * or it ran past its deadline): a result already in storage is recorded as a success; otherwise the
 * job fails with `failure` and is refunded. Both writes are conditional, so settling a job twice,
 * from several workers at once, or after it finished changes nothing.
 */
import { failJob, markJobSucceeded, type Db } from '@rigforge/db';
import type { JobFailure } from '@rigforge/contracts';
import type { ServiceMetrics } from '@rigforge/observability';
import { readSavedJobResult, type ObjectStorage } from '@rigforge/storage';
import type { AnnounceStatus } from '../announce-status';
import { countRefund } from './job-metrics';


export type SettleOutcome = 'succeeded' | 'failed' | 'unchanged';

export async function settleAbandonedJob(
  deps: { db: Db; storage: ObjectStorage; announce?: AnnounceStatus; metrics?: ServiceMetrics },
  jobId: string,
  failure: JobFailure,
): Promise<SettleOutcome> {
  const saved = await readSavedJobResult(deps.storage, jobId);
  let outcome: SettleOutcome;
  if (saved) {
    outcome = (await markJobSucceeded(deps.db, jobId, { files: saved.files }, saved.report)) ? 'succeeded' : 'unchanged';
  } else {
    const failed = await failJob(deps.db, jobId, failure);
    countRefund(deps.metrics, failed);
    outcome = failed ? 'failed' : 'unchanged';
  }
  if (outcome !== 'unchanged') await deps.announce?.(jobId, outcome);
  return outcome;
}

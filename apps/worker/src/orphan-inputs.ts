/**
 * Deletes captured inputs no job refers to. The API deletes a failed submission's inputs itself,
 * but an input stored just before the API crashed (or lost Postgres for good) has no job row and
 * nobody left to delete it. Every input key names its job (storage's job-objects layout), so an
 * input older than the grace period whose job id has no row is an orphan. The grace covers a
 * submission between storing its input and inserting its row (milliseconds; seconds when
 * Postgres is slow), and it is measured from the object's last write.
 */
import { JOB_INPUTS_PREFIX, jobIdOfInputKey } from '@rigforge/storage';
import { startPeriodicSweep } from './periodic-sweep';
import { deleteStrayObjects, type StorageSweepOptions } from './stray-objects';

/** `graceMs`: inputs written more recently than this are left alone, whatever refers to them. */
export type OrphanInputSweepOptions = StorageSweepOptions;

export async function sweepOrphanInputs(options: OrphanInputSweepOptions, now = new Date()): Promise<{ scanned: number; deleted: number }> {
  const referenced = async (keys: string[]): Promise<Set<string>> => {
    const ids = [...new Set(keys.map(jobIdOfInputKey).filter((id): id is string => id !== null))];
    const rows = ids.length ? await options.db.job.findMany({ where: { id: { in: ids } }, select: { id: true } }) : [];
    const known = new Set(rows.map((r) => r.id));
    // A key outside the layout under inputs/ was never a job's (a torn write of an old layout):
    // nothing can refer to it either.
    return new Set(
      keys.filter((key) => {
        const jobId = jobIdOfInputKey(key);
        return jobId !== null && known.has(jobId);
      }),
    );
  };
  const { scanned, deleted } = await deleteStrayObjects(options, JOB_INPUTS_PREFIX, referenced, now);
  if (deleted) options.log(`orphan inputs: deleted ${deleted} of ${scanned} inputs no job refers to`);
  return { scanned, deleted };
}

/** Sweeps every `intervalMs` (0 disables); see periodic-sweep.ts. */
export function startOrphanInputSweeper(options: OrphanInputSweepOptions & { intervalMs: number }): () => Promise<void> {
  return startPeriodicSweep('orphan inputs', options.intervalMs, () => sweepOrphanInputs(options), options.log);
}

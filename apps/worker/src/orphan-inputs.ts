/**
 * Deletes captured inputs no job refers to. The API deletes a failed submission's inputs itself,
 * but an input stored just before the API crashed (or lost Postgres for good) has no job row and
 * nobody left to delete it. Every input key names its job (storage's job-objects layout), so an
 * input older than the grace period whose job id has no row is an orphan. The grace covers a
 * submission between storing its input and inserting its row (milliseconds; seconds when
 * Postgres is slow), and it is measured from the object's last write.
 */
import type { Db } from '@rigforge/db';
import { JOB_INPUTS_PREFIX, jobIdOfInputKey, type ObjectStorage } from '@rigforge/storage';
import { startPeriodicSweep } from './periodic-sweep';

export interface OrphanInputSweepOptions {
  db: Db;
  storage: ObjectStorage;
  /** Inputs written more recently than this are left alone, whatever refers to them. */
  graceMs: number;
  log: (message: string, error?: unknown) => void;
}

/** Job ids are looked up this many at a time. */
const BATCH = 500;

export async function sweepOrphanInputs(options: OrphanInputSweepOptions, now = new Date()): Promise<{ scanned: number; deleted: number }> {
  const cutoff = now.getTime() - options.graceMs;
  let scanned = 0;
  let deleted = 0;
  let batch: Array<{ key: string; jobId: string | null }> = [];
  const flush = async () => {
    const ids = [...new Set(batch.map((b) => b.jobId).filter((id): id is string => id !== null))];
    const rows = ids.length ? await options.db.job.findMany({ where: { id: { in: ids } }, select: { id: true } }) : [];
    const known = new Set(rows.map((r) => r.id));
    for (const { key, jobId } of batch) {
      // A key outside the layout under inputs/ was never a job's (a torn write of an old layout):
      // nothing can refer to it either.
      if (jobId !== null && known.has(jobId)) continue;
      await options.storage.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const object of options.storage.list(JOB_INPUTS_PREFIX)) {
    scanned++;
    if (object.modifiedAt.getTime() > cutoff) continue;
    batch.push({ key: object.key, jobId: jobIdOfInputKey(object.key) });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (deleted) options.log(`orphan inputs: deleted ${deleted} of ${scanned} inputs no job refers to`);
  return { scanned, deleted };
}

/** Sweeps every `intervalMs` (0 disables); see periodic-sweep.ts. */
export function startOrphanInputSweeper(options: OrphanInputSweepOptions & { intervalMs: number }): () => Promise<void> {
  return startPeriodicSweep('orphan inputs', options.intervalMs, () => sweepOrphanInputs(options), options.log);
}

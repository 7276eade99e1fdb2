/**
 * Deletes uploads (POST /v1/uploads) past their lifetime: the object, then the row, so a crash in
 * between leaves a row the next sweep finishes. Jobs captured their own copy of an upload when
 * they were submitted, so nothing a job needs goes with it. Objects under `uploads/` with no row
 * are deleted too once older than the grace: a PUT that finished just as its row was swept, or an
 * account deleted (its rows cascade, its objects do not). The grace covers an upload whose row is
 * being written as its object appears (on S3 the client PUTs straight to the bucket).
 */
import { deleteUploads, findExpiredUploads, findUploadKeys } from '@rigforge/db';
import { UPLOADS_PREFIX } from '@rigforge/storage';
import { startPeriodicSweep } from './periodic-sweep';
import { deleteStrayObjects, STRAY_LOOKUP_BATCH, type StorageSweepOptions } from './stray-objects';

/** `graceMs`: objects under uploads/ with no row are left alone for this long after their last write. */
export type ExpiredUploadSweepOptions = StorageSweepOptions;

/** Rows are deleted this many at a time (stray keys are looked up as many at a time, in stray-objects.ts). */
const BATCH = STRAY_LOOKUP_BATCH;

export async function sweepExpiredUploads(options: ExpiredUploadSweepOptions, now = new Date()): Promise<{ expired: number; strays: number }> {
  const { db, storage } = options;
  let expired = 0;
  for (;;) {
    const rows = await findExpiredUploads(db, now, BATCH);
    for (const row of rows) await storage.delete(row.key);
    expired += await deleteUploads(db, rows.map((r) => r.id));
    if (rows.length < BATCH) break;
  }

  const { deleted: strays } = await deleteStrayObjects(options, UPLOADS_PREFIX, (keys) => findUploadKeys(db, keys), now);
  if (expired || strays) options.log(`uploads: deleted ${expired} expired uploads and ${strays} files no upload refers to`);
  return { expired, strays };
}

/** Sweeps every `intervalMs` (0 disables); see periodic-sweep.ts. */
export function startExpiredUploadSweeper(options: ExpiredUploadSweepOptions & { intervalMs: number }): () => Promise<void> {
  return startPeriodicSweep('uploads', options.intervalMs, () => sweepExpiredUploads(options), options.log);
}

/**
 * What the two storage sweeps share (expired-uploads.ts, orphan-inputs.ts): their options, and the
 * pass over a prefix that deletes every object older than the grace that nothing in the database
 * refers to. The grace covers an object whose row is being written as the object appears, and it
 * is measured from the object's last write.
 */
import type { Db } from '@rigforge/db';
import type { ObjectStorage } from '@rigforge/storage';

export interface StorageSweepOptions {
  db: Db;
  storage: ObjectStorage;
  /** Objects written more recently than this are left alone, whatever refers to them. */
  graceMs: number;
  log: (message: string, error?: unknown) => void;
}

/** Keys are looked up in the database this many at a time. */
export const STRAY_LOOKUP_BATCH = 500;

/**
 * Lists `prefix`, and deletes each object last written before `now - graceMs` whose key is not in
 * the set `referenced` answers for its batch. `scanned` counts every object listed, young or not.
 */
export async function deleteStrayObjects(
  options: Pick<StorageSweepOptions, 'storage' | 'graceMs'>,
  prefix: string,
  referenced: (keys: string[]) => Promise<ReadonlySet<string>>,
  now: Date,
): Promise<{ scanned: number; deleted: number }> {
  const { storage } = options;
  const cutoff = now.getTime() - options.graceMs;
  let scanned = 0;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await referenced(batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await storage.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const object of storage.list(prefix)) {
    scanned++;
    if (object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object.key);
    if (batch.length >= STRAY_LOOKUP_BATCH) await flush();
  }
  if (batch.length) await flush();
  return { scanned, deleted };
}

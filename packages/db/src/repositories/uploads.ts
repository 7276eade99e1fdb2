/** Uploads: who owns an uploaded object, what its PUT must send, and until when it is a source. */
import type { Db } from '../client';
import type { Upload } from '../generated/prisma/client';

export type UploadRow = Upload;

export async function createUpload(db: Db, upload: Omit<UploadRow, 'createdAt'>): Promise<UploadRow> {
  return db.upload.create({ data: upload });
}

/** The upload by id, expired or not (the PUT route tells "expired" from "unknown" itself). */
export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  return db.upload.findUnique({ where: { id } });
}

/** The upload stored under `key`, expired or not. */
export async function findUploadByKey(db: Db, key: string): Promise<UploadRow | null> {
  return db.upload.findUnique({ where: { key } });
}

/** Up to `limit` uploads expired before `now`, oldest first, for the sweep. */
export async function findExpiredUploads(db: Db, now: Date, limit: number): Promise<Pick<UploadRow, 'id' | 'key'>[]> {
  return db.upload.findMany({ where: { expiresAt: { lt: now } }, orderBy: { expiresAt: 'asc' }, take: limit, select: { id: true, key: true } });
}

export async function deleteUploads(db: Db, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return (await db.upload.deleteMany({ where: { id: { in: ids } } })).count;
}

/** Which of `keys` belong to an upload row (the sweep deletes files under uploads/ that none does). */
export async function findUploadKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  return new Set((await db.upload.findMany({ where: { key: { in: keys } }, select: { key: true } })).map((r) => r.key));
}

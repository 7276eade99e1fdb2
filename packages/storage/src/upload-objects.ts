/**
 * The one owner of uploads' place in storage: a file an account uploads (POST /v1/uploads, then a
 * PUT of its bytes) lives at `uploads/<2 hex>/<upload id>`, sharded like captured inputs. The API
 * writes the key into the upload's row and hands out its URL as a source; the worker's sweep
 * deletes it after the row expires.
 */

/** Uploads are private (never served under /files); this prefix marks them. */
export const UPLOADS_PREFIX = 'uploads/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where the bytes of upload `uploadId` (a UUID) are stored. */
export function uploadKey(uploadId: string): string {
  if (!UUID.test(uploadId)) throw new Error(`storage: upload id "${uploadId}" is not a lowercase UUID`);
  return `${UPLOADS_PREFIX}${uploadId.slice(0, 2)}/${uploadId}`;
}

export function isUploadKey(key: string): boolean {
  return key.startsWith(UPLOADS_PREFIX);
}

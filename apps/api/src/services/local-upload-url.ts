/** The API's own upload URL (local storage has no presigned writes), written and checked in one place. */
import { createHash, timingSafeEqual } from 'node:crypto';

/** `PUT ${PUBLIC_BASE_URL}/uploads/<id>?token=<token>`, served by routes/uploads.put.ts. */
export function localUploadUrl(publicBaseUrl: string, id: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/uploads/${id}?token=${encodeURIComponent(token)}`;
}

/** What an upload's row keeps of the PUT token: its sha256, so reading the database gives no PUT access. */
export function uploadTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `token` is the one whose hash the row keeps (constant time). */
export function uploadTokenMatches(token: string, hash: string): boolean {
  const given = Buffer.from(uploadTokenHash(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

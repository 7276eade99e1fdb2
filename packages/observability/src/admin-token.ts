/** The admin token check the API and the worker share, so the operator endpoints are guarded alike. */
import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The verdict on an `Authorization` header for the admin endpoints (/metrics, Bull Board):
 * `missing` (401), `wrong` (403), `disabled` (403: ADMIN_TOKEN is not set, so nothing opens them)
 * or `ok`. Accepts `Bearer <token>` (Prometheus, curl) and HTTP Basic with the token as password
 * (any user name), so a browser can open Bull Board through its own login prompt.
 */
export type AdminTokenVerdict = 'ok' | 'missing' | 'wrong' | 'disabled';

export function checkAdminToken(header: string | undefined, adminToken: string): AdminTokenVerdict {
  if (!adminToken) return 'disabled';
  const given = presentedToken(header);
  if (given === null) return 'missing';
  // Compare digests so the comparison takes the same time whatever the lengths.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(adminToken)) ? 'ok' : 'wrong';
}

function presentedToken(header: string | undefined): string | null {
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  }
  return null;
}

/** What a refused admin request is told, and the status to send. */
export function adminTokenRefusal(verdict: Exclude<AdminTokenVerdict, 'ok'>): { status: 401 | 403; message: string } {
  switch (verdict) {
    case 'missing':
      return { status: 401, message: 'admin: missing Authorization: Bearer <ADMIN_TOKEN> header' };
    case 'wrong':
      return { status: 403, message: 'admin: wrong admin token' };
    case 'disabled':
      return { status: 403, message: 'admin: admin endpoints are disabled; set ADMIN_TOKEN to enable them' };
  }
}

/** Sent with a 401 so a browser opening Bull Board asks for the token (as the password). */
export const ADMIN_AUTH_CHALLENGE = 'Basic realm="rigforge admin", charset="UTF-8"';

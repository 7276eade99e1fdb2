/** Keeps the operator endpoints behind ADMIN_TOKEN, apart from customer API keys. */
import type { RequestHandler } from 'express';
import { ADMIN_AUTH_CHALLENGE, adminTokenRefusal, checkAdminToken } from '@rigforge/observability';
import { ApiError } from '../errors/api-error';

/**
 * Guards the operator endpoints (/metrics, Bull Board) with ADMIN_TOKEN: no token is 401 (with a
 * Basic challenge, so a browser asks for it), a wrong one 403, and so is every request while
 * ADMIN_TOKEN is unset. API keys never open these.
 */
export function adminAuth(adminToken: string): RequestHandler {
  return (req, _res, next) => {
    const verdict = checkAdminToken(req.headers.authorization, adminToken);
    if (verdict === 'ok') return next();
    const refusal = adminTokenRefusal(verdict);
    if (refusal.status === 401) {
      next(new ApiError('unauthorized', refusal.message, { headers: { 'WWW-Authenticate': ADMIN_AUTH_CHALLENGE } }));
    } else {
      next(new ApiError('forbidden', refusal.message));
    }
  };
}

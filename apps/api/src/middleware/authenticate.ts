/** Resolves the request's API key to its account before any /v1 route runs. */
import type { NextFunction, RequestHandler, Response } from 'express';
import { API_KEY_PATTERN, type ActiveApiKey } from '@rigforge/db';
import { ApiError } from '../errors/api-error';
import type { ApiKeyCache } from '../services/api-key-cache';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      accountId: string;
      apiKeyId: string;
    }
  }
}

/** Kept in a constant: a regular-expression literal in the handler is a new RegExp object per request. */
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** `Authorization: Bearer sk_...`; anything missing, malformed, unknown or revoked is 401. */
export function authenticate(keys: ApiKeyCache): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.authorization;
    const match = header ? BEARER.exec(header) : null;
    const key = match?.[1];
    if (!key) {
      next(new ApiError('unauthorized', 'auth: missing Authorization: Bearer <API key> header'));
      return;
    }
    if (!API_KEY_PATTERN.test(key)) {
      next(new ApiError('unauthorized', 'auth: malformed API key'));
      return;
    }
    // A cached key is answered synchronously (see `ApiKeyCache.lookup`), without a closure per request.
    const found = keys.lookup(key);
    if (found instanceof Promise) {
      found.then(
        (active) => {
          accept(res, next, active);
        },
        (error: unknown) => {
          next(error);
        },
      );
    } else accept(res, next, found);
  };
}

function accept(res: Response, next: NextFunction, active: ActiveApiKey | null): void {
  if (!active) {
    next(new ApiError('unauthorized', 'auth: unknown or revoked API key'));
    return;
  }
  res.locals.accountId = active.accountId;
  res.locals.apiKeyId = active.keyId;
  next();
}

/**
 * `Idempotency-Key` on submissions, per account: the first request with a key claims it; a retry
 * with the same key and body gets the original answer again (`Idempotent-Replayed: true`) and
 * creates and charges nothing; the same key with another body is 422 `idempotency_key_reused`;
 * a retry while the first is still running is 409 `idempotency_key_in_use`. The key is bound to
 * the job in the statement that inserts it (see reserveJob), so a crash cannot split them. Only a
 * request that created a job keeps its key: one that failed (400, 402, 503...) releases it, so the
 * client can fix the cause and retry with the same key (Stripe keeps failed answers too; we prefer
 * that a retry after topping up credits just works).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { claimIdempotencyKey, findJob, releaseIdempotencyKey, type JobRow } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { rateLimitPassed } from '../middleware/rate-limit';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Keys are kept 24 h (as Stripe does); after that a key is new again. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/**
 * An unbound claim older than this belongs to a request that died; it can be taken over. Longer
 * than any submission can take (download 20 s + upload check 30 s + storage, by default).
 */
export const IDEMPOTENCY_LEASE_SECONDS = 300;
/** Printable ASCII, as Stripe and the IETF draft use (UUIDs, ULIDs, hashes all fit). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** What a submission route passes in to bind its job to a claimed key. */
export interface IdempotencyClaim {
  key: string;
  claimId: string;
}

/** Reads and checks the header; undefined when absent. */
export function readIdempotencyKey(req: Request): string | undefined {
  const value = req.get(IDEMPOTENCY_HEADER);
  if (value === undefined) return undefined;
  if (!KEY_PATTERN.test(value)) {
    throw new ApiError('invalid_request', `${IDEMPOTENCY_HEADER}: 1 to 255 printable ASCII characters without spaces`, {
      param: IDEMPOTENCY_HEADER,
    });
  }
  return value;
}

/** What identifies a request for its key: method, path and body (JSON as sent, key order included). */
export function requestHash(req: Request): string {
  return createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n${JSON.stringify(req.body ?? null)}`).digest('hex');
}

/**
 * Runs `submit` under the request's Idempotency-Key (if any) and returns the body to send: the new
 * job's, or, for a replay, `replay(originalJob)` with the `Idempotent-Replayed` header set.
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  req: Request,
  res: Response,
  handlers: { submit: (claim: IdempotencyClaim | undefined) => Promise<T>; replay: (row: JobRow) => T },
): Promise<T> {
  const key = readIdempotencyKey(req);
  if (key === undefined) return handlers.submit(undefined);
  // A submission read ahead of its rate-limit count claims nothing before the count allowed it.
  await rateLimitPassed(res);
  const accountId: string = res.locals.accountId;
  const claim = { key, claimId: randomUUID() };
  const result = await claimIdempotencyKey(ctx.db, {
    accountId,
    key,
    requestHash: requestHash(req),
    claimId: claim.claimId,
    ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
    leaseSeconds: IDEMPOTENCY_LEASE_SECONDS,
  });
  switch (result.outcome) {
    case 'reused':
      throw new ApiError('idempotency_key_reused', `${IDEMPOTENCY_HEADER}: "${key}" was used with another request in the last 24 h`, {
        param: IDEMPOTENCY_HEADER,
      });
    case 'in_use':
      throw new ApiError('idempotency_key_in_use', `${IDEMPOTENCY_HEADER}: a request with "${key}" is still running; retry when it has answered`, {
        param: IDEMPOTENCY_HEADER,
        headers: { 'Retry-After': '1' },
      });
    case 'replay': {
      const row = await findJob(ctx.db, result.jobId, accountId);
      if (!row) throw new ApiError('internal_error', `${IDEMPOTENCY_HEADER}: the job of "${key}" is gone`);
      res.setHeader('Idempotent-Replayed', 'true');
      return handlers.replay(row);
    }
    case 'claimed':
      try {
        return await handlers.submit(claim);
      } catch (error) {
        await releaseIdempotencyKey(ctx.db, { accountId, ...claim }).catch(() => undefined);
        throw error;
      }
  }
}

/** The error a submission gives when its claim was taken over while it ran (past the lease). */
export function claimLostError(key: string): ApiError {
  return new ApiError('idempotency_key_in_use', `${IDEMPOTENCY_HEADER}: "${key}" was taken over by a later request`, {
    param: IDEMPOTENCY_HEADER,
  });
}

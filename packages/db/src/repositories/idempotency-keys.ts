/**
 * Idempotency keys of submissions (the `Idempotency-Key` header). A request first claims its key
 * (`claimIdempotencyKey`); the claim is bound to the job by `reserveJob` in the statement that
 * inserts the job and reserves its credits, so the key and the job commit together or not at all.
 * A request that ends without a job releases its claim, so the key can be used again.
 */
import { hotPathPool, statementName, type Db } from '../client';

export interface IdempotencyClaimInput {
  accountId: string;
  key: string;
  /** sha256 (hex) of what identifies the request: method, path and body. */
  requestHash: string;
  /** A fresh id for this request's claim. */
  claimId: string;
  /** How long the key stays bound (24 h in the API). */
  ttlSeconds: number;
  /** After this long an unbound claim counts as abandoned (its request died) and can be taken over. */
  leaseSeconds: number;
}

export type IdempotencyClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; jobId: string }
  | { outcome: 'reused' }
  | { outcome: 'in_use' };

// $1 account, $2 key, $3 request hash, $4 claim id, $5 ttl seconds, $6 lease seconds.
// An expired key, or an unbound claim past its lease, is taken over in place.
const CLAIM_SQL = `
    INSERT INTO idempotency_keys (account_id, key, request_hash, claim_id, expires_at)
    VALUES ($1::uuid, $2::text, $3::text, $4::uuid, now() + make_interval(secs => $5::int))
    ON CONFLICT (account_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, claim_id = EXCLUDED.claim_id, job_id = NULL,
          claimed_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= now()
         OR (idempotency_keys.job_id IS NULL AND idempotency_keys.claimed_at <= now() - make_interval(secs => $6::int))
    RETURNING claim_id`;
const CLAIM_NAME = statementName(CLAIM_SQL);
const READ_SQL = `SELECT request_hash, job_id FROM idempotency_keys WHERE account_id = $1::uuid AND key = $2::text AND expires_at > now()`;
// Bound or not: a job created by a request that then failed (its enqueue did, and the job was
// failed and refunded) must not be replayed as if it had been accepted.
const RELEASE_SQL = `DELETE FROM idempotency_keys WHERE account_id = $1::uuid AND key = $2::text AND claim_id = $3::uuid`;

async function query<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = hotPathPool(db);
  return pool ? (await pool.query({ name, text, values })).rows : db.$queryRawUnsafe<T[]>(text, ...values);
}

/**
 * Claims `key` for a request, or says what the key already holds: the job of an earlier identical
 * request (`replay`), another request's body (`reused`) or a request still running (`in_use`).
 */
export async function claimIdempotencyKey(db: Db, input: IdempotencyClaimInput): Promise<IdempotencyClaimResult> {
  // Twice at most: a key released or expired between the two statements is simply claimed again.
  for (let round = 0; round < 2; round++) {
    const claimed = await query<{ claim_id: string }>(db, CLAIM_NAME, CLAIM_SQL, [
      input.accountId,
      input.key,
      input.requestHash,
      input.claimId,
      input.ttlSeconds,
      input.leaseSeconds,
    ]);
    if (claimed.length) return { outcome: 'claimed' };
    // A separate statement: the conflicting row may have committed after the claim's snapshot.
    const [held] = await query<{ request_hash: string; job_id: string | null }>(db, statementName(READ_SQL), READ_SQL, [input.accountId, input.key]);
    if (!held) continue;
    if (held.request_hash !== input.requestHash) return { outcome: 'reused' };
    return held.job_id ? { outcome: 'replay', jobId: held.job_id } : { outcome: 'in_use' };
  }
  return { outcome: 'in_use' };
}

/** Gives up the claim of a request that failed, so the key can be used again. */
export async function releaseIdempotencyKey(db: Db, claim: { accountId: string; key: string; claimId: string }): Promise<void> {
  await query(db, statementName(RELEASE_SQL), RELEASE_SQL, [claim.accountId, claim.key, claim.claimId]);
}

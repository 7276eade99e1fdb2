// Which submissions start their work while their rate-limit count is in flight (see rateLimit's readAhead).
import type { Request } from 'express';

/**
 * The submissions (POST /v1/rigs, POST /v1/models, paths inside /v1) let through before their
 * rate-limit count is back: their body is parsed and validated while the count is in flight, and
 * `submitJob` asks for the queue slot meanwhile and waits for both before anything is stored or
 * charged (issue 25, nineteenth wave). Nothing of theirs with an effect runs before the count
 * allowed them: the Idempotency-Key claim, a `webhook_url`'s check and the capture wait for it, and
 * the error middleware answers a refusal of the count before any error of theirs.
 *
 * Only bodies below `maxBytes` (those parsed on the loop): a larger one is parsed in a thread and
 * takes longer to arrive than the count, so reading it ahead would win nothing and would spend a
 * thread on a request that may be over its limit.
 */
export function isSubmissionReadAhead(req: Request, maxBytes: number): boolean {
  if (req.method !== 'POST' || (req.path !== '/rigs' && req.path !== '/models')) return false;
  const length = Number(req.headers['content-length']);
  return length < maxBytes;
}

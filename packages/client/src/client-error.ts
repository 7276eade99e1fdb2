/**
 * The errors the client throws. Every one is a `RigforgeClientError` whose `code` is the API's own
 * error code when the API answered with its error body, or one of the client's codes when it could
 * not get a usable answer; a subclass per family (as the OpenAI and Stripe clients do) lets a
 * caller catch what it can handle: `catch (e) { if (e instanceof RateLimitError) ... }`.
 */
import type { ApiErrorCode, JobObject } from '@rigforge/contracts/wire';

/** Failures that happen before or instead of an API error body. */
export const CLIENT_ERROR_CODES = [
  'network_error', // no HTTP answer (refused, reset, DNS)
  'timeout', // no complete answer within the request timeout, or waitForJob passed its deadline
  'invalid_response', // an answer that is not the contract's shape
  'aborted', // the caller's AbortSignal fired
  'job_failed', // run(): the job ended failed (the job is on the error)
  'invalid_signature', // verifyWebhook(): the delivery is not signed with this secret, or too old
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export interface RigforgeClientErrorInit {
  code: ApiErrorCode | ClientErrorCode;
  message: string;
  /** HTTP status when there was an answer. */
  status?: number;
  /** The request field at fault, as the API names it. */
  param?: string;
  /** Seconds the API asked us to wait (Retry-After on 429 and 503). */
  retryAfterSeconds?: number;
  /** The request id the API answered with (`X-Request-Id`), for support and logs. */
  requestId?: string;
}

export class RigforgeClientError extends Error {
  override name = 'RigforgeClientError';
  readonly code: RigforgeClientErrorInit['code'];
  readonly status?: number;
  readonly param?: string;
  readonly retryAfterSeconds?: number;
  readonly requestId?: string;

  constructor(init: RigforgeClientErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.param = init.param;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
  }
}

/** 401: the key is missing, unknown or revoked. */
export class AuthenticationError extends RigforgeClientError {
  override name = 'AuthenticationError';
}
/** 402: no subscription, the plan does not allow it, or not enough credits. */
export class PaymentRequiredError extends RigforgeClientError {
  override name = 'PaymentRequiredError';
}
/** 429: over the rate limit; `retryAfterSeconds` says when to come back. */
export class RateLimitError extends RigforgeClientError {
  override name = 'RateLimitError';
}
/** 400, 404, 409, 413, 422: the request itself must change (see `code` and `param`). */
export class InvalidRequestError extends RigforgeClientError {
  override name = 'InvalidRequestError';
}
/** 503 (nothing was done: retry later) and 5xx, and no answer at all (network, timeout). */
export class BackendUnavailableError extends RigforgeClientError {
  override name = 'BackendUnavailableError';
}
/** `run()`: the job was accepted but ended failed; `job.error` says why (its credits were refunded). */
export class JobFailedError extends RigforgeClientError {
  override name = 'JobFailedError';
  readonly job: JobObject;
  constructor(job: JobObject) {
    super({ code: 'job_failed', message: `job ${job.id} failed: ${job.error?.code ?? 'unknown'}: ${job.error?.message ?? ''}` });
    this.job = job;
  }
}
/** `verifyWebhook()`: not a delivery signed with this secret within the tolerance. */
export class WebhookVerificationError extends RigforgeClientError {
  override name = 'WebhookVerificationError';
}

/** The subclass for an error: by HTTP status when the API answered, else by the client's code. */
export function clientError(init: RigforgeClientErrorInit): RigforgeClientError {
  const s = init.status;
  if (s === 401 || init.code === 'unauthorized') return new AuthenticationError(init);
  if (s === 402) return new PaymentRequiredError(init);
  if (s === 429) return new RateLimitError(init);
  if (s !== undefined && s >= 500) return new BackendUnavailableError(init);
  if (s !== undefined && s >= 400) return new InvalidRequestError(init);
  if (init.code === 'network_error' || init.code === 'timeout') return new BackendUnavailableError(init);
  return new RigforgeClientError(init);
}

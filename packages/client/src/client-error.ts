/**
 * The one error the client throws. `code` is the API's own error code when the API answered with
 * its error body, or one of the client's codes when it could not get a usable answer.
 */
import type { ApiErrorCode } from '@rigforge/contracts/wire';

/** Failures that happen before or instead of an API error body. */
export const CLIENT_ERROR_CODES = [
  'network_error', // no HTTP answer (refused, reset, DNS)
  'timeout', // no complete answer within the request timeout, or waitForJob passed its deadline
  'invalid_response', // an answer that is not the contract's shape
  'aborted', // the caller's AbortSignal fired
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
}

export class RigforgeClientError extends Error {
  override readonly name = 'RigforgeClientError';
  readonly code: RigforgeClientErrorInit['code'];
  readonly status?: number;
  readonly param?: string;
  readonly retryAfterSeconds?: number;

  constructor(init: RigforgeClientErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.param = init.param;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

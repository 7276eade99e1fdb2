/**
 * The closed list of error codes a client can see in an HTTP error body, with their status.
 * The body is always `{"error": {"code", "message", "param"?}}` (see `errorBodySchema`).
 */
import { z } from 'zod';

export const API_ERROR_STATUS = {
  invalid_request: 400,
  unsupported_format: 400,
  unauthorized: 401,
  /** Operator endpoints only (/metrics, Bull Board): a wrong admin token, or ADMIN_TOKEN unset. */
  forbidden: 403,
  subscription_required: 402,
  insufficient_credits: 402,
  plan_required: 402,
  not_found: 404,
  idempotency_key_in_use: 409,
  job_not_cancelable: 409,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  backend_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as ApiErrorCode[];

export function statusForErrorCode(code: ApiErrorCode): number {
  return API_ERROR_STATUS[code];
}

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(API_ERROR_CODES as [ApiErrorCode, ...ApiErrorCode[]]),
      message: z.string(),
      param: z.string().optional().describe('The request field at fault, when exactly one is'),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The job failure codes are the shared vocabulary's list (the engines' codes are a subset of it). */
export { JOB_ERROR_CODES, type JobErrorCode, type JobFailure } from '@rigforge/vocabulary';

/** The `error.message` of a job canceled by its owner (written by the API, or by a worker as a fallback). */
export const JOB_CANCELED_MESSAGE = 'canceled by its owner; the credits were refunded';

/**
 * The CLI's exit codes: one per class of failure, so scripts can branch on what went wrong
 * without parsing messages. Every error code the client can raise (the API's own and the
 * client's) is placed in a class here; the Record type makes a new code a compile error until
 * it is placed.
 */
import type { ClientErrorCode } from '@rigforge/client';
import type { ApiErrorCode } from '@rigforge/contracts';

export const EXIT_CODES = {
  ok: 0,
  /** The job was accepted but ended `failed` (its `error.code` is printed). */
  job_failed: 1,
  /** Bad arguments or a request the API refused as invalid (400, 404, 413). */
  usage: 2,
  /** No key, or the API refused the key (401, or 403 on an operator endpoint). */
  auth: 3,
  /** No subscription, plan or credits for this (402). */
  payment: 4,
  /** Over the rate limit (429); retry after the time printed. */
  rate: 5,
  /** The API failed, was unavailable or unreachable, answered off-contract, or the wait passed its deadline. */
  server: 6,
} as const;
export type ExitClass = keyof typeof EXIT_CODES;

const CLASS_OF_CODE: Record<ApiErrorCode | ClientErrorCode, ExitClass> = {
  invalid_request: 'usage',
  unsupported_format: 'usage',
  not_found: 'usage',
  payload_too_large: 'usage',
  idempotency_key_reused: 'usage',
  job_not_cancelable: 'usage',
  unauthorized: 'auth',
  forbidden: 'auth', // operator endpoints only; the CLI never calls them
  subscription_required: 'payment',
  insufficient_credits: 'payment',
  plan_required: 'payment',
  rate_limited: 'rate',
  internal_error: 'server',
  backend_unavailable: 'server',
  idempotency_key_in_use: 'server',
  network_error: 'server',
  timeout: 'server',
  invalid_response: 'server',
  job_failed: 'job_failed', // run(): the CLI waits itself and reports a failed job as a job
  invalid_signature: 'usage', // verifyWebhook(): never called by the CLI
  aborted: 'server',
};

export function exitClassOf(code: ApiErrorCode | ClientErrorCode): ExitClass {
  return CLASS_OF_CODE[code];
}

/** The table as `--help` prints it. */
export function exitCodeHelp(): string {
  const lines = Object.entries(EXIT_CODES).map(([name, code]) => `  ${code}  ${name}`);
  return `Exit codes:\n${lines.join('\n')}`;
}

/**
 * The closed list of job failure codes, shared by every place that fails a job (API, worker,
 * sweeper, database) and by the engines, whose own codes are a subset of it: one truth for what
 * is written into a job row's `error_code` and what clients read back.
 */

/**
 * Codes of a failed job's `error.code` (inside a 200 job object, never an HTTP error).
 * Every failure after acceptance refunds the job's reserved credits.
 */
export const JOB_ERROR_CODES = [
  'unsupported_format', // the input could not be processed as the operation's input format
  'invalid_input', // readable, but unusable (e.g. an image with no subject)
  'timeout', // ran past the 300 s deadline
  'engine_unavailable', // no engine serves this operation in this deployment
  'engine_error', // the engine (or a remote engine) failed permanently
  'internal_error', // our fault, after retries
  'canceled', // canceled by its owner (POST /v1/jobs/{id}/cancel)
] as const;
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

/** A job failure as it is written to the job row: a code of the list and a message for the client. */
export interface JobFailure {
  code: JobErrorCode;
  message: string;
}

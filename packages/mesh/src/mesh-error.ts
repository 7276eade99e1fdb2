/** Codes an engine failure can carry; the worker and the API map them to job and HTTP errors. */
export type EngineErrorCode = 'unsupported_format' | 'invalid_input' | 'timeout' | 'engine_error';

/**
 * A typed engine failure. Engines throw only this for bad input, so callers can tell a user's
 * mistake (never retried) from a bug (logged, masked).
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}

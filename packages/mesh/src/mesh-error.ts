/** Why engines fail with a code of their own: a typed value the worker writes to the job row as it is. */
import type { JobErrorCode } from '@rigforge/vocabulary';

/**
 * Codes an engine failure can carry: a subset of the job failure codes (checked by the compiler),
 * so the worker records them as they are and the API maps them to HTTP errors.
 */
export const ENGINE_ERROR_CODES = ['unsupported_format', 'invalid_input', 'timeout', 'engine_error'] as const satisfies readonly JobErrorCode[];
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/**
 * Marks an EngineError made by any copy of this module. The prebuilt worker (scripts/build-services.ts)
 * carries its own copy of this package, and an engine module a deployment adds (ENGINE_MODULES) is
 * loaded beside it with another, so `instanceof` alone would take that engine's bad-input errors
 * for bugs. A registered symbol is the same in every copy.
 */
const ENGINE_ERROR_MARK = Symbol.for('rigforge.EngineError');

/**
 * A typed engine failure. Engines throw only this for bad input, so callers can tell a user's
 * mistake (never retried) from a bug (logged, masked).
 */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly [ENGINE_ERROR_MARK] = true;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  if (value instanceof EngineError) return true;
  return value instanceof Error && ENGINE_ERROR_MARK in value && 'code' in value && ENGINE_ERROR_CODES.some((code) => code === value.code);
}

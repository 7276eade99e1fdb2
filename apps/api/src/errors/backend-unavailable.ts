/** Turns a Postgres or Redis outage into a 503 with Retry-After, so clients back off instead of seeing a 500. */
import { classifyBackendOutage } from '@rigforge/server';
import { ApiError } from './api-error';

/**
 * Retry-After of a 503 caused by an outage (Postgres or Redis unreachable): short, because
 * clients should come back as soon as the backend does, and our clients reconnect within a second
 * or two of it returning.
 */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Retry-After of a 503 caused by load (queue at capacity, no live worker): work drains slower. */
export const CAPACITY_RETRY_AFTER_SECONDS = 30;

/** The one shape of a 503: `backend_unavailable` with Retry-After in seconds. */
export function backendUnavailable(message: string, retryAfterSeconds: number = OUTAGE_RETRY_AFTER_SECONDS): ApiError {
  return new ApiError('backend_unavailable', message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

const BACKEND_LABELS = { postgres: 'the database', redis: 'the queue store', network: 'a backend' } as const;

/** A 503 for an error that means a backend is down (see `classifyBackendOutage`), else null. */
export function outageToApiError(error: unknown): ApiError | null {
  const backend = classifyBackendOutage(error);
  if (!backend) return null;
  return backendUnavailable(`${BACKEND_LABELS[backend]} is unavailable; retry with backoff`);
}

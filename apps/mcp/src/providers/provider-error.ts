/**
 * A provider failure, with a code a tool caller can act on. Raw upstream bodies are never passed
 * through: the message says what happened and what to do, in our words.
 */
export const PROVIDER_ERROR_CODES = [
  'provider_timeout', // no complete answer within the adapter's timeout
  'provider_unreachable', // connection refused, reset, DNS
  'provider_auth', // the configured key or token was refused (401/403)
  'provider_rate_limited', // 429 from the provider
  'provider_error', // any other non-2xx answer
  'provider_bad_response', // a 2xx answer that is not the documented shape
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly code: ProviderErrorCode;
  readonly provider: string;
  constructor(provider: string, code: ProviderErrorCode, message: string) {
    super(`${provider}: ${message}`);
    this.code = code;
    this.provider = provider;
  }
}

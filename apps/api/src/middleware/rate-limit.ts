/** The per-key request limit, counted in Redis so every API replica enforces the same budget. */
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors/api-error';
import { backendUnavailable } from '../errors/backend-unavailable';

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  perMinute: number;
}

/**
 * A fixed 60-second window per API key, counted in Redis so every API replica shares it. Every
 * response carries RateLimit-Limit/Remaining/Reset; a 429 adds Retry-After (seconds).
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const limiter = new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix: `${options.prefix}:ratelimit`,
    points: options.perMinute,
    duration: 60,
  });
  const setHeaders = (res: Parameters<RequestHandler>[1], state: RateLimiterRes) => {
    res.setHeader('RateLimit-Limit', String(options.perMinute));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(Math.ceil(state.msBeforeNext / 1000)));
  };
  return (_req, res, next) => {
    limiter.consume(res.locals.apiKeyId).then(
      (state) => {
        setHeaders(res, state);
        next();
      },
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          setHeaders(res, rejection);
          const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
          next(
            new ApiError('rate_limited', `rate limit: over ${options.perMinute} requests per minute`, {
              headers: { 'Retry-After': retryAfter },
            }),
          );
          return;
        }
        // Whatever went wrong, the limit cannot be enforced: refuse rather than serve unmetered.
        next(backendUnavailable('rate limit store unavailable; retry with backoff'));
      },
    );
  };
}

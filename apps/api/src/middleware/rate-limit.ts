// The per-key request budget of the public API (429 past it), shared by every replica through Redis.
import type { Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors/api-error';
import { backendUnavailable } from '../errors/backend-unavailable';
import { CoalescedConsume } from './coalesced-consume';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /**
       * Set for a request let through before its count came back (`readAhead`): resolves once the
       * count allows it, rejects with the 429 or 503 it must get instead. See `rateLimitPassed`.
       */
      rateLimitGate?: Promise<void>;
    }
  }
}

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  perMinute: number;
  /**
   * Requests whose handler may start its work while the count is in flight, because that handler
   * and the error middleware wait for the count (`rateLimitPassed`) before they answer anything,
   * and the handler before anything with an effect. Only such handlers belong here: a job read
   * (GET of one job), and a small submission, which validates its body and asks for its queue slot
   * meanwhile (`submitJob`'s `passed`); the work of a request that turns out to be over the limit
   * is thrown away (and its slot released).
   */
  readAhead?: (req: Request) => boolean;
}

/** Keys refused within this process are not read ahead until their window resets; bounded. */
const MAX_REFUSED_KEYS = 10_000;

/**
 * A fixed 60-second window per API key, counted in Redis so every API replica shares it. Every
 * response carries RateLimit-Limit/Remaining/Reset; a 429 adds Retry-After (seconds). A 429 or
 * 503 from the limit comes before anything the route would answer (after auth's 401).
 *
 * A `readAhead` request (a job read, a small submission) does not wait for its count before its
 * route runs: the route reads the job, or validates the body and asks for the queue slot, while
 * the count is in flight, one wait in a row instead of two (issue 25: on a loaded machine each wait
 * is a wake-up of a starved process, the baseline's read has one). The
 * answer still waits for the count, and a refusal wins over whatever the route found, so no data
 * goes out to a request over the limit and the error precedence is unchanged. A key this process
 * saw refused is not read ahead until its window resets, so a client hammering past its limit
 * does not cost a Postgres read per refused request.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  // Concurrent requests of one key share a Redis round trip (see coalesced-consume.ts).
  const limiter = new CoalescedConsume(
    new RateLimiterRedis({
      storeClient: options.redis,
      keyPrefix: `${options.prefix}:ratelimit`,
      points: options.perMinute,
      duration: 60,
    }),
  );
  const refusedUntil = new Map<string, number>();
  const limitHeader = String(options.perMinute);
  const setHeaders = (res: Response, state: RateLimiterRes) => {
    res.setHeader('RateLimit-Limit', limitHeader);
    res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(Math.ceil(state.msBeforeNext / 1000)));
  };
  /** The count of one request: resolves if allowed, rejects with the ApiError to answer otherwise. */
  const count = (key: string, res: Response): Promise<void> =>
    limiter.consume(key).then(
      (state) => {
        setHeaders(res, state);
      },
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          setHeaders(res, rejection);
          if (refusedUntil.size >= MAX_REFUSED_KEYS) refusedUntil.clear();
          refusedUntil.set(key, Date.now() + rejection.msBeforeNext);
          const retryAfter = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
          throw new ApiError('rate_limited', `rate limit: over ${options.perMinute} requests per minute`, {
            headers: { 'Retry-After': retryAfter },
          });
        }
        // Whatever went wrong, the limit cannot be enforced: refuse rather than serve unmetered.
        throw backendUnavailable('rate limit store unavailable; retry with backoff');
      },
    );
  const readsAhead = (req: Request, key: string): boolean => {
    if (!options.readAhead?.(req)) return false;
    const until = refusedUntil.get(key);
    if (until === undefined) return true;
    if (until > Date.now()) return false;
    refusedUntil.delete(key);
    return true;
  };
  return (req, res, next) => {
    const key = res.locals.apiKeyId;
    if (readsAhead(req, key)) {
      const gate = count(key, res);
      // Awaited by the route or the error middleware; this only keeps a refusal from counting as
      // unhandled in between.
      gate.catch(() => undefined);
      res.locals.rateLimitGate = gate;
      next();
      return;
    }
    count(key, res).then(() => next(), next);
  };
}

/**
 * Resolves once the request's rate-limit count allows it (at once if the count was awaited before
 * the route ran); rejects with the 429 or 503 it must get instead. A `readAhead` route awaits this
 * before it answers or throws anything of its own.
 */
export function rateLimitPassed(res: Response): Promise<void> {
  return res.locals.rateLimitGate ?? Promise.resolve();
}

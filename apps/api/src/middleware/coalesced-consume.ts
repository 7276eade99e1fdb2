// Rate-limit consumes of one key that arrive together share one Redis round trip, counted exactly as separate ones.
import { RateLimiterRes } from 'rate-limiter-flexible';

/** What is batched: rate-limiter-flexible's `consume(key, points)` (RateLimiterRedis in the API). */
export interface PointsConsumer {
  readonly points: number;
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

interface Waiter {
  resolve: (state: RateLimiterRes) => void;
  reject: (reason: unknown) => void;
}

/**
 * Consumes one point per request for a key, sending at most one consume per key to Redis at a
 * time: requests of a key that arrive while its consume is in flight wait for it and then go
 * together as one consume of as many points. The first request of a quiet key goes at once, so
 * this never adds a wait where there was no other request; under load (many connections on one
 * key) it saves a Redis round trip per request, which on a loaded machine costs more than the
 * rest of a GET (issue 25's profile: one socket write and one wake-up of Redis per request).
 *
 * The count is the same as with separate consumes: a batch of k adds k points, and the i-th
 * request of the batch (in arrival order) is answered as the i-th of k separate consumes would
 * be: allowed while its own running total is within the limit, with that total's remaining
 * points; refused (a RateLimiterRes rejection, as the library's) past it. The window and its
 * reset are Redis's, shared by every replica, as before.
 */
export class CoalescedConsume {
  private readonly queued = new Map<string, Waiter[]>();

  constructor(private readonly limiter: PointsConsumer) {}

  consume(key: string): Promise<RateLimiterRes> {
    return new Promise((resolve, reject) => {
      const waiting = this.queued.get(key);
      if (waiting) {
        waiting.push({ resolve, reject });
        return;
      }
      // In flight from now on: later arrivals queue behind it.
      this.queued.set(key, []);
      this.send(key, [{ resolve, reject }]);
    });
  }

  private send(key: string, batch: Waiter[]): void {
    this.limiter.consume(key, batch.length).then(
      (state) => {
        this.settle(batch, state, false);
      },
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) this.settle(batch, rejection, true);
        else for (const waiter of batch) waiter.reject(rejection);
      },
    ).finally(() => {
      const next = this.queued.get(key) ?? [];
      if (next.length === 0) {
        this.queued.delete(key);
        return;
      }
      this.queued.set(key, []);
      this.send(key, next);
    });
  }

  /** Answers a batch from the state of its one consume (a method, not a closure made per batch). */
  private settle(batch: Waiter[], state: RateLimiterRes, refused: boolean): void {
    const first = state.consumedPoints - batch.length;
    batch.forEach((waiter, i) => {
      const consumed = first + i + 1;
      const own = new RateLimiterRes(Math.max(0, this.limiter.points - consumed), state.msBeforeNext, consumed, state.isFirstInDuration && i === 0);
      if (!refused || consumed <= this.limiter.points) waiter.resolve(own);
      else waiter.reject(own);
    });
  }
}

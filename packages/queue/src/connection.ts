/** Builds Redis connections for both roles: the API's fail fast, the workers' wait Redis out as BullMQ requires. */
import { Redis, type RedisOptions } from 'ioredis';
import { DeadlineRedis } from './deadline-redis';

export interface CreateRedisOptions {
  url: string;
  /**
   * `producer` (the API) fails fast when Redis is down so a request gets a 503 instead of hanging;
   * `worker` waits Redis out, as BullMQ requires for blocking connections.
   */
  role: 'producer' | 'worker';
  /**
   * Producer only: a command with no reply after this long fails ("Command timed out"), so a Redis
   * that stopped answering (partition, frozen host) cannot hold a request. Default 1000 ms. Measured
   * so that a stalled event loop does not fail a command whose reply has arrived (`DeadlineRedis`).
   */
  commandTimeoutMs?: number;
  /**
   * Producer only: commands sent in one turn of the event loop leave in one socket write (see
   * `DeadlineRedis`). For a busy producer (the API), whose requests each send a few commands.
   */
  coalesceWrites?: boolean;
}

export function createRedis(options: CreateRedisOptions): Redis {
  const common = { lazyConnect: false, connectTimeout: 5000 } satisfies RedisOptions;
  if (options.role === 'producer') {
    const producer = { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 1 } satisfies RedisOptions;
    return new DeadlineRedis(options.url, producer, options.commandTimeoutMs ?? 1000, options.coalesceWrites ?? false);
  }
  return new Redis(options.url, { ...common, maxRetriesPerRequest: null });
}
export type { Redis } from 'ioredis';

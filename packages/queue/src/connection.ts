import { Redis, type RedisOptions } from 'ioredis';

export interface CreateRedisOptions {
  url: string;
  /**
   * `producer` (the API) fails fast when Redis is down so a request gets a 503 instead of hanging;
   * `worker` waits Redis out, as BullMQ requires for blocking connections.
   */
  role: 'producer' | 'worker';
  /**
   * Producer only: a command with no reply after this long fails ("Command timed out"), so a Redis
   * that stopped answering (partition, frozen host) cannot hold a request. Default 1000 ms.
   */
  commandTimeoutMs?: number;
}

export function createRedis(options: CreateRedisOptions): Redis {
  const common: RedisOptions = { lazyConnect: false, connectTimeout: 5000 };
  const roleOptions: RedisOptions =
    options.role === 'producer'
      ? {
          ...common,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: options.commandTimeoutMs ?? 1000,
        }
      : { ...common, maxRetriesPerRequest: null };
  return new Redis(options.url, roleOptions);
}

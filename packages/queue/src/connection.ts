import { Redis, type RedisOptions } from 'ioredis';

export interface CreateRedisOptions {
  url: string;
  /**
   * `producer` (the API) fails fast when Redis is down so a request gets a 503 instead of hanging;
   * `worker` waits Redis out, as BullMQ requires for blocking connections.
   */
  role: 'producer' | 'worker';
}

export function createRedis(options: CreateRedisOptions): Redis {
  const common: RedisOptions = { lazyConnect: false, connectTimeout: 5000 };
  const roleOptions: RedisOptions =
    options.role === 'producer'
      ? { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 1 }
      : { ...common, maxRetriesPerRequest: null };
  return new Redis(options.url, roleOptions);
}

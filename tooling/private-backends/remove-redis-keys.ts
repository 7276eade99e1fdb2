/**
 * Removes every Redis key matching a pattern (a run's prefix), by SCAN and UNLINK, never KEYS: the
 * shared Redis serves other runs meanwhile, and KEYS would block it for the whole keyspace. One
 * copy for the jest teardown and the API benches, which each clean up their own prefix at the end.
 */

/** The part of an ioredis client used here (structural, so this file needs no ioredis of its own). */
export interface RedisKeyRemover {
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', batch: number): Promise<[cursor: string, keys: string[]]>;
  unlink(...keys: string[]): Promise<number>;
}

export interface RemoveRedisKeysOptions {
  /** Keys SCAN looks at per call (a hint to Redis, not a limit on what is removed). */
  batch?: number;
}

/** Resolves once a full SCAN cycle has found no more keys matching `pattern`; returns how many it unlinked. */
export async function removeRedisKeys(redis: RedisKeyRemover, pattern: string, options: RemoveRedisKeysOptions = {}): Promise<number> {
  const batch = options.batch ?? 1000;
  let cursor = '0';
  let removed = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', batch);
    cursor = next;
    if (keys.length) removed += await redis.unlink(...keys);
  } while (cursor !== '0');
  return removed;
}

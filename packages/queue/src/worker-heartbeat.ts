/** Workers announce themselves per queue, so the API refuses jobs no worker would run. */
import type { Redis } from 'ioredis';
import type { QueueName } from './queue-names';

/**
 * Live workers announce themselves in a sorted set per queue (member = worker id, score = last beat),
 * which the API reads to answer 503 when nobody serves a queue. Cheaper and more precise than
 * BullMQ's CLIENT LIST based worker count.
 */
function heartbeatKey(prefix: string, queue: QueueName): string {
  return `${prefix}:heartbeat:${queue}`;
}

export async function beatWorkerHeartbeat(
  redis: Redis,
  prefix: string,
  queue: QueueName,
  workerId: string,
): Promise<void> {
  await redis.zadd(heartbeatKey(prefix, queue), Date.now(), workerId);
}

export async function removeWorkerHeartbeat(
  redis: Redis,
  prefix: string,
  queue: QueueName,
  workerId: string,
): Promise<void> {
  await redis.zrem(heartbeatKey(prefix, queue), workerId);
}

export async function countLiveWorkers(
  redis: Redis,
  prefix: string,
  queue: QueueName,
  withinMs: number,
): Promise<number> {
  return redis.zcount(heartbeatKey(prefix, queue), Date.now() - withinMs, '+inf');
}

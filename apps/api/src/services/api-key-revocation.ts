/** Revokes a key and tells every replica at once, so a revoked key stops working before the cache expires. */
import type { Redis } from 'ioredis';
import { revokeApiKey, type Db } from '@rigforge/db';

export function revocationChannel(prefix: string): string {
  return `${prefix}:api-key-revoked`;
}

/** Revokes a key in Postgres and tells every API replica to forget it. */
export async function revokeApiKeyEverywhere(db: Db, redis: Redis, prefix: string, keyId: string): Promise<boolean> {
  const hash = await revokeApiKey(db, keyId);
  if (!hash) return false;
  await redis.publish(revocationChannel(prefix), hash);
  return true;
}

/** Subscribes a dedicated connection to revocations; returns a function that unsubscribes. */
export async function listenForRevocations(
  subscriber: Redis,
  prefix: string,
  onRevoked: (hash: string) => void,
): Promise<() => Promise<void>> {
  const channel = revocationChannel(prefix);
  subscriber.on('message', (from: string, hash: string) => {
    if (from === channel) onRevoked(hash);
  });
  await subscriber.subscribe(channel);
  return async () => {
    await subscriber.unsubscribe(channel);
  };
}

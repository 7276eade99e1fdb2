// The account default webhook URL, cached per API replica so a submission does not read the account row each time.
import type { Redis } from 'ioredis';
import { readAccountWebhook, setAccountWebhookUrl, type Db } from '@rigforge/db';
import { RefreshingCache } from './refreshing-cache';

export interface AccountWebhookCacheOptions {
  db: Db;
  /** How long a read (URL or none) is reused when no change is heard; changes evict at once. */
  ttlMs?: number;
  maxEntries?: number;
}

export const ACCOUNT_WEBHOOK_CACHE_DEFAULTS = { ttlMs: 30_000, maxEntries: 50_000 } as const;

/**
 * Every submission without `webhook_url` needs its account's default URL; reading it was a
 * Prisma query per submission, about a third of the API's CPU per submission over the raw
 * baseline (issue 25). The URL changes only through `setAccountWebhookUrlEverywhere` (the admin
 * CLI's `webhook:url`), which publishes the account id on Redis so every replica evicts it, as
 * key revocations do: a change applies to the next submission. The TTL only bounds how long a
 * change made some other way (a hand-written UPDATE) or a lost message goes unseen.
 */
export class AccountWebhookCache {
  // Re-read ahead of expiry and one read per account at a time (refreshing-cache.ts): no
  // submission waits for the account's row every TTL, and no burst of identical reads (issue 25).
  private readonly entries: RefreshingCache<string | null>;

  constructor(options: AccountWebhookCacheOptions) {
    const { db, ttlMs, maxEntries } = { ...ACCOUNT_WEBHOOK_CACHE_DEFAULTS, ...options };
    this.entries = new RefreshingCache({
      load: async (accountId) => (await readAccountWebhook(db, accountId))?.url ?? null,
      ttlMs,
      maxEntries,
    });
  }

  /** The account's default webhook URL, or null (none set, or no such account). */
  async defaultUrl(accountId: string): Promise<string | null> {
    return this.entries.get(accountId);
  }

  evict(accountId: string): void {
    this.entries.evict(accountId);
  }
}

export function accountWebhookChannel(prefix: string): string {
  return `${prefix}:account-webhook-changed`;
}

/** Sets (or, with null, clears) an account's default webhook URL and tells every API replica. */
export async function setAccountWebhookUrlEverywhere(db: Db, redis: Redis, prefix: string, accountId: string, url: string | null): Promise<void> {
  await setAccountWebhookUrl(db, accountId, url);
  await redis.publish(accountWebhookChannel(prefix), accountId);
}

/** Subscribes a dedicated connection to default-URL changes; returns a function that unsubscribes. */
export async function listenForAccountWebhookChanges(
  subscriber: Redis,
  prefix: string,
  onChanged: (accountId: string) => void,
): Promise<() => Promise<void>> {
  const channel = accountWebhookChannel(prefix);
  subscriber.on('message', (from: string, accountId: string) => {
    if (from === channel) onChanged(accountId);
  });
  await subscriber.subscribe(channel);
  return async () => {
    await subscriber.unsubscribe(channel);
  };
}

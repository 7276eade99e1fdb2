/**
 * A small in-memory cache whose entries expire after a time to live, bounded in size (the oldest
 * entry goes first). Providers' answers change slowly and their terms ask for restraint, so the
 * same query within the TTL is served from here.
 */
export interface TtlCacheOptions {
  /** How long an entry lives, in milliseconds. */
  ttlMs: number;
  /** Entries kept at most; default 500. */
  maxEntries?: number;
  /** The clock; tests pass their own. */
  now?: () => number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores `value`; `ttlMs` shortens the default lifetime (e.g. a signed URL that expires sooner). */
  set(key: string, value: V, ttlMs = this.ttlMs): void {
    if (ttlMs <= 0 || this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + Math.min(ttlMs, this.ttlMs) });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

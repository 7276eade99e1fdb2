// A per-process TTL cache whose entries in use are re-read before they expire, one read per key at a time.

export interface RefreshingCacheOptions<V> {
  /** Reads the value of a key (a database lookup). */
  load: (key: string) => Promise<V>;
  /** How long a read is used; an entry is never answered after it (evictions drop it sooner). */
  ttlMs: number;
  /**
   * In the last this-many ms of its life, an entry that is used starts its re-read in the background
   * and is still answered meanwhile. Default: a sixth of the TTL, at most 5 s.
   */
  refreshAheadMs?: number;
  /** The cache is emptied when it reaches this many entries. */
  maxEntries: number;
  /** Called with every value read (in the background too). */
  onLoad?: (key: string, value: V, now: number) => void;
}

interface Entry<V> {
  value: V;
  expires: number;
}

/**
 * The read-through cache of the API's per-request lookups (the API key, the account's default
 * webhook URL), without the two stalls a plain TTL cache has at each expiry (issue 25, the
 * half-peak tail). A plain cache makes every request that arrives while the entry is being read
 * again wait for that read, and each of them sends its own read (a Prisma query of ~1 ms of CPU
 * apiece on the loaded machine): every TTL, a burst of identical queries and a row of requests
 * waiting for the slowest. Here an entry that is in use is read again shortly before it expires,
 * in the background, while it is still answered, so under traffic no request waits for it; and
 * the requests that do wait (a new key, an idle key whose entry expired) share one read.
 *
 * What a caller sees is unchanged: a value is answered only while it is younger than the TTL
 * (from when its read started), and `evict` drops the entry and forgets a read in flight, so
 * nothing read before the eviction is stored after it.
 *
 * Why not lru-cache's `fetch`: it shares reads the same way, but it re-reads only once an entry has
 * expired, and to answer meanwhile it serves the expired value (`allowStale`); a key revoked through
 * another API process must stop being answered at the TTL, so the re-read has to start before it.
 */
export class RefreshingCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Reads in flight: a waiting request and the refresh ahead share them. */
  private readonly reading = new Map<string, Promise<V>>();
  private readonly refreshAheadMs: number;

  constructor(private readonly options: RefreshingCacheOptions<V>) {
    this.refreshAheadMs = options.refreshAheadMs ?? Math.min(5_000, options.ttlMs / 6);
  }

  /**
   * The cached value, synchronously (not a promise) while its entry is fresh, so a caller can go on
   * without a microtask hop; otherwise the promise of the read.
   */
  get(key: string, now = Date.now()): V | Promise<V> {
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) {
      if (cached.expires - now <= this.refreshAheadMs && !this.reading.has(key)) {
        // The background read's failure is not this request's: the entry stays until it expires,
        // and the requests after that read again (and get the error, as without the refresh).
        this.read(key, now).catch(() => undefined);
      }
      return cached.value;
    }
    return this.reading.get(key) ?? this.read(key, now);
  }

  /** Drops the key's entry and forgets its read in flight (its result will not be stored). */
  evict(key: string): void {
    this.entries.delete(key);
    this.reading.delete(key);
  }

  private read(key: string, now: number): Promise<V> {
    const read: Promise<V> = this.options.load(key).then(
      (value) => {
        // An eviction meanwhile (or a newer read after it) owns the key now.
        if (this.reading.get(key) === read) {
          this.reading.delete(key);
          if (this.entries.size >= this.options.maxEntries) this.entries.clear();
          this.entries.set(key, { value, expires: now + this.options.ttlMs });
        }
        this.options.onLoad?.(key, value, now);
        return value;
      },
      (error: unknown) => {
        if (this.reading.get(key) === read) this.reading.delete(key);
        throw error;
      },
    );
    this.reading.set(key, read);
    return read;
  }
}

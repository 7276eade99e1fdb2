import { RefreshingCache } from '../src/services/refreshing-cache';

/** A load whose calls are counted and answered by hand. */
function manualLoad() {
  const calls: { key: string; resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, resolve, reject });
    });
  return { calls, load };
}

describe('RefreshingCache', () => {
  it('answers concurrent misses of one key with one read', async () => {
    const { calls, load } = manualLoad();
    const cache = new RefreshingCache({ load, ttlMs: 30_000, maxEntries: 10 });
    const a = cache.get('k', 0);
    const b = cache.get('k', 1);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('v1');
    await expect(Promise.all([a, b])).resolves.toEqual(['v1', 'v1']);
    expect(cache.get('k', 2)).toBe('v1');
    expect(calls).toHaveLength(1);
  });

  it('re-reads an entry in use before it expires, answering the old value meanwhile', async () => {
    const { calls, load } = manualLoad();
    const cache = new RefreshingCache({ load, ttlMs: 30_000, refreshAheadMs: 5_000, maxEntries: 10 });
    const first = cache.get('k', 0);
    calls[0]!.resolve('v1');
    await first;
    expect(cache.get('k', 24_999)).toBe('v1');
    expect(calls).toHaveLength(1);
    // In the last 5 s: answered at once, one read in the background however many requests come.
    expect(cache.get('k', 25_000)).toBe('v1');
    expect(cache.get('k', 26_000)).toBe('v1');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('v2');
    await new Promise((r) => setImmediate(r));
    // The new entry lives a TTL from when its read started.
    expect(cache.get('k', 54_999)).toBe('v2');
    expect(calls).toHaveLength(3);
  });

  it('never answers an entry past its TTL: a request then waits for the read in flight', async () => {
    const { calls, load } = manualLoad();
    const cache = new RefreshingCache({ load, ttlMs: 30_000, refreshAheadMs: 5_000, maxEntries: 10 });
    const first = cache.get('k', 0);
    calls[0]!.resolve('v1');
    await first;
    cache.get('k', 29_000);
    const late = cache.get('k', 30_000);
    expect(late).toBeInstanceOf(Promise);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('v2');
    await expect(late).resolves.toBe('v2');
  });

  it('stores nothing read before an eviction', async () => {
    const { calls, load } = manualLoad();
    const cache = new RefreshingCache({ load, ttlMs: 30_000, maxEntries: 10 });
    const before = cache.get('k', 0);
    cache.evict('k');
    calls[0]!.resolve('old');
    // The request that was already waiting gets what its read found, as it would have without a cache.
    await expect(before).resolves.toBe('old');
    const after = cache.get('k', 1);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('new');
    await expect(after).resolves.toBe('new');
    expect(cache.get('k', 2)).toBe('new');
  });

  it('gives a failed read to the requests waiting for it and keeps the entry when a refresh fails', async () => {
    const { calls, load } = manualLoad();
    const cache = new RefreshingCache({ load, ttlMs: 30_000, refreshAheadMs: 5_000, maxEntries: 10 });
    const a = cache.get('k', 0);
    const b = cache.get('k', 0);
    calls[0]!.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    const c = cache.get('k', 1);
    calls[1]!.resolve('v1');
    await expect(c).resolves.toBe('v1');
    expect(cache.get('k', 26_000)).toBe('v1');
    calls[2]!.reject(new Error('down'));
    await new Promise((r) => setImmediate(r));
    expect(cache.get('k', 27_000)).toBe('v1');
    expect(calls).toHaveLength(4);
  });

  it('calls onLoad with every value read and empties itself at maxEntries', async () => {
    const seen: string[] = [];
    const cache = new RefreshingCache({
      load: (key) => Promise.resolve(`${key}!`),
      ttlMs: 30_000,
      maxEntries: 2,
      onLoad: (key, value) => seen.push(`${key}=${value}`),
    });
    await cache.get('a', 0);
    await cache.get('b', 0);
    await cache.get('c', 0);
    expect(seen).toEqual(['a=a!', 'b=b!', 'c=c!']);
    expect(cache.get('a', 1)).toBeInstanceOf(Promise);
    expect(cache.get('c', 1)).toBe('c!');
  });
});

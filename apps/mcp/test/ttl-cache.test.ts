import { TtlCache } from '../src/providers/ttl-cache';

it('expires entries after their TTL, honours a shorter per-entry TTL, and evicts the oldest past its size', () => {
  let now = 0;
  const cache = new TtlCache<string>({ ttlMs: 100, maxEntries: 2, now: () => now });
  cache.set('a', 'A');
  cache.set('b', 'B', 10);
  now = 50;
  expect(cache.get('a')).toBe('A');
  expect(cache.get('b')).toBeUndefined();
  now = 100;
  expect(cache.get('a')).toBeUndefined();
  cache.set('c', 'C');
  cache.set('d', 'D');
  cache.set('e', 'E');
  expect([cache.get('c'), cache.get('d'), cache.get('e')]).toEqual([undefined, 'D', 'E']);
});

it('stores nothing when the TTL is zero (caching turned off)', () => {
  const cache = new TtlCache<string>({ ttlMs: 0 });
  cache.set('a', 'A');
  expect(cache.get('a')).toBeUndefined();
});

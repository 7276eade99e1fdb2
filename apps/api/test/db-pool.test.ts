import { hotPathPool } from '@rigforge/db';
import { API_POOL_IDLE_TIMEOUT_MS } from '../src/context';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => {
  jest.useRealTimers();
});

// A pause in traffic longer than node-postgres' 10 s default emptied the pool, and the next burst's
// first requests waited while it was filled again (apps/api/docs/performance.md, twenty-first wave).
test('the API keeps an idle Postgres connection through a pause of over 10 s, and closes it after its own idle time', async () => {
  // The pool's idle timer is set when a connection is released; fake timers pass the minutes, the query is real.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'hrtime', 'performance'] });
  const pool = hotPathPool(h.ctx.db)!;
  await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 1')]);
  const open = pool.totalCount;
  expect(open).toBeGreaterThanOrEqual(2);
  expect(pool.idleCount).toBe(open);
  jest.advanceTimersByTime(11_000);
  expect(pool.totalCount).toBe(open);
  jest.advanceTimersByTime(API_POOL_IDLE_TIMEOUT_MS);
  expect(pool.totalCount).toBe(0);
});

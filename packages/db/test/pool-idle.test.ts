import { createDb, hotPathPool, type Db } from '../src';

// The pool's idle timer is a plain setTimeout set when a connection is released; fake timers let
// the test pass minutes while the connection and its query stay real.
afterEach(() => {
  jest.useRealTimers();
});

async function idleConnectionsAfter(db: Db, ms: number): Promise<number> {
  const pool = hotPathPool(db)!;
  await pool.query('SELECT 1');
  expect(pool.idleCount).toBe(1);
  jest.advanceTimersByTime(ms);
  return pool.totalCount;
}

test('idleTimeoutMs keeps an idle connection past node-postgres’ 10 s and closes it after its own time', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'hrtime', 'performance'] });
  const byDefault = createDb({ databaseUrl: process.env.DATABASE_URL! });
  const kept = createDb({ databaseUrl: process.env.DATABASE_URL!, idleTimeoutMs: 300_000 });
  try {
    expect(await idleConnectionsAfter(byDefault, 11_000)).toBe(0);
    expect(await idleConnectionsAfter(kept, 11_000)).toBe(1);
    jest.advanceTimersByTime(300_000);
    expect(hotPathPool(kept)!.totalCount).toBe(0);
  } finally {
    jest.useRealTimers();
    await Promise.all([byDefault.$disconnect(), kept.$disconnect()]);
  }
});

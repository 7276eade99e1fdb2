import { createHook } from 'node:async_hooks';
import { createDb, hotPathPool } from '../src';

/** How many `Timeout` resources (setTimeout / setInterval) `fn` creates. */
async function timersMadeBy(fn: () => Promise<void>): Promise<number> {
  let made = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'Timeout') made++;
    },
  });
  hook.enable();
  try {
    await fn();
  } finally {
    hook.disable();
  }
  return made;
}

// idleTimeoutMs 0: node-postgres' own idle timer (one per release) is off, so what is counted is the
// deadline's.
test('a statement deadline costs no timer per checkout: 200 statements, one sweeping timer', async () => {
  const db = createDb({ databaseUrl: process.env.DATABASE_URL!, statementTimeoutMs: 2_000, idleTimeoutMs: 0, poolSize: 2 });
  const pool = hotPathPool(db)!;
  try {
    await pool.query('SELECT 1');
    const made = await timersMadeBy(async () => {
      for (let i = 0; i < 100; i++) await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 2')]);
    });
    // One per checkout (200) with a deadline timer each; the sweeper is at most started again.
    expect(made).toBeLessThanOrEqual(2);
  } finally {
    await db.$disconnect();
  }
});

test('a connection checked out past statementTimeoutMs + 500 ms without an answer is closed, one answered in time is not', async () => {
  const db = createDb({ databaseUrl: process.env.DATABASE_URL!, statementTimeoutMs: 300, idleTimeoutMs: 0, poolSize: 2 });
  const pool = hotPathPool(db)!;
  const client = await pool.connect();
  // A checked-out client's own error event is the caller's to handle (pool.query handles it for its own checkouts).
  client.on('error', () => undefined);
  try {
    // The server no longer cancels this session's statements: only the client-side deadline can end it.
    await client.query('SET statement_timeout = 0');
    const started = performance.now();
    await expect(client.query('SELECT pg_sleep(5)')).rejects.toThrow(/Query read timeout|Connection terminated/);
    const waited = performance.now() - started;
    // 300 + 500 ms, swept every 80 ms (a tenth): closed after 800 ms, well before the 5 s sleep.
    expect(waited).toBeGreaterThanOrEqual(750);
    expect(waited).toBeLessThan(2_000);
  } finally {
    client.release(true);
  }
  try {
    // A fresh checkout that answers in time keeps its connection, across sweeps.
    const other = await pool.connect();
    await other.query('SELECT pg_sleep(0.2)');
    await other.query('SELECT pg_sleep(0.2)');
    other.release();
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  } finally {
    await db.$disconnect();
  }
});

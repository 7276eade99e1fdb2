/**
 * The outage classifier against the errors Postgres and our clients really produce: a refused
 * connection through Prisma and through node-postgres, a connection the server terminates, and
 * ordinary statement errors (which must not read as an outage).
 */
import net from 'node:net';
import { Client, Pool } from 'pg';
import { createDb, isDatabaseUnavailableError } from '../src';

async function closedPortUrl(): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      const found = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(found));
    });
  });
  return `postgresql://postgres@127.0.0.1:${port}/nothing`;
}

async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

test('a refused connection is an outage, through Prisma (model and raw queries) and node-postgres', async () => {
  const url = await closedPortUrl();
  const db = createDb({ databaseUrl: url, poolSize: 1 });
  expect(isDatabaseUnavailableError(await caught(() => db.job.findFirst()))).toBe(true);
  expect(isDatabaseUnavailableError(await caught(() => db.$queryRaw`SELECT 1`))).toBe(true);
  await db.$disconnect().catch(() => undefined);
  const pool = new Pool({ connectionString: url });
  expect(isDatabaseUnavailableError(await caught(() => pool.query('SELECT 1')))).toBe(true);
  await pool.end();
});

test('a connection the server terminates (57P01, as in a shutdown) is an outage', async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  client.on('error', () => undefined);
  await client.connect();
  const error = await caught(() => client.query('SELECT pg_terminate_backend(pg_backend_pid())'));
  expect(isDatabaseUnavailableError(error)).toBe(true);
  await client.end().catch(() => undefined);
});

test('statement errors and other failures are not outages; a wrapped outage is', async () => {
  const db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
  expect(isDatabaseUnavailableError(await caught(() => db.$queryRawUnsafe('SELEC nonsense')))).toBe(false);
  expect(isDatabaseUnavailableError(await caught(() => db.$queryRawUnsafe('SELECT 1/0')))).toBe(false);
  await db.$disconnect();
  expect(isDatabaseUnavailableError(new Error('engine crashed'))).toBe(false);
  expect(isDatabaseUnavailableError(null)).toBe(false);
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  expect(isDatabaseUnavailableError(new Error('mark succeeded failed', { cause: refused }))).toBe(true);
});

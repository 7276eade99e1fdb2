// Removes what the run made: its database, its Redis keys and its storage directory.
import { rm } from 'node:fs/promises';
import { Redis } from 'ioredis';
import { dropDatabase } from '@rigforge/db';
import { Client } from 'pg';
import { removeRedisKeys } from '../private-backends/remove-redis-keys';
import { TEST_DATABASE_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL, TEST_STORAGE_DIR } from './test-env';

export default async function globalTeardown(): Promise<void> {
  if (process.env.KEEP_TEST_DATA) return;
  const admin = new URL(TEST_DATABASE_URL);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  // The run's database, and those of isolated harnesses (startIsolatedHarness) a failed test left.
  const left = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${name}_`]);
  await client.end();
  for (const datname of [name, ...left.rows.map((r) => r.datname)]) {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${encodeURIComponent(datname)}`;
    await dropDatabase(url.toString()).catch(() => undefined);
  }

  const redis = new Redis(TEST_REDIS_URL);
  await removeRedisKeys(redis, `${TEST_REDIS_PREFIX}*`, { batch: 1000 });
  await redis.quit();
  await rm(TEST_STORAGE_DIR, { recursive: true, force: true });
}

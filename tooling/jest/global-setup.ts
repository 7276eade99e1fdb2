// Creates and migrates the run's own database; every test file then uses it through process.env.
// Builds the services the tests start as processes, as `npm start` and the images run them.
import { mkdir } from 'node:fs/promises';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, ensureDatabase } from '@rigforge/db';
import { TEST_ENGINE_BUNDLE } from '../../apps/worker/test/engines/test-engine-bundle';
import { buildBundles, buildServices } from '../../scripts/build-services';
import { TEST_DATABASE_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL, TEST_RUN_ID, TEST_STORAGE_DIR, TEST_TEMPLATE_DATABASE_URL } from './test-env';

export default async function globalSetup(): Promise<void> {
  process.env.RIGFORGE_TEST_RUN = TEST_RUN_ID;
  process.env.DATABASE_URL = TEST_DATABASE_URL;
  process.env.REDIS_URL = TEST_REDIS_URL;
  process.env.REDIS_PREFIX = TEST_REDIS_PREFIX;
  process.env.STORAGE_DIR = TEST_STORAGE_DIR;
  // Every worker and API process a test starts runs these files (a few seconds to build after a
  // change, nothing otherwise): see scripts/build-services.ts.
  await buildServices();
  await buildBundles(TEST_ENGINE_BUNDLE);
  await ensureDatabase(TEST_DATABASE_URL);
  await applyMigrations({ databaseUrl: TEST_DATABASE_URL, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  await ensureDatabase(TEST_TEMPLATE_DATABASE_URL);
  await applyMigrations({ databaseUrl: TEST_TEMPLATE_DATABASE_URL, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  process.env.TEST_TEMPLATE_DATABASE_URL = TEST_TEMPLATE_DATABASE_URL;
  await mkdir(TEST_STORAGE_DIR, { recursive: true });
}

/**
 * The test run's own database, Redis prefix and storage directory, derived once per run so every
 * jest worker and every process a test starts agree on them, and teardown removes exactly them.
 */
import os from 'node:os';
import path from 'node:path';
import { withDatabaseName } from '@rigforge/db';

const runId = process.env.RIGFORGE_TEST_RUN ?? `${process.pid}`;
const baseUrl = process.env.TEST_DATABASE_BASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export const TEST_RUN_ID = runId;
export const TEST_DATABASE_URL = withDatabaseName(baseUrl, `rigforge_test_${runId}`);
/**
 * A migrated database nobody connects to, which each isolated harness copies (apps/api/test/harness.ts);
 * named like the run's database plus a suffix, so teardown drops it with the harnesses' ones.
 */
export const TEST_TEMPLATE_DATABASE_URL = withDatabaseName(baseUrl, `rigforge_test_${runId}_template`);
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_REDIS_PREFIX = `rftest${runId}`;
export const TEST_STORAGE_DIR = path.join(os.tmpdir(), `rigforge-test-${runId}`);

/**
 * Applies Prisma-layout SQL migrations (prisma/migrations/<timestamp>_<name>/migration.sql) without
 * Prisma's schema engine, which cannot be downloaded here. It keeps `_prisma_migrations` exactly as
 * `prisma migrate deploy` does (same table, checksum = sha256 of migration.sql, one row per
 * migration), so a later `prisma migrate deploy` elsewhere sees the same history.
 *
 * Refuses to continue when an applied migration was edited (checksum differs) or an earlier run
 * failed half-way, as Prisma does. Runs under Prisma's advisory lock so concurrent starts are safe.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';

/** Prisma's own advisory lock id for migrations. */
const PRISMA_MIGRATE_LOCK = 72707369;

export interface ApplyMigrationsOptions {
  databaseUrl: string;
  migrationsDir: string;
}

export interface ApplyMigrationsResult {
  applied: string[];
  alreadyApplied: string[];
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

async function listMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
    files.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

export async function applyMigrations(options: ApplyMigrationsOptions): Promise<ApplyMigrationsResult> {
  const migrations = await listMigrations(options.migrationsDir);
  const client = new Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');

    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        `migrate: migration "${failed.migration_name}" failed earlier; resolve it before applying more`,
      );
    }
    const done = new Map(rows.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r]));
    const result: ApplyMigrationsResult = { applied: [], alreadyApplied: [] };

    for (const migration of migrations) {
      const previous = done.get(migration.name);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new MigrationError(
            `migrate: migration "${migration.name}" was edited after it was applied (checksum differs)`,
          );
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      const id = randomUUID();
      await client.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
        [id, migration.checksum, migration.name],
      );
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        const message = error instanceof Error ? error.message : String(error);
        await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, message]);
        throw new MigrationError(`migrate: migration "${migration.name}" failed: ${message}`);
      }
      await client.query(
        'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
        [id],
      );
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** The same server URL naming another database (test runs and benchmarks make their own). */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/**
 * Runs `work` on a connection to the server's `postgres` database with the name of the database
 * the URL names (quoted for SQL); nothing is run when the URL names none.
 */
async function onAdminConnection(databaseUrl: string, work: (client: Client, name: string, quoted: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (!name) return;
  const client = new Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
  await client.connect();
  try {
    await work(client, name, `"${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist yet (connects to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  await onAdminConnection(databaseUrl, async (client, name, quoted) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${quoted}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently
      });
    }
  });
}

/**
 * Creates the database named in the URL as a copy of `template`, a database on the same server
 * that no session is connected to (connects to `postgres`). The test suite copies one migrated
 * database per isolated harness: Postgres copies its files in a few hundred milliseconds, where
 * creating and migrating one afresh took about twice as long.
 */
export async function createDatabaseFromTemplate(databaseUrl: string, template: string): Promise<void> {
  await onAdminConnection(databaseUrl, async (client, _name, quoted) => {
    await client.query(`CREATE DATABASE ${quoted} TEMPLATE "${template.replace(/"/g, '""')}"`);
  });
}

/** Drops the database named in the URL, closing its sessions (connects to `postgres`). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onAdminConnection(databaseUrl, async (client, _name, quoted) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  });
}

export const DEFAULT_MIGRATIONS_DIR = path.resolve(__dirname, '../../../../prisma/migrations');

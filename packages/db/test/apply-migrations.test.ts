import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, ensureDatabase, MigrationError } from '../src';

const base = new URL(process.env.DATABASE_URL!);
let counter = 0;
const scratchDatabases: string[] = [];

async function scratchDatabase(): Promise<string> {
  const url = new URL(base);
  url.pathname = `/${base.pathname.slice(1)}_mig${process.pid}_${counter++}`;
  scratchDatabases.push(url.toString());
  await ensureDatabase(url.toString());
  return url.toString();
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  const admin = new URL(base);
  admin.pathname = '/postgres';
  for (const url of scratchDatabases) {
    await query(admin.toString(), `DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  }
});

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

test('applies the project migrations once and records them as prisma migrate deploy does', async () => {
  const url = await scratchDatabase();
  const first = await applyMigrations({ databaseUrl: url, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  expect(first.applied.length).toBeGreaterThan(0);
  const second = await applyMigrations({ databaseUrl: url, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  expect(second.applied).toEqual([]);
  expect(second.alreadyApplied).toEqual(first.applied);
  const rows = await query<{ migration_name: string; checksum: string; finished_at: Date; applied_steps_count: number }>(
    url,
    'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
  );
  expect(rows.map((r) => r.migration_name)).toEqual(first.applied);
  for (const row of rows) {
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(row.applied_steps_count).toBe(1);
  }
  const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
  expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(['accounts', 'api_keys', 'jobs', 'credit_ledger']));
});

test('refuses a migration edited after it was applied', async () => {
  const url = await scratchDatabase();
  const dir = await migrationsDir({ '20260101000000_a': 'CREATE TABLE a (id int);' });
  await applyMigrations({ databaseUrl: url, migrationsDir: dir });
  await writeFile(path.join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE a (id bigint);');
  await expect(applyMigrations({ databaseUrl: url, migrationsDir: dir })).rejects.toThrow(/edited/);
});

test('a failing migration is rolled back, recorded as failed, and blocks later runs', async () => {
  const url = await scratchDatabase();
  const dir = await migrationsDir({
    '20260101000000_ok': 'CREATE TABLE ok (id int);',
    '20260102000000_bad': 'CREATE TABLE half (id int); SELECT * FROM no_such_table;',
  });
  await expect(applyMigrations({ databaseUrl: url, migrationsDir: dir })).rejects.toBeInstanceOf(MigrationError);
  const tables = await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
  expect(tables.map((t) => t.tablename)).not.toContain('half');
  const failed = await query<{ logs: string }>(url, "SELECT logs FROM _prisma_migrations WHERE migration_name = '20260102000000_bad'");
  expect(failed[0]?.logs).toMatch(/no_such_table/);
  await expect(applyMigrations({ databaseUrl: url, migrationsDir: dir })).rejects.toThrow(/failed earlier/);
});

test('concurrent runs apply each migration once', async () => {
  const url = await scratchDatabase();
  const results = await Promise.all([1, 2, 3].map(() => applyMigrations({ databaseUrl: url, migrationsDir: DEFAULT_MIGRATIONS_DIR })));
  const appliedTotal = results.reduce((n, r) => n + r.applied.length, 0);
  const rows = await query(url, 'SELECT 1 FROM _prisma_migrations');
  expect(appliedTotal).toBe(rows.length);
});

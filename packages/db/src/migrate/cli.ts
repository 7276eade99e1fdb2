// `pnpm db:migrate`: creates the database if needed and applies pending migrations.
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, ensureDatabase } from './apply-migrations';
import { DEFAULT_DATABASE_URL } from '@rigforge/server';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await ensureDatabase(databaseUrl);
  const result = await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  for (const name of result.applied) console.log(`migrate: applied ${name}`);
  console.log(`migrate: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

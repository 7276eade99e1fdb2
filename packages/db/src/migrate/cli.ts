// `pnpm db:migrate`: creates the database if needed and applies pending migrations.
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, ensureDatabase } from './apply-migrations';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/rigforge';
  await ensureDatabase(databaseUrl);
  const result = await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  for (const name of result.applied) console.log(`migrate: applied ${name}`);
  console.log(`migrate: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// Stores the starter catalog (built procedurally by @rigforge/catalog) in Postgres and object
// storage. Run by `pnpm start` after migrations: the first run builds and stores every asset; later
// runs see the same catalog version with its files present and return in well under a second.
import { createDb } from '@rigforge/db';
import { createStorage, S3Storage, storageSettingsFromEnv } from '@rigforge/storage';
import { parseApiEnv } from '../apps/api/src/env';
import { seedStarterCatalog } from '../apps/api/src/services/catalog-import';

async function main(): Promise<void> {
  const env = parseApiEnv();
  const db = createDb({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
  const storage = createStorage(storageSettingsFromEnv(env));
  const started = performance.now();
  try {
    const report = await seedStarterCatalog(
      { db, storage },
      {
        force: process.argv.includes('--force'),
        onAsset: (i, total) => {
          if (i === 0) process.stderr.write(`catalog: building ${total} starter assets (first run only)\n`);
        },
      },
    );
    const ms = Math.round(performance.now() - started);
    if (report.seeded) {
      process.stderr.write(
        `catalog: stored starter catalog ${report.catalogVersion} (${report.assets} assets: ${report.inserted} new, ` +
          `${report.updated} updated, ${report.removed} removed; built in ${report.buildMs} ms, ${ms} ms in all; ${report.reason})\n`,
      );
    } else {
      process.stderr.write(`catalog: starter catalog ${report.catalogVersion} is up to date (${ms} ms)\n`);
    }
  } finally {
    await db.$disconnect();
    if (storage instanceof S3Storage) storage.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`catalog: seeding failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});

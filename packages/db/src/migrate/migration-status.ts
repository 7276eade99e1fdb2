/**
 * Which migrations in the folder the database has not applied (or applied only half-way): what
 * `/readyz` checks, so a process started against a database its code is newer than is not routed
 * traffic until the migration step has run. The folder is read once per process (it does not
 * change under a running process); the table is read on every call.
 */
import { readdir } from 'node:fs/promises';
import type { Db } from '../client';

export class MigrationStatus {
  private names: Promise<string[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly migrationsDir: string,
  ) {}

  /** Names of the migrations in the folder the database lacks; empty when up to date. */
  async missing(): Promise<string[]> {
    this.names ??= readdir(this.migrationsDir, { withFileTypes: true }).then((entries) =>
      entries.filter((e) => e.isDirectory()).map((e) => e.name),
    );
    const wanted = await this.names.catch((error: unknown) => {
      this.names = null;
      throw error;
    });
    const applied = await this.db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    const done = new Set(applied.map((r) => r.migration_name));
    return wanted.filter((name) => !done.has(name)).sort();
  }

  /** Throws naming the missing migrations, for a readiness check. */
  async assertApplied(): Promise<void> {
    const missing = await this.missing();
    if (missing.length) throw new Error(`${missing.length} migration(s) not applied: ${missing.join(', ')}`);
  }
}

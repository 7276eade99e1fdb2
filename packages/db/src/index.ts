/** The database package's public surface: the client, the repositories and migrations. */
export * from './client';
export * from './repositories/accounts';
export * from './repositories/api-keys';
export * from './repositories/jobs';
export * from './repositories/idempotency-keys';
export * from './repositories/webhooks';
export * from './repositories/uploads';
export * from './job-view';
export * from './repositories/assets';
export * from './repositories/asset-catalog-index';
export { MigrationStatus } from './migrate/migration-status';
export { applyMigrations, createDatabaseFromTemplate, dropDatabase, ensureDatabase, withDatabaseName, MigrationError, DEFAULT_MIGRATIONS_DIR } from './migrate/apply-migrations';
export type { Account, ApiKey, Job, Plan, JobStatus, JobOperation } from './generated/prisma/client';

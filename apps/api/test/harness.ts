/**
 * Boots the real app on the real Postgres and Redis (the run's own database and a Redis prefix of
 * this harness's own), seeds accounts and keys, and tears everything down.
 */
import { randomUUID } from 'node:crypto';
import { applyMigrations, createAccount, createDatabaseFromTemplate, DEFAULT_MIGRATIONS_DIR, dropDatabase, ensureDatabase, grantCredits, issueApiKey, type Plan } from '@rigforge/db';
import supertest from 'supertest';
import type { Express } from 'express';
import { createApp } from '../src/app';
import { createContext, type AppContext, type CreateContextOptions } from '../src/context';
import { parseApiEnv, type ApiEnv } from '../src/env';
import { DEFAULT_SERVER_DATABASE_URL } from '@rigforge/server';

export interface Harness {
  app: Express;
  ctx: AppContext;
  request: ReturnType<typeof supertest>;
  seedAccount(options?: SeedAccountOptions): Promise<SeededAccount>;
  close(): Promise<void>;
}

export interface SeedAccountOptions {
  plan?: Plan;
  active?: boolean;
  credits?: number;
}

export interface SeededAccount {
  accountId: string;
  key: string;
  keyId: string;
  auth: { Authorization: string };
}

export function harnessEnv(overrides: Partial<Record<keyof ApiEnv, string>> = {}): ApiEnv {
  return parseApiEnv({
    ...process.env,
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'rftest'}:${randomUUID().slice(0, 8)}`,
    RATE_LIMIT_PER_MINUTE: '100000',
    // Request lines and info messages would bury a failing test's output; warnings and errors stay.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    REQUIRE_LIVE_WORKERS: 'false',
    PUBLIC_BASE_URL: 'http://api.test',
    // The fail-fast budgets (1 s in production) would fire spuriously on a test machine whose
    // cores are shared by many processes: a starved event loop runs a timer before it reads the
    // reply that arrived. Tests of outages set their own.
    DB_CONNECT_TIMEOUT_MS: '10000',
    DB_STATEMENT_TIMEOUT_MS: '10000',
    REDIS_COMMAND_TIMEOUT_MS: '10000',
    ...overrides,
  });
}

export async function startHarness(
  overrides: Partial<Record<keyof ApiEnv, string>> = {},
  env?: ApiEnv,
  options: CreateContextOptions = {},
): Promise<Harness> {
  const ctx = await createContext(env ?? harnessEnv(overrides), options);
  const app = createApp(ctx);
  return {
    app,
    ctx,
    request: supertest(app),
    seedAccount: (options) => seedAccount(ctx, options),
    close: () => ctx.close(),
  };
}

/**
 * A harness on a database of its own (the run's database name plus a suffix, dropped on close):
 * a copy of the suite's migrated template database (TEST_TEMPLATE_DATABASE_URL, made by
 * tooling/jest/global-setup.ts), or, outside the suite, migrated afresh. For files that start worker processes: a worker's sweeper recovers every
 * job that Postgres says is queued but its own Redis prefix has never seen, so two such files
 * sharing one database would take each other's jobs whenever a job waits past the sweeper's age.
 */
export async function startIsolatedHarness(overrides: Partial<Record<keyof ApiEnv, string>> = {}): Promise<Harness> {
  const base = new URL(process.env.DATABASE_URL ?? DEFAULT_SERVER_DATABASE_URL);
  const name = `${base.pathname.slice(1)}_${randomUUID().slice(0, 8)}`;
  base.pathname = `/${name}`;
  const databaseUrl = base.toString();
  const template = process.env.TEST_TEMPLATE_DATABASE_URL;
  if (template) {
    await createDatabaseFromTemplate(databaseUrl, decodeURIComponent(new URL(template).pathname.slice(1)));
  } else {
    await ensureDatabase(databaseUrl);
    await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  }
  const h = await startHarness({ ...overrides, DATABASE_URL: databaseUrl });
  return {
    ...h,
    close: async () => {
      await h.close();
      await dropDatabase(databaseUrl).catch(() => undefined);
    },
  };
}

export async function seedAccount(ctx: AppContext, options: SeedAccountOptions = {}): Promise<SeededAccount> {
  const account = await createAccount(ctx.db, {
    name: `test-${randomUUID().slice(0, 8)}`,
    plan: options.plan ?? 'standard',
    subscriptionActive: options.active ?? true,
  });
  const credits = options.credits ?? 1000;
  if (credits > 0) await grantCredits(ctx.db, account.id, credits, 'test seed');
  const issued = await issueApiKey(ctx.db, account.id);
  return { accountId: account.id, key: issued.key, keyId: issued.id, auth: { Authorization: `Bearer ${issued.key}` } };
}

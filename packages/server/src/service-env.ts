/**
 * Settings shared by the API and the workers (database, Redis, object storage), and the helpers
 * both use to parse their environment once at startup. A bad value stops the process with a message
 * naming the variable; the README's configuration tables mirror these schemas.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from './connection-defaults';

/** A non-negative integer variable. */
export const envInt = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

/** `true|false|1|0`. */
export const envBool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** pino's levels; `silent` turns logging off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const serviceEnvShape = {
  /**
   * Opens the operator endpoints: `/metrics` (API and workers) and Bull Board (`/admin/queues`).
   * Empty (the default) keeps them closed (403). `npm start` generates one into var/admin-token.
   */
  ADMIN_TOKEN: z.string().default(''),
  /** Lowest level written to the JSON log lines on stdout. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
  REDIS_URL: z.string().default(DEFAULT_REDIS_URL),
  /** Namespaces every Redis key (queues, rate limits, heartbeats). */
  REDIS_PREFIX: z.string().default('rigforge'),
  /** Absolute URL clients reach the API at; output URLs are built from it. */
  PUBLIC_BASE_URL: z.string().default('http://localhost:3000'),
  STORAGE_DIR: z.string().default(path.resolve(process.cwd(), 'var/storage')),
  /**
   * Local storage: create small new files (≤ 64 KB, e.g. a submission's input) on the event loop
   * instead of in libuv's thread pool. Fewer syscalls and less CPU per file; a slow disk stalls
   * the process meanwhile. For a fast local disk (apps/api/docs/performance.md, ninth wave).
   */
  STORAGE_CREATE_ON_LOOP: envBool(false),
  /** Where inputs and outputs live: `local` (STORAGE_DIR, served by the API at /files) or `s3`. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().default(''),
  /** An S3-compatible service (MinIO, R2); empty means AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** `endpoint/bucket/key` URLs, as MinIO needs; false for `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: envBool(true),
  /** A CDN or public bucket URL; when empty, output URLs are presigned GET URLs. */
  S3_PUBLIC_BASE_URL: z.string().default(''),
  /** Lifetime of presigned output URLs (SigV4 allows at most 7 days). */
  S3_URL_EXPIRY_SECONDS: z.coerce.number().int().min(1).max(604800).default(604800),
};

/** S3 settings that only make sense together; checked here so the message names the variable. */
export function refineStorageEnv(
  env: { STORAGE_DRIVER: string; S3_BUCKET: string; S3_PUBLIC_BASE_URL: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string },
  ctx: z.RefinementCtx,
): void {
  if (env.STORAGE_DRIVER !== 's3') return;
  if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' });
  if (!env.S3_PUBLIC_BASE_URL && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required to presign URLs unless S3_PUBLIC_BASE_URL is set',
    });
  }
}

/** Parses `env` with `schema`, or throws one error listing every bad variable. */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv, who: string): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`${who}: invalid environment\n${lines.join('\n')}`);
  }
  return result.data;
}

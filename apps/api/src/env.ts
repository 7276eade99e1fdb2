/**
 * Every setting of the API, parsed once at startup from the environment. A bad value stops the
 * process with a message naming the variable. The README's configuration table mirrors this file.
 */
import path from 'node:path';
import { z } from 'zod';

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

export const apiEnvSchema = z.object({
  PORT: int(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/rigforge'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Namespaces every Redis key (queues, rate limits, heartbeats). */
  REDIS_PREFIX: z.string().default('rigforge'),
  /** Absolute URL clients reach the API at; output URLs are built from it. */
  PUBLIC_BASE_URL: z.string().default('http://localhost:3000'),
  STORAGE_DIR: z.string().default(path.resolve(process.cwd(), 'var/storage')),
  /** Where inputs and outputs live: `local` (STORAGE_DIR, served by the API at /files) or `s3`. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().default(''),
  /** An S3-compatible service (MinIO, R2); empty means AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** `endpoint/bucket/key` URLs, as MinIO needs; false for `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: bool(true),
  /** A CDN or public bucket URL; when empty, output URLs are presigned GET URLs. */
  S3_PUBLIC_BASE_URL: z.string().default(''),
  /** Lifetime of presigned output URLs (SigV4 allows at most 7 days). */
  S3_URL_EXPIRY_SECONDS: z.coerce.number().int().min(1).max(604800).default(604800),
  RATE_LIMIT_PER_MINUTE: int(60),
  /** Decoded size cap of `model_base64` and of downloaded inputs. */
  MAX_INPUT_BYTES: int(10 * 1024 * 1024),
  DOWNLOAD_TIMEOUT_MS: int(20000),
  /** Comma-separated hosts or CIDRs that user URLs may reach even though private (e.g. a local mirror). */
  FETCH_ALLOW_HOSTS: z.string().default(''),
  PRICE_RIG_FAST: int(10),
  PRICE_RIG_PRO: int(30),
  PRICE_RETARGET: int(5),
  PRICE_GENERATE_MODEL: int(20),
  // Measured (packages/rig/scripts/bench.ts, packages/generate/scripts/bench.ts): a 50k-triangle rig
  // takes ~0.5 s fast and ~0.9 s pro, a 1024² image ~1.1 s; plus pickup and storage, rounded up.
  ESTIMATED_SECONDS_RIG_FAST: int(2),
  ESTIMATED_SECONDS_RIG_PRO: int(3),
  ESTIMATED_SECONDS_GENERATE_MODEL: int(3),
  /** First delay before a failed attempt is retried (doubling each time, 3 attempts in all). */
  JOB_RETRY_BACKOFF_MS: int(2000),
  /** Waiting jobs above which a queue answers 503 backend_unavailable. */
  MAX_QUEUE_DEPTH: int(500),
  /** Answer 503 when no worker of the target queue has sent a heartbeat recently. */
  REQUIRE_LIVE_WORKERS: bool(true),
  /** How long an API key lookup is cached; revocations also evict at once through Redis. */
  API_KEY_CACHE_MS: int(30000),
}).superRefine(checkStorage);

/** S3 settings that only make sense together; checked here so the message names the variable. */
function checkStorage(
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

export type ApiEnv = z.infer<typeof apiEnvSchema>;

export function parseApiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  const result = apiEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`api: invalid environment\n${lines.join('\n')}`);
  }
  return result.data;
}

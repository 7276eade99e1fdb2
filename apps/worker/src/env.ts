/** Every setting of a worker process, parsed once at startup; see the README's configuration table. */
import path from 'node:path';
import { z } from 'zod';

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

export const workerEnvSchema = z.object({
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/rigforge'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('rigforge'),
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
  /** A job still running this long after it started fails with `timeout` (the spec's 300 s deadline). */
  JOB_TIMEOUT_SECONDS: int(300),
  /** Comma-separated module paths that register extra engines (see engines/engine-registry.ts). */
  ENGINE_MODULES: z.string().default(''),
  /** How often the sweeper re-enqueues lost jobs and fails overdue ones. */
  SWEEP_INTERVAL_MS: int(15000),
  /** A queued job missing from Redis for this long is re-enqueued. */
  REQUEUE_AFTER_MS: int(30000),
  /** Base URL of a remote image-to-model engine; when set, generate_model jobs are sent there. */
  REMOTE_GENERATE_URL: z.string().default(''),
  REMOTE_GENERATE_TOKEN: z.string().default(''),
  REMOTE_GENERATE_TIMEOUT_MS: int(120000),
  /** Retries of a remote call after a 5xx, 429, network error or timeout (exponential backoff from 1 s). */
  REMOTE_GENERATE_RETRIES: int(3),
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

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(env: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const result = workerEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`worker: invalid environment\n${lines.join('\n')}`);
  }
  return result.data;
}

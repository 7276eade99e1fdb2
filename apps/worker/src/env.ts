/** Every setting of a worker process, parsed once at startup; see the README's configuration table. */
import path from 'node:path';
import { z } from 'zod';

const int = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

export const workerEnvSchema = z.object({
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/rigforge'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('rigforge'),
  PUBLIC_BASE_URL: z.string().default('http://localhost:3000'),
  STORAGE_DIR: z.string().default(path.resolve(process.cwd(), 'var/storage')),
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
});

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(env: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const result = workerEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`worker: invalid environment\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Every setting of the API, parsed once at startup from the environment. A bad value stops the
 * process with a message naming the variable. The README's configuration table mirrors this file.
 */
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES, OPERATION_ENGINES, operationEnvDefaults, type OperationEngine, type OperationEnvKey } from '@rigforge/contracts';
import { envBool, envInt, parseEnv, refineStorageEnv, serviceEnvShape } from '@rigforge/server';

/**
 * The price and estimate settings of every engine in the operations table, under the names its
 * rows give (PRICE_RIG_FAST, ESTIMATED_SECONDS_RIG_FAST, ...), defaulting to the row's values.
 */
export function operationEnvShape(table: readonly OperationEngine[] = OPERATION_ENGINES): Record<OperationEnvKey, ReturnType<typeof envInt>> {
  // The keys are the table's own setting names; the cast only restores their literal type.
  return Object.fromEntries(Object.entries(operationEnvDefaults(table)).map(([key, value]) => [key, envInt(value)])) as Record<OperationEnvKey, ReturnType<typeof envInt>>;
}

export const apiEnvSchema = z.object({
  PORT: envInt(3000),
  HOST: z.string().default('0.0.0.0'),
  ...serviceEnvShape,
  RATE_LIMIT_PER_MINUTE: envInt(60),
  /** Decoded size cap of `model_base64` and of downloaded inputs. */
  MAX_INPUT_BYTES: envInt(10 * 1024 * 1024),
  DOWNLOAD_TIMEOUT_MS: envInt(20000),
  /** The largest file POST /v1/uploads takes (its PUT is cut off past the declared size). */
  MAX_UPLOAD_BYTES: envInt(DEFAULT_MAX_UPLOAD_BYTES),
  /** How long an upload can be PUT and used as a source; the worker's sweep deletes it after. At most 7 days (presigned S3 URLs). */
  UPLOAD_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(86400),
  /** Threads that read uploaded meshes at submission, off the event loop (see upload-check/). */
  UPLOAD_CHECK_THREADS: envInt(2),
  /** Heap limit of one upload-check thread, MB. */
  UPLOAD_CHECK_HEAP_MB: envInt(512),
  /** Longest one upload check may take (a backstop: the readers' budgets bound the work); past it the file is refused (unsupported_format). */
  UPLOAD_CHECK_TIMEOUT_MS: envInt(30000),
  /** Comma-separated hosts or CIDRs that user URLs may reach even though private (e.g. a local mirror). */
  FETCH_ALLOW_HOSTS: z.string().default(''),
  ...operationEnvShape(),
  /** Credits per animation clip retargeted into a rig (on top of the engine's price). */
  PRICE_RETARGET: envInt(5),
  /** First delay before a failed attempt is retried (doubling each time, 3 attempts in all). */
  JOB_RETRY_BACKOFF_MS: envInt(2000),
  /** Waiting jobs above which a queue answers 503 backend_unavailable. */
  MAX_QUEUE_DEPTH: envInt(500),
  /** Answer 503 when no worker of the target queue has sent a heartbeat recently. */
  REQUIRE_LIVE_WORKERS: envBool(true),
  /**
   * Fail-fast budget for a dead or unreachable backend, so every request answers 503 within ~2 s
   * instead of hanging: getting a Postgres connection (a free pool slot or a new connection), the
   * server-side statement timeout (a connection still busy 500 ms later is closed: the server is
   * not answering), and a Redis command. The API's statements take milliseconds; these only fire
   * when something is wrong.
   */
  DB_CONNECT_TIMEOUT_MS: envInt(1000),
  DB_STATEMENT_TIMEOUT_MS: envInt(1000),
  REDIS_COMMAND_TIMEOUT_MS: envInt(1000),
  /** How long an API key lookup is cached; revocations also evict at once through Redis. */
  API_KEY_CACHE_MS: envInt(30000),
  /** Interval of the keep-alive comment on GET /v1/jobs/{id}/events (proxies close idle streams after 30-60 s). */
  SSE_KEEPALIVE_MS: envInt(15000),
}).superRefine(refineStorageEnv);

export type ApiEnv = z.infer<typeof apiEnvSchema>;

export function parseApiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  return parseEnv(apiEnvSchema, env, 'api');
}

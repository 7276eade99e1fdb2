/** Every setting of a worker process, parsed once at startup; see the README's configuration table. */
import { z } from 'zod';
import { envInt, parseEnv, refineStorageEnv, serviceEnvShape } from '@rigforge/server';
import { DEFAULT_WORKER_HTTP_PORT } from '@rigforge/observability';

export const workerEnvSchema = z.object({
  ...serviceEnvShape,
  /**
   * Port of the worker's own HTTP listener: /metrics (ADMIN_TOKEN), /healthz, /readyz. Several
   * workers on one host need one port each (`npm start` uses 9401-9403); 0 picks a free port
   * (logged), as tests and the scaling script do.
   */
  WORKER_HTTP_PORT: envInt(DEFAULT_WORKER_HTTP_PORT),
  WORKER_HTTP_HOST: z.string().default('0.0.0.0'),
  /** A job still running this long after it started fails with `timeout` (the spec's 300 s deadline). */
  JOB_TIMEOUT_SECONDS: envInt(300),
  /**
   * Jobs on a small built-in input (rig: the procedural biped; generate_model: examples/hero.png)
   * each engine thread runs before the worker takes jobs, so the first customer job runs on code V8
   * has optimised (engines/warm-up.ts); bounded by an 8 s budget; 0 disables.
   */
  WORKER_WARMUP_RUNS: envInt(4),
  /** Comma-separated module paths that register extra engines (see engines/engine-registry.ts). */
  ENGINE_MODULES: z.string().default(''),
  /** How often the sweeper re-enqueues lost jobs and settles overdue ones. */
  SWEEP_INTERVAL_MS: envInt(15000),
  /** How often captured inputs no job refers to (an API crash between storing and inserting) are deleted; 0 disables. */
  ORPHAN_INPUT_SWEEP_MS: envInt(3_600_000),
  /** Inputs written more recently than this are never taken for orphans (a submission in flight). */
  ORPHAN_INPUT_GRACE_MS: envInt(900_000),
  /** How often uploads past their lifetime (and upload files no upload refers to) are deleted; 0 disables. */
  UPLOAD_SWEEP_MS: envInt(600_000),
  /** A file under uploads/ with no upload row is left alone this long after its last write. */
  UPLOAD_STRAY_GRACE_MS: envInt(3_600_000),
  /** A queued job missing from Redis for this long is re-enqueued. */
  REQUEUE_AFTER_MS: envInt(30000),
  /**
   * The sweeper re-enqueues lost jobs only while fewer than this many wait in the queue, so a
   * backlog comes back as fast as workers drain it without flooding Redis. Keep it at or below the
   * API's MAX_QUEUE_DEPTH, or recovered jobs alone make the API refuse new ones.
   */
  REQUEUE_MAX_WAITING: envInt(500),
  /**
   * How long a dead worker's job stays locked before another worker takes it over. Engines run in
   * threads, so a live worker renews its lock every half of this however long the job runs.
   */
  JOB_LOCK_MS: envInt(15000),
  /** Base URL of a remote image-to-model engine; when set, generate_model jobs are sent there. */
  REMOTE_GENERATE_URL: z.string().default(''),
  REMOTE_GENERATE_TOKEN: z.string().default(''),
  REMOTE_GENERATE_TIMEOUT_MS: envInt(120000),
  /** Retries of a remote call after a 5xx, 429, network error or timeout (exponential backoff from 1 s). */
  REMOTE_GENERATE_RETRIES: envInt(3),
  /** Comma-separated hosts or CIDRs that webhook URLs may reach even though private (the API's setting of the same name). */
  FETCH_ALLOW_HOSTS: z.string().default(''),
  /** Webhook worker: the first retry delay of a failed delivery (doubling, capped at 6 h). */
  WEBHOOK_RETRY_BASE_MS: envInt(5000),
  /** Webhook worker: how long a receiver may take to answer one delivery. */
  WEBHOOK_TIMEOUT_MS: envInt(10000),
}).superRefine(refineStorageEnv);

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export function parseWorkerEnv(env: NodeJS.ProcessEnv = process.env): WorkerEnv {
  return parseEnv(workerEnvSchema, env, 'worker');
}

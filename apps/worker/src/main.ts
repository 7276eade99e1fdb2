/**
 * A worker process: `worker --queue rig.fast --concurrency 2`. One process serves one queue, so
 * each fleet scales on its own queue depth. SIGTERM stops taking jobs, lets running ones finish
 * under a deadline, then closes Redis and Postgres. A fatal error (one nothing handled) exits 1, so
 * the supervisor (scripts/supervise.ts, compose, Kubernetes) sees it and starts a fresh process.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'bullmq';
import { OPERATION_ENGINES, type JobFailure } from '@rigforge/contracts';
import { createDb, DEFAULT_MIGRATIONS_DIR, MigrationStatus } from '@rigforge/db';
import { createLogger, createServiceMetrics, logContext, logFunction, startOpsServer } from '@rigforge/observability';
import {
  beatWorkerHeartbeat,
  createRedis,
  isQueueName,
  jobPayloadSchema,
  JobQueues,
  QUEUE_NAMES,
  removeWorkerHeartbeat,
  WEBHOOK_QUEUE,
  WebhookQueue,
  type JobPayload,
} from '@rigforge/queue';
import { createStorage, storageSettingsFromEnv } from '@rigforge/storage';
import { register as registerBuiltins } from './engines/builtin-engines';
import { EnginePool } from './engines/engine-pool';
import { EngineRegistry, loadEngineModules } from './engines/engine-registry';
import { createRemoteGenerateEngine } from './engines/remote-generate-engine';
import { createStageAnnouncer, createStatusAnnouncer } from './announce-status';
import { parseWorkerEnv } from './env';
import { JobCancels } from './job-cancels';
import { createJobProcessor, RecordedJobFailure } from './processors/process-job';
import { settleAbandonedJob } from './processors/settle-abandoned-job';
import { waitOutOutage } from './processors/wait-out-outage';
import { startExpiredUploadSweeper } from './expired-uploads';
import { startOrphanInputSweeper } from './orphan-inputs';
import { startSweeper } from './sweeper';
import { startWebhookWorker } from './webhooks/webhook-worker';

const HEARTBEAT_MS = 5000;
const SHUTDOWN_GRACE_MS = 60_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { queue: { type: 'string' }, concurrency: { type: 'string', default: '1' } },
  });
  const queue = values.queue ?? '';
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive integer');
  if (queue === WEBHOOK_QUEUE) return runWebhookWorker(concurrency);
  if (!isQueueName(queue)) throw new Error(`--queue must be one of ${[...QUEUE_NAMES, WEBHOOK_QUEUE].join(', ')}`);

  const env = parseWorkerEnv();
  const workerId = `${queue}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // JSON lines on stdout; every line written while a job runs carries its `job_id` (logContext).
  const logger = createLogger({
    service: 'worker',
    base: { queue, worker_id: workerId },
    level: env.LOG_LEVEL,
    secrets: [env.ADMIN_TOKEN, env.REMOTE_GENERATE_TOKEN],
  });
  const log = logFunction(logger);

  const engineModules = env.ENGINE_MODULES.split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .map((m) => path.resolve(m));
  const registry = new EngineRegistry();
  registerBuiltins(registry);
  if (env.REMOTE_GENERATE_URL) {
    registry.register(
      'generate_model',
      createRemoteGenerateEngine({
        url: env.REMOTE_GENERATE_URL,
        token: env.REMOTE_GENERATE_TOKEN || undefined,
        timeoutMs: env.REMOTE_GENERATE_TIMEOUT_MS,
        retries: env.REMOTE_GENERATE_RETRIES,
      }),
    );
  }
  await loadEngineModules(registry, engineModules);

  const db = createDb({ databaseUrl: env.DATABASE_URL, poolSize: Math.max(2, concurrency + 1) });
  const connection = createRedis({ url: env.REDIS_URL, role: 'worker' });
  // Without a listener ioredis prints every reconnect failure as "Unhandled error event"; the
  // commands on this connection wait for Redis and the BullMQ worker logs the outage once per retry.
  connection.on('error', () => undefined);
  const queues = new JobQueues({ connection, prefix: env.REDIS_PREFIX });
  // Status announcements go out on a fail-fast connection: a Redis outage must not hold a job's
  // completion (Postgres has the status; listeners re-read it).
  const publisher = createRedis({ url: env.REDIS_URL, role: 'producer' });
  publisher.on('error', () => undefined);
  const webhooks = new WebhookQueue({ connection: publisher, prefix: env.REDIS_PREFIX });
  const announce = createStatusAnnouncer({ redis: publisher, prefix: env.REDIS_PREFIX, webhooks, db, log });
  const announceStage = createStageAnnouncer({ redis: publisher, prefix: env.REDIS_PREFIX, log });
  const subscriber = createRedis({ url: env.REDIS_URL, role: 'worker' });
  subscriber.on('error', () => undefined);
  const cancels = new JobCancels();
  const stopCancels = await cancels.listen(subscriber, env.REDIS_PREFIX, log);
  const metrics = createServiceMetrics({ service: 'worker', queues: [queue], jobQueues: queues, redis: connection, prefix: env.REDIS_PREFIX });
  const migrations = new MigrationStatus(db, DEFAULT_MIGRATIONS_DIR);
  const storage = createStorage(storageSettingsFromEnv(env));
  const timeoutMs = env.JOB_TIMEOUT_SECONDS * 1000;
  // Only a rig engine starts the rig's helper threads, so only a rig queue's log names their idle period.
  const rigQueue = OPERATION_ENGINES.some((r) => r.queue === queue && r.operation === 'rig');
  // Each engine thread warms up before it is ready, so the worker takes no job until its first one
  // would run on optimised code (see engines/warm-up.ts for why before rather than beside).
  const pool =
    registry.get(queue)?.runsIn === 'thread'
      ? new EnginePool({
          queue,
          modules: engineModules,
          size: concurrency,
          warmUpRuns: env.WORKER_WARMUP_RUNS,
          onWarmUp: ({ runs, runMs, error }, helperThreadIdleMs) =>
            log(`${error ? `engine warm-up stopped after ${runs} runs (${runMs.join(', ')} ms): ${error}` : `engine warm-up: ${runs} runs (${runMs.join(', ')} ms)`}${rigQueue ? `; rig helper threads end after ${helperThreadIdleMs / 1000} s idle` : ''}`),
        })
      : null;
  await pool?.ready();

  // The worker's own connection (BullMQ duplicates it for its blocking reads): what `/readyz` pings.
  const workerConnection = createRedis({ url: env.REDIS_URL, role: 'worker' });
  const processJob = createJobProcessor({ db, storage, registry, queue, pool, timeoutMs, log, metrics, announce, announceStage, cancels });
  const worker = new Worker<JobPayload>(
    queue,
    (bullJob) => logContext.run({ job_id: bullJob.id }, () => processJob(bullJob)),
    {
      connection: workerConnection,
      prefix: env.REDIS_PREFIX,
      concurrency,
      // Engines run in threads, so the lock keeps renewing; this only bounds how fast a dead
      // worker's job is taken over: within about JOB_LOCK_MS plus one stalled check.
      lockDuration: env.JOB_LOCK_MS,
      stalledInterval: Math.max(1000, Math.floor(env.JOB_LOCK_MS / 3)),
      maxStalledCount: 2,
    },
  );
  worker.on('error', (error) => log('queue error', error));
  worker.on('completed', () => metrics.workerJobs.inc({ queue, outcome: 'completed' }));
  // A job whose worker died goes back to the queue at once; say so, the next delivery resumes it
  // under what is left of its deadline.
  worker.on('stalled', (jobId) => log(`job ${jobId}: its worker stopped renewing the lock; re-queued`));
  // A BullMQ job that failed for good without our processor settling its row (stalled past the
  // limit, which BullMQ fails without calling us, or a status write lost to an outage) is settled
  // here at once instead of waiting for the sweeper's deadline. Conditional writes make this a
  // no-op for rows the processor already settled.
  worker.on('failed', (bullJob, error) => {
    if (error instanceof RecordedJobFailure) {
      metrics.workerJobs.inc({ queue, outcome: 'failed' }); // final: an UnrecoverableError is not retried
      return; // the processor failed and refunded the row itself
    }
    const payload = jobPayloadSchema.safeParse(bullJob?.data);
    if (!bullJob || !payload.success) return;
    const { jobId } = payload.data;
    void bullJob
      .getState()
      .then(async (state) => {
        metrics.workerJobs.inc({ queue, outcome: state === 'failed' ? 'failed' : 'retried' });
        if (state !== 'failed') return; // it will be retried
        const failure: JobFailure = { code: 'internal_error', message: 'the job was interrupted and could not be completed; the credits were refunded' };
        const outcome = await waitOutOutage(() => settleAbandonedJob({ db, storage, announce, metrics }, jobId, failure), {
          deadline: Date.now() + timeoutMs,
          what: `job ${jobId}: settle after "${error.message}"`,
          log,
        });
        if (outcome !== 'unchanged') log(`job ${jobId}: settled as ${outcome} after BullMQ failed it: ${error.message}`);
      })
      .catch((settleError: unknown) => log(`job ${jobId}: could not settle`, settleError));
  });

  const beat = () => beatWorkerHeartbeat(connection, env.REDIS_PREFIX, queue, workerId).catch(() => undefined);
  await beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  const stopSweeper = startSweeper({
    db,
    storage,
    announce,
    queues,
    queue,
    requeueAfterMs: env.REQUEUE_AFTER_MS,
    maxWaiting: env.REQUEUE_MAX_WAITING,
    lockMs: env.JOB_LOCK_MS,
    timeoutMs,
    intervalMs: env.SWEEP_INTERVAL_MS,
    log,
    metrics,
  });
  const stopOrphanSweeper = startOrphanInputSweeper({ db, storage, graceMs: env.ORPHAN_INPUT_GRACE_MS, intervalMs: env.ORPHAN_INPUT_SWEEP_MS, log });
  const stopUploadSweeper = startExpiredUploadSweeper({ db, storage, graceMs: env.UPLOAD_STRAY_GRACE_MS, intervalMs: env.UPLOAD_SWEEP_MS, log });
  // /metrics, /healthz, /readyz for Prometheus and the orchestrator's probes. Ready means this
  // worker can take and finish jobs: its queue connection answers and is consuming, Postgres and
  // Redis answer, and the database has every migration this code expects.
  const ops = await startOpsServer({
    port: env.WORKER_HTTP_PORT,
    host: env.WORKER_HTTP_HOST,
    adminToken: env.ADMIN_TOKEN,
    registry: metrics.registry,
    readiness: {
      queue: async () => {
        if (!worker.isRunning()) throw new Error(`not consuming ${queue}`);
        await workerConnection.ping();
      },
      postgres: async () => {
        await db.$queryRaw`SELECT 1`;
      },
      redis: async () => {
        await connection.ping();
      },
      migrations: () => migrations.assertApplied(),
    },
  });
  log(`ops listener on http://${env.WORKER_HTTP_HOST}:${ops.port} (/metrics, /healthz, /readyz)`);
  log(`ready (id ${workerId}, concurrency ${concurrency}, engine ${registry.get(queue)?.name ?? 'none'})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining`);
    clearInterval(heartbeat);
    await removeWorkerHeartbeat(connection, env.REDIS_PREFIX, queue, workerId).catch(() => undefined);
    const deadline = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), SHUTDOWN_GRACE_MS).unref());
    const closed = await Promise.race([worker.close().then(() => 'closed' as const), deadline]);
    if (closed === 'timeout') {
      log('running jobs did not finish in time; they will be taken over by another worker');
      await worker.close(true);
    }
    await stopSweeper();
    await stopOrphanSweeper();
    await stopUploadSweeper();
    await pool?.close();
    await queues.close();
    await webhooks.close();
    await stopCancels().catch(() => undefined);
    await Promise.all([connection, publisher, subscriber].map((c) => c.quit().catch(() => undefined)));
    await db.$disconnect();
    await ops.close();
    log('stopped');
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * `--queue webhooks`: the webhook delivery fleet (no engines, no sweeper). Like every worker it logs
 * JSON lines and serves /metrics, /healthz and /readyz: the k8s probes, the compose healthcheck and
 * Prometheus' scrape list expect them of this fleet too.
 */
async function runWebhookWorker(concurrency: number): Promise<void> {
  const env = parseWorkerEnv();
  const logger = createLogger({
    service: 'worker',
    base: { queue: WEBHOOK_QUEUE, worker_id: `${WEBHOOK_QUEUE}:${process.pid}:${randomUUID().slice(0, 8)}` },
    level: env.LOG_LEVEL,
    secrets: [env.ADMIN_TOKEN, env.REMOTE_GENERATE_TOKEN],
  });
  const log = logFunction(logger);
  const webhookWorker = await startWebhookWorker(env, concurrency, log);
  // Process metrics only: the webhook queue is not a job queue with engine workers to count.
  const redis = createRedis({ url: env.REDIS_URL, role: 'producer' });
  redis.on('error', () => undefined);
  const metrics = createServiceMetrics({ service: 'worker', queues: [], jobQueues: new JobQueues({ connection: redis, prefix: env.REDIS_PREFIX }), redis, prefix: env.REDIS_PREFIX });
  const ops = await startOpsServer({
    port: env.WORKER_HTTP_PORT,
    host: env.WORKER_HTTP_HOST,
    adminToken: env.ADMIN_TOKEN,
    registry: metrics.registry,
    readiness: webhookWorker.readiness,
  });
  log(`ops listener on http://${env.WORKER_HTTP_HOST}:${ops.port} (/metrics, /healthz, /readyz)`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining`);
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([webhookWorker.stop(), deadline]);
    await ops.close();
    redis.disconnect();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

// Anything unhandled leaves the process in an unknown state: exit non-zero and let the supervisor
// start a clean one (its jobs are taken over through BullMQ's stalled-job check).
const fatal = (what: string) => (error: unknown) => {
  process.stderr.write(`${new Date().toISOString()} worker: ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
};
process.on('uncaughtException', fatal('uncaught exception'));
process.on('unhandledRejection', fatal('unhandled rejection'));
main().catch(fatal('failed to start'));

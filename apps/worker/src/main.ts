/**
 * A worker process: `worker --queue rig.fast --concurrency 2`. One process serves one queue, so
 * each fleet scales on its own queue depth. SIGTERM stops taking jobs, lets running ones finish
 * under a deadline, then closes Redis and Postgres.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'bullmq';
import { createDb } from '@rigforge/db';
import {
  beatWorkerHeartbeat,
  createRedis,
  isQueueName,
  JobQueues,
  QUEUE_NAMES,
  removeWorkerHeartbeat,
  type JobPayload,
} from '@rigforge/queue';
import { createStorage, storageSettingsFromEnv } from '@rigforge/storage';
import { register as registerBuiltins } from './engines/builtin-engines';
import { EnginePool } from './engines/engine-pool';
import { EngineRegistry, loadEngineModules } from './engines/engine-registry';
import { createRemoteGenerateEngine } from './engines/remote-generate-engine';
import { parseWorkerEnv } from './env';
import { createJobProcessor } from './processors/process-job';
import { startSweeper } from './sweeper';

const HEARTBEAT_MS = 5000;
const SHUTDOWN_GRACE_MS = 60_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { queue: { type: 'string' }, concurrency: { type: 'string', default: '1' } },
  });
  const queue = values.queue ?? '';
  if (!isQueueName(queue)) throw new Error(`--queue must be one of ${QUEUE_NAMES.join(', ')}`);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive integer');

  const env = parseWorkerEnv();
  const workerId = `${queue}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = (message: string, error?: unknown) => {
    const detail = error instanceof Error ? ` ${error.stack ?? error.message}` : error ? ` ${String(error)}` : '';
    process.stderr.write(`${new Date().toISOString()} worker ${queue}: ${message}${detail}\n`);
  };

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
  const queues = new JobQueues({ connection, prefix: env.REDIS_PREFIX });
  const storage = createStorage(storageSettingsFromEnv(env));
  const timeoutMs = env.JOB_TIMEOUT_SECONDS * 1000;
  const pool = registry.get(queue)?.runsIn === 'thread' ? new EnginePool({ queue, modules: engineModules, size: concurrency }) : null;
  await pool?.ready();

  const worker = new Worker<JobPayload>(
    queue,
    createJobProcessor({ db, storage, registry, queue, pool, timeoutMs, log }),
    {
      connection: createRedis({ url: env.REDIS_URL, role: 'worker' }),
      prefix: env.REDIS_PREFIX,
      concurrency,
      // Engines run in threads, so the lock keeps renewing; this only bounds how fast a dead
      // worker's job is taken over.
      lockDuration: 60_000,
      maxStalledCount: 2,
    },
  );
  worker.on('error', (error) => log('queue error', error));

  const beat = () => beatWorkerHeartbeat(connection, env.REDIS_PREFIX, queue, workerId).catch(() => undefined);
  await beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  const stopSweeper = startSweeper({
    db,
    queues,
    queue,
    requeueAfterMs: env.REQUEUE_AFTER_MS,
    timeoutMs,
    intervalMs: env.SWEEP_INTERVAL_MS,
    log,
  });
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
    await pool?.close();
    await queues.close();
    await connection.quit().catch(() => undefined);
    await db.$disconnect();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`worker: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

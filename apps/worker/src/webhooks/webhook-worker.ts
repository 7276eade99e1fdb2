/**
 * The webhook delivery process (`worker --queue webhooks`): a BullMQ worker on the webhook queue,
 * its own fleet so slow receivers never hold engine capacity. Retries wait WEBHOOK_RETRY_BASE_MS,
 * doubling, capped at 6 h, for WEBHOOK_ATTEMPTS attempts (over 24 h in all; see webhook-queue.ts).
 */
import { Worker } from 'bullmq';
import { createDb } from '@rigforge/db';
import { createAddressPolicy } from '@rigforge/outbound';
import { createRedis, WEBHOOK_QUEUE, webhookRetryDelayMs, type WebhookDelivery } from '@rigforge/queue';
import { createStorage, storageSettingsFromEnv } from '@rigforge/storage';
import type { WorkerEnv } from '../env';
import { createWebhookDeliverer } from './deliver-webhook';

export async function startWebhookWorker(env: WorkerEnv, concurrency: number, log: (message: string, error?: unknown) => void) {
  const db = createDb({ databaseUrl: env.DATABASE_URL, poolSize: Math.max(2, Math.min(concurrency, 10) + 1) });
  const storage = createStorage(storageSettingsFromEnv(env));
  // The worker's own connection (BullMQ duplicates it for its blocking reads): what `/readyz` pings.
  const connection = createRedis({ url: env.REDIS_URL, role: 'worker' });
  const worker = new Worker<WebhookDelivery>(
    WEBHOOK_QUEUE,
    createWebhookDeliverer({ db, storage, policy: createAddressPolicy(env.FETCH_ALLOW_HOSTS), timeoutMs: env.WEBHOOK_TIMEOUT_MS, log }),
    {
      connection,
      prefix: env.REDIS_PREFIX,
      concurrency,
      settings: { backoffStrategy: (attemptsMade: number) => webhookRetryDelayMs(attemptsMade, env.WEBHOOK_RETRY_BASE_MS) },
    },
  );
  worker.on('error', (error) => log('queue error', error));
  worker.on('failed', (job, error) => log(`${error.message}${job && job.attemptsMade >= (job.opts.attempts ?? 1) ? ' (gave up)' : ''}`));
  log(`ready (webhooks, concurrency ${concurrency})`);
  return {
    /** `/readyz`'s checks: consuming the queue, Redis and Postgres answer. */
    readiness: {
      queue: async () => {
        if (!worker.isRunning()) throw new Error(`not consuming ${WEBHOOK_QUEUE}`);
        await connection.ping();
      },
      postgres: async () => {
        await db.$queryRaw`SELECT 1`;
      },
    },
    stop: async () => {
      await worker.close();
      await db.$disconnect();
    },
  };
}

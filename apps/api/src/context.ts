/** The API's dependencies, built once at startup and handed to every route, so no module holds a singleton and tests build their own. */
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { createDb, DEFAULT_MIGRATIONS_DIR, MigrationStatus, type Db } from '@rigforge/db';
import { createLogger, createServiceMetrics, logFunction, type Logger, type ServiceMetrics } from '@rigforge/observability';
import { createRedis, JobQueues, QUEUE_NAMES, WebhookQueue } from '@rigforge/queue';
import { createStorage, S3Storage, storageSettingsFromEnv, type ObjectStorage } from '@rigforge/storage';
import type { ApiEnv } from './env';
import { createAddressPolicy } from '@rigforge/outbound';
import { AccountWebhookCache, listenForAccountWebhookChanges } from './services/account-webhook-cache';
import { ApiKeyCache } from './services/api-key-cache';
import { listenForRevocations } from './services/api-key-revocation';
import { BackendAvailability } from './services/backend-availability';
import { connectionErrorLog } from './services/connection-error-log';
import type { InputDownloadOptions } from './services/input-capture';
import { JobStatusListener } from './services/job-status-listener';
import { UploadCheckPool } from './upload-check/upload-check-pool';

/** How long a queue slot's release may wait for the next reservation's write (see `QueueAdmission`). */
const SLOT_RELEASE_DELAY_MS = 10;

/** Everything a route needs, built once at startup and passed in (no module-level singletons). */
export interface AppContext {
  env: ApiEnv;
  db: Db;
  redis: Redis;
  storage: ObjectStorage;
  queues: JobQueues;
  /** Webhook deliveries (the API queues them for the statuses it writes: cancels). */
  webhooks: WebhookQueue;
  availability: BackendAvailability;
  keys: ApiKeyCache;
  /** Account default webhook URLs; changes made with the admin CLI evict at once through Redis. */
  accountWebhooks: AccountWebhookCache;
  download: InputDownloadOptions;
  uploadCheck: UploadCheckPool;
  /** Job status changes heard from Redis, for `Prefer: wait` and the status stream. */
  jobEvents: JobStatusListener;
  /** JSON-lines logger (pino); `log` is its `(message, error?)` shorthand. */
  logger: Logger;
  log: (message: string, error?: unknown) => void;
  metrics: ServiceMetrics;
  migrations: MigrationStatus;
  close: () => Promise<void>;
}

export interface CreateContextOptions {
  /** Where log lines go (stdout by default); tests capture them. */
  logDestination?: DestinationStream;
}

/**
 * The API keeps an idle Postgres connection for 5 minutes, not node-postgres' 10 s: traffic that
 * pauses for more than 10 s (between a client's bursts, a quiet minute) otherwise finds the pool
 * emptied, and the burst's first requests wait while up to 20 connections are opened again, each a
 * new backend, its authentication and every hot statement prepared again: at half of peak the
 * first 100-300 ms of such a burst answered in up to 65 ms (apps/api/docs/performance.md,
 * twenty-first wave). 20 connections are the replica's budget whether busy or idle.
 */
export const API_POOL_IDLE_TIMEOUT_MS = 300_000;

export async function createContext(env: ApiEnv, options: CreateContextOptions = {}): Promise<AppContext> {
  const db = createDb({
    databaseUrl: env.DATABASE_URL,
    poolSize: 20,
    idleTimeoutMs: API_POOL_IDLE_TIMEOUT_MS,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
  });
  const logger = createLogger({ service: 'api', level: env.LOG_LEVEL, secrets: [env.ADMIN_TOKEN], destination: options.logDestination });
  const log = logFunction(logger);
  // coalesceWrites: a request's rate limit, queue slot and enqueue, and those of the other requests
  // served in the same loop turn, leave in one socket write per connection (issue 25).
  const redisOptions = { url: env.REDIS_URL, role: 'producer', commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS, coalesceWrites: true } as const;
  const redis = createRedis(redisOptions);
  const subscriber = createRedis({ url: env.REDIS_URL, role: 'worker' });
  const queueConnection = createRedis(redisOptions);
  redis.on('error', connectionErrorLog(log, 'redis'));
  subscriber.on('error', connectionErrorLog(log, 'redis subscriber'));
  queueConnection.on('error', connectionErrorLog(log, 'redis queues'));
  const storage = createStorage(storageSettingsFromEnv(env));
  const queues = new JobQueues({
    connection: queueConnection,
    prefix: env.REDIS_PREFIX,
    retryBackoffMs: env.JOB_RETRY_BACKOFF_MS,
    onError: connectionErrorLog(log, 'queues'),
  });
  const webhooks = new WebhookQueue({ connection: queueConnection, prefix: env.REDIS_PREFIX, onError: connectionErrorLog(log, 'webhook queue') });
  const keys = new ApiKeyCache({ db, ttlMs: env.API_KEY_CACHE_MS });
  await Promise.all([waitReady(redis), waitReady(queueConnection)]);
  const stopListening = await listenForRevocations(subscriber, env.REDIS_PREFIX, (hash) => keys.evict(hash));
  const accountWebhooks = new AccountWebhookCache({ db });
  const stopWebhookChanges = await listenForAccountWebhookChanges(subscriber, env.REDIS_PREFIX, (id) => accountWebhooks.evict(id));
  const jobEvents = new JobStatusListener();
  const stopJobEvents = await jobEvents.listen(subscriber, env.REDIS_PREFIX);
  const availability = new BackendAvailability({
    queues,
    redis,
    prefix: env.REDIS_PREFIX,
    maxQueueDepth: env.MAX_QUEUE_DEPTH,
    requireLiveWorkers: env.REQUIRE_LIVE_WORKERS,
    // The slot is held while the route downloads and checks the input: at worst a mesh and an
    // animation clip, each a download and an upload check, plus the writes. A replica that dies
    // mid-submission leaks its slot this long.
    slotTtlMs: 2 * (env.DOWNLOAD_TIMEOUT_MS + env.UPLOAD_CHECK_TIMEOUT_MS) + 30_000,
    // A release leaves with the next submission's reservation if one comes within this long (issue 25,
    // nineteenth wave: at half of peak its own round trip was a wake-up of the API and of Redis per
    // submission). Holding a slot 10 ms longer errs towards refusing, by at most 10 ms of submissions.
    releaseDelayMs: SLOT_RELEASE_DELAY_MS,
  });
  const uploadCheck = new UploadCheckPool({
    threads: env.UPLOAD_CHECK_THREADS,
    heapMb: env.UPLOAD_CHECK_HEAP_MB,
    timeoutMs: env.UPLOAD_CHECK_TIMEOUT_MS,
  });
  const metrics = createServiceMetrics({ service: 'api', queues: QUEUE_NAMES, jobQueues: queues, redis, prefix: env.REDIS_PREFIX, otherQueues: [webhooks.queue] });
  return {
    env,
    db,
    redis,
    storage,
    queues,
    webhooks,
    availability,
    keys,
    accountWebhooks,
    download: {
      policy: createAddressPolicy(env.FETCH_ALLOW_HOSTS),
      maxBytes: env.MAX_INPUT_BYTES,
      timeoutMs: env.DOWNLOAD_TIMEOUT_MS,
      storage,
      uploads: { db, maxBytes: env.MAX_UPLOAD_BYTES },
    },
    uploadCheck,
    jobEvents,
    logger,
    log,
    metrics,
    migrations: new MigrationStatus(db, DEFAULT_MIGRATIONS_DIR),
    close: async () => {
      jobEvents.close();
      await stopJobEvents().catch(() => undefined);
      await uploadCheck.close();
      await stopListening().catch(() => undefined);
      await stopWebhookChanges().catch(() => undefined);
      // The last submissions' slot releases may still wait for a next reservation (releaseDelayMs):
      // they go now, ahead of the QUIT on the same connection, not left counted until their TTL.
      availability.flushReleases();
      await queues.close();
      await webhooks.close();
      await Promise.all([redis.quit(), subscriber.quit(), queueConnection.quit()].map((p) => p.catch(() => undefined)));
      await db.$disconnect();
      if (storage instanceof S3Storage) storage.close();
      logger.flush();
    },
  };
}

async function waitReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    redis.once('ready', () => resolve());
    redis.once('error', (error) => reject(new Error(`redis: ${error.message}`)));
  });
}

/**
 * Prometheus metrics with prom-client. Every process builds its own `Registry` (no module-level
 * default registry, so tests can run several apps in one process); the names come from
 * metric-names.ts. Queue depths and live workers are read from Redis at scrape time (a gauge's
 * `collect`), so any replica reports the true shared value rather than its own view.
 *
 * Why not BullMQ's `Queue.exportPrometheusMetrics()`: it renders text outside any registry (no
 * default labels, no name list to test against) and reads the completed/failed metrics streams,
 * which we do not enable; `getJobCounts` is the same read it does.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Redis } from 'ioredis';
import { countLiveWorkers, type JobQueues, type QueueName } from '@rigforge/queue';
import { METRICS, QUEUE_STATES } from './metric-names';

/** A worker counts as live when its heartbeat (every 5 s) is at most this old; the API's 503 check uses the same. */
export const LIVE_WORKER_WITHIN_MS = 20_000;
/** A scrape must not hang on a Redis that stopped answering (a worker's connection waits outages out). */
const SCRAPE_READ_TIMEOUT_MS = 2000;

export interface ServiceMetrics {
  registry: Registry;
  jobDuration: Histogram<'queue' | 'operation' | 'engine' | 'outcome'>;
  jobStartLatency: Histogram<'queue'>;
  workerJobs: Counter<'queue' | 'outcome'>;
  engineErrors: Counter<'queue' | 'engine' | 'code'>;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  creditsReserved: Counter<'queue'>;
  creditsRefunded: Counter<'queue'>;
  rateLimited: Counter<'route'>;
  backendUnavailable: Counter<'route'>;
}

export interface CreateMetricsOptions {
  /** `api` or `worker`; a default label on every series. */
  service: 'api' | 'worker';
  /** The queues whose depth and live workers this process reports (the API: all; a worker: its own). */
  queues: readonly QueueName[];
  jobQueues: JobQueues;
  redis: Redis;
  prefix: string;
  /** Node's process metrics (CPU, memory, event loop lag, GC). Default true. */
  processMetrics?: boolean;
  /** Other BullMQ queues whose depth to report beside the job queues (the API: webhook deliveries). */
  otherQueues?: readonly CountedQueue[];
}

/** What the depth gauge needs of a BullMQ queue. */
export interface CountedQueue {
  name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

export function createServiceMetrics(options: CreateMetricsOptions): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  new Gauge({
    name: METRICS.queueJobs,
    help: 'Jobs per queue and BullMQ state (waiting includes prioritized)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      const counted: CountedQueue[] = [...options.queues.map((queue) => options.jobQueues.get(queue)), ...(options.otherQueues ?? [])];
      await Promise.all(
        counted.map(async ({ name: queue, getJobCounts }, i) => {
          const counts = await withTimeout(
            getJobCounts.call(counted[i], 'waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'),
          ).catch(() => null);
          if (!counts) return; // Redis unreachable: no sample beats a stale one
          const value = (state: string) => counts[state] ?? 0;
          for (const state of QUEUE_STATES) {
            const n = state === 'waiting' ? value('waiting') + value('prioritized') : value(state);
            this.set({ queue, state }, n);
          }
        }),
      );
    },
  });
  new Gauge({
    name: METRICS.queueLiveWorkers,
    help: `Workers per queue with a heartbeat in the last ${LIVE_WORKER_WITHIN_MS / 1000} s`,
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      await Promise.all(
        options.queues.map(async (queue) => {
          const n = await withTimeout(countLiveWorkers(options.redis, options.prefix, queue, LIVE_WORKER_WITHIN_MS)).catch(() => null);
          if (n !== null) this.set({ queue }, n);
        }),
      );
    },
  });

  return {
    registry,
    jobDuration: new Histogram({
      name: METRICS.jobDuration,
      help: 'Job processing time, from processing start to the final status write',
      labelNames: ['queue', 'operation', 'engine', 'outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    jobStartLatency: new Histogram({
      name: METRICS.jobStartLatency,
      help: 'Time from acceptance to processing start',
      labelNames: ['queue'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    }),
    workerJobs: new Counter({
      name: METRICS.workerJobs,
      help: 'BullMQ job attempts by outcome: completed, failed (for good) or retried',
      labelNames: ['queue', 'outcome'],
      registers,
    }),
    engineErrors: new Counter({
      name: METRICS.engineErrors,
      help: 'Jobs failed by the engine, by job error code',
      labelNames: ['queue', 'engine', 'code'],
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: METRICS.httpRequestDuration,
      help: 'API request duration by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    creditsReserved: new Counter({ name: METRICS.creditsReserved, help: 'Credits debited at acceptance', labelNames: ['queue'], registers }),
    creditsRefunded: new Counter({ name: METRICS.creditsRefunded, help: 'Credits refunded for failed jobs', labelNames: ['queue'], registers }),
    rateLimited: new Counter({ name: METRICS.rateLimited, help: '429 rate_limited answers', labelNames: ['route'], registers }),
    backendUnavailable: new Counter({
      name: METRICS.backendUnavailable,
      help: '503 backend_unavailable answers',
      labelNames: ['route'],
      registers,
    }),
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics: Redis read timed out')), SCRAPE_READ_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

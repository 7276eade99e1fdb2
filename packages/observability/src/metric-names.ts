/**
 * The one list of every metric name the service exports (API and workers), imported by the code
 * that registers them, by the dashboard and manifest tests, and quoted by the README's Operating
 * section. Each entry says what it measures and, where it is worth an alert, when to worry.
 */
export const METRICS = {
  /** Gauge {queue, state}: jobs per BullMQ state (waiting = wait + prioritized). */
  queueJobs: 'rigforge_queue_jobs',
  /** Gauge {queue}: workers whose heartbeat is at most 20 s old. */
  queueLiveWorkers: 'rigforge_queue_live_workers',
  /** Histogram {queue, operation, engine, outcome}: from processing start to the final status write. */
  jobDuration: 'rigforge_job_duration_seconds',
  /** Histogram {queue}: from acceptance (the job row) to processing start (the worker took it). */
  jobStartLatency: 'rigforge_job_start_latency_seconds',
  /** Counter {queue, outcome}: BullMQ attempts that ended completed, failed for good, or will be retried. */
  workerJobs: 'rigforge_worker_jobs_total',
  /** Counter {queue, engine, code}: jobs an engine failed (invalid input, timeout, engine error). */
  engineErrors: 'rigforge_engine_errors_total',
  /** Histogram {method, route, status}: API request duration by route pattern (never the raw path). */
  httpRequestDuration: 'rigforge_http_request_duration_seconds',
  /** Counter {queue}: credits debited at acceptance. */
  creditsReserved: 'rigforge_credits_reserved_total',
  /** Counter {queue}: credits given back for failed jobs. */
  creditsRefunded: 'rigforge_credits_refunded_total',
  /** Counter {route}: 429 rate_limited answers. */
  rateLimited: 'rigforge_rate_limited_total',
  /** Counter {route}: 503 backend_unavailable answers (queue at capacity, no worker, outage). */
  backendUnavailable: 'rigforge_backend_unavailable_total',
} as const;

export type MetricName = (typeof METRICS)[keyof typeof METRICS];
export const METRIC_NAMES: readonly MetricName[] = Object.values(METRICS);

/** The `state` label values of `rigforge_queue_jobs`. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** Outcomes of `rigforge_worker_jobs_total`. */
export const WORKER_JOB_OUTCOMES = ['completed', 'failed', 'retried'] as const;

/** Where the ops endpoints live on every process (API and workers). */
export const OPS_PATHS = { metrics: '/metrics', healthz: '/healthz', readyz: '/readyz' } as const;

/** Bull Board's mount point on the API. */
export const BULL_BOARD_PATH = '/admin/queues';

/** The worker's ops listener port unless WORKER_HTTP_PORT says otherwise. */
export const DEFAULT_WORKER_HTTP_PORT = 9400;

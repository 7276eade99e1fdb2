/** The producer side of every job queue, shared by all requests of a process. */
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { QUEUE_NAMES, type QueueName } from './queue-names';
import type { JobPayload } from './job-payload';

export interface JobQueuesOptions {
  connection: ConnectionOptions;
  /** BullMQ key prefix, so several deployments or test runs share one Redis safely. */
  prefix: string;
  /** First retry delay; later retries double it. Default 2000 ms. */
  retryBackoffMs?: number;
  /**
   * Connection errors of the queues (Redis down, reconnecting). Without a listener BullMQ prints
   * each one with a stack; the calls that fail still reject, so this is for logging only.
   */
  onError?: (error: Error) => void;
}

/** Retries are for transient failures (storage, database); bad input fails once. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
};

/** The producer side of every queue: one BullMQ Queue per queue name, shared by all requests. */
export class JobQueues {
  private readonly queues: Map<QueueName, Queue<JobPayload>>;

  constructor(options: JobQueuesOptions) {
    this.queues = new Map(
      QUEUE_NAMES.map((name) => {
        const queue = new Queue<JobPayload>(name, {
          connection: options.connection,
          prefix: options.prefix,
          defaultJobOptions: {
            ...DEFAULT_JOB_OPTIONS,
            backoff: { type: 'exponential', delay: options.retryBackoffMs ?? 2000 },
          },
        });
        if (options.onError) queue.on('error', options.onError);
        return [name, queue];
      }),
    );
  }

  get(name: QueueName): Queue<JobPayload> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`queue: unknown queue "${name}"`);
    return queue;
  }

  /** Adds the job with BullMQ's jobId = our job id, so adding it twice is a no-op. */
  async enqueue(name: QueueName, jobId: string): Promise<void> {
    await this.get(name).add('run', { jobId }, { jobId });
  }

  /** Jobs waiting to start (not those running): what "at capacity" is measured on. */
  async depth(name: QueueName): Promise<number> {
    return this.get(name).getJobCountByTypes('wait', 'prioritized', 'delayed');
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

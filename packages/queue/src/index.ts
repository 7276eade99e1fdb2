/** The queue package's public surface. */
export * from './queue-names';
export * from './job-payload';
export * from './connection';
export * from './job-queues';
export * from './worker-heartbeat';
export * from './queue-admission';
export * from './job-events';
export * from './webhook-queue';

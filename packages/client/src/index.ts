/** The typed client's public surface. */
export * from './client-error';
export * from './poll-interval';
export * from './rigforge-client';
export * from './wait-for-job';
export * from './job-progress';
export * from './files';
export * from './run-job';
export * from './verify-webhook';

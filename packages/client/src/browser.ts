/**
 * The client for browsers (and any runtime without Node's file system): everything but the
 * helpers that read and write local files (`readFileAsBase64`, `uploadFile`, `meshFileSource`,
 * `downloadFile`, `run`'s download).
 */
export * from './client-error';
export * from './poll-interval';
export * from './rigforge-client';
export * from './wait-for-job';
export * from './job-progress';
export * from './verify-webhook';

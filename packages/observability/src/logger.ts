/**
 * JSON-lines logs with pino: one object per line with `level`, `time`, `service`, `msg`, and the
 * `request_id` or `job_id` of the work in progress. A worker's job id is carried by `logContext`,
 * so every line written while a job runs names it without threading ids through each call; the
 * API names its request explicitly (`logFunction(logger, { request_id })`), see `logContext`.
 *
 * No secrets: Authorization and cookie headers are redacted by path, and as a last line of defence
 * every written line is scrubbed of anything shaped like an API key (`sk_` + 40 characters) or the
 * admin token, wherever it appears (a message, an error, a URL), keeping only the key's stored
 * visible prefix.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '@rigforge/server';

export type { Logger } from 'pino';

export interface LogContext {
  request_id?: string;
  job_id?: string;
}

/**
 * The job the current async work belongs to (the worker runs each job in it). A process-wide
 * store on purpose: it is what lets a log line deep in an engine or a service name its job without
 * a parameter on every function. The API does not use it per request: in Node 20 an active
 * AsyncLocalStorage runs promise hooks on every promise of the process (measured: 30 awaits cost
 * 4.5 times the CPU with a store active), about a tenth of the API's CPU per submission under
 * load (issue 25), for the few request lines it writes, which all have the request at hand.
 */
export const logContext = new AsyncLocalStorage<LogContext>();


/** Characters of an API key that may appear in logs: the prefix the database stores in clear (`sk_` + 7; the log test checks it against the database). */
export const API_KEY_VISIBLE_CHARS = 10;
const API_KEY_IN_TEXT = /\b(sk_[0-9A-Za-z]{7})[0-9A-Za-z]{6,}/g;

/** Header paths (pino-http's `req.headers`, or any logged `headers` object) that never reach a log. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

export interface CreateLoggerOptions {
  service: string;
  level: LogLevel;
  /** Extra fields on every line (a worker's queue). */
  base?: Record<string, string>;
  /** Secrets to scrub wherever they appear (ADMIN_TOKEN, a remote engine's token). */
  secrets?: string[];
  /** Where lines go; stdout by default (tests pass a capture). */
  destination?: DestinationStream;
}

export function createLogger(options: CreateLoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((s) => s.length >= 8);
  return pino(
    {
      level: options.level,
      base: { service: options.service, ...options.base },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...logContext.getStore() }),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      hooks: { streamWrite: (line) => scrubSecrets(line, secrets) },
    },
    options.destination ?? pino.destination(STDOUT_DESTINATION),
  );
}

/**
 * Asynchronous, buffered stdout (sonic-boom): a line is appended to a buffer, and the buffer is
 * written by libuv once it holds 8 KB (about 30 request lines) or every 250 ms, whichever comes
 * first, so a quiet service's lines are at most 250 ms late. The synchronous destination this
 * replaces cost one write(2) per line on the event loop, the largest item of the API's profile
 * under load (issue 25: a write to a pipe wakes its reader, which on a busy machine costs far
 * more than formatting the line). Nothing is lost on exit: pino flushes an asynchronous
 * destination synchronously on `exit` (also after `process.exit()`, which the processes call on
 * signals and fatal errors), so the lines that explain an exit are written.
 */
const STDOUT_DESTINATION = { dest: 1, sync: false, minLength: 8192, periodicFlush: 250 } as const;

/** Removes API keys (all but their visible prefix) and the given secrets from a text. */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  // Every log line passes here: the searches below are skipped when their marker is absent.
  let out = text.includes('sk_') ? text.replace(API_KEY_IN_TEXT, '$1…[redacted]') : text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
  return out;
}

/**
 * The `(message, error?)` log function the services already take: info without an error, error
 * with one (serialized with its stack by pino's `err` serializer). `fields` go on every line it
 * writes (the API's `request_id`).
 */
export type LogFunction = (message: string, error?: unknown) => void;

export function logFunction(logger: Logger, fields: LogContext = {}): LogFunction {
  return (message, error) => {
    if (error === undefined || error === null) logger.info(fields, message);
    else logger.error({ ...fields, err: error instanceof Error ? error : new Error(String(error)) }, message);
  };
}

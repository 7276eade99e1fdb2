// The access log: one JSON line per finished request, written once the response has gone out.
import type { Request, Response } from 'express';
import { OPS_PATHS, type Logger } from '@rigforge/observability';
import { requestIdOf } from './request-id';

/** Probe and scrape requests arrive every few seconds from every orchestrator; not worth a line each. */
const QUIET_PATHS = new Set<string>(Object.values(OPS_PATHS));

/** Whether a request gets an access line (probes and scrapes do not). */
export function logsRequest(req: Request): boolean {
  return !QUIET_PATHS.has(req.originalUrl.split('?', 1)[0]!);
}

/**
 * One JSON line per finished request: `req` (method and URL, never headers: Authorization carries
 * the API key; the logger's redaction and scrubbing back that up), `res.status`, `responseTime`
 * (ms) and `request_id`. 5xx lines are `error`, 503 and 429 (refusals the service chose) `warn`,
 * the rest `info`. A 5xx line carries no error object: a real fault is logged with its stack by
 * the error middleware. Called by `requestEnd` when the answer has gone out, or when the client
 * went away before it did (`close` without `finish`).
 *
 * Written by hand rather than with pino-http (which wrote the same line before issue 25): per
 * request pino-http built two child loggers (each serialising its bindings to a string) and ran
 * pino-std-serializers' full request and response objects (all headers, remote address) before
 * our serializers kept two fields of them; about 7% of the API's CPU under load for one line.
 * Here the line is built from the few fields it holds, once, when the response ends.
 */
export function writeAccessLine(logger: Logger, req: Request, res: Response, responseTime: number): void {
  const status = res.statusCode;
  const level = status >= 500 ? (status === 503 ? 'warn' : 'error') : status === 429 ? 'warn' : 'info';
  const requestId = requestIdOf(res);
  // originalUrl: Express rewrites req.url inside a mounted router; this is the URL as sent.
  const request = { method: req.method, url: req.originalUrl };
  // Two literals rather than a spread of the id followed by the other fields: in Node 20's V8 an
  // object spread followed by more properties gets a hidden class of its own on every call, so
  // each line missed the inline caches that read and write it (here and in pino). Same keys, same order.
  const line =
    requestId === undefined
      ? { req: request, res: { status }, responseTime }
      : { request_id: requestId, req: request, res: { status }, responseTime };
  const message = status >= 500 ? 'request failed' : !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
  logger[level](line, message);
}

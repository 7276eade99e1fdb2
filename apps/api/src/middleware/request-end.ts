// What is done once per request when its answer ends (the access log line, the request metrics), from one listener.
import type { Request, RequestHandler, Response } from 'express';
import type { Logger, ServiceMetrics } from '@rigforge/observability';
import { logsRequest, writeAccessLine } from './http-log';
import { httpMetrics } from './http-metrics';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** When the request arrived (`performance.now()`), until `requestEnd` has written its end; then undefined. */
      requestStart?: number;
    }
  }
}

/**
 * One listener on `finish` and `close` per request, shared by the access log and the metrics.
 * `finish`: the answer went out; both run. `close` without `finish`: the client went away first;
 * only the access line ("request aborted") is written, and the histogram is not fed, as before.
 *
 * The listener is one function for every request of the app, not a closure per request (issue 25:
 * with tsx each named closure also costs an `Object.defineProperty` for its name): EventEmitter calls
 * it with the response as `this`, and the request's start time rides in `res.locals`.
 */
export function requestEnd(logger: Logger, metrics: ServiceMetrics): RequestHandler {
  const observe = httpMetrics(metrics);
  // The access line is built from method, URL, status and time only (never headers), so the
  // logger's header redaction paths can never match it; a child without them writes the same bytes
  // without pino cloning and walking the line's `req` and `res` for them on every request (about a
  // quarter of the line's cost). Secrets in the URL are still scrubbed: the child keeps the hooks.
  const accessLog = logger.child({}, { redact: [] });
  function onEnd(this: Response): void {
    const start = this.locals.requestStart;
    // `finish` then `close`: the second call finds the request done.
    if (start === undefined) return;
    this.locals.requestStart = undefined;
    const ms = performance.now() - start;
    const req: Request = this.req;
    // writableFinished is set before `finish` is emitted: false here means `close` came first.
    if (this.writableFinished) observe(req, this, ms / 1000);
    if (logsRequest(req)) writeAccessLine(accessLog, req, this, Math.round(ms));
  }
  return (_req, res, next) => {
    res.locals.requestStart = performance.now();
    res.on('finish', onEnd);
    res.on('close', onEnd);
    next();
  };
}

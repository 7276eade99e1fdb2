// What is done once per request when its answer ends (the access line, the request metrics), from one listener.
import type { RequestHandler } from 'express';
import type { Logger, ServiceMetrics } from '@rigforge/observability';
import { logsRequest, writeAccessLine } from './http-log';
import { httpMetrics } from './http-metrics';

/**
 * One closure and one listener on `finish` and `close` per request, shared by the access log and
 * the metrics (before issue 25's last round each had its own closure, listeners and start time,
 * and the log removed its two listeners again). `finish`: the answer went out; both run. `close`
 * without `finish`: the client went away first; only the access line ("request aborted") is
 * written, and the histogram is not fed, as before.
 */
export function requestEnd(logger: Logger, metrics: ServiceMetrics): RequestHandler {
  const observe = httpMetrics(metrics);
  return (req, res, next) => {
    const start = performance.now();
    const log = logsRequest(req);
    let done = false;
    const onEnd = () => {
      if (done) return;
      done = true;
      const ms = performance.now() - start;
      // writableFinished is set before `finish` is emitted: false here means `close` came first.
      if (res.writableFinished) observe(req, res, ms / 1000);
      if (log) writeAccessLine(logger, req, res, Math.round(ms));
    };
    res.on('finish', onEnd);
    res.on('close', onEnd);
    next();
  };
}

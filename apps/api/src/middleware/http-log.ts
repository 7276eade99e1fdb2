// The access log: one JSON line per finished request, written once the response has gone out.
import type { RequestHandler, Response } from 'express';
import { OPS_PATHS, type Logger } from '@rigforge/observability';
import { requestIdOf } from './request-id';

/** Probe and scrape requests arrive every few seconds from every orchestrator; not worth a line each. */
const QUIET_PATHS = new Set<string>(Object.values(OPS_PATHS));

/**
 * One JSON line per finished request: `req` (method and URL, never headers: Authorization carries
 * the API key; the logger's redaction and scrubbing back that up), `res.status`, `responseTime`
 * (ms) and `request_id`. 5xx lines are `error`, 503 and 429 (refusals the service chose) `warn`,
 * the rest `info`. A 5xx line carries no error object: a real fault is logged with its stack by
 * the error middleware.
 *
 * Written by hand rather than with pino-http (which wrote the same line before issue 25): per
 * request pino-http built two child loggers (each serialising its bindings to a string) and ran
 * pino-std-serializers' full request and response objects (all headers, remote address) before
 * our serializers kept two fields of them; about 7% of the API's CPU under load for one line.
 * Here the line is built from the few fields it holds, once, when the response ends.
 */
export function httpLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const path = req.url.split('?', 1)[0]!;
    if (QUIET_PATHS.has(path)) {
      next();
      return;
    }
    const start = Date.now();
    const { method, url } = req;
    let done = false;
    // `close` without `finish`: the client went away before the answer was written.
    const onEnd = () => {
      if (done) return;
      done = true;
      res.off('finish', onEnd);
      res.off('close', onEnd);
      writeLine(logger, res, method, url, Date.now() - start, req.readableAborted);
    };
    res.on('finish', onEnd);
    res.on('close', onEnd);
    next();
  };
}

function writeLine(logger: Logger, res: Response, method: string, url: string, responseTime: number, aborted: boolean): void {
  const status = res.statusCode;
  const level = status >= 500 ? (status === 503 ? 'warn' : 'error') : status === 429 ? 'warn' : 'info';
  const requestId = requestIdOf(res);
  const line = {
    ...(requestId === undefined ? {} : { request_id: requestId }),
    req: { method, url },
    res: { status },
    responseTime,
  };
  const message = status >= 500 ? 'request failed' : !aborted && res.writableEnded ? 'request completed' : 'request aborted';
  logger[level](line, message);
}

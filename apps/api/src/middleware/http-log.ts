/** One JSON log line per request, so an operator can follow any request by its id. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { OPS_PATHS, type Logger } from '@rigforge/observability';

/** Probe and scrape requests arrive every few seconds from every orchestrator; not worth a line each. */
const QUIET_PATHS = new Set<string>(Object.values(OPS_PATHS));

/**
 * One JSON line per finished request (pino-http): method, path, status, duration, request id.
 * Only the method and URL of the request are logged, never its headers (Authorization carries the
 * API key); the logger's redaction and scrubbing back that up. 5xx lines are `error`, 503 and
 * other refusals the service chose are `warn`, the rest `info`.
 */
export function httpLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => String(res.getHeader('x-request-id') ?? ''),
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0]!) },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return res.statusCode === 503 ? 'warn' : 'error';
      return res.statusCode === 429 ? 'warn' : 'info';
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
    // A 5xx line carries no error object: pino-http would invent one ("failed with status code
    // 503", with a stack); a real fault is logged with its stack by the error middleware.
    customErrorObject: (_req, _res, _error, value: Record<string, unknown>) => {
      const { err: _dropped, ...rest } = value;
      return rest;
    },
    customErrorMessage: () => 'request failed',
    // The request id is already on every line through the log context (`request_id`).
    quietReqLogger: true,
  });
}

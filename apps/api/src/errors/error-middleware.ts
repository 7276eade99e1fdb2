/** The last middleware: every error becomes the standard error envelope, and nothing unexpected leaks a stack to the client. */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from '@rigforge/observability';
import { requestIdOf, requestLog } from '../middleware/request-id';
import { ApiError } from './api-error';
import { outageToApiError } from './backend-unavailable';

/** Unknown routes: 404 in the standard envelope. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new ApiError('not_found', `no route for ${req.method} ${req.path}`));
};

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/**
 * The single place an error becomes a response. ApiErrors render as they are; an error that means
 * Postgres or Redis is down becomes 503 backend_unavailable with Retry-After, whichever route or
 * middleware met it; body-parser's own errors (bad JSON, too large) keep their client status;
 * anything else is logged and masked as a 500. Its lines carry the request's `request_id`.
 */
export function createErrorMiddleware(logger: Logger): ErrorRequestHandler {
  const answer = answerError(logger);
  return (err: unknown, req, res, _next) => {
    // A request let through before its rate-limit count came back (a job read) answers once the
    // count is in, and a 429 or 503 of the count wins over this error, as if the count had been
    // awaited before the route ran (see `rateLimit`'s readAhead).
    const gate = res.locals.rateLimitGate;
    if (gate) {
      gate.then(
        () => answer(err, req, res),
        (refusal: unknown) => answer(refusal, req, res),
      );
      return;
    }
    answer(err, req, res);
  };
}

function answerError(logger: Logger): (err: unknown, req: Request, res: Response) => void {
  return (err, req, res) => {
    let apiError: ApiError;
    const outage = err instanceof ApiError ? null : outageToApiError(err);
    if (err instanceof ApiError) {
      apiError = err;
    } else if (outage) {
      // One line, no stack: during an outage every request lands here.
      requestLog(logger, res)(`request ${String(requestIdOf(res))} ${req.method} ${req.path}: ${outage.message} (${describe(err)})`);
      apiError = outage;
    } else {
      const parserError = err as BodyParserError;
      if (parserError?.type === 'entity.too.large') {
        apiError = new ApiError('payload_too_large', 'request: body is larger than the limit');
      } else if (parserError?.type === 'entity.parse.failed') {
        apiError = new ApiError('invalid_request', 'request: body is not valid JSON');
      } else if (parserError?.expose && parserError.status && parserError.status < 500) {
        apiError = new ApiError('invalid_request', `request: ${(err as Error).message}`);
      } else {
        requestLog(logger, res)(`request ${String(requestIdOf(res))} ${req.method} ${req.path} failed`, err);
        apiError = new ApiError('internal_error', 'internal error; it has been logged');
      }
    }
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    const body: { code: string; message: string; param?: string } = {
      code: apiError.code,
      message: apiError.message,
    };
    if (apiError.param) body.param = apiError.param;
    res.status(apiError.status).json({ error: body });
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.trim().split('\n').pop() ?? ''}` : String(error);
}

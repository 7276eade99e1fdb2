/** Gives every request an id that its response and log lines share, to match bug reports to logs. */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { logFunction, type LogFunction, type Logger } from '@rigforge/observability';

/**
 * Every response names its request, so a client's bug report can be matched to our logs: the
 * access line and every line logged for the request (`requestLog`) carry the same id
 * (`request_id`). The id is not put in `logContext`: an active AsyncLocalStorage costs promise
 * hooks on every promise of the process (see `logContext`), and the API's request lines are
 * written where the request is at hand.
 */
export const requestId: RequestHandler = (req, res, next) => {
  assignRequestId(req, res);
  next();
};

/** A client's own id, when it is a safe token; otherwise one is made. */
const GIVEN_ID = /^[\w.-]{1,100}$/;

/** What `requestId` does, for a middleware that does it together with other per-request work (app.ts). */
export function assignRequestId(req: Request, res: Response): void {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
}

/** The request's id as `requestId` set it (undefined before that middleware ran). */
export function requestIdOf(res: Response): string | undefined {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
}

/** The `(message, error?)` log function of one request: its lines carry its `request_id`. */
export function requestLog(logger: Logger, res: Response): LogFunction {
  const id = requestIdOf(res);
  return logFunction(logger, id === undefined ? {} : { request_id: id });
}

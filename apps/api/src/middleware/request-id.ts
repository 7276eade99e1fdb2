/** Gives every request an id that its response and log lines share, to match bug reports to logs. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { logContext } from '@rigforge/observability';

/**
 * Every response names its request, so a client's bug report can be matched to our logs: every
 * log line written while the request runs carries the same id (`request_id`).
 */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  logContext.run({ request_id: id }, next);
};

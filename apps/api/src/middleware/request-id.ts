import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Every response names its request, so a client's bug report can be matched to our logs. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  next();
};

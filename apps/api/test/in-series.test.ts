/**
 * inSeries (middleware/in-series.ts) keeps the router's semantics for each handler it chains: order,
 * next(error) skipping the rest, and a throw or a rejected promise reaching the error handling even
 * when the handler runs from the callback of the one before after an await.
 */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { inSeries } from '../src/middleware/in-series';

function appWith(...handlers: RequestHandler[]): express.Express {
  const app = express();
  app.use(inSeries(...handlers));
  app.get('/', (_req, res) => {
    res.json({ seen: res.locals.seen ?? [] });
  });
  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    res.status(500).json({ error: error instanceof Error ? error.message : String(error), seen: res.locals.seen ?? [] });
  };
  app.use(onError);
  return app;
}

const mark = (name: string): RequestHandler => (_req, res, next) => {
  res.locals.seen = [...((res.locals.seen as string[] | undefined) ?? []), name];
  next();
};
const later = (name: string): RequestHandler => async (_req, res, next) => {
  await new Promise((resolve) => setImmediate(resolve));
  mark(name)(_req, res, next);
};

test('runs the handlers in order, then the route', async () => {
  const res = await request(appWith(mark('a'), later('b'), mark('c'))).get('/');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ seen: ['a', 'b', 'c'] });
});

test('next(error) skips the rest to the error handling', async () => {
  const fail: RequestHandler = (_req, _res, next) => next(new Error('refused'));
  const res = await request(appWith(mark('a'), fail, mark('c'))).get('/');
  expect(res.status).toBe(500);
  expect(res.body).toEqual({ error: 'refused', seen: ['a'] });
});

test('a throw after the one before went async reaches the error handling', async () => {
  const thrower: RequestHandler = () => {
    throw new Error('thrown');
  };
  const res = await request(appWith(later('a'), thrower, mark('c'))).get('/');
  expect(res.status).toBe(500);
  expect(res.body).toEqual({ error: 'thrown', seen: ['a'] });
});

test('a rejected promise reaches the error handling', async () => {
  const rejecting: RequestHandler = async () => {
    await Promise.resolve();
    throw new Error('rejected');
  };
  const res = await request(appWith(mark('a'), rejecting, mark('c'))).get('/');
  expect(res.status).toBe(500);
  expect(res.body).toEqual({ error: 'rejected', seen: ['a'] });
});

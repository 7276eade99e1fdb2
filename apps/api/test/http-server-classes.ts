/**
 * Run by http-server.test.ts as `node --allow-natives-syntax --import tsx <this>`: serves a few requests
 * through an Express app that adds properties to them as the API's middleware do, on the server of
 * `createHttpServer` and on `app.listen`'s, and prints whether consecutive requests (and responses), once warm,
 * ended with the same V8 hidden class, and whether they were all in fast mode:
 * `{"createHttpServer":{"req":[...],"res":[...],"fast":true},"listen":{...}}`.
 */
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import express from 'express';
import { createHttpServer } from '../src/http-server';

// V8's own test of two objects' hidden classes, behind --allow-natives-syntax (a syntax error without it).
const sameClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
// Whether an object is in fast mode (not a dictionary): dictionary-mode objects share classes only by chance.
const fastMode = new Function('a', 'return %HasFastProperties(a)') as (a: object) => boolean;

async function serve(listen: (app: express.Express) => http.Server): Promise<{ req: boolean[]; res: boolean[]; fast: boolean }> {
  const app = express();
  const seen: { req: object; res: object }[] = [];
  const v1 = express.Router();
  v1.get('/jobs/:id', (req, res) => {
    res.locals.accountId = 'a';
    seen.push({ req, res });
    res.json({ id: req.params.id });
  });
  app.use('/v1', v1);
  const server = listen(app);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  // The first requests may still move their maps (a field's representation generalised, an old map
  // deprecated: seen here as a flaky false on the second or third of four), so the last four of twelve
  // are compared.
  for (let i = 0; i < 12; i++) await (await fetch(`http://127.0.0.1:${port}/v1/jobs/${i}`)).text();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const last = seen.slice(-4);
  return {
    req: last.slice(1).map((s, i) => sameClass(last[i]!.req, s.req)),
    res: last.slice(1).map((s, i) => sameClass(last[i]!.res, s.res)),
    fast: last.every((s) => fastMode(s.req) && fastMode(s.res)),
  };
}

async function main(): Promise<void> {
  const ours = await serve((app) => createHttpServer(app).listen(0, '127.0.0.1'));
  const listen = await serve((app) => app.listen(0, '127.0.0.1'));
  process.stdout.write(`${JSON.stringify({ createHttpServer: ours, listen })}\n`);
}

void main();

// The API's HTTP server: its request and response objects are made with Express's prototypes already in place.
import http from 'node:http';
import type { Socket } from 'node:net';
import type express from 'express';

type Construct<A extends unknown[]> = (this: object, ...args: A) => void;

/**
 * `http.createServer(app)` (what `app.listen` does), except that Node makes each request and
 * response with the app's `request` and `response` objects as their prototypes from the start: the
 * objects, their prototype chains and everything Express and Node do with them are the same.
 *
 * Why (issue 25): Express gives every request and response its prototypes with
 * `Object.setPrototypeOf(req, app.request)` when it starts handling them. In V8 (Node 20) an object
 * whose prototype was changed after it was made gets a new hidden class for every property added to
 * it afterwards, transitions that are not shared with any other object: each request's `req` and `res`
 * ended with classes of their own (`next`, `baseUrl`, `params`, `route`, `body`, `locals`...), so every
 * property access of Node's HTTP code, the router, body-parser and our middleware missed its inline
 * cache and V8 built and then collected the classes (in a profile of submissions 15% of the main
 * thread's samples were in inline-cache misses and class transitions). An object born with the
 * prototype makes that call a no-op (V8 returns at once when the prototype is unchanged), so all
 * requests share their hidden classes. A mounted sub-app (the queue board) still swaps the
 * prototypes while it handles a request, as before.
 */
export function createHttpServer(app: express.Express): http.Server {
  const incoming = http.IncomingMessage as unknown as Construct<[Socket]>;
  const outgoing = http.ServerResponse as unknown as Construct<[http.IncomingMessage, object]>;
  // Constructor functions rather than classes: a class's `prototype` cannot be replaced, and it must
  // be the app's own object (Express's setPrototypeOf is then a no-op).
  function ApiRequest(this: object, socket: Socket): void {
    incoming.call(this, socket);
  }
  ApiRequest.prototype = app.request;
  function ApiResponse(this: object, req: http.IncomingMessage, options: object): void {
    outgoing.call(this, req, options);
  }
  ApiResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: ApiRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: ApiResponse as unknown as typeof http.ServerResponse,
    },
    app,
  );
}

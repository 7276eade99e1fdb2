// The API's HTTP server: its request and response objects are made with Express's prototypes already in place.
import http from 'node:http';
import type express from 'express';

/**
 * `http.createServer(app)` (what `app.listen` does), except that Node makes each request and
 * response as instances of classes whose prototypes *are* the app's `request` and `response`
 * objects: the prototype chains and everything Express and Node do with them are the same.
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
 *
 * Why subclasses, not plain constructor functions calling `IncomingMessage.call(this)` with the app's
 * object as their `prototype` (the first version): such a function's instances get room for only a
 * few in-object properties, so Node's and Express's ~30 properties overflowed into dictionary mode,
 * where objects share a class only through V8's normalized-map cache, whose entries collide and are
 * dropped by a full GC (under load, consecutive requests then had classes of their own again). A
 * subclass's instances are sized from `IncomingMessage`'s own constructor: they stay in fast mode and
 * share their classes through ordinary transitions. A class's `prototype` cannot be replaced, so the
 * app's objects are replaced by the classes' prototypes instead, made equal to them: the same parent
 * (Express's `request`/`response`) and the same own properties (`app`).
 */
export function createHttpServer(app: express.Express): http.Server {
  class ApiRequest extends http.IncomingMessage {}
  class ApiResponse extends http.ServerResponse {}
  app.request = asAppObject(ApiRequest.prototype, app.request);
  app.response = asAppObject(ApiResponse.prototype, app.response);
  return http.createServer({ IncomingMessage: ApiRequest, ServerResponse: ApiResponse }, app);
}

/** `prototype` made to stand in for the app's `request` or `response` object `own`. */
function asAppObject<T extends object>(prototype: object, own: T): T {
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(own));
  Object.defineProperties(prototype, Object.getOwnPropertyDescriptors(own));
  return prototype as T;
}

/**
 * Puts a harness's app on a real TCP port of 127.0.0.1 (the OS picks it), for the tests that need a
 * socket rather than supertest: an HTTP client, a browser, an event stream, another process. One
 * copy, so each of those tests listens, finds its base URL and closes the same way.
 */
import type { Server } from 'node:http';
import type { Express } from 'express';

export interface LoopbackServer {
  server: Server;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  /** Stops listening; resolves once open connections have ended. */
  close(): Promise<void>;
}

export async function listenOnLoopback(app: Express): Promise<LoopbackServer> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('api: no TCP address');
  return {
    server,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

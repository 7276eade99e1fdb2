/**
 * The small HTTP listener of a worker process: `/metrics` (admin token), `/healthz`, `/readyz`.
 * Hand-written on node:http rather than Express: three fixed GET routes do not need a framework,
 * and the worker has no other HTTP surface.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { ADMIN_AUTH_CHALLENGE, adminTokenRefusal, checkAdminToken } from './admin-token';
import { OPS_PATHS } from './metric-names';
import { READINESS_RETRY_AFTER_SECONDS, runReadinessChecks, type ReadinessChecks } from './readiness';

export interface OpsServerOptions {
  port: number;
  host: string;
  adminToken: string;
  registry: Registry;
  readiness: ReadinessChecks;
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers }).end(text);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { error: { code: 'invalid_request', message: 'only GET' } });
    if (path === OPS_PATHS.healthz) return send(200, { status: 'ok' });
    if (path === OPS_PATHS.readyz) {
      void runReadinessChecks(options.readiness).then((report) =>
        report.status === 'ready' ? send(200, report) : send(503, report, { 'Retry-After': String(READINESS_RETRY_AFTER_SECONDS) }),
      );
      return;
    }
    if (path === OPS_PATHS.metrics) {
      const verdict = checkAdminToken(req.headers.authorization, options.adminToken);
      if (verdict !== 'ok') {
        const refusal = adminTokenRefusal(verdict);
        const code = refusal.status === 401 ? 'unauthorized' : 'forbidden'; // the API's codes for the same refusals
        return send(refusal.status, { error: { code, message: refusal.message } }, refusal.status === 401 ? { 'WWW-Authenticate': ADMIN_AUTH_CHALLENGE } : {});
      }
      void options.registry.metrics().then(
        (text) => send(200, text, { 'Content-Type': options.registry.contentType }),
        (error: unknown) => send(500, { error: { code: 'internal_error', message: `metrics: ${String(error)}` } }),
      );
      return;
    }
    send(404, { error: { code: 'not_found', message: `no route for ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

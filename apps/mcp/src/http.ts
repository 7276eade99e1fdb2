/**
 * The Streamable HTTP transport at `/mcp`, for a hosted endpoint. Every request carries the
 * caller's own API key (`Authorization: Bearer <key>`), checked against our API and then passed
 * through: the tools call the API with it, so auth, credits and rate limits apply exactly as for any
 * client. Stateless (the SDK's `sessionIdGenerator: undefined`): each POST gets a fresh server bound
 * to its key, so no session can outlive or borrow another caller's key.
 */
import type { Server } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { RigforgeClient } from '@rigforge/client';
import type { Request, Response } from 'express';
import { createMcpServer } from './create-server';
import type { McpEnv } from './env';
import { KeyCheck } from './key-check';
import type { AssetProvider } from './providers/asset-provider';
import { MCP_USER_AGENT } from './user-agent';

export const MCP_PATH = '/mcp';

function jsonRpcError(res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set(headers).json({ jsonrpc: '2.0', error: { code: -32001, message }, id: null });
}

export function createHttpApp(env: McpEnv, providers: readonly AssetProvider[]) {
  const allowedHosts = env.MCP_ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter(Boolean);
  const app = createMcpExpressApp({ host: env.MCP_HOST, ...(allowedHosts.length ? { allowedHosts } : {}) });
  const keys = new KeyCheck({ baseUrl: env.RIGFORGE_BASE_URL });

  app.post(MCP_PATH, async (req: Request, res: Response) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const challenge = { 'WWW-Authenticate': 'Bearer realm="rigforge"' };
    if (!match?.[1]) return jsonRpcError(res, 401, 'unauthorized: send your Rigforge API key as "Authorization: Bearer <key>"', challenge);
    const key = match[1];
    const verdict = await keys.verify(key);
    if (verdict === 'invalid') return jsonRpcError(res, 401, 'unauthorized: the API key was refused', { 'WWW-Authenticate': 'Bearer realm="rigforge", error="invalid_token"' });
    if (verdict === 'unavailable') return jsonRpcError(res, 503, 'backend_unavailable: the Rigforge API could not check the key; try again shortly');

    const client = new RigforgeClient({ baseUrl: env.RIGFORGE_BASE_URL, apiKey: key, userAgent: MCP_USER_AGENT });
    const server = createMcpServer({ client, providers });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      process.stderr.write(`rigforge-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      if (!res.headersSent) jsonRpcError(res, 500, 'internal_error');
    }
  });
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  const notAllowed = (_req: Request, res: Response) => {
    res.set('Allow', 'POST');
    jsonRpcError(res, 405, 'method not allowed: POST JSON-RPC messages to /mcp');
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
  return app;
}

/** Listens on `port` (0 picks a free one) and resolves with the server once it accepts connections. */
export function serveHttp(env: McpEnv, providers: readonly AssetProvider[], port: number): Promise<Server> {
  const app = createHttpApp(env, providers);
  return new Promise((resolve, reject) => {
    // Express 5 hands a listen error (a taken port) to this callback instead of throwing: without
    // the check the process said "listening" and exited 0 with nothing listening.
    const server = app.listen(port, env.MCP_HOST, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}

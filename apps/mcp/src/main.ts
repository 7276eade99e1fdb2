/**
 * `pnpm mcp` serves MCP over stdio; `pnpm mcp --http --port <n>` serves Streamable HTTP at /mcp.
 * Settings come from the environment (see env.ts); SIGTERM and SIGINT close cleanly.
 */
import { parseArgs } from 'node:util';
import { parseMcpEnv } from './env';
import { MCP_PATH, serveHttp } from './http';
import { createProviders } from './providers/create-providers';
import { serveStdio } from './stdio';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { http: { type: 'boolean', default: false }, port: { type: 'string', default: '3100' } },
    strict: true,
  });
  const env = parseMcpEnv();
  const providers = createProviders(env);
  for (const provider of providers) {
    if (provider.unconfigured) process.stderr.write(`rigforge-mcp: ${provider.title} skipped: ${provider.unconfigured}\n`);
  }
  if (!values.http) return serveStdio(env, providers);

  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port: "${values.port}" is not a port number`);
  const server = await serveHttp(env, providers, port);
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  // Tests and supervisors read the bound port from this line (with --port 0 it is chosen by the OS).
  process.stderr.write(`rigforge-mcp: listening on http://${env.MCP_HOST}:${bound}${MCP_PATH} for ${env.RIGFORGE_BASE_URL}\n`);
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`rigforge-mcp: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

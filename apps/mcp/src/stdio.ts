/**
 * The stdio transport, for a desktop agent that starts this process: stdout carries the protocol
 * only, so everything we log goes to stderr. The key comes from RIGFORGE_API_KEY.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { RigforgeClient } from '@rigforge/client';
import { createMcpServer } from './create-server';
import type { McpEnv } from './env';
import type { AssetProvider } from './providers/asset-provider';
import { MCP_USER_AGENT } from './user-agent';

export async function serveStdio(env: McpEnv, providers: readonly AssetProvider[]): Promise<void> {
  if (!env.RIGFORGE_API_KEY) throw new Error('RIGFORGE_API_KEY is required over stdio (an API key from `pnpm admin`)');
  const client = new RigforgeClient({ baseUrl: env.RIGFORGE_BASE_URL, apiKey: env.RIGFORGE_API_KEY, userAgent: MCP_USER_AGENT });
  const server = createMcpServer({ client, providers });
  await server.connect(new StdioServerTransport());
  process.stderr.write(`rigforge-mcp: serving stdio for ${env.RIGFORGE_BASE_URL}\n`);
}

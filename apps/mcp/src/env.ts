/**
 * Every setting of the MCP server, parsed once at startup from the environment. A bad value stops
 * the process with a message naming the variable. The README's MCP section mirrors this file.
 */
import { z } from 'zod';
import { envInt, parseEnv } from '@rigforge/server';
import { POLY_HAVEN_API_URL } from './providers/poly-haven';
import { SKETCHFAB_API_URL } from './providers/sketchfab';
import { SMITHSONIAN_API_URL } from './providers/smithsonian';

export const mcpEnvSchema = z.object({
  /** The key used over stdio (a desktop agent); over HTTP each caller's Bearer key is used instead. */
  RIGFORGE_API_KEY: z.string().default(''),
  /** The API's origin, the same variable as the CLI's. */
  RIGFORGE_BASE_URL: z.url().default('http://localhost:3000'),
  /** A Sketchfab API token; without it Sketchfab is skipped. */
  SKETCHFAB_API_TOKEN: z.string().default(''),
  /** An api.data.gov key for Smithsonian Open Access; without it the Smithsonian is skipped. */
  SMITHSONIAN_API_KEY: z.string().default(''),
  POLYHAVEN_API_URL: z.url().default(POLY_HAVEN_API_URL),
  SKETCHFAB_API_URL: z.url().default(SKETCHFAB_API_URL),
  SMITHSONIAN_API_URL: z.url().default(SMITHSONIAN_API_URL),
  /** Per-call timeout of a provider request. */
  PROVIDER_TIMEOUT_MS: envInt(8000),
  /** How long a provider's answer is reused for the same query. */
  PROVIDER_CACHE_TTL_MS: envInt(10 * 60_000),
  /** Interface the HTTP transport listens on. */
  MCP_HOST: z.string().default('127.0.0.1'),
  /** Extra Host header values the HTTP transport accepts (comma-separated), for a public hostname. */
  MCP_ALLOWED_HOSTS: z.string().default(''),
});

export type McpEnv = z.infer<typeof mcpEnvSchema>;

export function parseMcpEnv(env: NodeJS.ProcessEnv = process.env): McpEnv {
  return parseEnv(mcpEnvSchema, env, 'mcp');
}

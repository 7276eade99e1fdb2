/** Builds the provider adapters from the environment, in the order results are listed. */
import type { McpEnv } from '../env';
import type { AssetProvider } from './asset-provider';
import { PolyHavenProvider } from './poly-haven';
import type { ProviderHttpOptions } from './provider-http';
import { MCP_USER_AGENT } from '../user-agent';
import { SketchfabProvider } from './sketchfab';
import { SmithsonianProvider } from './smithsonian';

export function createProviders(env: McpEnv): AssetProvider[] {
  const http: ProviderHttpOptions = {
    userAgent: MCP_USER_AGENT,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    cacheTtlMs: env.PROVIDER_CACHE_TTL_MS,
  };
  return [
    new PolyHavenProvider({ ...http, apiUrl: env.POLYHAVEN_API_URL }),
    new SketchfabProvider({ ...http, apiUrl: env.SKETCHFAB_API_URL, token: env.SKETCHFAB_API_TOKEN }),
    new SmithsonianProvider({ ...http, apiUrl: env.SMITHSONIAN_API_URL, apiKey: env.SMITHSONIAN_API_KEY }),
  ];
}

/** The MCP tool that searches external CC0 providers, which the HTTP API does not. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { EXTERNAL_LICENSE, PROVIDER_IDS } from '../providers/asset-provider';
import { searchExternal } from '../providers/search-external';
import type { ToolDeps } from './tool-deps';
import { externalAssetsOutput } from './tool-output';
import { guarded, jsonResult } from './tool-result';

export const searchExternalAssetsInput = z.strictObject({
  query: z.string().trim().min(1).max(200).describe('What to look for, in plain words: "wooden chair", "dragon", "skull"'),
  providers: z
    .array(z.enum(PROVIDER_IDS))
    .optional()
    .describe('Which providers to ask (default: all configured). polyhaven: curated props and furniture; sketchfab: the largest variety, incl. characters and creatures; smithsonian: museum scans (fossils, artefacts)'),
  category: z.string().max(100).optional().describe("A provider category to narrow by (e.g. Poly Haven's \"furniture\", a Sketchfab category slug like \"characters-creatures\")"),
  limit: z.int().min(1).max(24).default(5).describe('Results per provider'),
});

/** Live search of external CC0 providers (only here, never under the HTTP API's /v1). */
export function registerSearchExternalAssets(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'search_external_assets',
    {
      title: 'Search external CC0 3D models',
      description:
        'Live search of external providers (Poly Haven, Sketchfab, Smithsonian Open Access) for free 3D models. ' +
        'Only CC0-1.0 (public domain) results are returned, each with its licence, author, source page, an ' +
        'attribution line to show the user, and a model_url you can pass straight to rig_model. Use this when the ' +
        "built-in catalog (search_catalog) has nothing suitable; it is slower and results vary. Providers without " +
        'a configured key are skipped and listed in `providers` with a note.',
      inputSchema: searchExternalAssetsInput,
      outputSchema: externalAssetsOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const found = await searchExternal(deps.providers, { ...args, signal: extra.signal });
        const answered = found.providers.filter((p) => p.status === 'ok');
        const failed = found.providers.filter((p) => p.status === 'error');
        if (answered.length === 0 && failed.length > 0) {
          return {
            isError: true,
            content: [{ type: 'text', text: `Every provider asked failed:\n${failed.map((p) => `- ${p.provider}: ${p.code}: ${p.note}`).join('\n')}` }],
          };
        }
        return jsonResult({ license: EXTERNAL_LICENSE, results: found.results, providers: found.providers });
      }),
  );
}

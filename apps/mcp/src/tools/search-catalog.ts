/** The MCP tool that searches our CC0 catalog. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ASSET_LIST_DEFAULT_LIMIT, ASSET_LIST_MAX_LIMIT, ASSET_LIST_MAX_OFFSET, listAssetsQuerySchema } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { assetListOutput } from './tool-output';
import { guarded, jsonResult } from './tool-result';

const shape = listAssetsQuerySchema.shape;
export const searchCatalogInput = z.strictObject({
  query: shape.query.describe('Case-insensitive substring of the asset name or id ("crate", "barrel")'),
  category: shape.category.describe('Exact category, as list_catalog_categories names it'),
  pack: shape.pack.describe('Exact pack identifier, as list_catalog_categories names it'),
  limit: z.int().min(1).max(ASSET_LIST_MAX_LIMIT).default(ASSET_LIST_DEFAULT_LIMIT).describe(`Assets per page, 1-${ASSET_LIST_MAX_LIMIT}`),
  offset: z.int().min(0).max(ASSET_LIST_MAX_OFFSET).default(0).describe('Assets to skip (page with it until you have total)'),
});

/** GET /v1/assets: our own CC0 catalog. */
export function registerSearchCatalog(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'search_catalog',
    {
      title: 'Search the Rigforge CC0 catalog',
      description:
        "Search Rigforge's own fixed catalog of CC0-1.0 props, environment pieces and set dressing (GLB files " +
        'with PNG thumbnails). Free, fast and always available: try it before search_external_assets. `total` ' +
        'counts every match; page with offset.',
      inputSchema: searchCatalogInput,
      outputSchema: assetListOutput,
      annotations: { readOnlyHint: true },
    },
    (args, extra) => guarded(async () => jsonResult({ ...(await deps.client.listAssets(args, { signal: extra.signal })) })),
  );
}

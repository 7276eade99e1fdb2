/** The MCP tool that lists the catalog's categories and packs. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDeps } from './tool-deps';
import { assetCategoriesOutput } from './tool-output';
import { guarded, jsonResult } from './tool-result';

/** GET /v1/assets/categories. */
export function registerListCatalogCategories(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_catalog_categories',
    {
      title: 'List catalog categories',
      description: 'Every category and pack of the Rigforge CC0 catalog, and its size. Use the names as filters of search_catalog. Free.',
      outputSchema: assetCategoriesOutput,
      annotations: { readOnlyHint: true },
    },
    (extra) => guarded(async () => jsonResult({ ...(await deps.client.listAssetCategories({ signal: extra.signal })) })),
  );
}

/**
 * One MCP server with every Rigforge tool registered, bound to one API client (one caller's key).
 * Transports are wired in `stdio.ts` and `http.ts`; this file knows nothing about them.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerCancelJob } from './tools/cancel-job';
import { registerCheckModel } from './tools/check-model';
import { registerGenerateModel } from './tools/generate-model';
import { registerGetAccount } from './tools/get-account';
import { registerGetJob } from './tools/get-job';
import { registerListCatalogCategories } from './tools/list-catalog-categories';
import { registerListJobs } from './tools/list-jobs';
import { registerRigModel } from './tools/rig-model';
import { registerSearchCatalog } from './tools/search-catalog';
import { registerSearchExternalAssets } from './tools/search-external-assets';
import type { ToolDeps } from './tools/tool-deps';
import { registerWaitForJob } from './tools/wait-for-job';

export const MCP_SERVER_INFO = { name: 'rigforge', version: '0.1.0' } as const;

export function createMcpServer(deps: ToolDeps): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Rigforge rigs 3D models (adds a skeleton so they can be animated) and turns images into models. To rig ' +
      'something: find a model (search_catalog first, then search_external_assets), call rig_model with its ' +
      'model_url, then wait_for_job. External results are CC0; show the user their attribution line.',
  });
  registerSearchExternalAssets(server, deps);
  registerSearchCatalog(server, deps);
  registerListCatalogCategories(server, deps);
  registerRigModel(server, deps);
  registerCheckModel(server, deps);
  registerGenerateModel(server, deps);
  registerGetJob(server, deps);
  registerWaitForJob(server, deps);
  registerListJobs(server, deps);
  registerCancelJob(server, deps);
  registerGetAccount(server, deps);
  return server;
}

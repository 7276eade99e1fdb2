/** The MCP tool for the free pre-rig check, so an agent can test a mesh before rigging it. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { checkRigRequestSchema } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { checkModelOutput } from './tool-output';
import { guarded, jsonResult } from './tool-result';

/** The contract's request fields as a fresh inline object (see rig-model.ts for why). */
export const checkModelInput = z.strictObject(checkRigRequestSchema.shape);

/** POST /v1/rigs/check: the free pre-rig check, answered at once. */
export function registerCheckModel(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'check_model',
    {
      title: 'Check a 3D model before rigging',
      description:
        'Free and immediate (no credits): reads a mesh as the rigger will and reports whether it can be rigged, its ' +
        'triangles, parts and watertightness, the up axis and facing found (pass up_axis and rotation_y to rig_model), ' +
        'and the recommended rig_type with a confidence for each body plan. Give exactly one source: model_url, ' +
        'model_base64 or from_job. Call it before rig_model when the body plan or orientation is not known.',
      inputSchema: checkModelInput,
      outputSchema: checkModelOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (args, extra) => guarded(async () => jsonResult(await deps.client.checkRig(args, { signal: extra.signal }))),
  );
}

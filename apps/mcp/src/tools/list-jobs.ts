/** The MCP tool that lists the caller's jobs. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { listJobsQuerySchema } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { guarded, jobView, jsonResult } from './tool-result';

const shape = listJobsQuerySchema.shape;
export const listJobsInput = z.strictObject({
  operation: shape.operation,
  status: shape.status,
  limit: z.int().min(1).max(100).default(20),
  offset: z.int().min(0).default(0),
});

/** GET /v1/jobs. */
export function registerListJobs(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_jobs',
    {
      title: 'List jobs',
      description: "This account's jobs, newest first, optionally filtered by operation (rig, generate_model) and status. Free. Use it to find a job id you lost.",
      inputSchema: listJobsInput,
      annotations: { readOnlyHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const list = await deps.client.listJobs(args, { signal: extra.signal });
        return jsonResult({ total: list.total, jobs: list.jobs.map(jobView) });
      }),
  );
}

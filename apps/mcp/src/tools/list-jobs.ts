/** The MCP tool that lists the caller's jobs. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { JOB_OPERATIONS, JOB_STATUSES, listJobsQuerySchema } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { jobListOutput } from './tool-output';
import { guarded, jobView, jsonResult } from './tool-result';

const shape = listJobsQuerySchema.shape;
export const listJobsInput = z.strictObject({
  operation: shape.operation.describe(`Only jobs of this operation: ${JOB_OPERATIONS.join(' or ')}`),
  status: shape.status.describe(`Only jobs in this status: ${JOB_STATUSES.join(', ')}`),
  limit: z.int().min(1).max(100).default(20).describe('Jobs per page, 1-100'),
  offset: z.int().min(0).default(0).describe('Jobs to skip (page with it until you have total)'),
});

/** GET /v1/jobs. */
export function registerListJobs(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_jobs',
    {
      title: 'List jobs',
      description: "This account's jobs, newest first, optionally filtered by operation (rig, generate_model) and status. Free. Use it to find a job id you lost.",
      inputSchema: listJobsInput,
      outputSchema: jobListOutput,
      annotations: { readOnlyHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const list = await deps.client.listJobs(args, { signal: extra.signal });
        return jsonResult({ total: list.total, jobs: list.jobs.map(jobView) });
      }),
  );
}

/** The MCP tool that reads one job through the API. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { jobIdParamsSchema } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { jobViewOutput } from './tool-output';
import { guarded, jobLinks, jobView, jsonResult } from './tool-result';

export const getJobInput = z.strictObject({ job_id: jobIdParamsSchema.shape.id.describe('The job id a submission returned') });

/** GET /v1/jobs/{id}. */
export function registerGetJob(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_job',
    {
      title: 'Get a job',
      description:
        "One look at a job's status (queued, processing, succeeded, failed) without waiting; when succeeded, the " +
        'model URL, thumbnail and files; when failed, the error. Free. Prefer wait_for_job to wait for completion.',
      inputSchema: getJobInput,
      outputSchema: jobViewOutput,
      annotations: { readOnlyHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const job = await deps.client.getJob(args.job_id, { signal: extra.signal });
        return jsonResult(jobView(job), jobLinks(job));
      }),
  );
}

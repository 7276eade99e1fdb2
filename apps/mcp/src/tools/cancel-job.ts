/** cancel_job: POST /v1/jobs/{id}/cancel, so an agent can stop what it started and get its credits back. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { jobIdParamsSchema } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { jobViewOutput } from './tool-output';
import { guarded, jobView, jsonResult } from './tool-result';

export const cancelJobInput = z.strictObject({ job_id: jobIdParamsSchema.shape.id.describe('The job id rig_model or generate_model returned') });

export function registerCancelJob(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'cancel_job',
    {
      title: 'Cancel a job',
      description:
        'Stop a queued or processing job: it becomes failed with error code "canceled" at once and its credits are ' +
        'refunded. A job that already finished cannot be canceled (error job_not_cancelable).',
      inputSchema: cancelJobInput,
      outputSchema: jobViewOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) => guarded(async () => jsonResult(jobView(await deps.client.cancelJob(args.job_id, { signal: extra.signal })))),
  );
}

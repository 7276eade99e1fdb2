/** The MCP tool that waits for a job with progress, so an agent need not write its own polling loop. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { JOB_DEADLINE_MS, waitForJob, type JobProgress } from '@rigforge/client';
import { jobIdParamsSchema, RIG_ENGINES } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { jobViewOutput } from './tool-output';
import { guarded, jobLinks, jobView, jsonResult } from './tool-result';

/** The notification's words: `job …: processing, skin (55%) after 12 s`. */
export function progressMessage(moved: JobProgress): string {
  const stage = moved.stage ? `, ${moved.stage}` : '';
  return `job ${moved.id}: ${moved.status}${stage} (${Math.round(moved.progress * 100)}%) after ${Math.round(moved.elapsedMs / 1000)} s`;
}

const MAX_WAIT_SECONDS = JOB_DEADLINE_MS / 1000;

export const waitForJobInput = z.strictObject({
  job_id: jobIdParamsSchema.shape.id.describe('The job id rig_model or generate_model returned'),
  engine: z.enum(RIG_ENGINES).optional().describe('For a rig: the engine rig_model returned (a pro rig is polled less often)'),
  timeout_seconds: z
    .int()
    .min(1)
    .max(MAX_WAIT_SECONDS)
    .default(MAX_WAIT_SECONDS)
    .describe(`Give up after this long (at most ${MAX_WAIT_SECONDS}, the service's deadline for a job)`),
});

/** Follows the job's events (long polls where there is no stream), reporting MCP progress, until the job ends. */
export function registerWaitForJob(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'wait_for_job',
    {
      title: 'Wait for a job to finish',
      description:
        'Wait until a rig or generation job succeeds or fails, then return the model URL, thumbnail and files (or ' +
        'the error). Follows the job\'s event stream, so it answers as soon as the job ends, and sends a progress ' +
        'notification (0 to 1, with the engine stage) at each stage meanwhile. Jobs finish within 300 s; if this returns a timeout error, call it ' +
        'again or use get_job later. Free.',
      inputSchema: waitForJobInput,
      outputSchema: jobViewOutput,
      annotations: { readOnlyHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const deadlineMs = args.timeout_seconds * 1000;
        const progressToken = extra._meta?.progressToken;
        let sent = -1;
        const job = await waitForJob(deps.client, args.job_id, {
          engine: args.engine,
          deadlineMs,
          signal: extra.signal,
          onProgress: async (moved) => {
            if (progressToken === undefined) return;
            // The job's own share (0..1, one move per stage). MCP asks every notification to
            // increase: a move that kept the share (queued → processing) nudges it up a hair.
            const progress = moved.progress > sent ? moved.progress : Math.min(0.999, sent + 0.001);
            sent = progress;
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress, total: 1, message: progressMessage(moved) },
            });
          },
        });
        return jsonResult(jobView(job), jobLinks(job));
      }),
  );
}

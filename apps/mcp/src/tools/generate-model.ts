/** The MCP tool that turns an image into a model through the API. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createModelRequestSchema, MODEL_FORMATS } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { submittedJobOutput } from './tool-output';
import { guarded, jobView, jsonResult } from './tool-result';

/**
 * The contract's request fields, as a fresh object: the contract's schema carries an OpenAPI id,
 * which would make its JSON Schema a `$ref`, and MCP clients require an inline object schema.
 */
export const generateModelInput = z.strictObject({
  ...createModelRequestSchema.shape,
  output_format: createModelRequestSchema.shape.output_format.describe(`${MODEL_FORMATS.join(' or ')} (default glb)`),
});

/** POST /v1/models, with the contract's own request schema as the input schema. */
export function registerGenerateModel(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'generate_model',
    {
      title: 'Generate a 3D model from an image',
      description:
        'Queue an image-to-model job: turns a picture of one subject on a plain or transparent background (PNG, ' +
        'JPEG or WebP, by image_url or image_base64) into a closed, textured 3D model. Costs credits. Returns at ' +
        'once with the job id; call wait_for_job, then rig_model with from_job set to that id to rig the result.',
      inputSchema: generateModelInput,
      outputSchema: submittedJobOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const job = await deps.client.createModel(args, { signal: extra.signal });
        return jsonResult({
          ...jobView(job),
          output_format: job.output_format,
          estimated_seconds: job.estimated_seconds,
          next: `call wait_for_job with job_id "${job.id}"`,
        });
      }),
  );
}

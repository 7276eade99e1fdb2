/** The MCP tool that submits a rig job through the API. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createRigRequestSchema, RIG_ENGINES, RIG_OUTPUT_FORMATS, RIG_TYPES, AUTO, SKELETON_PRESETS, SKELETON_PRESET_RIG_TYPES } from '@rigforge/contracts';
import { z } from 'zod';
import type { ToolDeps } from './tool-deps';
import { submittedJobOutput } from './tool-output';
import { guarded, jobView, jsonResult } from './tool-result';

/**
 * The contract's request fields, as a fresh object: the contract's schema carries an OpenAPI id,
 * which would make its JSON Schema a `$ref`, and MCP clients require an inline object schema.
 */
const shape = createRigRequestSchema.shape;
export const rigModelInput = z.strictObject({
  ...shape,
  rig_type: shape.rig_type.describe(
    `Body plan, one of ${RIG_TYPES.join(', ')}, or ${AUTO} (the plan check_model recommends, chosen by the rigger; the finished job shows rig_type_chosen and its confidence). Default biped`,
  ),
  engine: shape.engine.describe(`${RIG_ENGINES.join(' or ')}: fast (default, seconds) or pro (slower, higher quality)`),
  output_format: shape.output_format.describe(
    `${RIG_OUTPUT_FORMATS.join(', ')} (default glb); vrm is VRM 1.0 (a GLB with the VRMC_vrm humanoid, for VRM avatar apps), rig_type ${SKELETON_PRESET_RIG_TYPES.join(', ')} only`,
  ),
  skeleton_preset: shape.skeleton_preset.describe(
    `Bone names of the rig, one of ${SKELETON_PRESETS.join(', ')} (default rigforge: our snake_case names). ` +
      'mixamo: mixamorig:Hips … so Mixamo animations play by bone name; unity: Unity HumanBodyBones names, mapped by the Humanoid avatar automatically; ' +
      'unreal: UE5 mannequin names and hierarchy (pelvis, spine_01 … spine_05, ik_foot_l …); vrm: VRM 1.0 humanoid names. ' +
      `For rig_type ${SKELETON_PRESET_RIG_TYPES.join(', ')} only (name it; other plans and auto are refused). Free`,
  ),
});

/** POST /v1/rigs, with the contract's own request schema as the input schema. */
export function registerRigModel(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'rig_model',
    {
      title: 'Rig a 3D model',
      description:
        'Queue a rigging job: adds a skeleton and skin weights to a mesh so it can be animated. Give exactly one ' +
        'source: model_url (a model_url from search_external_assets, or the url of a search_catalog asset), model_base64 (a small ' +
        'file inline), or from_job (the id of a succeeded generate_model or rig job). Choose rig_type from the body ' +
        'plan (biped for humanoids, quadruped for four-legged animals, ..., or auto to let the rigger choose as check_model ' +
        'would; name the plan when giving animation_url or animations); animations adds ready clips made for the rig ' +
        '(walk, idle, … per plan, listed in its schema; one retarget each); skeleton_preset to get bone names a tool expects (mixamo, unity, unreal, vrm; bipeds); engine fast (default, seconds) or pro ' +
        '(higher quality, slower). Costs credits. Returns at once with the job id; then call wait_for_job with that ' +
        'id (and the engine) to get the rigged model URL and thumbnail.',
      inputSchema: rigModelInput,
      outputSchema: submittedJobOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args, extra) =>
      guarded(async () => {
        const job = await deps.client.createRig(args, { signal: extra.signal });
        return jsonResult({
          ...jobView(job),
          engine: job.engine,
          rig_type: job.rig_type,
          output_format: job.output_format,
          skeleton_preset: job.skeleton_preset,
          estimated_seconds: job.estimated_seconds,
          next: `call wait_for_job with job_id "${job.id}" and engine "${job.engine}" (cancel_job stops it)`,
        });
      }),
  );
}

/**
 * Every tool's `outputSchema`: the shape of its `structuredContent`, so an agent (or its client)
 * knows what a tool answers before calling it, and the SDK checks each answer against it. Built
 * from the contracts' own response schemas as fresh inline objects (MCP clients want an inline
 * object at the top, not the `$ref` an OpenAPI id would make).
 */
import { accountSchema, ASSET_LICENSE, assetCategoriesSchema, assetListSchema, checkRigResponseSchema, JOB_OPERATIONS, JOB_STATUSES, jobSchema } from '@rigforge/contracts';
import { z } from 'zod';

/** A job as every job tool shows it (`jobView` in tool-result.ts): one id name, `job_id`, throughout. */
export const jobViewOutput = z.object({
  job_id: z.uuid().describe('The job id: pass it as job_id to get_job, wait_for_job and cancel_job'),
  operation: z.enum(JOB_OPERATIONS),
  status: z.enum(JOB_STATUSES),
  model_url: z.string().nullable().describe('The result model, when succeeded'),
  thumbnail_url: z.string().nullable().describe('A PNG preview, when succeeded'),
  files: z.array(z.looseObject({})).describe('Every output file, when succeeded'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why it failed, when failed'),
  created_at: z.string(),
  progress: jobSchema.shape.progress,
  stage: jobSchema.shape.stage,
  completed_at: z.string().optional(),
  duration_seconds: z.number().optional(),
  rig_type_chosen: jobSchema.shape.rig_type_chosen,
  rig_type_confidence: jobSchema.shape.rig_type_confidence,
  warnings: jobSchema.shape.warnings,
});

export const submittedJobOutput = jobViewOutput.extend({
  engine: z.string().optional(),
  rig_type: z.string().optional(),
  output_format: z.string(),
  skeleton_preset: z.string().optional(),
  estimated_seconds: z.number().optional(),
  next: z.string().describe('What to call next'),
});

export const jobListOutput = z.object({ total: z.int().nonnegative(), jobs: z.array(jobViewOutput) });
export const assetListOutput = z.object(assetListSchema.shape);
export const assetCategoriesOutput = z.object(assetCategoriesSchema.shape);
export const checkModelOutput = z.object(checkRigResponseSchema.shape);
export const accountOutput = z.object(accountSchema.shape);
export const externalAssetsOutput = z.object({
  license: z.literal(ASSET_LICENSE),
  results: z.array(z.looseObject({ provider: z.string(), id: z.string() })).describe('Models found, each with licence, author, attribution and a model_url for rig_model'),
  providers: z.array(z.looseObject({ provider: z.string(), status: z.string() })).describe('Each provider asked: ok, skipped or error, with a note'),
});

/** The job object every endpoint answers with, and the job list. */
import { z } from 'zod';
import { JOB_ERROR_CODES } from './errors';
import { queryIntSchema, uuidSchema } from './common';
import { BODY_PLANS } from '@rigforge/vocabulary';
import { jobStageSchema } from './job-stage';

export const JOB_OPERATIONS = ['rig', 'generate_model'] as const;
export type JobOperation = (typeof JOB_OPERATIONS)[number];
export const JOB_STATUSES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'failed'];

export const outputFileSchema = z
  .object({
    type: z.string().describe('model | thumbnail | ...'),
    format: z.string().describe('glb | fbx | vrm | png | ...'),
    url: z.url(),
    bytes: z.int().nonnegative(),
  })
  .meta({ id: 'OutputFile' });
export type OutputFile = z.infer<typeof outputFileSchema>;

export const jobOutputSchema = z
  .object({
    model_url: z.url(),
    thumbnail_url: z.url().nullable(),
    files: z.array(outputFileSchema).optional(),
  })
  .meta({ id: 'JobOutput' });
export type JobOutput = z.infer<typeof jobOutputSchema>;

export const jobErrorSchema = z
  .object({ code: z.enum(JOB_ERROR_CODES), message: z.string() })
  .meta({ id: 'JobError' });
export type JobError = z.infer<typeof jobErrorSchema>;

export const jobSchema = z
  .object({
    id: uuidSchema,
    object: z.literal('job'),
    operation: z.enum(JOB_OPERATIONS),
    status: z.enum(JOB_STATUSES),
    output: jobOutputSchema.nullable().describe('Non-null only when status is succeeded'),
    error: jobErrorSchema.nullable().describe('Non-null only when status is failed'),
    created_at: z.string().describe('ISO 8601 UTC with milliseconds'),
    progress: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Share of the work done, 0 to 1: 0 while queued, rising once per stage, 1 when succeeded; never decreases. Always sent by this API (optional for older servers)'),
    stage: jobStageSchema
      .optional()
      .describe('Processing jobs: the stage the engine is in (the order of stages is fixed per operation). Failed jobs: the stage it failed in. Absent before the first stage and once succeeded'),
    completed_at: z.string().optional().describe('Present on terminal jobs'),
    duration_seconds: z.number().optional().describe('Seconds from creation to completion'),
    rig_type_chosen: z
      .enum(BODY_PLANS)
      .optional()
      .describe('Rig jobs submitted with rig_type auto, once succeeded: the body plan the rigger chose from the mesh (the one POST /v1/rigs/check recommends)'),
    rig_type_confidence: z.number().min(0).max(1).optional().describe('With rig_type_chosen: the classifier\'s confidence in that plan (0..1)'),
    warnings: z
      .array(z.string())
      .optional()
      .describe('Finished jobs whose engine warned: what to know about the result, e.g. a body plan chosen automatically with low confidence'),
  })
  .meta({ id: 'Job' });
export type JobObject = z.infer<typeof jobSchema>;

/**
 * The parts of an engine's stored report that the job object shows (the report itself is kept for
 * debugging): its warnings and, for a rig whose plan was found (`auto`), the plan and confidence.
 * The report crosses the database, so it is parsed; other fields are the engine's own.
 */
export const jobReportViewSchema = z.looseObject({
  warnings: z.array(z.string()).optional(),
  bodyPlan: z.enum(BODY_PLANS).optional(),
  bodyPlanSource: z.enum(['given', 'found']).optional(),
  bodyPlanConfidence: z.number().min(0).max(1).optional(),
});
export type JobReportView = z.infer<typeof jobReportViewSchema>;

export const jobListSchema = z
  .object({ object: z.literal('list'), total: z.int().nonnegative(), jobs: z.array(jobSchema) })
  .meta({ id: 'JobList' });
export type JobList = z.infer<typeof jobListSchema>;

/**
 * What a submission (POST /v1/rigs, POST /v1/models) answers besides the queued job and its
 * request's choices: where to poll it, and how long such a job typically takes.
 */
export const submissionResponseShape = {
  poll_url: z.string().describe('/v1/jobs/<id>'),
  estimated_seconds: z.int(),
};

/** GET /v1/jobs pages: `limit` and `offset`'s bounds (the OpenAPI parameters are written from these). */
export const JOB_LIST_DEFAULT_LIMIT = 20;
export const JOB_LIST_MAX_LIMIT = 100;
export const JOB_LIST_MAX_OFFSET = 1_000_000;

export const listJobsQuerySchema = z.strictObject({
  operation: z.enum(JOB_OPERATIONS).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  limit: queryIntSchema('limit', 1, JOB_LIST_MAX_LIMIT).default(JOB_LIST_DEFAULT_LIMIT),
  offset: queryIntSchema('offset', 0, JOB_LIST_MAX_OFFSET).default(0),
});
export type ListJobsQuery = z.infer<typeof listJobsQuerySchema>;

export const jobIdParamsSchema = z.object({ id: uuidSchema });

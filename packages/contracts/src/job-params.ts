/**
 * What a job carries from the API to its engine, one schema per operation. The API builds the
 * params from the validated request (the functions below), Postgres stores them as JSON, and the
 * worker parses them again with the same schema before an engine sees them (and once more in the
 * engine thread), so every request field the engine needs travels typed, and a field that does
 * not parse fails the job loudly instead of being dropped. Attachments (captured objects such as
 * an animation clip) are typed fields, not a key-naming convention.
 */
import { z } from 'zod';
import type { JobOperation } from './job';
import type { CreateModelRequest } from './model';
import { animationClipsSchema, AUTO, MODEL_FORMATS, RIG_ENGINES, RIG_OUTPUT_FORMATS, RIG_TYPE_CHOICES, SKELETON_PRESETS, UP_AXES, type CreateRigRequest } from './rig';
import { BODY_PLANS, PICTURE_VIEWS } from '@rigforge/vocabulary';
import { jobWebhookSchema } from './webhook';
import { OPERATION_SOURCES } from './operations';

export const CLIP_FORMATS = ['glb', 'gltf', 'fbx'] as const;

/** An object captured at submission and stored beside the job's input. */
export const storedAttachmentSchema = z.strictObject({ key: z.string().min(1), format: z.enum(CLIP_FORMATS) });
export type StoredAttachment = z.infer<typeof storedAttachmentSchema>;

/** The request fields that can give each operation's input (the operations table's lists). */
export const RIG_SOURCES = OPERATION_SOURCES.rig;
export const MODEL_SOURCES = OPERATION_SOURCES.generate_model;

export const rigJobParamsSchema = z.strictObject({
  /** A body plan, or `auto`: the engine chooses (its report says which). */
  rig_type: z.enum(RIG_TYPE_CHOICES),
  engine: z.enum(RIG_ENGINES),
  output_format: z.enum(RIG_OUTPUT_FORMATS),
  /** Bone names of the rig; absent (jobs stored before the field existed, too) means our own, `rigforge`. */
  skeleton_preset: z.enum(SKELETON_PRESETS).optional(),
  /** Jobs stored before the field existed have none and mean +y; `auto` is found by the engine. */
  up_axis: z.union([z.enum(UP_AXES), z.literal(AUTO)]).default('+y'),
  rotation_y: z.union([z.number(), z.literal(AUTO)]),
  /** Which request field gave the mesh (kept for support and listings; the engine does not use it). */
  source: z.enum(RIG_SOURCES),
  animation_url: z.string().optional(),
  from_job: z.string().optional(),
  /** The clip downloaded from `animation_url` at submission. */
  animation: storedAttachmentSchema.optional(),
  /** The clips of the file to retarget (default all). */
  animation_clips: animationClipsSchema.optional(),
  /** How many clips the file's reading at submission found to retarget: the retargets billed. */
  animation_clip_count: z.int().min(0).optional(),
  /** Ready clips to make for the fitted skeleton (each billed as one retarget). */
  animations: z.array(z.string().min(1)).optional(),
  /** Where the job's webhooks go (resolved at submission; not an engine input). */
  webhook: jobWebhookSchema.optional(),
});
export type RigJobParams = z.infer<typeof rigJobParamsSchema>;

export const generateModelJobParamsSchema = z.strictObject({
  thickness: z.number(),
  height: z.number(),
  /** The caller's hints (absent: unknown). */
  body_plan: z.enum(BODY_PLANS).optional(),
  view: z.enum(PICTURE_VIEWS).optional(),
  output_format: z.enum(MODEL_FORMATS),
  source: z.enum(MODEL_SOURCES),
  /** Where the job's webhooks go (resolved at submission; not an engine input). */
  webhook: jobWebhookSchema.optional(),
});
export type GenerateModelJobParams = z.infer<typeof generateModelJobParamsSchema>;

export const JOB_PARAMS_SCHEMAS = {
  rig: rigJobParamsSchema,
  generate_model: generateModelJobParamsSchema,
} as const satisfies Record<JobOperation, z.ZodType>;

export type JobParamsOf<Op extends JobOperation> = z.infer<(typeof JOB_PARAMS_SCHEMAS)[Op]>;

/** A job's operation with its params, narrowed together: `if (job.operation === 'rig') job.params.rig_type`. */
export type TypedJobParams = { [Op in JobOperation]: { operation: Op; params: JobParamsOf<Op> } }[JobOperation];

/** Parses a job row's stored params for its operation; throws a ZodError naming the field that is wrong. */
export function parseJobParams(operation: JobOperation, params: unknown): TypedJobParams {
  // A switch rather than a lookup so the result is narrowed without a cast, and a new operation
  // without a case does not compile.
  switch (operation) {
    case 'rig':
      return { operation, params: rigJobParamsSchema.parse(params) };
    case 'generate_model':
      return { operation, params: generateModelJobParamsSchema.parse(params) };
  }
}

/** The params of a rig job, from its validated request and the source that gave the mesh. */
export function rigJobParams(
  body: CreateRigRequest,
  source: (typeof RIG_SOURCES)[number],
  animation?: StoredAttachment & { clipCount: number },
): RigJobParams {
  return {
    rig_type: body.rig_type,
    engine: body.engine,
    output_format: body.output_format,
    skeleton_preset: body.skeleton_preset,
    up_axis: body.up_axis,
    rotation_y: body.rotation_y,
    source,
    ...(body.animation_url !== undefined ? { animation_url: body.animation_url } : {}),
    ...(body.from_job !== undefined ? { from_job: body.from_job } : {}),
    ...(body.animation_clips !== undefined ? { animation_clips: body.animation_clips } : {}),
    ...(body.animations !== undefined ? { animations: body.animations } : {}),
    ...(animation ? { animation: { key: animation.key, format: animation.format }, animation_clip_count: animation.clipCount } : {}),
  };
}

/** The params of a generate_model job, from its validated request. */
export function generateModelJobParams(body: CreateModelRequest, source: (typeof MODEL_SOURCES)[number]): GenerateModelJobParams {
  return {
    thickness: body.thickness,
    height: body.height,
    ...(body.body_plan !== undefined ? { body_plan: body.body_plan } : {}),
    ...(body.view !== undefined ? { view: body.view } : {}),
    output_format: body.output_format,
    source,
  };
}

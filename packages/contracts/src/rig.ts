import { z } from 'zod';
import { base64Schema, httpUrlSchema, uuidSchema } from './common';
import { jobSchema } from './job';
import { BODY_PLANS, RETARGET_BODY_PLANS } from '@rigforge/rig/body-plan';
import { webhookRequestShape } from './webhook';

/** The body plans are the engine's own list (one truth), read through its dependency-free subpath. */
export const RIG_TYPES = BODY_PLANS;
export type RigType = (typeof RIG_TYPES)[number];
export const RIG_ENGINES = ['fast', 'pro'] as const;
export type RigEngine = (typeof RIG_ENGINES)[number];
export const MODEL_FORMATS = ['glb', 'fbx'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/** Clip names chosen from an animation file: what the request carries and the job's params keep. */
export const animationClipsSchema = z.array(z.string().min(1).max(256)).min(1).max(256);

/** Body plans that clips from animation_url are retargeted onto: the retargeter's own list. */
export const RETARGET_RIG_TYPES = RETARGET_BODY_PLANS;

/** POST /v1/rigs. Unknown fields are rejected so typos never pass silently. */
export const createRigRequestSchema = z
  .strictObject({
    model_url: httpUrlSchema.optional().describe('Publicly reachable URL of the mesh'),
    model_base64: base64Schema.optional().describe('Mesh inline, base64; at most about 10 MB decoded'),
    from_job: uuidSchema.optional().describe('Id of a succeeded job whose output model is rigged'),
    rig_type: z.enum(RIG_TYPES).default('biped'),
    engine: z.enum(RIG_ENGINES).default('fast'),
    output_format: z.enum(MODEL_FORMATS).default('glb'),
    rotation_y: z
      .number()
      .min(-3600)
      .max(3600)
      .default(0)
      .describe('Degrees about +Y applied before rigging: -90 for +X facing, 90 for -X, 180 for -Z'),
    animation_url: httpUrlSchema
      .optional()
      .describe(
        'An animation file (GLB, glTF or FBX): every clip in it is retargeted into the output, one animation per clip with its name; humanoid clips onto biped rigs, four-legged clips onto quadruped rigs; fast engine only; billed one retarget per clip',
      ),
    animation_clips: animationClipsSchema
      .optional()
      .describe('Names of the clips of animation_url to keep (default all); a name the file does not have is 400 invalid_request listing its clips'),
    ...webhookRequestShape,
  })
  .meta({ id: 'CreateRigRequest' });
export type CreateRigRequest = z.infer<typeof createRigRequestSchema>;

export const createRigResponseSchema = jobSchema
  .extend({
    engine: z.enum(RIG_ENGINES),
    rig_type: z.enum(RIG_TYPES),
    output_format: z.enum(MODEL_FORMATS),
    poll_url: z.string().describe('/v1/jobs/<id>'),
    estimated_seconds: z.int(),
  })
  .meta({ id: 'CreateRigResponse' });
export type CreateRigResponse = z.infer<typeof createRigResponseSchema>;

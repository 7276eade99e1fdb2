/** The request and answer of POST /v1/models (image to model). */
import { z } from 'zod';
import { base64Schema, httpUrlSchema } from './common';
import { jobSchema } from './job';
import { webhookRequestShape } from './webhook';
import { MODEL_FORMATS } from './rig';
import { GENERATE_MODEL_OPTIONS } from '@rigforge/vocabulary';

/** POST /v1/models: image in, a closed textured model out (operation `generate_model`). */
export const createModelRequestSchema = z
  .strictObject({
    image_url: httpUrlSchema.optional().describe('URL of a PNG, JPEG or WebP image'),
    image_base64: base64Schema.optional().describe('The image inline, base64; at most about 10 MB decoded'),
    thickness: z
      .number()
      .min(GENERATE_MODEL_OPTIONS.thickness.min)
      .max(GENERATE_MODEL_OPTIONS.thickness.max)
      .default(GENERATE_MODEL_OPTIONS.thickness.default)
      .describe('Inflation: 1 turns a disc into a sphere, 0.5 gives a body half as deep'),
    height: z
      .number()
      .min(GENERATE_MODEL_OPTIONS.height.min)
      .max(GENERATE_MODEL_OPTIONS.height.max)
      .default(GENERATE_MODEL_OPTIONS.height.default)
      .describe('Height of the model in metres'),
    output_format: z.enum(MODEL_FORMATS).default('glb'),
    ...webhookRequestShape,
  })
  .meta({ id: 'CreateModelRequest' });
export type CreateModelRequest = z.infer<typeof createModelRequestSchema>;

export const createModelResponseSchema = jobSchema
  .extend({
    output_format: z.enum(MODEL_FORMATS),
    poll_url: z.string().describe('/v1/jobs/<id>'),
    estimated_seconds: z.int(),
  })
  .meta({ id: 'CreateModelResponse' });
export type CreateModelResponse = z.infer<typeof createModelResponseSchema>;

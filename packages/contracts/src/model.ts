/** The request and answer of POST /v1/models (image to model). */
import { z } from 'zod';
import { base64Schema, httpUrlSchema } from './common';
import { jobSchema, submissionResponseShape } from './job';
import { webhookRequestShape } from './webhook';
import { MODEL_FORMATS } from './rig';
import { BODY_PLANS, GENERATE_MODEL_OPTIONS, PICTURE_VIEWS, type NumberOption } from '@rigforge/vocabulary';

/** The number options of POST /v1/models (thickness, height): their ranges and defaults. */
export { GENERATE_MODEL_OPTIONS };

/** The views a picture can be taken from (`view` of POST /v1/models). */
export const PICTURE_VIEWS_OF_MODELS = PICTURE_VIEWS;

/** A number option of GENERATE_MODEL_OPTIONS, with the range and default the table gives it. */
const numberOptionSchema = (option: NumberOption) => z.number().min(option.min).max(option.max).default(option.default);

/** POST /v1/models: image in, a closed textured model out (operation `generate_model`). */
export const createModelRequestSchema = z
  .strictObject({
    image_url: httpUrlSchema.optional().describe('URL of a PNG, JPEG or WebP image'),
    image_base64: base64Schema.optional().describe('The image inline, base64; at most about 10 MB decoded'),
    thickness: numberOptionSchema(GENERATE_MODEL_OPTIONS.thickness).describe('Inflation: 1 turns a disc into a sphere, 0.5 gives a body half as deep'),
    height: numberOptionSchema(GENERATE_MODEL_OPTIONS.height).describe('Height of the model in metres'),
    body_plan: z
      .enum(BODY_PLANS)
      .optional()
      .describe('What the picture shows, when known: picks that plan\'s learned depth prior, and with view "side" a legged plan gets its legs as left/right pairs'),
    view: z
      .enum(PICTURE_VIEWS)
      .optional()
      .describe('Where the picture was taken from, when known: front, side or top (picks the learned depth prior of such pictures)'),
    output_format: z.enum(MODEL_FORMATS).default('glb'),
    ...webhookRequestShape,
  })
  .meta({ id: 'CreateModelRequest' });
export type CreateModelRequest = z.infer<typeof createModelRequestSchema>;

export const createModelResponseSchema = jobSchema
  .extend({
    output_format: z.enum(MODEL_FORMATS),
    ...submissionResponseShape,
  })
  .meta({ id: 'CreateModelResponse' });
export type CreateModelResponse = z.infer<typeof createModelResponseSchema>;

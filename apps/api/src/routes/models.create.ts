/** POST /v1/models: an image-to-model job, its engine's row of the operations table deciding queue, price and estimate. */
import type { Router } from 'express';
import {
  createModelRequestSchema,
  generateModelJobParams,
  generateModelJobParamsSchema,
  MODEL_SOURCES,
  operationEngine,
  requiresProPlan,
  type CreateModelResponse,
  type GenerateModelJobParams,
} from '@rigforge/contracts';
import { isEngineError, probeImage } from '@rigforge/mesh';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { zodToApiError } from '../errors/zod-to-api-error';
import { decodeBase64Input, downloadInput } from '../services/input-capture';
import { queuedJobObject } from '@rigforge/db';
import { newJobId, submitJob } from '../services/job-submission';
import { contentTypeForFormat } from '@rigforge/storage';
import { runIdempotent, type IdempotencyClaim } from '../services/idempotency';
import { resolveWebhook } from '../services/webhook-target';
import { rateLimitPassed } from '../middleware/rate-limit';
import { readPreferWait } from '../services/prefer-wait';
import { sendAccepted } from '../services/submission-response';
import { exactlyOneOf } from '../services/one-source';

/** The request carries no engine: the operation's default (first) engine serves it. */
const ENGINE = operationEngine('generate_model');

/** The 202 answer of a generation job, from its params: the same for the first answer and a replay. */
function modelAnswer(ctx: AppContext, job: { id: string; createdAt: Date }, params: GenerateModelJobParams): CreateModelResponse {
  // Added to the queued job's own new object rather than spread into another one, as a rig's 202
  // (rigs.create.ts): a spread followed by more properties makes a hidden class per call. The same
  // keys in the same order, so the same JSON.
  return Object.assign(queuedJobObject(job.id, 'generate_model', job.createdAt), {
    output_format: params.output_format,
    poll_url: `/v1/jobs/${job.id}`,
    estimated_seconds: ctx.env[ENGINE.estimate.env],
  });
}

/** POST /v1/models: validate, capture and decode-check the image, reserve credits, enqueue; 202. */
export function registerModelsCreate(router: Router, ctx: AppContext): void {
  router.post('/models', async (req, res) => {
    const wait = readPreferWait(req);
    const answer = await runIdempotent(ctx, req, res, {
      submit: (claim) => createModel(ctx, req.body, res.locals.accountId, claim, rateLimitPassed(res)),
      // A replay reads the stored row: its params cross the database, so they are parsed here.
      replay: (row) => modelAnswer(ctx, row, generateModelJobParamsSchema.parse(row.params)),
    });
    await sendAccepted(ctx, res, answer, wait);
  });
}

/** `passed`: the request's rate-limit verdict, awaited by `submitJob` beside the slot (see rigs.create.ts's createRig). */
async function createModel(
  ctx: AppContext,
  requestBody: unknown,
  accountId: string,
  idempotency: IdempotencyClaim | undefined,
  passed: Promise<void>,
): Promise<CreateModelResponse> {
  const parsed = createModelRequestSchema.safeParse(requestBody ?? {});
  if (!parsed.success) throw zodToApiError(parsed.error, 'models');
  const body = parsed.data;
  const param = exactlyOneOf(body, MODEL_SOURCES, 'models');
  const webhook = await resolveWebhook(ctx, accountId, body, passed);
  // The queue slot is taken before the image is downloaded or probed: a full queue is a cheap 503.
  const accepted = await submitJob(ctx, ENGINE.queue, async () => {
    const bytes =
      body.image_base64 !== undefined
        ? decodeBase64Input(body.image_base64, param, ctx.env.MAX_INPUT_BYTES)
        : await downloadInput(body.image_url!, param, ctx.download, accountId);
    let format: 'png' | 'jpeg' | 'webp';
    try {
      format = (await probeImage(bytes)).format;
    } catch (error) {
      if (isEngineError(error)) throw new ApiError('unsupported_format', error.message, { param });
      throw error;
    }
    const extension = format === 'jpeg' ? 'jpg' : format;
    return {
      id: newJobId(),
      accountId,
      job: { operation: 'generate_model', params: { ...generateModelJobParams(body, param), ...(webhook ? { webhook } : {}) } },
      engine: ENGINE.engine,
      input: { bytes, extension, contentType: contentTypeForFormat(extension) },
      credits: ctx.env[ENGINE.price.env],
      requiresPro: requiresProPlan(ENGINE),
      idempotency,
    };
  }, passed);
  return modelAnswer(ctx, accepted, accepted.job.params);
}

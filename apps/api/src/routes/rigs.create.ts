/** POST /v1/rigs: a rig job from a mesh (and optional clips), its engine's row of the operations table deciding queue, price and plan. */
import type { Router } from 'express';
import {
  animationsNotFor,
  AUTO,
  createRigRequestSchema,
  DEFAULT_SKELETON_PRESET,
  RIG_ANIMATIONS,
  OPERATION_ENGINES,
  operationEngine,
  requiresProPlan,
  rigJobParams,
  rigJobParamsSchema,
  HUMANOID_OUTPUT_FORMATS,
  RETARGET_RIG_TYPES,
  SKELETON_PRESET_RIG_TYPES,
  type CreateRigRequest,
  type CreateRigResponse,
  type RigJobParams,
  type StoredAttachment,
} from '@rigforge/contracts';
import { isEngineError, selectAnimationClips, sniffMeshFormat } from '@rigforge/mesh';
import { contentTypeForFormat, jobAttachmentKey } from '@rigforge/storage';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { zodToApiError } from '../errors/zod-to-api-error';
import { decodeBase64Input, downloadInput } from '../services/input-capture';
import { queuedJobObject } from '@rigforge/db';
import { fromJobModelKey, oneMeshSource } from '../services/mesh-source';
import { newJobId, submitJob, type SubmitJobInput } from '../services/job-submission';
import { runIdempotent, type IdempotencyClaim } from '../services/idempotency';
import { resolveWebhook } from '../services/webhook-target';
import { readPreferWait } from '../services/prefer-wait';
import { sendAccepted } from '../services/submission-response';
import { checkUpload } from '../upload-check/check-upload';
import { rateLimitPassed } from '../middleware/rate-limit';

/** The 202 answer of a rig job, from its params: the same for the first answer and a replay. */
function rigAnswer(ctx: AppContext, job: { id: string; createdAt: Date }, params: RigJobParams): CreateRigResponse {
  // Added to the queued job's own new object rather than spread into another one: in Node 20's V8
  // a spread followed by more properties makes a hidden class per call (issue 25; http-log.ts).
  // The same keys in the same order, so the same JSON.
  return Object.assign(queuedJobObject(job.id, 'rig', job.createdAt), {
    engine: params.engine,
    rig_type: params.rig_type,
    output_format: params.output_format,
    skeleton_preset: params.skeleton_preset ?? DEFAULT_SKELETON_PRESET,
    poll_url: `/v1/jobs/${job.id}`,
    estimated_seconds: ctx.env[operationEngine('rig', params.engine).estimate.env],
  });
}

/** The engines that retarget clips, for the message refusing clips on another. */
const CLIP_ENGINES = OPERATION_ENGINES.filter((row) => row.operation === 'rig' && row.clips).map((row) => row.engine);

/** POST /v1/rigs: validate, capture the mesh, reserve credits, enqueue; 202 with the job. */
export function registerRigsCreate(router: Router, ctx: AppContext): void {
  router.post('/rigs', async (req, res) => {
    const wait = readPreferWait(req);
    // Methods, not arrow properties: under tsx a named arrow made per request also gets its name
    // defined on it (apps/api/docs/performance.md, thirteenth wave). Neither uses `this`.
    const answer = await runIdempotent(ctx, req, res, {
      submit(claim) {
        return createRig(ctx, req.body, res.locals.accountId, claim, rateLimitPassed(res));
      },
      // A replay reads the stored row: its params cross the database, so they are parsed here.
      replay(row) {
        return rigAnswer(ctx, row, rigJobParamsSchema.parse(row.params));
      },
    });
    await sendAccepted(ctx, res, answer, wait);
  });
}

/**
 * `passed` is the request's rate-limit verdict, which may still be in flight (a small submission is
 * read ahead of its count, `isSubmissionReadAhead`): everything before `submitJob` only validates,
 * and `submitJob` waits for it beside the queue slot before anything is stored or charged.
 */
async function createRig(
  ctx: AppContext,
  requestBody: unknown,
  accountId: string,
  idempotency: IdempotencyClaim | undefined,
  passed: Promise<void>,
): Promise<CreateRigResponse> {
  const parsed = createRigRequestSchema.safeParse(requestBody ?? {});
  if (!parsed.success) throw zodToApiError(parsed.error, 'rigs');
  const body = parsed.data;
  const source = oneMeshSource(body, 'rigs');
  const engine = operationEngine('rig', body.engine);
  if (body.animation_url && !engine.clips) {
    throw new ApiError('invalid_request', `rigs: animation_url is supported by the ${CLIP_ENGINES.join(' and ')} engine only`, {
      param: 'animation_url',
    });
  }
  // With auto the plan is known only once the mesh is read, after the clips were billed: the caller names it.
  if (body.animation_url && body.rig_type === AUTO) {
    throw new ApiError(
      'invalid_request',
      `rigs: animation_url needs the body plan named (rig_type ${RETARGET_RIG_TYPES.join(' or ')}), not "auto"; POST /v1/rigs/check recommends one`,
      { param: 'rig_type' },
    );
  }
  if (body.animation_url && !(RETARGET_RIG_TYPES as readonly string[]).includes(body.rig_type)) {
    throw new ApiError(
      'invalid_request',
      `rigs: retargeting (animation_url) is for humanoid clips onto biped rigs and four-legged clips onto quadruped rigs; rig_type is "${body.rig_type}"`,
      { param: 'animation_url' },
    );
  }
  checkHumanoidOptions(body);
  checkAnimations(body, engine.clips);
  if (body.animation_clips && !body.animation_url) {
    throw new ApiError('invalid_request', 'rigs: animation_clips names clips of animation_url, which is missing', { param: 'animation_clips' });
  }

  const webhook = await resolveWebhook(ctx, accountId, body, passed);
  // Everything above is cheap (schema, sources, the webhook lookup); submitJob takes the queue
  // slot before the capture below, so a full queue is a 503 before the mesh is downloaded or read.
  const accepted = await submitJob(ctx, engine.queue, async () => {
    const id = newJobId();
    const input = await captureMesh(ctx, body, accountId);
    const attachments: NonNullable<SubmitJobInput['attachments']> = [];
    let animation: (StoredAttachment & { clipCount: number }) | undefined;
    let clips = 0;
    if (body.animation_url) {
      const clip = await downloadInput(body.animation_url, 'animation_url', ctx.download, accountId);
      // The clip is read now, so a job that could never deliver its retarget is never charged.
      const checked = await ctx.uploadCheck.check('animation', clip);
      if (!checked.ok) throw new ApiError('unsupported_format', `animation_url: ${checked.message}`, { param: 'animation_url' });
      // Every clip kept is retargeted and billed as one retarget (the spec: one per clip given).
      clips = keptClips(checked.clips ?? [], body.animation_clips);
      const sniffed = sniffMeshFormat(clip);
      const format = sniffed === 'gltf' || sniffed === 'fbx' ? sniffed : 'glb';
      animation = { key: jobAttachmentKey(id, 'animation', format), format, clipCount: clips };
      attachments.push({ key: animation.key, bytes: clip, contentType: contentTypeForFormat(format) });
    }
    // A ready clip (animations) is billed as one retarget, like a retargeted one.
    const credits = ctx.env[engine.price.env] + (clips + (body.animations?.length ?? 0)) * ctx.env.PRICE_RETARGET;
    return {
      id,
      accountId,
      job: { operation: 'rig', params: { ...rigJobParams(body, source, animation), ...(webhook ? { webhook } : {}) } },
      engine: engine.engine,
      input,
      attachments,
      credits,
      requiresPro: requiresProPlan(engine),
      idempotency,
    };
  }, passed);
  return rigAnswer(ctx, accepted, accepted.job.params);
}

/**
 * Skeleton presets and the VRM format name humanoid bones: for bipeds only. Other plans keep our
 * names, and asking otherwise is a 400 rather than a rig silently written with our names; with
 * `auto` the plan is known only once the mesh is read, so the caller names it.
 */
function checkHumanoidOptions(body: CreateRigRequest): void {
  const preset = body.skeleton_preset !== 'rigforge';
  const format = (HUMANOID_OUTPUT_FORMATS as readonly string[]).includes(body.output_format);
  if ((!preset && !format) || (SKELETON_PRESET_RIG_TYPES as readonly string[]).includes(body.rig_type)) return;
  const param = preset ? 'skeleton_preset' : 'output_format';
  const asked = preset ? `skeleton_preset "${body.skeleton_preset}"` : `output_format "${body.output_format}"`;
  const plans = SKELETON_PRESET_RIG_TYPES.join(' or ');
  const message = body.rig_type === AUTO
    ? `rigs: ${asked} needs the body plan named (rig_type ${plans}), not "auto"; POST /v1/rigs/check recommends one`
    : `rigs: ${asked} names humanoid bones (rig_type ${plans}); a ${body.rig_type} rig keeps the rigforge names (skeleton_preset rigforge, output_format glb or fbx)`;
  throw new ApiError('invalid_request', message, { param });
}

/** Ready clips (animations): the engines and named plans clips are for, and only that plan's clips. */
function checkAnimations(body: CreateRigRequest, engineClips: boolean): void {
  if (!body.animations) return;
  if (!engineClips) throw new ApiError('invalid_request', `rigs: animations are made by the ${CLIP_ENGINES.join(' and ')} engine only`, { param: 'animations' });
  if (body.rig_type === AUTO) {
    throw new ApiError('invalid_request', 'rigs: animations need the body plan named (rig_type), not "auto"; GET /v1/rigs/animations lists the clips per plan', { param: 'rig_type' });
  }
  const wrong = animationsNotFor(body.rig_type, body.animations);
  if (wrong.length > 0) {
    throw new ApiError('invalid_request', `rigs: ${wrong.join(', ')} not for rig_type ${body.rig_type}; its clips are ${RIG_ANIMATIONS[body.rig_type].join(', ')}`, { param: 'animations' });
  }
}

/** How many clips of the file are kept; an unknown name is the client's error, naming the file's clips. */
function keptClips(names: string[], wanted: string[] | undefined): number {
  try {
    return selectAnimationClips(names, wanted).length;
  } catch (error) {
    if (isEngineError(error)) throw new ApiError('invalid_request', error.message, { param: 'animation_clips' });
    throw error;
  }
}

async function captureMesh(
  ctx: AppContext,
  body: CreateRigRequest,
  accountId: string,
): Promise<SubmitJobInput['input']> {
  if (body.from_job) return { existingKey: await fromJobModelKey(ctx, body.from_job, accountId, 'rigs') };
  const param = body.model_base64 !== undefined ? 'model_base64' : 'model_url';
  const bytes =
    body.model_base64 !== undefined
      ? decodeBase64Input(body.model_base64, param, ctx.env.MAX_INPUT_BYTES)
      : await downloadInput(body.model_url!, param, ctx.download, accountId);
  // Read in a bounded thread (or inline when provably small): a hostile file must not stall other requests.
  const checked = await checkUpload(ctx.uploadCheck, 'mesh', bytes);
  if (!checked.ok) throw new ApiError('unsupported_format', checked.message, { param });
  const format = checked.format;
  return { bytes, extension: format, contentType: contentTypeForFormat(format) };
}

import type { Router } from 'express';
import { checkRigRequestSchema, checkRigResponseSchema, type CheckRigResponse } from '@rigforge/contracts';
import { findJob } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { zodToApiError } from '../errors/zod-to-api-error';
import { decodeBase64Input, downloadInput } from '../services/input-capture';
import { storedOutputFiles } from '../services/job-view';

/**
 * POST /v1/rigs/check: the free pre-rig check. Same three sources as POST /v1/rigs; answers at
 * once with 200; no subscription, no credits (the rate limit, applied to every /v1 request,
 * counts it). The mesh is read and analysed in an upload-check thread, bounded in memory and
 * time, never on the event loop.
 */
export function registerRigsCheck(router: Router, ctx: AppContext): void {
  router.post('/rigs/check', async (req, res) => {
    const parsed = checkRigRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw zodToApiError(parsed.error, 'rigs/check');
    const body = parsed.data;
    const sources = (['model_url', 'model_base64', 'from_job'] as const).filter((k) => body[k] !== undefined);
    if (sources.length !== 1) {
      throw new ApiError(
        'invalid_request',
        sources.length === 0
          ? 'rigs/check: give exactly one of model_url, model_base64 or from_job'
          : `rigs/check: give exactly one of model_url, model_base64 or from_job, not ${sources.join(' and ')}`,
        { param: sources[1] ?? 'model_url' },
      );
    }
    const param = sources[0]!;
    let bytes: Uint8Array;
    if (body.from_job) {
      const previous = await findJob(ctx.db, body.from_job, res.locals.accountId);
      const model = previous?.status === 'succeeded' ? storedOutputFiles(previous).find((f) => f.type === 'model') : undefined;
      if (!model) {
        throw new ApiError('invalid_request', `rigs/check: from_job "${body.from_job}" is not a succeeded job of yours`, { param });
      }
      bytes = await ctx.storage.get(model.key);
    } else {
      bytes = body.model_base64 !== undefined
        ? decodeBase64Input(body.model_base64, param, ctx.env.MAX_INPUT_BYTES)
        : await downloadInput(body.model_url!, param, ctx.download);
    }
    const checked = await ctx.uploadCheck.check('rig-check', bytes);
    if (!checked.ok) throw new ApiError('unsupported_format', checked.message, { param });
    // The report crossed a thread boundary: parsed again on arrival.
    const response: CheckRigResponse = checkRigResponseSchema.parse(checked.report);
    res.status(200).json(response);
  });
}

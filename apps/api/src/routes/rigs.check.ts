/** The free pre-rig check, so a client learns whether a mesh can be rigged before paying for it. */
import type { Router } from 'express';
import { checkRigRequestSchema, checkRigResponseSchema, type CheckRigResponse } from '@rigforge/contracts';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { zodToApiError } from '../errors/zod-to-api-error';
import { decodeBase64Input, downloadInput } from '../services/input-capture';
import { fromJobModelKey, oneMeshSource } from '../services/mesh-source';

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
    const param = oneMeshSource(body, 'rigs/check');
    const bytes = body.from_job
      ? await ctx.storage.get(await fromJobModelKey(ctx, body.from_job, res.locals.accountId, 'rigs/check'))
      : body.model_base64 !== undefined
        ? decodeBase64Input(body.model_base64, param, ctx.env.MAX_INPUT_BYTES)
        : await downloadInput(body.model_url!, param, ctx.download, res.locals.accountId);
    const checked = await ctx.uploadCheck.check('rig-check', bytes);
    if (!checked.ok) throw new ApiError('unsupported_format', checked.message, { param });
    // The report crossed a thread boundary: parsed again on arrival.
    const response: CheckRigResponse = checkRigResponseSchema.parse(checked.report);
    res.status(200).json(response);
  });
}

/** Reading one job (and its rig alias), the endpoint every client polls. */
import type { Request, Response, Router } from 'express';
import { jobIdParamsSchema, type JobOperation } from '@rigforge/contracts';
import { findJob, toJobObject } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { applyPreferWait, readPreferWait, waitForJob } from '../services/prefer-wait';

/**
 * Shared by GET /v1/jobs/{id} and its alias GET /v1/rigs/{id}: another account's job is 404 too.
 * With `Prefer: wait=N` the answer waits for the job to end, N seconds at most.
 */
export async function loadJobObject(ctx: AppContext, req: Request, res: Response, accountId: string, operation?: JobOperation) {
  const params = jobIdParamsSchema.safeParse(req.params);
  if (!params.success) throw new ApiError('invalid_request', 'jobs: id must be a UUID', { param: 'id' });
  const wait = readPreferWait(req);
  let row = await findJob(ctx.db, params.data.id, accountId);
  if (!row || (operation && row.operation !== operation)) {
    throw new ApiError('not_found', `jobs: no job "${params.data.id}"`);
  }
  if (wait !== undefined) {
    row = (await waitForJob(ctx, res, row.id, accountId, wait)) ?? row;
    applyPreferWait(res, wait);
  }
  return toJobObject(row, ctx.storage);
}

/** GET /v1/jobs/{id}: any operation, any status, 200. */
export function registerJobsGet(router: Router, ctx: AppContext): void {
  router.get('/jobs/:id', async (req, res) => {
    res.json(await loadJobObject(ctx, req, res, res.locals.accountId));
  });
}

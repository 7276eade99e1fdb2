import type { Request, Router } from 'express';
import { jobIdParamsSchema, type JobOperation } from '@rigforge/contracts';
import { findJob } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { toJobObject } from '../services/job-view';

/** Shared by GET /v1/jobs/{id} and its alias GET /v1/rigs/{id}: another account's job is 404 too. */
export async function loadJobObject(ctx: AppContext, req: Request, accountId: string, operation?: JobOperation) {
  const params = jobIdParamsSchema.safeParse(req.params);
  if (!params.success) throw new ApiError('invalid_request', 'jobs: id must be a UUID', { param: 'id' });
  const row = await findJob(ctx.db, params.data.id, accountId);
  if (!row || (operation && row.operation !== operation)) {
    throw new ApiError('not_found', `jobs: no job "${params.data.id}"`);
  }
  return toJobObject(row, ctx.storage);
}

/** GET /v1/jobs/{id}: any operation, any status, 200. */
export function registerJobsGet(router: Router, ctx: AppContext): void {
  router.get('/jobs/:id', async (req, res) => {
    res.json(await loadJobObject(ctx, req, res.locals.accountId));
  });
}

/** Reading one job (and its rig alias), the endpoint every client polls. */
import type { Request, Response, Router } from 'express';
import { jobIdParamsSchema, type JobOperation } from '@rigforge/contracts';
import { findJobView, toJobObject } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { rateLimitPassed } from '../middleware/rate-limit';
import { applyPreferWait, readPreferWait, waitForJob } from '../services/prefer-wait';
import { sendJson } from '../services/send-json';

/**
 * The job reads (GET /v1/jobs/{id} and its alias GET /v1/rigs/{id}, paths inside /v1) that read
 * the job while their rate-limit count is in flight: `loadJobObject` waits for the count before it
 * answers. Nothing else matches: /rigs/animations and /jobs/{id}/events are not one UUID segment.
 */
export function isJobReadAhead(req: Request): boolean {
  return req.method === 'GET' && JOB_READ_PATH.test(req.path);
}
const JOB_READ_PATH = /^\/(?:jobs|rigs)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Shared by GET /v1/jobs/{id} and its alias GET /v1/rigs/{id}: another account's job is 404 too.
 * With `Prefer: wait=N` the answer waits for the job to end, N seconds at most.
 */
export async function loadJobObject(ctx: AppContext, req: Request, res: Response, accountId: string, operation?: JobOperation) {
  const params = jobIdParamsSchema.safeParse(req.params);
  // Read while the rate-limit count is in flight (`isJobReadAhead`): nothing below answers or throws
  // before the count allowed the request, so a 429 or 503 of the limit still comes first and no
  // row goes out to a request over it. The read's own error is awaited after the count's verdict.
  const read = params.success ? findJobView(ctx.db, params.data.id, accountId) : undefined;
  read?.catch(() => undefined);
  await rateLimitPassed(res);
  if (!params.success || !read) throw new ApiError('invalid_request', 'jobs: id must be a UUID', { param: 'id' });
  const wait = readPreferWait(req);
  let row = await read;
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
    sendJson(req, res, await loadJobObject(ctx, req, res, res.locals.accountId));
  });
}

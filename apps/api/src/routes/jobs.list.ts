/** Listing the caller's jobs, filtered and paged. */
import type { Router } from 'express';
import { listJobsQuerySchema, type JobList } from '@rigforge/contracts';
import { listJobs, toJobObject } from '@rigforge/db';
import type { AppContext } from '../context';
import { zodToApiError } from '../errors/zod-to-api-error';

/** GET /v1/jobs: the caller's jobs, newest first; `total` counts every match, not the page. */
export function registerJobsList(router: Router, ctx: AppContext): void {
  router.get('/jobs', async (req, res) => {
    const parsed = listJobsQuerySchema.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, 'jobs');
    const { total, jobs } = await listJobs(ctx.db, { accountId: res.locals.accountId, ...parsed.data });
    const body: JobList = { object: 'list', total, jobs: jobs.map((row) => toJobObject(row, ctx.storage)) };
    res.json(body);
  });
}

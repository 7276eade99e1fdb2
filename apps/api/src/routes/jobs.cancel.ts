/** Canceling a job: failed and refunded at once, its running engine then stopped by its worker. */
import type { Router } from 'express';
import { JOB_CANCELED_MESSAGE, jobIdParamsSchema } from '@rigforge/contracts';
import { failJob, findJob, toJobObject } from '@rigforge/db';
import { announceJobStatus, isQueueName, publishJobCancel } from '@rigforge/queue';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { requestLog } from '../middleware/request-id';

/**
 * POST /v1/jobs/{id}/cancel: a queued or processing job becomes `failed` with error code
 * `canceled` at once and is refunded (one conditional statement, so it cannot race the worker into
 * a double write); a running engine is then stopped by its worker, told through Redis. A terminal
 * job is 409 job_not_cancelable. The answer is the job as it now is.
 */
export function registerJobsCancel(router: Router, ctx: AppContext): void {
  router.post('/jobs/:id/cancel', async (req, res) => {
    const params = jobIdParamsSchema.safeParse(req.params);
    if (!params.success) throw new ApiError('invalid_request', 'jobs: id must be a UUID', { param: 'id' });
    const accountId: string = res.locals.accountId;
    const job = await findJob(ctx.db, params.data.id, accountId);
    if (!job) throw new ApiError('not_found', `jobs: no job "${params.data.id}"`);
    const canceled = await failJob(ctx.db, job.id, { code: 'canceled', message: JOB_CANCELED_MESSAGE });
    if (!canceled) {
      const now = await findJob(ctx.db, job.id, accountId);
      throw new ApiError('job_not_cancelable', `jobs: job "${job.id}" is ${now?.status ?? job.status}; only queued and processing jobs can be canceled`);
    }
    // Counted here, as every other refund is counted where it is written.
    if (canceled.refunded) ctx.metrics.creditsRefunded.inc({ queue: canceled.queue }, canceled.refunded);
    // Best effort after the commit: the job is already failed and refunded. A worker that still
    // picks it up finds it terminal and leaves it; one running it stops its engine.
    const prefix = ctx.env.REDIS_PREFIX;
    const log = requestLog(ctx.logger, res);
    await Promise.all([
      publishJobCancel(ctx.redis, prefix, { jobId: job.id }),
      isQueueName(job.queue) ? ctx.queues.get(job.queue).remove(job.id) : undefined,
    ]).catch((error: unknown) => log(`job ${job.id}: canceled, but could not tell the workers`, error));
    await announceJobStatus({ redis: ctx.redis, prefix, webhooks: ctx.webhooks, log }, { id: job.id, status: 'failed', params: job.params });
    const row = await findJob(ctx.db, job.id, accountId);
    res.json(toJobObject(row ?? job, ctx.storage));
  });
}

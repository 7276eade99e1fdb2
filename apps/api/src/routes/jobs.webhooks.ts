/** A job's webhook delivery attempts, so a customer can see why a webhook did not arrive. */
import type { Router } from 'express';
import { jobIdParamsSchema, webhookAttemptListSchema, type WebhookAttemptList } from '@rigforge/contracts';
import { findJob, listWebhookAttempts } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';

/** GET /v1/jobs/{id}/webhooks: the job's webhook delivery attempts, oldest first. */
export function registerJobsWebhooks(router: Router, ctx: AppContext): void {
  router.get('/jobs/:id/webhooks', async (req, res) => {
    const params = jobIdParamsSchema.safeParse(req.params);
    if (!params.success) throw new ApiError('invalid_request', 'jobs: id must be a UUID', { param: 'id' });
    const job = await findJob(ctx.db, params.data.id, res.locals.accountId);
    if (!job) throw new ApiError('not_found', `jobs: no job "${params.data.id}"`);
    const rows = await listWebhookAttempts(ctx.db, job.id);
    const list: WebhookAttemptList = webhookAttemptListSchema.parse({
      object: 'list',
      attempts: rows.map((r) => ({
        event: r.event,
        webhook_id: r.webhookId,
        url: r.url,
        attempt: r.attempt,
        status_code: r.statusCode,
        error: r.error,
        duration_ms: r.durationMs,
        created_at: r.createdAt.toISOString(),
      })),
    });
    res.json(list);
  });
}

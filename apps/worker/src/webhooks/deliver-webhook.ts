/**
 * One delivery attempt of a job's webhook: the job object as of the event, signed per Standard
 * Webhooks with the account's secret, POSTed through the SSRF guard. Any 2xx is delivered; anything
 * else (another status, a redirect, a refusal, a timeout, a blocked address) is logged as an
 * attempt and thrown, so BullMQ retries it with the webhook backoff.
 */
import type { Job as BullJob } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import got from 'got';
import { jobWebhookOf, type JobObject, type WebhookPayload } from '@rigforge/contracts';
import { findJob, readAccountWebhook, recordWebhookAttempt, toJobObject, type Db } from '@rigforge/db';
import { checkOutboundUrl, guardedLookup, type AddressPolicy } from '@rigforge/outbound';
import { webhookDeliverySchema, type WebhookDelivery } from '@rigforge/queue';
import type { ObjectStorage } from '@rigforge/storage';
import { signWebhook } from './sign-webhook';

export interface DeliverWebhookDeps {
  db: Db;
  storage: ObjectStorage;
  policy: AddressPolicy;
  timeoutMs: number;
  log: (message: string, error?: unknown) => void;
}

/** The job as the event saw it: a late `job.processing` delivery does not leak the final result. */
function asOfEvent(job: JobObject, event: WebhookDelivery['event']): JobObject {
  if (event !== 'job.processing') return job;
  return { id: job.id, object: 'job', operation: job.operation, status: 'processing', output: null, error: null, created_at: job.created_at };
}

export function createWebhookDeliverer(deps: DeliverWebhookDeps) {
  return async (bullJob: BullJob<WebhookDelivery>): Promise<void> => {
    const parsed = webhookDeliverySchema.safeParse(bullJob.data);
    if (!parsed.success) throw new UnrecoverableError('webhook: malformed delivery payload');
    const { jobId, event, at } = parsed.data;
    const row = await findJob(deps.db, jobId);
    const webhook = row ? jobWebhookOf(row.params) : null;
    const account = row ? await readAccountWebhook(deps.db, row.accountId) : null;
    if (!row || !webhook || !account) return; // the job or account is gone, or never asked

    const payload: WebhookPayload = { type: event, timestamp: at, data: asOfEvent(toJobObject(row, deps.storage), event) };
    const body = JSON.stringify(payload);
    // One id per (job, event), the same on every retry, so receivers can deduplicate.
    const webhookId = `msg_${jobId}_${event}`;
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    const blocked = await checkOutboundUrl(webhook.url, deps.policy, { resolve: false });
    if (blocked) {
      error = `blocked: ${blocked}`;
    } else {
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        const response = await got.post(webhook.url, {
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'rigforge-webhooks/1',
            'webhook-id': webhookId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(account.secret, webhookId, timestamp, body),
          },
          lookup: guardedLookup(deps.policy) as never,
          timeout: { request: deps.timeoutMs },
          retry: { limit: 0 },
          followRedirect: false,
          throwHttpErrors: false,
        });
        statusCode = response.statusCode;
        if (statusCode < 200 || statusCode >= 300) error = `the receiver answered HTTP ${statusCode}`;
      } catch (failure) {
        const e = failure as Error & { code?: string };
        error = e.code === 'EBLOCKED' ? `blocked: ${e.message}` : `${e.code ?? e.name}: ${e.message}`;
      }
    }
    await recordWebhookAttempt(deps.db, {
      jobId,
      event,
      webhookId,
      url: webhook.url,
      attempt: bullJob.attemptsMade + 1,
      statusCode,
      error,
      durationMs: Date.now() - started,
    });
    if (error) throw new Error(`webhook ${webhookId} attempt ${bullJob.attemptsMade + 1}: ${error}`);
  };
}


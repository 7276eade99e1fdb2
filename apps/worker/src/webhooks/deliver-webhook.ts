/**
 * One delivery attempt of a job's webhook: the job object as of the event, signed per Standard
 * Webhooks with the account's secret, POSTed through the SSRF guard. Any 2xx is delivered; anything
 * else (another status, a redirect, a refusal, a timeout) is logged as an attempt and thrown, so
 * BullMQ retries it with the webhook backoff. An address the SSRF guard refuses is logged and
 * failed at once: the policy will refuse it on every retry too.
 *
 * Only the receiver's status line is read: the connection is closed as soon as the headers
 * arrive, so its body (which a hostile receiver can make endless: reading it whole took this
 * worker to 4.4 GB) is never buffered.
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

/** The job as the event saw it: a late `job.processing` delivery does not leak the final result (nor a later stage). */
function asOfEvent(job: JobObject, event: WebhookDelivery['event']): JobObject {
  if (event !== 'job.processing') return job;
  return { id: job.id, object: 'job', operation: job.operation, status: 'processing', output: null, error: null, created_at: job.created_at, progress: 0 };
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
    let blocked = false;
    const refusal = await checkOutboundUrl(webhook.url, deps.policy, { resolve: false });
    if (refusal) {
      blocked = true;
      error = `blocked: ${refusal}`;
    } else {
      const timestamp = Math.floor(Date.now() / 1000);
      try {
        statusCode = await postForStatus(webhook.url, body, {
          'content-type': 'application/json',
          'user-agent': 'rigforge-webhooks/1',
          'webhook-id': webhookId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(account.secret, webhookId, timestamp, body),
        }, deps);
        if (statusCode < 200 || statusCode >= 300) error = `the receiver answered HTTP ${statusCode}`;
      } catch (failure) {
        const e = failure as Error & { code?: string };
        blocked = e.code === 'EBLOCKED';
        error = blocked ? `blocked: ${e.message}` : `${e.code ?? e.name}: ${e.message}`;
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
    if (!error) return;
    const message = `webhook ${webhookId} attempt ${bullJob.attemptsMade + 1}: ${error}`;
    // A refused address is refused again on every retry (the policy is the operator's, not the
    // network's): 17 retries over a day would only repeat the refusal.
    throw blocked ? new UnrecoverableError(message) : new Error(message);
  };
}

/**
 * POSTs `body` and resolves with the status once the response's headers arrive, then closes the
 * connection without reading the body: nothing the receiver sends after its status is buffered.
 */
function postForStatus(url: string, body: string, headers: Record<string, string>, deps: Pick<DeliverWebhookDeps, 'policy' | 'timeoutMs'>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const stream = got.stream.post(url, {
      body,
      headers,
      lookup: guardedLookup(deps.policy) as never,
      timeout: { request: deps.timeoutMs },
      retry: { limit: 0 },
      followRedirect: false,
      throwHttpErrors: false,
    });
    let settled = false;
    stream.once('response', (response: { statusCode: number }) => {
      settled = true;
      resolve(response.statusCode);
      stream.destroy();
    });
    // Kept for the stream's life: destroying it may emit a late error, which must not go unheard.
    stream.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}


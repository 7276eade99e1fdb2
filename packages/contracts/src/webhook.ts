/**
 * Webhooks of jobs (Standard Webhooks, https://www.standardwebhooks.com): what a submission may
 * ask for, what a delivery carries, and the attempt log a client can read.
 */
import { z } from 'zod';
import { httpUrlSchema } from './common';
import { jobSchema } from './job';

/** Events a job's webhook can be sent for; the terminal two are sent unless `webhook_events` says otherwise. */
export const WEBHOOK_EVENTS = ['job.processing', 'job.succeeded', 'job.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEvent[] = ['job.succeeded', 'job.failed'];

/** The event of a status, when the status has one. */
export function webhookEventOf(status: string): WebhookEvent | undefined {
  const event = `job.${status}`;
  return (WEBHOOK_EVENTS as readonly string[]).includes(event) ? (event as WebhookEvent) : undefined;
}

/** Optional fields of every submission (POST /v1/rigs, POST /v1/models). */
export const webhookRequestShape = {
  webhook_url: httpUrlSchema
    .optional()
    .describe('Where to POST the job when it ends (signed per Standard Webhooks); defaults to the account webhook URL if one is set'),
  webhook_events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .optional()
    .describe('Events to send; default ["job.succeeded", "job.failed"]'),
};

/** How a job's webhook is kept in its stored params (resolved at submission). */
export const jobWebhookSchema = z.object({ url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)) });
export type JobWebhook = z.infer<typeof jobWebhookSchema>;

/** A job's webhook from its stored params, or null when it has none. */
export function jobWebhookOf(params: unknown): JobWebhook | null {
  const parsed = z.object({ webhook: jobWebhookSchema }).safeParse(params);
  return parsed.success ? parsed.data.webhook : null;
}

/** The JSON body of a delivery. */
export const webhookPayloadSchema = z
  .object({
    type: z.enum(WEBHOOK_EVENTS),
    timestamp: z.string().describe('When the event happened, ISO 8601 UTC'),
    data: jobSchema,
  })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookAttemptSchema = z
  .object({
    event: z.enum(WEBHOOK_EVENTS),
    webhook_id: z.string().describe('The webhook-id header; the same for every attempt of one event'),
    url: z.string(),
    attempt: z.int().positive(),
    status_code: z.int().nullable().describe("The receiver's HTTP status; null when none came"),
    error: z.string().nullable(),
    duration_ms: z.int().nonnegative(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListSchema = z
  .object({ object: z.literal('list'), attempts: z.array(webhookAttemptSchema) })
  .meta({ id: 'WebhookAttemptList' });
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

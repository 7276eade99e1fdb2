/**
 * Job status changes and cancel requests, told through Redis pub/sub so every API replica and
 * every worker hears them. Whoever writes a status (the worker, the API's cancel) publishes it
 * after the write committed; Postgres stays the record, so a lost message only delays a listener
 * (waiters re-read the row), never changes what a job is.
 */
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { JOB_STATUSES, jobStageSchema, jobWebhookOf, webhookEventOf, type JobStage, type JobStatus } from '@rigforge/contracts';
import type { WebhookQueue } from './webhook-queue';

/**
 * A change of a job: its status, or (with `stage`) the engine stage a processing job entered. Both
 * travel on the one status channel, so a listener hears them in the order they were written.
 */
export const jobStatusEventSchema = z.strictObject({ jobId: z.uuid(), status: z.enum(JOB_STATUSES), stage: jobStageSchema.optional() });
export type JobStatusEvent = z.infer<typeof jobStatusEventSchema>;

export const jobCancelSchema = z.strictObject({ jobId: z.uuid() });
export type JobCancel = z.infer<typeof jobCancelSchema>;

export function jobStatusChannel(prefix: string): string {
  return `${prefix}:job-status`;
}

export function jobCancelChannel(prefix: string): string {
  return `${prefix}:job-cancel`;
}

export async function publishJobStatus(redis: Redis, prefix: string, event: JobStatusEvent): Promise<void> {
  await redis.publish(jobStatusChannel(prefix), JSON.stringify(jobStatusEventSchema.parse(event)));
}

export async function publishJobCancel(redis: Redis, prefix: string, cancel: JobCancel): Promise<void> {
  await redis.publish(jobCancelChannel(prefix), JSON.stringify(jobCancelSchema.parse(cancel)));
}

/**
 * What the worker does after it recorded the stage a job entered: publish it, so event streams
 * send the job's new progress. No webhook has a stage event. Never throws: the stage is recorded.
 */
export async function announceJobStage(
  deps: { redis: Redis; prefix: string; log: (message: string, error?: unknown) => void },
  job: { id: string; stage: JobStage },
): Promise<void> {
  await publishJobStatus(deps.redis, deps.prefix, { jobId: job.id, status: 'processing', stage: job.stage }).catch((error: unknown) =>
    deps.log(`job ${job.id}: could not announce stage ${job.stage}`, error),
  );
}

/**
 * Subscribes `subscriber` (a connection used only for subscriptions) to `channel` and hands each
 * well-formed message to `onMessage`; malformed ones are dropped. Returns an unsubscribe function.
 */
export async function subscribeChannel<T>(
  subscriber: Redis,
  channel: string,
  schema: z.ZodType<T>,
  onMessage: (message: T) => void,
): Promise<() => Promise<void>> {
  const listener = (from: string, text: string) => {
    if (from !== channel) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) onMessage(parsed.data);
  };
  subscriber.on('message', listener);
  await subscriber.subscribe(channel);
  return async () => {
    subscriber.off('message', listener);
    await subscriber.unsubscribe(channel);
  };
}

/**
 * What every status writer does after its write committed: publish the change, and queue the
 * job's webhook when it asked for this event. Never throws: the status is recorded either way.
 */
export async function announceJobStatus(
  deps: { redis: Redis; prefix: string; webhooks: WebhookQueue; log: (message: string, error?: unknown) => void },
  job: { id: string; status: JobStatus; params: unknown },
): Promise<void> {
  await publishJobStatus(deps.redis, deps.prefix, { jobId: job.id, status: job.status }).catch((error: unknown) =>
    deps.log(`job ${job.id}: could not announce status ${job.status}`, error),
  );
  const event = webhookEventOf(job.status);
  const webhook = jobWebhookOf(job.params);
  if (!event || !webhook?.events.includes(event)) return;
  await deps.webhooks
    .enqueue({ jobId: job.id, event, at: new Date().toISOString() })
    .catch((error: unknown) => deps.log(`job ${job.id}: could not queue its ${event} webhook`, error));
}

/**
 * The queue of webhook deliveries: one BullMQ job per (job, event), retried by the webhook worker
 * with exponential backoff for more than 24 h (see WEBHOOK_ATTEMPTS and webhookRetryDelayMs).
 */
import { Queue, type ConnectionOptions } from 'bullmq';
import { z } from 'zod';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@rigforge/contracts';

export const WEBHOOK_QUEUE = 'webhooks';

export const webhookDeliverySchema = z.strictObject({
  jobId: z.uuid(),
  event: z.enum(WEBHOOK_EVENTS),
  /** When the status changed (the payload's `timestamp`). */
  at: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * Attempts of one delivery. With the default 5 s base, doubling and a 6 h cap, the retries wait
 * 5 s, 10 s, 20 s ... 5.7 h (13 doublings, 11.4 h in all), then 6 h three times: the last attempt
 * comes about 29 h after the first, past the 24 h Standard Webhooks asks for.
 */
export const WEBHOOK_ATTEMPTS = 17;
export const WEBHOOK_MAX_DELAY_MS = 6 * 3600 * 1000;

/** The wait before retry `attemptsMade` (1 = the first retry). */
export function webhookRetryDelayMs(attemptsMade: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), WEBHOOK_MAX_DELAY_MS);
}

export class WebhookQueue {
  readonly queue: Queue<WebhookDelivery>;

  constructor(options: { connection: ConnectionOptions; prefix: string; onError?: (error: Error) => void }) {
    this.queue = new Queue<WebhookDelivery>(WEBHOOK_QUEUE, { connection: options.connection, prefix: options.prefix });
    if (options.onError) this.queue.on('error', options.onError);
  }

  /** Adds a delivery; the BullMQ job id makes a second add of one (job, event) a no-op. */
  async enqueue(delivery: WebhookDelivery): Promise<void> {
    await this.queue.add('deliver', webhookDeliverySchema.parse(delivery), {
      jobId: `${delivery.jobId}.${delivery.event}`,
      attempts: WEBHOOK_ATTEMPTS,
      // The delays are the webhook worker's (its backoffStrategy), so its settings rule them.
      backoff: { type: 'webhook' },
      removeOnComplete: { age: 3 * 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export type { WebhookEvent };

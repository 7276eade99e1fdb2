/** Resolves where a new job's webhooks go, once at submission. */
import { DEFAULT_WEBHOOK_EVENTS, type JobWebhook, type WebhookEvent } from '@rigforge/contracts';
import { checkOutboundUrl } from '@rigforge/outbound';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';

/**
 * The webhook a new job reports to: its `webhook_url`, else the account's default URL, with the
 * events asked for (default job.succeeded and job.failed); undefined when there is none. Resolved
 * at submission and kept with the job, so a later change of the default does not redirect it.
 * The URL passes the SSRF guard here (a clear 400) and again at every delivery.
 */
export async function resolveWebhook(
  ctx: AppContext,
  accountId: string,
  body: { webhook_url?: string; webhook_events?: WebhookEvent[] },
  /** The request's rate-limit verdict (`rateLimitPassed`): a `webhook_url` is looked up (DNS) only once it allowed the request. */
  passed: Promise<void>,
): Promise<JobWebhook | undefined> {
  const url = body.webhook_url ?? (await ctx.accountWebhooks.defaultUrl(accountId)) ?? undefined;
  if (!url) {
    if (body.webhook_events) {
      throw new ApiError('invalid_request', 'webhook_events: give webhook_url too (this account has no default webhook URL)', {
        param: 'webhook_events',
      });
    }
    return undefined;
  }
  if (body.webhook_url) {
    await passed;
    const problem = await checkOutboundUrl(url, ctx.download.policy);
    if (problem) throw new ApiError('invalid_request', `webhook_url: ${problem}`, { param: 'webhook_url' });
  }
  return { url, events: [...new Set(body.webhook_events ?? DEFAULT_WEBHOOK_EVENTS)] };
}

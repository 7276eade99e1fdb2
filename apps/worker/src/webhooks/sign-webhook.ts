/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): HMAC-SHA256 over
 * `${webhook-id}.${webhook-timestamp}.${body}` with the base64-decoded part of the `whsec_`
 * secret, sent as `v1,<base64>`. Hand-written (a dozen lines of node:crypto) rather than taken
 * from the `standardwebhooks` package, so the tests that verify our signatures with that package
 * check us against an independent implementation.
 */
import { createHmac } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

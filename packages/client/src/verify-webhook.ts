/**
 * Checks a webhook delivery as Standard Webhooks defines it (the scheme the API signs with):
 * `webhook-signature` holds `v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`
 * under the secret's key (`whsec_` + base64), and the timestamp must be within the tolerance so an
 * old delivery cannot be replayed. WebCrypto, so it runs in Node 20+, browsers and edge runtimes.
 * Written here rather than taken from `standardwebhooks` to keep the client free of dependencies
 * that assume Node's crypto; the worker's tests check our signatures with that package.
 */
import { webhookPayloadSchema, type WebhookPayload } from '@rigforge/contracts/wire';
import { WebhookVerificationError } from './client-error';

export interface VerifyWebhookOptions {
  /** How far the delivery's timestamp may be from now; default 5 minutes. */
  toleranceSeconds?: number;
  now?: Date;
}

/** The delivery's payload when its signature and timestamp hold; throws `WebhookVerificationError` otherwise. */
export async function verifyWebhook(
  body: string | Uint8Array,
  headers: Record<string, string | string[] | undefined> | Headers,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookPayload> {
  const header = (name: string): string => {
    const value = headers instanceof Headers ? headers.get(name) : headers[name] ?? headers[name.toLowerCase()];
    const one = Array.isArray(value) ? value[0] : value;
    if (!one) throw invalid(`missing ${name} header`);
    return one;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  const seconds = Number(timestamp);
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!Number.isInteger(seconds) || Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) throw invalid('timestamp outside the tolerance');
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const key = await globalThis.crypto.subtle.importKey('raw', base64Bytes(secret.replace(/^whsec_/, '')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${text}`)));
  const expected = bytesBase64(mac);
  const match = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    return version === 'v1' && signature !== undefined && constantTimeEqual(signature, expected);
  });
  if (!match) throw invalid('no signature matches this secret');
  const parsed = webhookPayloadSchema.safeParse(parseJson(text));
  if (!parsed.success) throw invalid(`the payload is not a webhook payload (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

function invalid(message: string): WebhookVerificationError {
  return new WebhookVerificationError({ code: 'invalid_signature', message: `webhook: ${message}` });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Compares without an early exit, so timing does not tell how much of a forged signature matched. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Account webhook settings and the log of delivery attempts. */
import type { Db } from '../client';
import type { WebhookAttempt } from '../generated/prisma/client';

export type WebhookAttemptRow = WebhookAttempt;

export async function readAccountWebhook(db: Db, accountId: string): Promise<{ url: string | null; secret: string } | null> {
  const row = await db.account.findUnique({ where: { id: accountId }, select: { webhookUrl: true, webhookSecret: true } });
  return row ? { url: row.webhookUrl, secret: row.webhookSecret } : null;
}

/** Sets (or, with null, clears) the URL that jobs submitted without `webhook_url` report to. */
export async function setAccountWebhookUrl(db: Db, accountId: string, url: string | null): Promise<void> {
  await db.account.update({ where: { id: accountId }, data: { webhookUrl: url } });
}

/** Replaces the account's signing secret; deliveries from now on are signed with `secret`. */
export async function rotateWebhookSecret(db: Db, accountId: string, secret: string): Promise<void> {
  await db.account.update({ where: { id: accountId }, data: { webhookSecret: secret } });
}

export async function recordWebhookAttempt(
  db: Db,
  attempt: Omit<WebhookAttemptRow, 'id' | 'createdAt'>,
): Promise<void> {
  await db.webhookAttempt.create({ data: attempt });
}

/** A job's delivery attempts, oldest first (at most `limit`). */
export async function listWebhookAttempts(db: Db, jobId: string, limit = 200): Promise<WebhookAttemptRow[]> {
  return db.webhookAttempt.findMany({ where: { jobId }, orderBy: { id: 'asc' }, take: limit });
}

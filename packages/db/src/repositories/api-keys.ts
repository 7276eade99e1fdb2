/** Issuing, resolving and revoking API keys; only their hash is stored. */
import { createHash, hash, randomBytes } from 'node:crypto';
import type { Db } from '../client';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `sk_` + 40 base62 characters (~238 bits), a shape secret scanners recognise. */
const KEY_BODY_LENGTH = 40;
/** Characters of a key stored in clear (and shown in key lists); the logs keep no more of it. */
export const VISIBLE_PREFIX_LENGTH = 10;

export const API_KEY_PATTERN = /^sk_[0-9A-Za-z]{40}$/;

/**
 * The key's sha256, hex: what the database stores and the API's key cache is keyed by. Every /v1
 * request hashes its key, so it uses the one-shot `crypto.hash` (Node 20.12+: no Hash object, a
 * quarter of the CPU of createHash for a 43-character key); the same digest either way.
 */
export function hashApiKey(key: string): string {
  return typeof hash === 'function' ? hash('sha256', key, 'hex') : createHash('sha256').update(key).digest('hex');
}

function randomKeyBody(): string {
  let body = '';
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(64)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 248 && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return body;
}

export interface IssuedApiKey {
  id: string;
  /** The whole key; shown once, never stored. */
  key: string;
  prefix: string;
}

export async function issueApiKey(db: Db, accountId: string, name = 'default'): Promise<IssuedApiKey> {
  const key = `sk_${randomKeyBody()}`;
  const prefix = key.slice(0, VISIBLE_PREFIX_LENGTH);
  const row = await db.apiKey.create({ data: { accountId, name, prefix, hash: hashApiKey(key) } });
  return { id: row.id, key, prefix };
}

/** Revokes by key id; returns the key's hash (for cache invalidation) or null if none was active. */
export async function revokeApiKey(db: Db, keyId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ hash: string }[]>`
    UPDATE api_keys SET revoked_at = now() WHERE id = ${keyId}::uuid AND revoked_at IS NULL RETURNING hash`;
  return rows[0]?.hash ?? null;
}

export interface ActiveApiKey {
  keyId: string;
  accountId: string;
}

export async function findActiveApiKey(db: Db, hash: string): Promise<ActiveApiKey | null> {
  const rows = await db.$queryRaw<{ id: string; account_id: string }[]>`
    SELECT id, account_id FROM api_keys WHERE hash = ${hash} AND revoked_at IS NULL`;
  const row = rows[0];
  return row ? { keyId: row.id, accountId: row.account_id } : null;
}

export async function touchApiKey(db: Db, keyId: string): Promise<void> {
  await db.$executeRaw`UPDATE api_keys SET last_used_at = now() WHERE id = ${keyId}::uuid`;
}

export async function listApiKeys(db: Db, accountId: string) {
  return db.apiKey.findMany({
    where: { accountId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

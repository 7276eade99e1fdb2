/**
 * Checks a caller's API key against our API before an HTTP MCP request is served, so a bad key is
 * refused with 401 at the door instead of failing inside every tool. A good key is remembered for a
 * minute (hashed), so a conversation costs one check per minute, not one per message; revocation
 * therefore takes effect over HTTP MCP within that minute, and at once for every API call the tools make.
 */
import { createHash } from 'node:crypto';
import { RigforgeClient, RigforgeClientError } from '@rigforge/client';
import { TtlCache } from './providers/ttl-cache';
import { MCP_USER_AGENT } from './user-agent';

export type KeyVerdict = 'valid' | 'invalid' | 'unavailable';

export interface KeyCheckOptions {
  baseUrl: string;
  /** How long a valid key is remembered; default 60 s. */
  ttlMs?: number;
}

export class KeyCheck {
  private readonly valid: TtlCache<true>;
  constructor(private readonly options: KeyCheckOptions) {
    this.valid = new TtlCache({ ttlMs: options.ttlMs ?? 60_000, maxEntries: 10_000 });
  }

  async verify(key: string): Promise<KeyVerdict> {
    const hash = createHash('sha256').update(key).digest('hex');
    if (this.valid.get(hash)) return 'valid';
    const client = new RigforgeClient({ baseUrl: this.options.baseUrl, apiKey: key, userAgent: MCP_USER_AGENT, timeoutMs: 10_000 });
    try {
      // The cheapest authenticated call: free, served from memory, no side effects.
      await client.listAssetCategories();
    } catch (error) {
      if (error instanceof RigforgeClientError && error.code === 'unauthorized') return 'invalid';
      // A rate-limited key is still a valid key; let the tools report the limit.
      if (error instanceof RigforgeClientError && error.code === 'rate_limited') return 'valid';
      return 'unavailable';
    }
    this.valid.set(hash, true);
    return 'valid';
  }
}

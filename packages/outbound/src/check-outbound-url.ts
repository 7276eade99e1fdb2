/** Checks a user URL against the address policy before any request is made. */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AddressPolicy } from './address-policy';

/**
 * Why `url` may not be called (not http(s), or a host that is or resolves to a non-public address
 * the policy does not allow), or null when it may. For checking a URL when it is given (a webhook
 * URL at submission); the request itself must still use `guardedLookup`, since DNS can change.
 * Literal IP hosts never reach a lookup, so they are checked here and must be checked before the
 * request too.
 */
export async function checkOutboundUrl(url: string, policy: AddressPolicy, options: { resolve?: boolean } = {}): Promise<string | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return `a ${target.protocol} URL; only http and https are allowed`;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (policy.allowsHost(host)) return null;
  if (isIP(host)) return policy.allowsAddress(host) ? null : `address ${host} is not public`;
  if (options.resolve === false) return null;
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0) return `host ${host} does not resolve`;
    return addresses.every((a) => policy.allowsAddress(a.address)) ? null : `host ${host} resolves to a non-public address`;
  } catch {
    return `host ${host} does not resolve`;
  }
}

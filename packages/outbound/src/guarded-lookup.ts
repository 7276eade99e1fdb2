/**
 * A DNS lookup for outbound requests to user-supplied URLs (downloads, webhooks) that refuses any
 * non-public address the policy does not allow. It runs at connect time, so a redirect to a private
 * address or a DNS answer that changes between check and use (rebinding) is refused as well.
 * Give it to got as `lookup`.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { AddressPolicy } from './address-policy';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions | number | LookupCallback, callback?: LookupCallback) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts: LookupOptions = typeof options === 'object' ? options : {};
    const hostAllowed = policy.allowsHost(hostname);
    dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return cb(error, '');
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !hostAllowed && !policy.allowsAddress(a.address));
      if (bad || list.length === 0) {
        const blocked = Object.assign(new Error(`host ${hostname} resolves to a non-public address`), {
          code: 'EBLOCKED',
        });
        return cb(blocked, '');
      }
      if (opts.all) return cb(null, list);
      const first = list[0]!;
      cb(null, first.address, first.family);
    });
  };
}


/**
 * Downloads a user-supplied URL with an SSRF guard, a size cap and a deadline. The guard is applied
 * at connect time through got's `dnsLookup`, so a redirect to a private address or a DNS answer that
 * changes between check and use (rebinding) is refused as well.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import got from 'got';
import type { AddressPolicy } from './address-policy';

export interface GuardedDownloadOptions {
  policy: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
}

export type DownloadFailure =
  | { kind: 'blocked'; message: string }
  | { kind: 'too_large'; message: string }
  | { kind: 'failed'; message: string };

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  readonly kind: DownloadFailure['kind'];
  constructor(failure: DownloadFailure) {
    super(failure.message);
    this.kind = failure.kind;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(policy: AddressPolicy) {
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

export async function guardedDownload(url: string, options: GuardedDownloadOptions): Promise<Buffer> {
  const checkUrl = (target: URL): void => {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new DownloadError({ kind: 'blocked', message: `only http and https URLs are fetched` });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.policy.allowsHost(host) && !options.policy.allowsAddress(host)) {
      throw new DownloadError({ kind: 'blocked', message: `address ${host} is not public` });
    }
  };
  checkUrl(new URL(url));

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: DownloadError) => {
      if (settled) return;
      settled = true;
      stream.destroy();
      reject(error);
    };
    const stream = got.stream(url, {
      lookup: guardedLookup(options.policy) as never,
      timeout: { request: options.timeoutMs },
      retry: 0,
      maxRedirects: 5,
      decompress: true,
      headers: { 'user-agent': 'rigforge-fetch/1' },
      hooks: {
        beforeRedirect: [
          (redirectOptions) => {
            checkUrl(new URL(String(redirectOptions.url)));
          },
        ],
      },
    });
    stream.on('response', (response: { statusCode: number; headers: Record<string, string | undefined> }) => {
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        fail(new DownloadError({ kind: 'too_large', message: `the file is larger than ${options.maxBytes} bytes` }));
      }
    });
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > options.maxBytes) {
        fail(new DownloadError({ kind: 'too_large', message: `the file is larger than ${options.maxBytes} bytes` }));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', (error: Error & { code?: string; response?: { statusCode?: number } }) => {
      if (error instanceof DownloadError) return fail(error);
      if (error.code === 'EBLOCKED' || /non-public/.test(error.message)) {
        return fail(new DownloadError({ kind: 'blocked', message: error.message }));
      }
      const status = error.response?.statusCode;
      const message = status
        ? `the server answered HTTP ${status}`
        : error.code === 'ETIMEDOUT'
          ? `no complete answer within ${options.timeoutMs} ms`
          : `could not be fetched (${error.code ?? error.message})`;
      fail(new DownloadError({ kind: 'failed', message }));
    });
  });
}

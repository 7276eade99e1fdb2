/**
 * Downloads a user-supplied URL with an SSRF guard, a size cap and a deadline. The guard is applied
 * at connect time through got's `dnsLookup`, so a redirect to a private address or a DNS answer that
 * changes between check and use (rebinding) is refused as well.
 */
import { isIP } from 'node:net';
import got from 'got';
import { guardedLookup, type AddressPolicy } from '@rigforge/outbound';

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

export async function guardedDownload(url: string, options: GuardedDownloadOptions): Promise<Buffer> {
  const checkUrl = (target: URL, via: string): void => {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new DownloadError({ kind: 'blocked', message: `${via}a ${target.protocol} URL; only http and https URLs are fetched` });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.policy.allowsHost(host) && !options.policy.allowsAddress(host)) {
      throw new DownloadError({ kind: 'blocked', message: `${via}address ${host}, which is not public` });
    }
  };
  checkUrl(new URL(url), 'the URL is ');

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    let answered = false;
    /** The last redirect target, so a later failure can say it happened after a redirect. */
    let redirectedTo: string | null = null;
    /**
     * Why a redirect was refused. got wraps whatever a hook throws into its own error, which carries
     * the redirect's response and used to read "the server answered HTTP 302"; the refusal is kept
     * here and reported as such.
     */
    let refusal: DownloadError | null = null;
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
            const target = String(redirectOptions.url);
            redirectedTo = target;
            try {
              checkUrl(new URL(target), `the server redirected to ${shortUrl(target)}: `);
            } catch (error) {
              if (error instanceof DownloadError) refusal = error;
              throw error;
            }
          },
        ],
      },
    });
    stream.on('response', (response: { statusCode: number; headers: Record<string, string | undefined> }) => {
      answered = true;
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        fail(new DownloadError({ kind: 'too_large', message: `the file is ${declared} bytes (declared by the server), more than the limit of ${options.maxBytes}` }));
      }
    });
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > options.maxBytes) {
        fail(new DownloadError({ kind: 'too_large', message: `the file is larger than the limit of ${options.maxBytes} bytes (download stopped there)` }));
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
      if (refusal) return fail(refusal);
      const after = redirectedTo ? ` (after a redirect to ${shortUrl(redirectedTo)})` : '';
      if (error.code === 'EBLOCKED' || /non-public/.test(error.message)) {
        return fail(new DownloadError({ kind: 'blocked', message: `${error.message}${after}` }));
      }
      fail(new DownloadError({ kind: 'failed', message: describeFailure(error, { timeoutMs: options.timeoutMs, received, answered }) + after }));
    });
  });
}

/** What went wrong, in words: got's errors carry the last response even when it is not the cause. */
function describeFailure(
  error: Error & { code?: string; response?: { statusCode?: number } },
  state: { timeoutMs: number; received: number; answered: boolean },
): string {
  // Checked before the status: a body cut by the deadline still carries its "HTTP 200" response.
  if (error.name === 'TimeoutError' || error.code === 'ETIMEDOUT') {
    return state.answered
      ? `the download did not finish within the limit of ${state.timeoutMs} ms (${state.received} bytes received)`
      : `the server did not answer within the limit of ${state.timeoutMs} ms`;
  }
  if (error.name === 'MaxRedirectsError') return 'the server redirected more than the limit of 5 times';
  if (error.name === 'UnsupportedProtocolError') return `${error.message.toLowerCase()}; only http and https URLs are fetched`;
  if (error.name === 'HTTPError' && error.response?.statusCode) return `the server answered HTTP ${error.response.statusCode}`;
  if (error.code === 'ENOTFOUND') return 'the host name does not resolve';
  if (error.code === 'ECONNREFUSED') return 'the server refused the connection';
  if (error.code === 'ECONNRESET') return 'the server closed the connection before the download finished';
  return `could not be fetched (${error.code ?? error.message})`;
}

/** A URL cut for messages (they are echoed to the caller; a long query string adds nothing). */
function shortUrl(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}

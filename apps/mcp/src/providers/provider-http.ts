/**
 * The one way adapters call a provider: a GET for JSON with our User-Agent (the providers' terms
 * ask for one that names the application), a timeout, no retries (a tool call should fail fast and
 * say so), a TTL cache of successful answers, and every failure mapped to a `ProviderError`.
 * Messages never include the URL's query, which may carry a key.
 */
import got, { type Response } from 'got';
import { ProviderError } from './provider-error';
import { TtlCache } from './ttl-cache';
import { MCP_USER_AGENT } from '../user-agent';

export interface ProviderHttpOptions {
  /** Abort a provider call after this long; default 8 s. */
  timeoutMs: number;
  /** Sent on every call: `Rigforge-MCP/<version> (+<where to learn about it>)`. */
  userAgent: string;
  /** How long a successful answer is reused; default 10 minutes. */
  cacheTtlMs: number;
  /**
   * Largest answer read, default 4 MB (a search page is tens of KB); past it the connection is
   * closed and the call fails. Answers are buffered whole to be parsed, so an endless one from a
   * broken or hostile endpoint would otherwise grow the MCP server until it is killed.
   */
  maxResponseBytes?: number;
}

export const PROVIDER_HTTP_DEFAULTS: Required<ProviderHttpOptions> = {
  timeoutMs: 8_000,
  userAgent: MCP_USER_AGENT,
  cacheTtlMs: 10 * 60_000,
  maxResponseBytes: 4 * 1024 * 1024,
};

export interface GetJsonOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export class ProviderHttp {
  private readonly cache: TtlCache<unknown>;
  constructor(
    private readonly provider: string,
    private readonly options: ProviderHttpOptions,
  ) {
    this.cache = new TtlCache({ ttlMs: options.cacheTtlMs });
  }

  /**
   * GETs `url` and returns its JSON body, from the cache when fresh. `cacheTtl` may shorten an
   * answer's life in the cache (a signed download URL that expires sooner than the default).
   */
  async getJson(url: URL, options: GetJsonOptions = {}, cacheTtl?: (body: unknown) => number): Promise<unknown> {
    const key = `${url.toString()}\n${JSON.stringify(options.headers ?? {})}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const where = `${url.host}${url.pathname}`;
    const pending = got(url, {
      responseType: 'text',
      throwHttpErrors: false,
      retry: 0,
      timeout: { request: this.options.timeoutMs },
      headers: { 'user-agent': this.options.userAgent, accept: 'application/json', ...options.headers },
    });
    const abort = () => pending.cancel();
    options.signal?.addEventListener('abort', abort, { once: true });
    // got 11 has no size limit: count what arrives and cancel past the cap.
    const maxBytes = this.options.maxResponseBytes ?? PROVIDER_HTTP_DEFAULTS.maxResponseBytes;
    let tooLarge = false;
    pending.on('downloadProgress', ({ transferred }: { transferred: number }) => {
      if (transferred <= maxBytes || tooLarge) return;
      tooLarge = true;
      pending.cancel();
    });
    let response: Response<string>;
    try {
      response = await pending;
    } catch (error) {
      if (tooLarge) {
        throw new ProviderError(this.provider, 'provider_bad_response', `${where} answered more than the limit of ${maxBytes} bytes`);
      }
      const code = error instanceof Error && 'code' in error ? String(error.code) : '';
      if (code === 'ETIMEDOUT') {
        throw new ProviderError(this.provider, 'provider_timeout', `no answer from ${where} within ${this.options.timeoutMs} ms; try again later`);
      }
      throw new ProviderError(this.provider, 'provider_unreachable', `${where} could not be reached (${code || 'connection failed'})`);
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
    const status = response.statusCode;
    if (status === 401 || status === 403) {
      throw new ProviderError(this.provider, 'provider_auth', `the configured key was refused (HTTP ${status}); check it`);
    }
    if (status === 429) {
      const after = response.headers['retry-after'];
      throw new ProviderError(this.provider, 'provider_rate_limited', `rate limited${after ? `; retry after ${after} s` : ''}`);
    }
    if (status >= 400) {
      throw new ProviderError(this.provider, 'provider_error', `${where} answered HTTP ${status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new ProviderError(this.provider, 'provider_bad_response', `${where} answered with something other than JSON`);
    }
    this.cache.set(key, body, cacheTtl ? cacheTtl(body) : undefined);
    return body;
  }
}

/** `base` (which may carry a path prefix) + `path`, with `query` set. */
export function providerUrl(base: string, path: string, query: Record<string, string> = {}): URL {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

/**
 * The playground's calls to the API, same origin. Every answer is parsed with the contract's zod
 * schema (the same one the server writes it with), and every failure becomes a
 * `RigforgeClientError` carrying the API's error code, or the client's own code (network_error,
 * invalid_response, timeout) when there was no usable answer, exactly as the CLI reports them.
 * The browser's `fetch` stands in for `got`, which the Node client uses.
 */
import { RigforgeClientError } from '@rigforge/client/client-error';
import { JOB_DEADLINE_MS, pollIntervalMs } from '@rigforge/client/poll-interval';
import {
  assetCategoriesSchema,
  assetListSchema,
  createModelResponseSchema,
  createRigResponseSchema,
  errorBodySchema,
  jobListSchema,
  jobSchema,
  TERMINAL_STATUSES,
  type AssetCategories,
  type AssetList,
  type CreateModelRequest,
  type CreateModelResponse,
  type CreateRigRequest,
  type CreateRigResponse,
  type JobList,
  type JobObject,
  type RigEngine,
} from '@rigforge/contracts/wire';
import type { z } from 'zod';

export { RigforgeClientError };

type Query = Record<string, string | number | undefined>;

export class PlaygroundApi {
  constructor(private readonly apiKey: () => string) {}

  createRig(body: Partial<CreateRigRequest>): Promise<CreateRigResponse> {
    return this.request('POST', '/v1/rigs', createRigResponseSchema, { body });
  }

  createModel(body: Partial<CreateModelRequest>): Promise<CreateModelResponse> {
    return this.request('POST', '/v1/models', createModelResponseSchema, { body });
  }

  getJob(id: string): Promise<JobObject> {
    return this.request('GET', `/v1/jobs/${encodeURIComponent(id)}`, jobSchema);
  }

  listJobs(query: Query): Promise<JobList> {
    return this.request('GET', '/v1/jobs', jobListSchema, { query });
  }

  listAssets(query: Query): Promise<AssetList> {
    return this.request('GET', '/v1/assets', assetListSchema, { query });
  }

  listAssetCategories(): Promise<AssetCategories> {
    return this.request('GET', '/v1/assets/categories', assetCategoriesSchema);
  }

  private async request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    options: { body?: object; query?: Query } = {},
  ): Promise<z.infer<S>> {
    const url = new URL(path, window.location.origin);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    const what = `${method} ${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey()}`, accept: 'application/json' };
    if (options.body) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: options.body ? JSON.stringify(options.body) : undefined });
    } catch (error) {
      throw new RigforgeClientError({ code: 'network_error', message: `${what}: the API could not be reached (${String(error)})` });
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
      const retryAfterSeconds = Number.isFinite(retryAfter) ? retryAfter : undefined;
      const parsed = errorBodySchema.safeParse(json);
      if (parsed.success) {
        const { code, message, param } = parsed.data.error;
        throw new RigforgeClientError({ code, message, param, status: response.status, retryAfterSeconds });
      }
      throw new RigforgeClientError({
        code: response.status >= 500 ? 'internal_error' : 'invalid_response',
        status: response.status,
        retryAfterSeconds,
        message: `${what}: HTTP ${response.status} without the API's error body`,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RigforgeClientError({
        code: 'invalid_response',
        status: response.status,
        message: `${what}: the answer does not match the contract (${issue?.path.join('.') || 'body'}: ${issue?.message})`,
      });
    }
    return parsed.data;
  }
}

const RETRYABLE = new Set(['rate_limited', 'backend_unavailable', 'network_error']);

export interface WatchOptions {
  engine?: RigEngine;
  signal: AbortSignal;
  onUpdate: (job: JobObject, elapsedMs: number) => void;
}

/**
 * Polls a job until it is terminal, at the contract's interval (5 s for a fast rig, 15 s for a pro
 * rig or a generation; the same numbers the CLI uses), waiting out 429/503 as Retry-After asks,
 * and giving up after the contract's 300 s client deadline. Mirrors `waitForJob` of
 * packages/client, which is written on `got` and cannot run in a browser.
 */
export async function watchJob(api: PlaygroundApi, id: string, options: WatchOptions): Promise<JobObject> {
  const started = Date.now();
  let backoffMs = 1_000;
  for (;;) {
    let waitMs: number;
    try {
      const job = await api.getJob(id);
      backoffMs = 1_000;
      options.onUpdate(job, Date.now() - started);
      if (TERMINAL_STATUSES.includes(job.status)) return job;
      waitMs = pollIntervalMs(job.operation, options.engine);
    } catch (error) {
      if (!(error instanceof RigforgeClientError) || !RETRYABLE.has(error.code)) throw error;
      waitMs = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoffMs;
      backoffMs = Math.min(backoffMs * 2, 30_000);
    }
    if (Date.now() - started + waitMs > JOB_DEADLINE_MS) {
      throw new RigforgeClientError({ code: 'timeout', message: `job ${id} did not finish within ${JOB_DEADLINE_MS / 1000} s` });
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, waitMs);
      options.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new RigforgeClientError({ code: 'aborted', message: 'watching the job stopped' }));
      }, { once: true });
    });
  }
}

/** A file as base64 (no data: prefix), read by the browser natively. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Output and catalog URLs are absolute, built from the server's PUBLIC_BASE_URL, which may name
 * another origin than the one the page was opened on (localhost vs 127.0.0.1, a LAN address).
 * Files of the default local storage are served by this same API under /files/, so those are
 * fetched from this origin (the route sends no CORS headers); anything else (S3, a CDN) as given.
 */
export function sameOriginFileUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin && parsed.pathname.startsWith('/files/')) {
      return `${window.location.origin}${parsed.pathname}${parsed.search}`;
    }
    return parsed.toString();
  } catch {
    return url;
  }
}

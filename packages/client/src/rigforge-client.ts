/**
 * A typed client for the Rigforge HTTP API, on the platform's `fetch` (Node 20+, browsers, Deno).
 * Request types are the zod contracts' input types and every response is parsed with the
 * contract's schema, so a field the server renames fails here, loudly, instead of deep inside a
 * caller. Safe to retry by construction: every create carries an Idempotency-Key (the caller's or
 * a fresh UUID), reused by the client's own retries, which honour Retry-After on 429 and 503 and
 * back off on network errors. Failures are `RigforgeClientError` subclasses (client-error.ts).
 */
import {
  accountSchema,
  assetCategoriesSchema,
  assetListSchema,
  checkRigResponseSchema,
  rigAnimationsListSchema,
  createModelResponseSchema,
  createRigResponseSchema,
  errorBodySchema,
  JOB_LIST_MAX_LIMIT,
  jobListSchema,
  jobSchema,
  uploadSchema,
  webhookAttemptListSchema,
  type AccountObject,
  type AssetCategories,
  type RigAnimationsList,
  type AssetList,
  type CheckRigRequest,
  type CheckRigResponse,
  type CreateModelResponse,
  type CreateRigResponse,
  type JobList,
  type JobObject,
  type JobOperation,
  type JobStatus,
  type UploadObject,
  type WebhookAttemptList,
} from '@rigforge/contracts/wire';
import type { createModelRequestSchema, createRigRequestSchema, createUploadRequestSchema } from '@rigforge/contracts/wire';
import type { z } from 'zod';
import { clientError, RigforgeClientError } from './client-error';
import { readJobEvents } from './job-events';
import { progressReporter, type OnJobProgress } from './job-progress';

export interface RigforgeClientOptions {
  /** The API's origin, e.g. `http://localhost:3000` (no `/v1`). */
  baseUrl: string;
  /** An API key, or a function giving the current one (a page whose user may change it); sent as `Authorization: Bearer <key>`. */
  apiKey: string | (() => string);
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  /** Identifies the calling program to the API's logs (where the platform lets a client set it); default `rigforge-client/0.2`. */
  userAgent?: string;
  /** Retries of a request on 429, 503, 5xx, network errors and timeouts; default 2. */
  maxRetries?: number;
  /** The `fetch` to use; default the platform's. */
  fetch?: typeof fetch;
}

export const RIGFORGE_CLIENT_DEFAULTS = { timeoutMs: 30_000, userAgent: 'rigforge-client/0.2', maxRetries: 2 } as const;

/** Request bodies as callers write them: fields with a server default may be left out. */
export type CreateRigInput = z.input<typeof createRigRequestSchema>;
export type CreateModelInput = z.input<typeof createModelRequestSchema>;
export type CreateUploadInput = z.input<typeof createUploadRequestSchema>;

export interface ListJobsInput {
  operation?: JobOperation;
  status?: JobStatus;
  limit?: number;
  offset?: number;
}

export interface ListAssetsInput {
  query?: string;
  category?: string;
  pack?: string;
  limit?: number;
  offset?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's `maxRetries` for this request (0: never retried). */
  maxRetries?: number;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
  /** Extra headers (e.g. `Prefer: wait=30`). */
  headers?: Record<string, string>;
}

export interface EventsOptions extends Omit<RequestOptions, 'timeoutMs'> {
  /** Told the job's status, stage and progress each time they move (see JobProgress). */
  onProgress?: OnJobProgress;
}

export interface CreateOptions extends RequestOptions {
  /**
   * The Idempotency-Key of this submission. Default: a fresh UUID per call, reused by this call's
   * retries, so a retry after a dropped connection answers the first job and charges nothing twice.
   * Pass your own to make retries across processes safe too.
   */
  idempotencyKey?: string;
}

type Method = 'GET' | 'POST';

interface SendOptions extends RequestOptions {
  body?: Record<string, unknown>;
  query?: Record<string, string | number | undefined>;
  idempotencyKey?: string;
  /** The answer is an event stream: the timeout covers its headers only. */
  stream?: boolean;
}

/** The first retry waits this long, doubling, with jitter, capped; a Retry-After is honoured up to the cap. */
const RETRY_BASE_MS = 500;
const RETRY_CAP_MS = 30_000;

export class RigforgeClient {
  readonly baseUrl: string;
  private readonly apiKey: () => string;
  private readonly timeoutMs: number;
  private readonly userAgent: string;
  private readonly maxRetries: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: RigforgeClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const key = options.apiKey;
    this.apiKey = typeof key === 'function' ? key : () => key;
    this.timeoutMs = options.timeoutMs ?? RIGFORGE_CLIENT_DEFAULTS.timeoutMs;
    this.userAgent = options.userAgent ?? RIGFORGE_CLIENT_DEFAULTS.userAgent;
    this.maxRetries = options.maxRetries ?? RIGFORGE_CLIENT_DEFAULTS.maxRetries;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** POST /v1/rigs: queue a rig job (charged; needs a subscription). */
  createRig(body: CreateRigInput, options: CreateOptions = {}): Promise<CreateRigResponse> {
    return this.send('POST', '/v1/rigs', createRigResponseSchema, { body, ...options, idempotencyKey: options.idempotencyKey ?? randomKey() });
  }

  /** POST /v1/rigs/check: the free pre-rig check (no credits; counts against the rate limit). */
  checkRig(body: CheckRigRequest, options?: RequestOptions): Promise<CheckRigResponse> {
    return this.send('POST', '/v1/rigs/check', checkRigResponseSchema, { body, ...options });
  }

  /** GET /v1/rigs/animations: the ready clips createRig's `animations` takes, per rig_type (free). */
  listRigAnimations(options?: RequestOptions): Promise<RigAnimationsList> {
    return this.send('GET', '/v1/rigs/animations', rigAnimationsListSchema, options);
  }

  /** POST /v1/models: queue an image-to-model job (charged). */
  createModel(body: CreateModelInput, options: CreateOptions = {}): Promise<CreateModelResponse> {
    return this.send('POST', '/v1/models', createModelResponseSchema, { body, ...options, idempotencyKey: options.idempotencyKey ?? randomKey() });
  }

  /**
   * POST /v1/uploads: where to PUT a file past the inline limit (free), and the `model_url` to pass
   * once it is there. `uploadFile` (Node) does both steps for a file on disk.
   */
  createUpload(body: CreateUploadInput, options?: RequestOptions): Promise<UploadObject> {
    return this.send('POST', '/v1/uploads', uploadSchema, { body, ...options });
  }

  /** GET /v1/jobs/{id}: any job of the caller, in any status. */
  getJob(id: string, options?: RequestOptions): Promise<JobObject> {
    return this.send('GET', `/v1/jobs/${encodeURIComponent(id)}`, jobSchema, options);
  }

  /**
   * POST /v1/jobs/{id}/cancel: a queued or processing job becomes failed (error code `canceled`)
   * and is refunded; a finished job rejects with code `job_not_cancelable`.
   */
  cancelJob(id: string, options?: RequestOptions): Promise<JobObject> {
    return this.send('POST', `/v1/jobs/${encodeURIComponent(id)}/cancel`, jobSchema, options);
  }

  /** GET /v1/jobs: one page of the caller's jobs, newest first. */
  listJobs(query: ListJobsInput = {}, options?: RequestOptions): Promise<JobList> {
    return this.send('GET', '/v1/jobs', jobListSchema, { query: { ...query }, ...options });
  }

  /** Every job matching `query`, newest first, fetching pages of `limit` (default the largest page, 100) as the caller iterates. */
  async *iterateJobs(query: Omit<ListJobsInput, 'offset'> = {}, options?: RequestOptions): AsyncGenerator<JobObject> {
    const limit = query.limit ?? JOB_LIST_MAX_LIMIT;
    for (let offset = 0; ; offset += limit) {
      const page = await this.listJobs({ ...query, limit, offset }, options);
      yield* page.jobs;
      if (page.jobs.length < limit || offset + page.jobs.length >= page.total) return;
    }
  }

  /**
   * GET /v1/jobs/{id}/events: the job now, then the job at each change, ending after the terminal
   * one (server-sent events). Ends early, without an error, if the connection drops: the caller
   * decides whether to read again (waitForJob does). Each job carries its `stage` and `progress`;
   * `onProgress` is told each time they (or the status) move.
   */
  async *events(id: string, options: EventsOptions = {}): AsyncGenerator<JobObject> {
    const { onProgress, ...request } = options;
    const reportProgress = progressReporter(onProgress);
    const opened = Date.now();
    const what = `GET /v1/jobs/${id}/events`;
    const response = await this.fetchWithRetries('GET', new URL(`${this.baseUrl}/v1/jobs/${encodeURIComponent(id)}/events`), { ...request, stream: true, headers: { accept: 'text/event-stream', ...request.headers } }, what, 0);
    if (!response.ok) throw await apiError(what, response);
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
      throw clientError({ code: 'invalid_response', status: response.status, message: `${what}: not an event stream` });
    }
    for await (const data of readJobEvents(response.body, options.signal)) {
      const parsed = jobSchema.safeParse(parseJson(data));
      if (!parsed.success) throw clientError({ code: 'invalid_response', message: `${what}: an event is not a job (${parsed.error.issues[0]?.message})` });
      await reportProgress(parsed.data, Date.now() - opened);
      yield parsed.data;
    }
  }

  /** GET /v1/jobs/{id}/webhooks: the job's webhook delivery attempts, oldest first. */
  listJobWebhookAttempts(id: string, options?: RequestOptions): Promise<WebhookAttemptList> {
    return this.send('GET', `/v1/jobs/${encodeURIComponent(id)}/webhooks`, webhookAttemptListSchema, options);
  }

  /** GET /v1/account: plan, subscription, credit balance, rate limit and this month's usage (free). */
  account(options?: RequestOptions): Promise<AccountObject> {
    return this.send('GET', '/v1/account', accountSchema, options);
  }

  /** GET /v1/assets: a page of the CC0 catalog (free). */
  listAssets(query: ListAssetsInput = {}, options?: RequestOptions): Promise<AssetList> {
    return this.send('GET', '/v1/assets', assetListSchema, { query: { ...query }, ...options });
  }

  /** GET /v1/assets/categories: every category and pack of the catalog (free). */
  listAssetCategories(options?: RequestOptions): Promise<AssetCategories> {
    return this.send('GET', '/v1/assets/categories', assetCategoriesSchema, options);
  }

  /** One request, retried as `maxRetries` allows, its answer parsed with `schema`. */
  private async send<S extends z.ZodType>(method: Method, path: string, schema: S, options: SendOptions = {}): Promise<z.infer<S>> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const what = `${method} ${path}`;
    const response = await this.fetchWithRetries(method, url, options, what, options.maxRetries ?? this.maxRetries);
    if (!response.ok) throw await apiError(what, response);
    const text = await readText(response, what, options.signal);
    const parsed = schema.safeParse(parseJson(text));
    if (!parsed.success) {
      throw clientError({
        code: 'invalid_response',
        status: response.status,
        requestId: response.headers.get('x-request-id') ?? undefined,
        message: `${what}: the answer does not match the contract (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message})`,
      });
    }
    return parsed.data;
  }

  /**
   * fetch, retried on 429, 503 and other 5xx answers and on network errors and timeouts, waiting
   * as Retry-After says (capped) or backing off exponentially with jitter. The last answer,
   * successful or not, is returned; a transport failure past the retries is thrown.
   */
  private async fetchWithRetries(method: Method, url: URL, options: SendOptions, what: string, maxRetries: number): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey()}`,
      accept: 'application/json',
      // Browsers refuse to let a page set User-Agent; elsewhere it names the caller in our logs.
      ...(!('document' in globalThis) ? { 'user-agent': this.userAgent } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    };
    const body = options.body !== undefined ? JSON.stringify(options.body) : undefined;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      if (options.signal?.aborted) throw clientError({ code: 'aborted', message: `${what}: aborted` });
      let response: Response | undefined;
      let failure: RigforgeClientError | undefined;
      // An event stream runs as long as its job: its timeout covers only the wait for the headers.
      // Other requests' covers the whole answer (AbortSignal.timeout's timer keeps no process alive).
      const headersTimeout = options.stream ? new AbortController() : undefined;
      const timer = headersTimeout ? setTimeout(() => headersTimeout.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs) : undefined;
      try {
        const timeout = headersTimeout?.signal ?? AbortSignal.timeout(timeoutMs);
        const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
        response = await this.fetchImpl(url, { method, headers, body, signal });
      } catch (error) {
        failure = transportError(what, error, options.signal, timeoutMs);
        if (failure.code === 'aborted') throw failure;
      } finally {
        clearTimeout(timer);
      }
      const retryable = response ? response.status === 429 || response.status >= 500 : true;
      if (!retryable || attempt >= maxRetries) {
        if (response) return response;
        throw failure!;
      }
      const retryAfter = response ? retryAfterSeconds(response.headers.get('retry-after')) : undefined;
      await response?.body?.cancel().catch(() => undefined);
      const backoff = RETRY_BASE_MS * 2 ** attempt * (0.5 + Math.random() / 2);
      await sleep(Math.min(RETRY_CAP_MS, retryAfter !== undefined ? retryAfter * 1000 : backoff), options.signal, what);
    }
  }
}

function randomKey(): string {
  return globalThis.crypto.randomUUID();
}

async function readText(response: Response, what: string, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw transportError(what, error, signal, 0);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

async function apiError(what: string, response: Response): Promise<RigforgeClientError> {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const body = parseJson(await response.text().catch(() => ''));
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, param } = parsed.data.error;
    return clientError({ code, message, param, status: response.status, retryAfterSeconds: retryAfter, requestId });
  }
  return clientError({
    code: response.status >= 500 ? 'internal_error' : 'invalid_response',
    status: response.status,
    retryAfterSeconds: retryAfter,
    requestId,
    message: `${what}: HTTP ${response.status} without the API's error body`,
  });
}

function transportError(what: string, error: unknown, signal: AbortSignal | undefined, timeoutMs: number): RigforgeClientError {
  if (signal?.aborted) return clientError({ code: 'aborted', message: `${what}: aborted` });
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return clientError({ code: 'timeout', message: `${what}: no answer within ${timeoutMs} ms` });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const detail = error instanceof Error ? error.message : String(error);
  return clientError({ code: 'network_error', message: `${what}: the API could not be reached (${detail}${cause})` });
}

/** Waits `ms`, or rejects as `aborted` when the signal fires first. */
export function sleep(ms: number, signal: AbortSignal | undefined, what = 'wait'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(clientError({ code: 'aborted', message: `${what}: aborted` }));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(clientError({ code: 'aborted', message: `${what}: aborted` }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

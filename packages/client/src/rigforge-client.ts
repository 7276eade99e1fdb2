/**
 * A typed client for the Rigforge HTTP API. Request types are the zod contracts' input types and
 * every response is parsed with the contract's schema, so a field the server renames fails here,
 * loudly, instead of deep inside a caller. Errors are `RigforgeClientError` values carrying the
 * API's error code.
 */
import got, { type Response } from 'got';
import {
  accountSchema,
  assetCategoriesSchema,
  assetListSchema,
  checkRigResponseSchema,
  createModelResponseSchema,
  createRigResponseSchema,
  errorBodySchema,
  jobListSchema,
  jobSchema,
  type AssetCategories,
  type AssetList,
  type CheckRigRequest,
  type CheckRigResponse,
  type CreateModelRequest,
  type CreateModelResponse,
  type CreateRigRequest,
  type CreateRigResponse,
  type JobList,
  type JobObject,
  type AccountObject,
  type JobOperation,
  type JobStatus,
} from '@rigforge/contracts';
import type { createModelRequestSchema, createRigRequestSchema } from '@rigforge/contracts';
import type { z } from 'zod';
import { RigforgeClientError } from './client-error';

export interface RigforgeClientOptions {
  /** The API's origin, e.g. `http://localhost:3000` (no `/v1`). */
  baseUrl: string;
  /** An API key; sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  /** Identifies the calling program to the API's logs; default `rigforge-client/0.1`. */
  userAgent?: string;
}

export const RIGFORGE_CLIENT_DEFAULTS = { timeoutMs: 30_000, userAgent: 'rigforge-client/0.1' } as const;

/** Request bodies as callers write them: fields with a server default may be left out. */
export type CreateRigInput = z.input<typeof createRigRequestSchema>;
export type CreateModelInput = z.input<typeof createModelRequestSchema>;

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
}

type Method = 'GET' | 'POST';

export class RigforgeClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly userAgent: string;

  constructor(options: RigforgeClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? RIGFORGE_CLIENT_DEFAULTS.timeoutMs;
    this.userAgent = options.userAgent ?? RIGFORGE_CLIENT_DEFAULTS.userAgent;
  }

  /** POST /v1/rigs: queue a rig job (charged; needs a subscription). */
  createRig(body: CreateRigInput | CreateRigRequest, options?: RequestOptions): Promise<CreateRigResponse> {
    return this.request('POST', '/v1/rigs', createRigResponseSchema, { body, ...options });
  }

  /** POST /v1/rigs/check: the free pre-rig check (no credits; counts against the rate limit). */
  checkRig(body: CheckRigRequest, options?: RequestOptions): Promise<CheckRigResponse> {
    return this.request('POST', '/v1/rigs/check', checkRigResponseSchema, { body, ...options });
  }

  /** POST /v1/models: queue an image-to-model job (charged). */
  createModel(body: CreateModelInput | CreateModelRequest, options?: RequestOptions): Promise<CreateModelResponse> {
    return this.request('POST', '/v1/models', createModelResponseSchema, { body, ...options });
  }

  /** GET /v1/jobs/{id}: any job of the caller, in any status. */
  getJob(id: string, options?: RequestOptions): Promise<JobObject> {
    return this.request('GET', `/v1/jobs/${encodeURIComponent(id)}`, jobSchema, options);
  }

  /** GET /v1/jobs: the caller's jobs, newest first. */
  /**
   * POST /v1/jobs/{id}/cancel: a queued or processing job becomes failed (error code `canceled`)
   * and is refunded; a finished job rejects with code `job_not_cancelable`.
   */
  cancelJob(id: string, options?: RequestOptions): Promise<JobObject> {
    return this.request('POST', `/v1/jobs/${encodeURIComponent(id)}/cancel`, jobSchema, options);
  }

  listJobs(query: ListJobsInput = {}, options?: RequestOptions): Promise<JobList> {
    return this.request('GET', '/v1/jobs', jobListSchema, { query: { ...query }, ...options });
  }

  /** GET /v1/account: plan, subscription, credit balance, rate limit and this month's usage (free). */
  account(options?: RequestOptions): Promise<AccountObject> {
    return this.request('GET', '/v1/account', accountSchema, options);
  }

  /** GET /v1/assets: a page of the CC0 catalog (free). */
  listAssets(query: ListAssetsInput = {}, options?: RequestOptions): Promise<AssetList> {
    return this.request('GET', '/v1/assets', assetListSchema, { query: { ...query }, ...options });
  }

  /** GET /v1/assets/categories: every category and pack of the catalog (free). */
  listAssetCategories(options?: RequestOptions): Promise<AssetCategories> {
    return this.request('GET', '/v1/assets/categories', assetCategoriesSchema, options);
  }

  private async request<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    options: RequestOptions & { body?: Record<string, unknown>; query?: Record<string, string | number | undefined> } = {},
  ): Promise<z.infer<S>> {
    const url = new URL(this.baseUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const what = `${method} ${path}`;
    if (options.signal?.aborted) throw new RigforgeClientError({ code: 'aborted', message: `${what}: aborted` });
    const pending = got(url, {
      method,
      json: options.body,
      responseType: 'text',
      throwHttpErrors: false,
      retry: 0,
      timeout: { request: this.timeoutMs },
      headers: { authorization: `Bearer ${this.apiKey}`, 'user-agent': this.userAgent, accept: 'application/json' },
    });
    const abort = () => pending.cancel();
    options.signal?.addEventListener('abort', abort, { once: true });
    let response: Response<string>;
    try {
      response = await pending;
    } catch (error) {
      throw transportError(what, error, options.signal, this.timeoutMs);
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
    const body = parseJson(response.body);
    if (response.statusCode >= 400) throw apiError(what, response, body);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new RigforgeClientError({
        code: 'invalid_response',
        status: response.statusCode,
        message: `${what}: the answer does not match the contract (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message})`,
      });
    }
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function retryAfterSeconds(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - Date.now()) / 1000)) : undefined;
}

function apiError(what: string, response: Response<string>, body: unknown): RigforgeClientError {
  const retryAfter = retryAfterSeconds(response.headers['retry-after']);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, param } = parsed.data.error;
    return new RigforgeClientError({ code, message, param, status: response.statusCode, retryAfterSeconds: retryAfter });
  }
  return new RigforgeClientError({
    code: response.statusCode >= 500 ? 'internal_error' : 'invalid_response',
    status: response.statusCode,
    retryAfterSeconds: retryAfter,
    message: `${what}: HTTP ${response.statusCode} without the API's error body`,
  });
}

function transportError(what: string, error: unknown, signal: AbortSignal | undefined, timeoutMs: number): RigforgeClientError {
  if (signal?.aborted) return new RigforgeClientError({ code: 'aborted', message: `${what}: aborted` });
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'ETIMEDOUT') {
    return new RigforgeClientError({ code: 'timeout', message: `${what}: no answer within ${timeoutMs} ms` });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new RigforgeClientError({ code: 'network_error', message: `${what}: the API could not be reached (${detail})` });
}

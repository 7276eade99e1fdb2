/**
 * The generate_model engine as a remote HTTP service (e.g. a neural image-to-3D server on a GPU
 * box), behind the same operation: the API and clients see no difference. The protocol is in
 * docs/remote-engine.md. Transient failures (5xx, 429, network errors, timeouts) are retried with
 * exponential backoff; permanent ones fail the job with a clear code.
 */
import got, { HTTPError, RequestError } from 'got';
import { EngineError, readMesh, renderThumbnail, sniffImageFormat, withDefaults } from '@rigforge/mesh';
import type { Engine, EngineResult } from './engine';

export interface RemoteGenerateEngineOptions {
  /** Base URL; requests go to `<url>/generate`. */
  url: string;
  token?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
  /** First backoff delay; doubles each retry. */
  backoffMs?: number;
  /**
   * Largest response read; the connection is closed past it and the job fails. The answer is
   * buffered whole (it is one JSON document), so without a cap an endless body from a broken or
   * hostile engine would grow the worker until it is killed.
   */
  maxResponseBytes?: number;
}

export const REMOTE_GENERATE_ENGINE_DEFAULTS: Required<Pick<RemoteGenerateEngineOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'maxResponseBytes'>> = {
  timeoutMs: 120_000,
  retries: 3,
  backoffMs: 1000,
  // A model's base64 (4/3 of it) and a thumbnail: room for a 40 MB model, far more than we keep.
  maxResponseBytes: 64 * 1024 * 1024,
};

interface RemoteResponse {
  model_base64?: unknown;
  format?: unknown;
  thumbnail_png_base64?: unknown;
  report?: unknown;
}

export function createRemoteGenerateEngine(options: RemoteGenerateEngineOptions): Engine {
  // An explicit `undefined` (e.g. an unset env var) keeps the default instead of overriding it.
  const settings = { ...options, ...withDefaults(REMOTE_GENERATE_ENGINE_DEFAULTS, options) };
  const endpoint = `${settings.url.replace(/\/+$/, '')}/generate`;
  return {
    name: 'generate_model.remote',
    runsIn: 'main',
    async run({ input, job }, { signal }): Promise<EngineResult> {
      if (job.operation !== 'generate_model') throw new Error(`generate_model.remote: got a ${job.operation} job`);
      const { params } = job;
      let body: RemoteResponse;
      let tooLarge = false;
      try {
        const request = got.post(endpoint, {
          json: {
            image_base64: Buffer.from(input).toString('base64'),
            image_format: sniffImageFormat(input) ?? 'webp',
            options: {
              thickness: params.thickness,
              height: params.height,
              ...(params.body_plan !== undefined ? { body_plan: params.body_plan } : {}),
              ...(params.view !== undefined ? { view: params.view } : {}),
              output_format: params.output_format,
            },
          },
          headers: settings.token ? { authorization: `Bearer ${settings.token}` } : {},
          timeout: { request: settings.timeoutMs },
          responseType: 'json',
          retry: {
            limit: settings.retries,
            methods: ['POST'],
            statusCodes: [408, 429, 500, 502, 503, 504],
            errorCodes: ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'],
            calculateDelay: ({ attemptCount, computedValue }: { attemptCount: number; computedValue: number }) =>
              computedValue === 0 ? 0 : settings.backoffMs * 2 ** (attemptCount - 1),
          },
        });
        // got 11 has no AbortSignal option: cancel the request when the job's deadline passes.
        signal.addEventListener('abort', () => request.cancel(), { once: true });
        // got 11 has no size limit either: count what arrives and cancel past the cap.
        request.on('downloadProgress', ({ transferred }: { transferred: number }) => {
          if (transferred <= settings.maxResponseBytes || tooLarge) return;
          tooLarge = true;
          request.cancel();
        });
        body = (await request).body as RemoteResponse;
      } catch (error) {
        if (tooLarge) {
          throw new EngineError('engine_error', `remote engine: the response is larger than the limit of ${settings.maxResponseBytes} bytes (the download was stopped there)`);
        }
        throw toEngineError(error);
      }

      if (typeof body.model_base64 !== 'string' || (body.format !== 'glb' && body.format !== 'fbx')) {
        throw new EngineError('engine_error', 'remote engine: the response has no model_base64 and format glb|fbx');
      }
      const model = new Uint8Array(Buffer.from(body.model_base64, 'base64'));
      let mesh;
      try {
        mesh = (await readMesh(model)).mesh;
      } catch (error) {
        throw new EngineError('engine_error', `remote engine: the returned model is unreadable (${(error as Error).message})`);
      }
      const thumbnail =
        typeof body.thumbnail_png_base64 === 'string'
          ? new Uint8Array(Buffer.from(body.thumbnail_png_base64, 'base64'))
          : renderThumbnail(mesh);
      return {
        files: [
          { type: 'model', format: body.format, contentType: body.format === 'glb' ? 'model/gltf-binary' : 'application/octet-stream', bytes: model },
          { type: 'thumbnail', format: 'png', contentType: 'image/png', bytes: thumbnail },
        ],
        report: { remote: true, ...(typeof body.report === 'object' && body.report ? { remoteReport: body.report } : {}) },
      };
    },
  };
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    let remote: { code?: string; message?: string } = {};
    const raw = error.response.body;
    try {
      const parsed = (typeof raw === 'string' || Buffer.isBuffer(raw) ? JSON.parse(String(raw)) : raw) as { error?: typeof remote };
      remote = parsed?.error ?? {};
    } catch {
      // not JSON: keep the status only
    }
    const detail = remote.message ? `: ${remote.message}` : '';
    if (status === 400 || status === 415 || status === 422) {
      const code = remote.code === 'unsupported_format' ? 'unsupported_format' : 'invalid_input';
      return new EngineError(code, `remote engine refused the image (HTTP ${status})${detail}`);
    }
    return new EngineError('engine_error', `remote engine failed with HTTP ${status}${detail}`);
  }
  if (error instanceof RequestError) {
    return new EngineError('engine_error', `remote engine unreachable after retries (${error.code ?? error.message})`);
  }
  return new EngineError('engine_error', `remote engine: ${error instanceof Error ? error.message : String(error)}`);
}

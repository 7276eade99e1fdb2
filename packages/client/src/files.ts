/**
 * Local files in and out: a mesh or image on disk becomes the `*_base64` field of a request
 * (decoded size checked against the contract's 10 MB first, so a too-big file fails here with a
 * clear message and no upload), or, past that, an upload (POST /v1/uploads and a streamed PUT)
 * given by its `model_url`; and a job's output URL is streamed to a file on disk.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { clientError, RigforgeClientError } from './client-error';
import type { RigforgeClient } from './rigforge-client';

/** The contract's limit on `model_base64` and `image_base64`, decoded. */
export const MAX_INLINE_BYTES = 10 * 1024 * 1024;

/** Reads a local file as base64 for `model_base64` / `image_base64`. */
export async function readFileAsBase64(file: string): Promise<string> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw clientError({ code: 'invalid_request', message: `${file}: no such file` });
  }
  if (size > MAX_INLINE_BYTES) {
    throw clientError({
      code: 'payload_too_large',
      message: `${file}: ${size} bytes is over the API's ${MAX_INLINE_BYTES}-byte limit for inline files; upload it (uploadFile) or pass its URL instead`,
    });
  }
  return (await readFile(file)).toString('base64');
}

export interface DownloadOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Downloads `url` to `dest` (parent folders made as needed). Written to a temporary name first and
 * renamed, so `dest` is never left half-written. Returns the number of bytes written.
 */
export async function downloadFile(url: string, dest: string, options: DownloadOptions = {}): Promise<number> {
  await mkdir(path.dirname(path.resolve(dest)), { recursive: true });
  const partial = `${dest}.part`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 120_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(url, { signal });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(partial));
    await rename(partial, dest);
  } catch (error) {
    await rm(partial, { force: true });
    const detail = error instanceof Error ? error.message : String(error);
    throw clientError({ code: options.signal?.aborted ? 'aborted' : 'network_error', message: `download ${url}: ${detail}` });
  }
  return (await stat(dest)).size;
}

export interface UploadFileOptions {
  /** Deadline of the PUT of the bytes; default 30 min. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Retries of the PUT after a network error or a 5xx; default 2. */
  maxRetries?: number;
}

/**
 * Uploads a local file (up to the API's upload limit, 200 MB by default): POST /v1/uploads
 * declares its size, then the file is streamed (never read whole) to the `upload_url` with exactly
 * the headers given, a presigned bucket URL or the API's own, without the API key. Returns the
 * `model_url` to pass as `model_url` (or `animation_url`, `image_url`) until the upload expires.
 */
export async function uploadFile(client: RigforgeClient, file: string, options: UploadFileOptions = {}): Promise<string> {
  const size = await fileSize(file);
  const upload = await client.createUpload({ bytes: size, content_type: 'application/octet-stream' }, { signal: options.signal });
  const maxRetries = options.maxRetries ?? 2;
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30 * 60_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let failure: string;
    try {
      // `duplex: 'half'` is what fetch needs to send a stream body (not yet in the DOM types).
      const init: RequestInit & { duplex: 'half' } = {
        method: 'PUT',
        headers: upload.headers,
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal,
      };
      const response = await fetch(upload.upload_url, init);
      const text = await response.text().catch(() => '');
      if (response.ok) return upload.model_url;
      if (response.status < 500) {
        const code = response.status === 413 ? 'payload_too_large' : response.status === 404 ? 'not_found' : 'invalid_request';
        throw clientError({ code, status: response.status, message: `upload ${file}: PUT answered ${response.status} ${text.slice(0, 300)}` });
      }
      failure = `PUT answered ${response.status}`;
    } catch (error) {
      if (error instanceof RigforgeClientError) throw error;
      if (options.signal?.aborted) throw clientError({ code: 'aborted', message: `upload ${file}: aborted` });
      failure = error instanceof Error ? error.message : String(error);
    }
    if (attempt >= maxRetries) throw clientError({ code: 'network_error', message: `upload ${file}: ${failure}` });
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
  }
}

/**
 * A local mesh as the source of POST /v1/rigs or /v1/rigs/check: inline (`model_base64`) up to
 * the inline limit, uploaded (`model_url`) past it.
 */
export async function meshFileSource(client: RigforgeClient, file: string, options: UploadFileOptions = {}): Promise<{ model_base64: string } | { model_url: string }> {
  if ((await fileSize(file)) <= MAX_INLINE_BYTES) return { model_base64: await readFileAsBase64(file) };
  return { model_url: await uploadFile(client, file, options) };
}

async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    throw clientError({ code: 'invalid_request', message: `${file}: no such file` });
  }
}

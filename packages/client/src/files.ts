/**
 * Local files in and out: a mesh or image on disk becomes the `*_base64` field of a request
 * (decoded size checked against the contract's 10 MB first, so a too-big file fails here with a
 * clear message and no upload), and a job's output URL is streamed to a file on disk.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { clientError } from './client-error';

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
      message: `${file}: ${size} bytes is over the API's ${MAX_INLINE_BYTES}-byte limit for inline files; host it and pass its URL instead`,
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

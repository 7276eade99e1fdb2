/**
 * Turns a submission's input source into bytes we own, before the job is accepted, so a job is
 * immutable and an unreadable input is a 400 at submission rather than a failed job later.
 */
import { randomBytes } from 'node:crypto';
import { findUploadByKey, type Db } from '@rigforge/db';
import { isJobInputKey, isUploadKey, type ObjectStorage } from '@rigforge/storage';
import { ApiError } from '../errors/api-error';
import { DownloadError, guardedDownload, type GuardedDownloadOptions } from '../fetch/guarded-download';

export interface InputCaptureOptions {
  storage: ObjectStorage;
  download: GuardedDownloadOptions;
}

/**
 * Base64 fields already decoded off the event loop (upload-check/large-json-body.ts), by the token
 * that stands in the body for the field's value until the route decodes it. A token is 32 random
 * base64 characters (valid base64, so the routes' schemas accept it), unguessable, and dropped
 * when its response closes, used or not.
 */
const predecoded = new Map<string, Buffer>();
/** 24 random bytes in base64, no padding. */
const TOKEN_BYTES = 24;
const TOKEN_LENGTH = (TOKEN_BYTES / 3) * 4;

export function registerPredecodedBase64(bytes: Buffer, response: { once(event: 'close', listener: () => void): unknown }): string {
  const token = randomBytes(TOKEN_BYTES).toString('base64');
  predecoded.set(token, bytes);
  response.once('close', () => predecoded.delete(token));
  return token;
}

/** Decodes standard base64 with the size cap applied before decoding (from the encoded length). */
export function decodeBase64Input(value: string, param: string, maxBytes: number): Buffer {
  // Only a value of a token's length can be one: any other is not looked up, so a small inline
  // model's base64 (up to 256 KB, parsed on the loop) is not hashed whole for a Map lookup per submission.
  const ready = value.length === TOKEN_LENGTH ? predecoded.get(value) : undefined;
  if (ready) {
    predecoded.delete(value);
    if (ready.length > maxBytes) throw new ApiError('payload_too_large', `${param}: decoded size exceeds ${maxBytes} bytes`, { param });
    if (ready.length === 0) throw new ApiError('invalid_request', `${param}: decodes to no bytes`, { param });
    return ready;
  }
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((value.length * 3) / 4) - padding;
  if (decodedLength > maxBytes) {
    throw new ApiError('payload_too_large', `${param}: decoded size exceeds ${maxBytes} bytes`, { param });
  }
  if (value.length % 4 === 1) {
    throw new ApiError('invalid_request', `${param}: not valid base64 (truncated)`, { param });
  }
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 0) throw new ApiError('invalid_request', `${param}: decodes to no bytes`, { param });
  return bytes;
}

export interface InputDownloadOptions extends GuardedDownloadOptions {
  /** The service's own storage: URLs of its objects are read from it, never fetched. */
  storage: ObjectStorage;
  /** Uploads (POST /v1/uploads): their rows say whose they are and until when; up to `maxBytes` each. */
  uploads: { db: Db; maxBytes: number };
}

/**
 * The bytes behind a source URL, mapping every failure to a 4xx that names the field. The service's
 * own object URLs (job outputs, catalog files, presigned S3 URLs of its bucket) are read from
 * storage: on a default install they are on localhost, which the SSRF guard rightly refuses to
 * fetch, and reading them directly leaves that guard as strict as ever for every other address.
 */
export async function downloadInput(url: string, param: string, options: InputDownloadOptions, accountId: string): Promise<Buffer> {
  const key = options.storage.keyOfUrl(url);
  if (key !== null && isUploadKey(key)) return readUpload(options, key, param, accountId);
  if (key !== null) return readOwnObject(options.storage, key, param, options.maxBytes);
  try {
    const bytes = await guardedDownload(url, options);
    if (bytes.length === 0) throw new ApiError('invalid_request', `${param}: the URL returned an empty body`, { param });
    return bytes;
  } catch (error) {
    if (error instanceof DownloadError) {
      if (error.kind === 'too_large') throw new ApiError('payload_too_large', `${param}: ${error.message}`, { param });
      throw new ApiError('invalid_request', `${param}: ${error.message}`, { param });
    }
    throw error;
  }
}

/**
 * An upload given by its model_url: read from storage like any own object, for its account only
 * and only before it expires (another account's upload is as unknown as a missing one), with the
 * upload limit rather than the download one.
 */
async function readUpload(options: InputDownloadOptions, key: string, param: string, accountId: string): Promise<Buffer> {
  const row = await findUploadByKey(options.uploads.db, key);
  if (!row || row.accountId !== accountId) throw new ApiError('invalid_request', `${param}: no upload of yours at this URL`, { param });
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('invalid_request', `${param}: the upload expired at ${row.expiresAt.toISOString()}; upload the file again`, { param });
  }
  const info = await options.storage.stat(key);
  if (!info) throw new ApiError('invalid_request', `${param}: the upload has no file yet; PUT it to its upload_url first`, { param });
  // The PUT was held to the declared size; this guards a store that did not hold it.
  const limit = Math.min(row.bytes, options.uploads.maxBytes);
  if (info.bytes > limit) throw new ApiError('payload_too_large', `${param}: the uploaded file is ${info.bytes} bytes, over its ${limit}-byte limit`, { param });
  return options.storage.get(key);
}

/** One of our own objects given by URL: what GET of that URL would give, without the network. */
async function readOwnObject(storage: ObjectStorage, key: string, param: string, maxBytes: number): Promise<Buffer> {
  // Submitted inputs are private (never served under /files), so they are not sources either.
  const info = isJobInputKey(key) || isUploadKey(key) ? null : await storage.stat(key);
  if (!info) throw new ApiError('invalid_request', `${param}: no file at this service's URL "${key}"`, { param });
  if (info.bytes > maxBytes) throw new ApiError('payload_too_large', `${param}: the file is ${info.bytes} bytes, over the ${maxBytes}-byte limit`, { param });
  if (info.bytes === 0) throw new ApiError('invalid_request', `${param}: the URL returned an empty body`, { param });
  return storage.get(key);
}

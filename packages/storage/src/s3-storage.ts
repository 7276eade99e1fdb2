/** Object storage in an S3-compatible bucket, for API and workers on several machines. */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { withDefaults } from '@rigforge/mesh/with-defaults';
import { assertStorageKey, contentTypeForKey, keyUnderBase, type ObjectStorage, type PresignedPut, type StoredObject } from './object-storage';
import { presignS3Url } from './presign-s3-url';

export interface S3StorageOptions {
  bucket: string;
  /** Base URL of an S3-compatible service (MinIO, R2, s3rver); unset means AWS in `region`. */
  endpoint?: string;
  /** Signing region; MinIO and s3rver accept any, R2 wants `auto`. Default us-east-1. */
  region?: string;
  /** Static credentials; unset lets the SDK use its provider chain (then `publicBaseUrl` is required). */
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`; MinIO and s3rver need it. Default true. */
  forcePathStyle?: boolean;
  /** A public bucket or CDN in front of it: URLs become `${publicBaseUrl}/${key}`. Default '' (presign). */
  publicBaseUrl?: string;
  /** Lifetime of presigned download URLs, at most 7 days (the SigV4 limit). Default 7 days. */
  urlExpirySeconds?: number;
}

export const S3_STORAGE_DEFAULTS: Required<Pick<S3StorageOptions, 'endpoint' | 'region' | 'forcePathStyle' | 'publicBaseUrl' | 'urlExpirySeconds'>> = {
  endpoint: '',
  region: 'us-east-1',
  forcePathStyle: true,
  publicBaseUrl: '',
  urlExpirySeconds: 7 * 24 * 3600,
};

/** Objects in one bucket of an S3-compatible store, so the API and workers on other machines share them. */
export class S3Storage implements ObjectStorage {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly options: S3StorageOptions & typeof S3_STORAGE_DEFAULTS;
  /** Scheme + host (+ port) and path prefix of an object's URL, for presigning. */
  private readonly objectOrigin: string;
  private readonly objectPathPrefix: string;

  constructor(options: S3StorageOptions) {
    this.options = { ...options, ...withDefaults(S3_STORAGE_DEFAULTS, options) };
    const o = this.options;
    if (!o.bucket) throw new Error('s3 storage: a bucket name is required');
    if ((o.accessKeyId ? 1 : 0) + (o.secretAccessKey ? 1 : 0) === 1) {
      throw new Error('s3 storage: give both accessKeyId and secretAccessKey, or neither');
    }
    if (!o.publicBaseUrl && !o.accessKeyId) {
      // Presigning here is synchronous (see presign-s3-url.ts), so it cannot ask a provider chain.
      throw new Error('s3 storage: presigned URLs need a static accessKeyId and secretAccessKey; otherwise set publicBaseUrl');
    }
    this.bucket = o.bucket;
    this.client = new S3Client({
      region: o.region,
      endpoint: o.endpoint || undefined,
      forcePathStyle: o.forcePathStyle,
      credentials: o.accessKeyId
        ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey ?? '', sessionToken: o.sessionToken }
        : undefined,
      // The SDK's default CRC checksums on every upload are not understood by every S3-compatible
      // store (older MinIO, R2, s3rver); only send them where an operation demands one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const base = new URL(o.endpoint || `https://s3.${o.region}.amazonaws.com`);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (o.forcePathStyle) {
      this.objectOrigin = `${base.protocol}//${base.host}`;
      this.objectPathPrefix = `${basePath}/${o.bucket}/`;
    } else {
      this.objectOrigin = `${base.protocol}//${o.bucket}.${base.host}`;
      this.objectPathPrefix = `${basePath}/`;
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType || contentTypeForKey(key),
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    assertStorageKey(key);
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!out.Body) throw new Error(`s3 storage: empty response body for "${key}"`);
    const bytes = await out.Body.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async stat(key: string): Promise<{ bytes: number; contentType: string } | null> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { bytes: out.ContentLength ?? 0, contentType: out.ContentType || contentTypeForKey(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Deleting a missing object succeeds, as it does in S3 itself and in LocalStorage. */
  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** ListObjectsV2, a page of up to 1000 keys per request, fetched as the caller iterates. */
  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * `${publicBaseUrl}/${key}` when a public base is configured, else a presigned GET URL. The signing
   * time is rounded down to a window (an hour, or a tenth of the lifetime if shorter), so repeated
   * reads of a job return the same URL and clients and CDNs can cache by it; the URL then stays
   * valid for at least 90% of `urlExpirySeconds` after it is handed out.
   */
  publicUrl(key: string, now: Date = new Date()): string {
    assertStorageKey(key);
    const o = this.options;
    if (o.publicBaseUrl) return `${o.publicBaseUrl.replace(/\/+$/, '')}/${key}`;
    const windowMs = Math.min(3600, Math.floor(o.urlExpirySeconds / 10)) * 1000;
    const signedAt = windowMs > 0 ? new Date(Math.floor(now.getTime() / windowMs) * windowMs) : now;
    return this.presignGet(key, o.urlExpirySeconds, signedAt);
  }

  /** A GET of `key` signed at `signedAt` for `expiresInSeconds`, with this storage's credentials. */
  private presignGet(key: string, expiresInSeconds: number, signedAt: Date): string {
    const o = this.options;
    return presignS3Url({
      origin: this.objectOrigin,
      path: `${this.objectPathPrefix}${key}`,
      region: o.region,
      accessKeyId: o.accessKeyId ?? '',
      secretAccessKey: o.secretAccessKey ?? '',
      sessionToken: o.sessionToken,
      expiresInSeconds,
      now: signedAt,
    });
  }

  /**
   * With a public base, the key under it. Otherwise a presigned URL of this bucket counts only while
   * it is unexpired and its signature is the one we would write for that key and signing time, so
   * reading it from storage grants exactly what fetching it would.
   */
  keyOfUrl(url: string, now: Date = new Date()): string | null {
    const o = this.options;
    if (o.publicBaseUrl) return keyUnderBase(url, o.publicBaseUrl);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (`${parsed.protocol}//${parsed.host}` !== this.objectOrigin) return null;
    const key = keyUnderBase(`${parsed.origin}${parsed.pathname}`, `${this.objectOrigin}${this.objectPathPrefix}`);
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(parsed.searchParams.get('X-Amz-Date') ?? '');
    const expires = Number(parsed.searchParams.get('X-Amz-Expires'));
    if (key === null || !date || !Number.isInteger(expires) || expires < 1) return null;
    const signedAt = new Date(Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!));
    if (now.getTime() > signedAt.getTime() + expires * 1000) return null;
    const expected = this.presignGet(key, expires, signedAt);
    const signature = parsed.searchParams.get('X-Amz-Signature');
    return signature !== null && new URL(expected).searchParams.get('X-Amz-Signature') === signature ? key : null;
  }

  /**
   * A PUT signed with `content-length` and `content-type` among its headers, so the store itself
   * refuses a body of another size or type (403 SignatureDoesNotMatch): the API never sees the
   * bytes, and nothing larger than declared can land in the bucket.
   */
  presignPut(key: string, upload: PresignedPut, now: Date = new Date()): string {
    assertStorageKey(key);
    const o = this.options;
    if (!o.accessKeyId) throw new Error('s3 storage: presigned uploads need a static accessKeyId and secretAccessKey');
    return presignS3Url({
      method: 'PUT',
      origin: this.objectOrigin,
      path: `${this.objectPathPrefix}${key}`,
      region: o.region,
      accessKeyId: o.accessKeyId,
      secretAccessKey: o.secretAccessKey ?? '',
      sessionToken: o.sessionToken,
      expiresInSeconds: upload.expiresInSeconds,
      now,
      headers: { 'content-length': String(upload.bytes), 'content-type': upload.contentType },
    });
  }

  /** Closes the client's sockets; the storage cannot be used afterwards. */
  close(): void {
    this.client.destroy();
  }
}

/** HeadObject has no body, so a missing key surfaces as a bare 404 named `NotFound` (or `NoSuchKey`). */
function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  }
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

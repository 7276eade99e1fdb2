/**
 * Presigned S3 URLs (AWS Signature Version 4, query-string form), computed synchronously.
 *
 * Approaches: the SDK's `@aws-sdk/s3-request-presigner` is async (it resolves credentials and the
 * endpoint through middleware), but `ObjectStorage.publicUrl` is synchronous and is called while a
 * job or asset list is being shaped. Rather than making every caller async, we sign here with
 * node:crypto: the query form of SigV4 needs no body hash (`UNSIGNED-PAYLOAD`) and only the `host`
 * header, so it is a canonical string, one SHA-256 and five HMACs. The cost is that credentials must
 * be static (access key + secret, optionally a session token), not a refreshing provider chain.
 */
import { createHash, createHmac } from 'node:crypto';

export interface PresignS3UrlOptions {
  /** HTTP method the URL authorises; GET for downloads. */
  method?: string;
  /** Scheme, host and optional port the request goes to, e.g. `https://bucket.s3.amazonaws.com`. */
  origin: string;
  /** Unencoded path, e.g. `/bucket/jobs/1/output/model.glb`; each segment is encoded here. */
  path: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** For temporary credentials; signed along with the rest. */
  sessionToken?: string;
  /** Lifetime of the URL; SigV4 allows 1 s to 7 days. */
  expiresInSeconds: number;
  /** Signing time; the URL is valid from here for `expiresInSeconds`. */
  now?: Date;
  /** Signing service name; `s3` for every S3-compatible store. */
  service?: string;
  /** Extra query parameters, signed with the rest (e.g. `response-content-disposition`). */
  query?: Record<string, string>;
  /**
   * Headers the request must carry with exactly these values (besides `host`), e.g. a PUT's
   * `content-length` and `content-type`: the store refuses a request whose headers differ, which
   * is how a presigned upload is held to its declared size and type.
   */
  headers?: Record<string, string>;
}

const MAX_EXPIRY_SECONDS = 7 * 24 * 3600;

/** A URL that performs `method` on the object without credentials until it expires. */
export function presignS3Url(options: PresignS3UrlOptions): string {
  const { region, accessKeyId, secretAccessKey, sessionToken, expiresInSeconds } = options;
  const method = (options.method ?? 'GET').toUpperCase();
  const service = options.service ?? 's3';
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_EXPIRY_SECONDS) {
    throw new RangeError(`presign: expiry must be a whole number of seconds from 1 to ${MAX_EXPIRY_SECONDS}, got ${expiresInSeconds}`);
  }
  const origin = new URL(options.origin);
  // Canonical headers: lowercase names, trimmed values, sorted by name, host among them.
  const headers = Object.entries({ ...lowercaseKeys(options.headers ?? {}), host: origin.host })
    .map(([name, value]) => [name, value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const amzDate = amzTimestamp(options.now ?? new Date());
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/${service}/aws4_request`;

  const canonicalPath = options.path
    .split('/')
    .map((segment) => encodeRfc3986(segment))
    .join('/');
  const params: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(expiresInSeconds)],
    ['X-Amz-SignedHeaders', signedHeaders],
  ];
  if (sessionToken) params.push(['X-Amz-Security-Token', sessionToken]);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (/^x-amz-(algorithm|credential|date|expires|signedheaders|signature|security-token)$/i.test(name)) {
      throw new Error(`presign: query parameter "${name}" is set by the signer`);
    }
    params.push([name, value]);
  }
  // Sorted by encoded name (code-point order), as the canonical form requires.
  const query = params
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

  // `URL.host` keeps a non-default port, which is what a client sends in its Host header.
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const canonicalRequest = [method, canonicalPath, query, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${secretAccessKey}`, day);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');

  return `${origin.protocol}//${origin.host}${canonicalPath}?${query}&X-Amz-Signature=${signature}`;
}

function lowercaseKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    const lower = name.toLowerCase();
    if (lower === 'host') throw new Error('presign: the host header is signed from the origin');
    out[lower] = value;
  }
  return out;
}

/** `YYYYMMDDTHHMMSSZ` in UTC. */
function amzTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Percent-encodes everything but RFC 3986 unreserved characters (encodeURIComponent leaves `!'()*`). */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * SigV4's HexEncode(Hash(canonical request)), kept here rather than shared with the catalog's
 * content digest (`sha256Hex` in @rigforge/catalog): it is one node:crypto call that belongs to the
 * signing algorithm next to `hmac`, and sharing it would make storage, which depends on no
 * workspace package, import the catalog (or both import a package for one line).
 */
function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

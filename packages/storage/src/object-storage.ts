/** Where inputs and outputs live. The local directory is the default; S3-compatible is the production choice. */
export interface ObjectStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Size in bytes, or null when the object does not exist. */
  stat(key: string): Promise<{ bytes: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a folder, ending in `/`), with its last write
   * time, in no particular order; for sweepers, so pages are fetched as the caller iterates.
   */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** An absolute URL a client can download the object from. */
  publicUrl(key: string): string;
  /**
   * The key behind one of this storage's own URLs (as `publicUrl` writes them, a presigned one only
   * while its signature holds), else null. Lets the API read its own objects given as sources
   * straight from storage instead of fetching them over the network.
   */
  keyOfUrl(url: string): string | null;
  /**
   * A URL a client can PUT the object's bytes to without credentials, held to exactly the
   * declared size and content type (requests with other `Content-Length`/`Content-Type` headers are
   * refused by the store), or null when this storage takes no direct writes: then the API accepts
   * the PUT itself (local storage).
   */
  presignPut(key: string, upload: PresignedPut): string | null;
}

/** What a presigned PUT allows: one object, of this size and type, until the URL expires. */
export interface PresignedPut {
  bytes: number;
  contentType: string;
  expiresInSeconds: number;
}

/** The key of `url` when it is `base` + `/` + a valid key (no query, no fragment), else null. */
export function keyUnderBase(url: string, base: string): string | null {
  const prefix = `${base.replace(/\/+$/, '')}/`;
  if (!url.startsWith(prefix)) return null;
  let key: string;
  try {
    key = decodeURIComponent(url.slice(prefix.length));
  } catch {
    return null;
  }
  try {
    assertStorageKey(key);
  } catch {
    return null;
  }
  return key;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

export class StorageKeyError extends Error {
  override readonly name = 'StorageKeyError';
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative, slash-separated, with no `..`, empty or hidden segments: safe as file paths and URLs. */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new StorageKeyError(`storage: invalid key "${key}"`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  glb: 'model/gltf-binary',
  // VRM is a GLB with the VRMC_vrm extension.
  vrm: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  fbx: 'application/octet-stream',
  obj: 'text/plain',
  stl: 'model/stl',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  json: 'application/json',
};

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

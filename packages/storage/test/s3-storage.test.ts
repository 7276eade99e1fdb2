import { randomBytes } from 'node:crypto';
import { S3Storage } from '../src/s3-storage';
import { StorageKeyError } from '../src/object-storage';
import { S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from './s3rver-fixture';

let server: RunningS3rver;
let storage: S3Storage;

beforeAll(async () => {
  server = await startS3rver();
  storage = new S3Storage({ bucket: server.bucket, endpoint: server.endpoint, ...S3RVER_CREDENTIALS });
});
afterAll(async () => {
  storage.close();
  await server.close();
});

describe('S3Storage against s3rver', () => {
  test('put, get, stat and delete one object', async () => {
    const key = 'jobs/put-get/output/model.glb';
    const bytes = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0]);
    await storage.put(key, bytes, 'model/gltf-binary');
    const back = await storage.get(key);
    expect(Buffer.isBuffer(back)).toBe(true);
    expect([...back]).toEqual([...bytes]);
    expect(await storage.stat(key)).toEqual({ bytes: 8, contentType: 'model/gltf-binary' });
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.get(key)).rejects.toThrow();
  });

  test('a missing key: stat is null, delete succeeds', async () => {
    expect(await storage.stat('jobs/never/written.glb')).toBeNull();
    await expect(storage.delete('jobs/never/written.glb')).resolves.toBeUndefined();
  });

  test('keeps the content type given at put, even where the extension says otherwise', async () => {
    await storage.put('jobs/ct/output/report', Buffer.from('{"ok":true}'), 'application/json');
    expect(await storage.stat('jobs/ct/output/report')).toEqual({ bytes: 11, contentType: 'application/json' });
    // An empty type falls back to the one the key's extension implies.
    await storage.put('jobs/ct/output/thumb.png', Buffer.from('png?'), '');
    expect((await storage.stat('jobs/ct/output/thumb.png'))?.contentType).toBe('image/png');
  });

  test('an overwrite replaces the object (outputs go to fixed keys; a retry overwrites)', async () => {
    const key = 'jobs/retry/output/model.glb';
    await storage.put(key, Buffer.from('first attempt'), 'model/gltf-binary');
    await storage.put(key, Buffer.from('second'), 'model/gltf-binary');
    expect((await storage.get(key)).toString()).toBe('second');
    expect((await storage.stat(key))?.bytes).toBe(6);
  });

  test('a presigned URL downloads the object over plain HTTP, with its content type', async () => {
    const key = 'jobs/presigned/output/thumbnail.png';
    const bytes = randomBytes(3000);
    await storage.put(key, bytes, 'image/png');
    const url = storage.publicUrl(key);
    expect(url.startsWith(`${server.endpoint}/${server.bucket}/${key}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('604800');
    // Signed at the start of the hour, so reading the job again gives the same URL.
    expect(new URL(url).searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{2}0000Z$/);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    expect(storage.publicUrl(key, new Date(hour + 60_000))).toBe(storage.publicUrl(key, new Date(hour + 3_540_000)));
    expect(storage.publicUrl(key, new Date(hour + 60_000))).not.toBe(storage.publicUrl(key, new Date(hour + 3_660_000)));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a presigned PUT with the declared headers stores the object, and its public URL is a source', async () => {
    // s3rver does not check V4 signatures' signed headers; that the store refuses another size or
    // type rests on signing them as AWS does (presign-s3-url.test.ts checks against the SDK).
    const key = 'uploads/ab/presigned-put';
    const body = randomBytes(1000);
    const url = storage.presignPut(key, { bytes: body.length, contentType: 'model/gltf-binary', expiresInSeconds: 600 });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const stored = await fetch(url, { method: 'PUT', body, headers: { 'Content-Type': 'model/gltf-binary' } });
    expect(stored.status).toBe(200);
    expect(await storage.stat(key)).toEqual({ bytes: 1000, contentType: 'model/gltf-binary' });
    expect(storage.keyOfUrl(storage.publicUrl(key))).toBe(key);
  });

  test('an expired presigned URL is refused', async () => {
    const key = 'jobs/expired/output/model.glb';
    await storage.put(key, Buffer.from('x'), 'model/gltf-binary');
    const short = new S3Storage({ bucket: server.bucket, endpoint: server.endpoint, ...S3RVER_CREDENTIALS, urlExpirySeconds: 60 });
    const stale = short.publicUrl(key, new Date(Date.now() - 120_000));
    const fresh = short.publicUrl(key);
    short.close();
    expect((await fetch(stale)).status).toBe(403);
    expect((await fetch(fresh)).status).toBe(200);
  });

  test('a 10 MB object round-trips intact', async () => {
    const key = 'jobs/large/input.glb';
    const bytes = randomBytes(10 * 1024 * 1024);
    await storage.put(key, bytes, 'model/gltf-binary');
    expect((await storage.stat(key))?.bytes).toBe(bytes.length);
    expect((await storage.get(key)).equals(bytes)).toBe(true);
    await storage.delete(key);
  });

  test('keys that could escape or confuse are refused before any request', async () => {
    for (const key of ['../etc/passwd', '/abs.glb', 'a//b.glb', '.hidden/x', 'a b.glb']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.stat(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
      expect(() => storage.publicUrl(key)).toThrow(StorageKeyError);
    }
  });

  test('a wrong bucket is an error, not a silent null', async () => {
    const other = new S3Storage({ bucket: 'no-such-bucket', endpoint: server.endpoint, ...S3RVER_CREDENTIALS });
    await expect(other.put('a.glb', Buffer.from('x'), 'model/gltf-binary')).rejects.toThrow();
    await expect(other.get('a.glb')).rejects.toThrow();
    other.close();
  });
});

describe('S3Storage URLs and settings', () => {
  test('with a public base URL (CDN or public bucket) URLs are plain and need no credentials', () => {
    const s = new S3Storage({ bucket: 'b', endpoint: 'http://127.0.0.1:1', publicBaseUrl: 'https://cdn.example.com/assets/' });
    expect(s.publicUrl('jobs/1/output/model.glb')).toBe('https://cdn.example.com/assets/jobs/1/output/model.glb');
    s.close();
  });

  test('virtual-hosted style puts the bucket in the host; no endpoint means AWS in the region', () => {
    const aws = new S3Storage({ bucket: 'rigs', region: 'eu-central-1', forcePathStyle: false, accessKeyId: 'AK', secretAccessKey: 'SK' });
    expect(aws.publicUrl('a/b.glb')).toMatch(/^https:\/\/rigs\.s3\.eu-central-1\.amazonaws\.com\/a\/b\.glb\?X-Amz-Algorithm=/);
    aws.close();
    const minio = new S3Storage({ bucket: 'rigs', endpoint: 'https://minio.internal:9000/s3/', accessKeyId: 'AK', secretAccessKey: 'SK' });
    expect(minio.publicUrl('a/b.glb')).toMatch(/^https:\/\/minio\.internal:9000\/s3\/rigs\/a\/b\.glb\?/);
    minio.close();
  });

  test('keyOfUrl: its own URLs give their key; a forged, expired, foreign or odd one gives null', () => {
    const s = new S3Storage({ bucket: 'rigs', endpoint: 'https://minio.internal:9000', accessKeyId: 'AK', secretAccessKey: 'SK', urlExpirySeconds: 3600 });
    const now = new Date('2026-11-27T10:20:00Z');
    const url = s.publicUrl('jobs/1/output/model.glb', now);
    expect(s.keyOfUrl(url, now)).toBe('jobs/1/output/model.glb');
    expect(s.keyOfUrl(url.replace(/X-Amz-Signature=[0-9a-f]/, (m) => `${m.slice(0, -1)}${m.endsWith('0') ? '1' : '0'}`), now)).toBeNull();
    expect(s.keyOfUrl(url.replace('model.glb', 'other.glb'), now)).toBeNull(); // the signature covers the path
    expect(s.keyOfUrl(url, new Date(now.getTime() + 2 * 3600_000))).toBeNull(); // expired
    expect(s.keyOfUrl(url.replace('minio.internal', 'elsewhere.test'), now)).toBeNull();
    expect(s.keyOfUrl('https://minio.internal:9000/rigs/jobs/1/output/model.glb', now)).toBeNull(); // unsigned
    expect(s.keyOfUrl('not a url', now)).toBeNull();
    s.close();
    const cdn = new S3Storage({ bucket: 'b', endpoint: 'http://127.0.0.1:1', publicBaseUrl: 'https://cdn.example.com/assets/' });
    expect(cdn.keyOfUrl('https://cdn.example.com/assets/jobs/1/output/model.glb')).toBe('jobs/1/output/model.glb');
    expect(cdn.keyOfUrl('https://cdn.example.com/assets/../secret')).toBeNull();
    cdn.close();
  });

  test('refuses settings it cannot work with', () => {
    expect(() => new S3Storage({ bucket: '', accessKeyId: 'AK', secretAccessKey: 'SK' })).toThrow(/bucket/);
    expect(() => new S3Storage({ bucket: 'b' })).toThrow(/publicBaseUrl/);
    expect(() => new S3Storage({ bucket: 'b', accessKeyId: 'AK' })).toThrow(/both/);
    expect(() => new S3Storage({ bucket: 'b', accessKeyId: 'AK', secretAccessKey: 'SK', urlExpirySeconds: 30 * 86400 }).publicUrl('k')).toThrow(RangeError);
  });
});

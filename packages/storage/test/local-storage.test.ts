import fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { INLINE_WRITE_MAX_BYTES, LocalStorage, StorageKeyError, StreamTooLargeError } from '../src';

let dir: string;
let storage: LocalStorage;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
  storage = new LocalStorage({ rootDir: dir, publicBaseUrl: 'http://api.test/files/' });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('put, get, stat, delete; a missing key is null', async () => {
  await storage.put('inputs/ab/abc.glb', new Uint8Array([1, 2, 3]), 'model/gltf-binary');
  expect([...(await storage.get('inputs/ab/abc.glb'))]).toEqual([1, 2, 3]);
  expect(await storage.stat('inputs/ab/abc.glb')).toEqual({ bytes: 3, contentType: 'model/gltf-binary' });
  await storage.delete('inputs/ab/abc.glb');
  expect(await storage.stat('inputs/ab/abc.glb')).toBeNull();
  expect(storage.publicUrl('jobs/x/output/model.glb')).toBe('http://api.test/files/jobs/x/output/model.glb');
});

test('new objects read back byte for byte on both sides of the inline write limit, also from a view into a larger buffer', async () => {
  for (const size of [1, INLINE_WRITE_MAX_BYTES, INLINE_WRITE_MAX_BYTES + 1, 300_000]) {
    const backing = Buffer.alloc(size + 10);
    for (let i = 0; i < backing.length; i++) backing[i] = (i * 7) % 251;
    const view = backing.subarray(5, 5 + size);
    const key = `inputs/sz/${size}.glb`;
    await storage.put(key, view, 'model/gltf-binary');
    expect((await storage.get(key)).equals(view)).toBe(true);
  }
});

test('replacing a key swaps it whole and leaves no temp files; concurrent writers end with one intact version', async () => {
  const key = 'jobs/j/output/model.glb';
  await storage.put(key, new Uint8Array(1000).fill(1), 'model/gltf-binary');
  await storage.put(key, new Uint8Array(2000).fill(2), 'model/gltf-binary');
  expect((await storage.get(key)).every((b) => b === 2)).toBe(true);
  const versions = [3, 4, 5, 6, 7, 8];
  await Promise.all(versions.map((v) => storage.put(key, new Uint8Array(50_000).fill(v), 'model/gltf-binary')));
  const final = await storage.get(key);
  expect(final.length).toBe(50_000);
  expect(versions).toContain(final[0]);
  expect(final.every((b) => b === final[0])).toBe(true);
  expect((await readdir(path.join(dir, 'jobs/j/output'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

test('keyOfUrl: the key behind its own URL; anything else, or a key that could escape, is null', () => {
  expect(storage.keyOfUrl('http://api.test/files/assets/pack/crate.0123456789abcdef.glb')).toBe('assets/pack/crate.0123456789abcdef.glb');
  expect(storage.keyOfUrl(storage.publicUrl('jobs/x/output/model.glb'))).toBe('jobs/x/output/model.glb');
  for (const url of [
    'http://other.test/files/jobs/x/output/model.glb',
    'http://api.test/files/',
    'http://api.test/files/jobs/x/output/model.glb?download=1',
    'http://api.test/files/../etc/passwd',
    'http://api.test/files/%2e%2e/etc/passwd',
    'http://api.test/files/a//b',
    'http://api.test/filesx/a.glb',
    'http://api.test/files/%E0%A4%A',
  ]) {
    expect(storage.keyOfUrl(url)).toBeNull();
  }
});

test('keys that could escape the directory are refused', async () => {
  for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '.hidden', 'a/./b', '']) {
    await expect(storage.put(key, new Uint8Array(1), 'x')).rejects.toBeInstanceOf(StorageKeyError);
  }
});

test('putStream writes a stream whole; past its limit it stops, keeps nothing, and leaves the source undestroyed', async () => {
  const key = 'uploads/ab/streamed';
  expect(await storage.putStream(key, Readable.from([Buffer.alloc(300, 1), Buffer.alloc(200, 2)]), 500)).toBe(500);
  expect((await storage.get(key)).length).toBe(500);

  const source = new PassThrough();
  const writing = storage.putStream('uploads/ab/too-big', source, 500);
  source.write(Buffer.alloc(400));
  source.write(Buffer.alloc(400));
  await expect(writing).rejects.toBeInstanceOf(StreamTooLargeError);
  // An HTTP request stays open for the 413 that says why.
  expect(source.destroyed).toBe(false);
  expect(await storage.stat('uploads/ab/too-big')).toBeNull();
  expect((await readdir(path.join(dir, 'uploads/ab'))).sort()).toEqual(['streamed']);
  // The first object is untouched by the refused one.
  expect((await storage.get(key)).length).toBe(500);
});

describe('createOnLoop', () => {
  test('a small new object is created without a trip through the thread pool, and reads back; larger ones and replacements as before', async () => {
    const onLoop = new LocalStorage({ rootDir: dir, publicBaseUrl: 'http://api.test/files/', createOnLoop: true });
    const pooled = jest.spyOn(fs, 'open');
    try {
      for (const size of [1, INLINE_WRITE_MAX_BYTES, INLINE_WRITE_MAX_BYTES + 1]) {
        const bytes = Buffer.alloc(size, size % 251);
        await onLoop.put(`inputs/lp/${size}.glb`, bytes, 'model/gltf-binary');
        expect((await onLoop.get(`inputs/lp/${size}.glb`)).equals(bytes)).toBe(true);
      }
      expect(pooled).not.toHaveBeenCalled();
      await onLoop.put('inputs/lp/1.glb', new Uint8Array([9, 9]), 'model/gltf-binary');
      expect([...(await onLoop.get('inputs/lp/1.glb'))]).toEqual([9, 9]);
      await expect(onLoop.put('inputs/lp/../../../escape.glb', new Uint8Array([1]), 'model/gltf-binary')).rejects.toBeInstanceOf(StorageKeyError);
      // The default opens new files in the pool.
      await storage.put('inputs/lp/pooled.glb', new Uint8Array([1]), 'model/gltf-binary');
      expect(pooled).toHaveBeenCalledTimes(1);
    } finally {
      pooled.mockRestore();
    }
  });
});

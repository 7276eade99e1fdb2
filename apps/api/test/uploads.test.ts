/**
 * POST /v1/uploads and the API's own upload URL (local storage): the upload is recorded and free,
 * its PUT is held to the declared size and type (413 streaming past it, 400 for another type or
 * length, 404 for a wrong token or an expired upload), and its model_url is a source read from
 * storage for its own account only, until it expires; the file itself is never served.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { uploadKey } from '@rigforge/storage';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let server: http.Server;
let origin: string;
let glb: Buffer;

beforeAll(async () => {
  // As on a default install: the API (and its storage URLs) on localhost, which the SSRF guard refuses to fetch.
  h = await startHarness({ PUBLIC_BASE_URL: 'http://localhost:3000', MAX_UPLOAD_BYTES: String(4 * 1024 * 1024) });
  account = await h.seedAccount({ plan: 'standard', credits: 100 });
  glb = Buffer.from(await writeGlb(buildCreature('biped').mesh));
  server = http.createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** The upload URL on this test's listener (the answer names PUBLIC_BASE_URL's host). */
function onServer(url: string): string {
  const u = new URL(url);
  return `${origin}${u.pathname}${u.search}`;
}

/** A raw PUT: `chunks` are written one by one (chunked when no content-length header is given). */
function put(url: string, headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(onServer(url), { method: 'PUT', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const next = (i: number) => {
      if (i === chunks.length) return req.end();
      if (req.destroyed) return;
      req.write(chunks[i], () => setImmediate(() => next(i + 1)));
    };
    next(0);
  });
}

async function createUpload(bytes: number, contentType = 'model/gltf-binary', who = account) {
  const res = await h.request.post('/v1/uploads').set(who.auth).send({ bytes, content_type: contentType });
  expect(res.status).toBe(201);
  return res.body as { id: string; upload_url: string; model_url: string; headers: Record<string, string>; expires_at: string };
}

test('an upload is free, PUT with its headers, and its model_url is checked and rigged read from storage', async () => {
  const before = (await h.ctx.db.account.findUniqueOrThrow({ where: { id: account.accountId } })).creditBalance;
  const upload = await createUpload(glb.length);
  expect(upload).toMatchObject({
    object: 'upload',
    method: 'PUT',
    headers: { 'Content-Type': 'model/gltf-binary', 'Content-Length': String(glb.length) },
    bytes: glb.length,
    max_bytes: 4 * 1024 * 1024,
  });
  expect(new Date(upload.expires_at).getTime()).toBeGreaterThan(Date.now() + 3600_000);
  expect(upload.model_url).toBe(h.ctx.storage.publicUrl(uploadKey(upload.id)));
  expect((await h.ctx.db.account.findUniqueOrThrow({ where: { id: account.accountId } })).creditBalance).toBe(before);

  const stored = await put(upload.upload_url, upload.headers, [glb.subarray(0, 1000), glb.subarray(1000)]);
  expect(stored.status).toBe(200);
  expect(await h.ctx.storage.get(uploadKey(upload.id))).toEqual(glb);

  const checked = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: upload.model_url });
  expect(checked.status).toBe(200);
  expect(checked.body).toMatchObject({ riggable: true });
  const rig = await h.request.post('/v1/rigs').set(account.auth).send({ model_url: upload.model_url, rig_type: 'biped' });
  expect(rig.status).toBe(202);
  // The job captured its own copy: the upload can expire without taking the job's input along.
  const row = await h.ctx.db.job.findUniqueOrThrow({ where: { id: rig.body.id } });
  expect(row.inputKey).not.toBe(uploadKey(upload.id));
  expect(await h.ctx.storage.get(row.inputKey)).toEqual(glb);

  // Private: the object is a source, not a download.
  const served = await h.request.get(new URL(upload.model_url).pathname);
  expect(served.status).toBe(404);
});

test('a declared size over the limit is 413; a bad body is 400; no API key is 401', async () => {
  const big = await h.request.post('/v1/uploads').set(account.auth).send({ bytes: 4 * 1024 * 1024 + 1 });
  expect(big.status).toBe(413);
  expect(big.body.error).toMatchObject({ code: 'payload_too_large', param: 'bytes' });
  const bad = await h.request.post('/v1/uploads').set(account.auth).send({ bytes: 10, content_type: 'text/html' });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatchObject({ code: 'invalid_request', param: 'content_type' });
  const anonymous = await h.request.post('/v1/uploads').send({ bytes: 10 });
  expect(anonymous.status).toBe(401);
});

test('the PUT is held to the declared size and type, streaming, and keeps nothing it refuses', async () => {
  const upload = await createUpload(1000, 'application/octet-stream');
  const key = uploadKey(upload.id);
  const wrongType = await put(upload.upload_url, { 'Content-Type': 'model/gltf-binary', 'Content-Length': '1000' }, [Buffer.alloc(1000)]);
  expect(wrongType.status).toBe(400);
  expect(JSON.parse(wrongType.body).error).toMatchObject({ code: 'invalid_request', param: 'Content-Type' });
  const longer = await put(upload.upload_url, { 'Content-Type': 'application/octet-stream', 'Content-Length': '5000' }, [Buffer.alloc(5000)]);
  expect(longer.status).toBe(413);
  expect(JSON.parse(longer.body).error).toMatchObject({ code: 'payload_too_large' });
  const shorter = await put(upload.upload_url, { 'Content-Type': 'application/octet-stream', 'Content-Length': '10' }, [Buffer.alloc(10)]);
  expect(shorter.status).toBe(400);
  // Chunked (no Content-Length): counted as it streams and cut off once past the declared size.
  const streamed = await put(upload.upload_url, { 'Content-Type': 'application/octet-stream' }, Array.from({ length: 8 }, () => Buffer.alloc(400))).catch(
    (error: NodeJS.ErrnoException) => ({ status: error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 413 : 0, body: '{"error":{"code":"payload_too_large"}}' }),
  );
  expect(streamed.status).toBe(413);
  expect(await h.ctx.storage.stat(key)).toBeNull();
  const fine = await put(upload.upload_url, { 'Content-Type': 'application/octet-stream' }, [Buffer.alloc(600), Buffer.alloc(400)]);
  expect(fine.status).toBe(200);
  expect((await h.ctx.storage.stat(key))?.bytes).toBe(1000);
  // A chunked body ending short is refused and leaves the stored file as it was.
  const short = await put(upload.upload_url, { 'Content-Type': 'application/octet-stream' }, [Buffer.alloc(999, 7)]);
  expect(short.status).toBe(400);
  expect(JSON.parse(short.body).error).toMatchObject({ code: 'invalid_request', param: 'Content-Length' });
  expect(await h.ctx.storage.get(key)).toEqual(Buffer.alloc(1000));
});

test('a wrong token or an expired upload is 404; another account, an expired or an empty upload is no source', async () => {
  const upload = await createUpload(glb.length);
  const forged = new URL(upload.upload_url);
  forged.searchParams.set('token', 'x'.repeat(32));
  expect((await put(forged.toString(), upload.headers, [glb])).status).toBe(404);

  const empty = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: upload.model_url });
  expect(empty.status).toBe(400);
  expect(empty.body.error.message).toMatch(/no file yet/);
  expect((await put(upload.upload_url, upload.headers, [glb])).status).toBe(200);

  const other = await h.seedAccount({ credits: 100 });
  const theirs = await h.request.post('/v1/rigs').set(other.auth).send({ model_url: upload.model_url });
  expect(theirs.status).toBe(400);
  expect(theirs.body.error).toMatchObject({ code: 'invalid_request', param: 'model_url' });

  await h.ctx.db.upload.update({ where: { id: upload.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const expired = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: upload.model_url });
  expect(expired.status).toBe(400);
  expect(expired.body.error.message).toMatch(/expired/);
  expect((await put(upload.upload_url, upload.headers, [glb])).status).toBe(404);
});

/**
 * A 50 MB mesh rigs over HTTP through an upload: POST /v1/uploads, PUT the file to the upload URL
 * (the API's own, local storage) streamed from disk, POST /v1/rigs with the model_url, and a real
 * rig.fast worker rigs it. The mesh is a procedural biped written flat-shaded (three vertices of
 * its own per triangle, with UVs and colours): 50 MB at ~330k triangles, which the engine rigs in
 * ~10 s. A welded mesh of the same size has ~1.3M triangles and takes it ~4x longer (skinning
 * dominates), too slow for a test on a shared machine.
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Harness, SeededAccount } from '../../api/test/harness';
import { fetchOutput, startRigService, type RigService } from './e2e-env';

const MB = 1024 * 1024;
let h: Harness;
let account: SeededAccount;
let stop: (() => Promise<void>) | undefined;
let finished: RigService['finished'];
let server: http.Server;
let origin: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'upload-50mb-'));
  ({ h, account, stop, finished } = await startRigService());
  server = http.createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await stop?.();
  await rm(dir, { recursive: true, force: true });
});

/** PUT the file to the upload URL on this test's listener, streamed from disk. */
function put(url: string, headers: Record<string, string>, file: string): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${u.pathname}${u.search}`, { method: 'PUT', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    createReadStream(file).on('error', reject).pipe(req);
  });
}

/** The triangle count and skin count of a written GLB, from its JSON chunk (no mesh read). */
function glbSummary(glb: Buffer): { triangles: number; skins: number } {
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8')) as {
    meshes: { primitives: { indices: number }[] }[];
    accessors: { count: number }[];
    skins?: unknown[];
  };
  const triangles = json.meshes.flatMap((m) => m.primitives).reduce((n, p) => n + json.accessors[p.indices]!.count / 3, 0);
  return { triangles, skins: json.skins?.length ?? 0 };
}

test('a 50 MB mesh is uploaded, PUT over HTTP and rigged from its model_url', async () => {
  const file = path.join(dir, 'biped.glb');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(__dirname, 'write-flat-shaded-biped.ts'), file, '7.25']);
  const bytes = (await stat(file)).size;
  expect(bytes).toBeGreaterThanOrEqual(50 * MB);

  const created = await h.request.post('/v1/uploads').set(account.auth).send({ bytes, content_type: 'model/gltf-binary' });
  expect(created.status).toBe(201);
  expect(await put(created.body.upload_url, created.body.headers, file)).toBe(200);

  const res = await h.request.post('/v1/rigs').set(account.auth).send({ model_url: created.body.model_url, rig_type: 'biped' });
  expect(res.status).toBe(202);
  const job = await finished(res.body.id);
  expect(job).toMatchObject({ status: 'succeeded' });
  const rigged = glbSummary(await fetchOutput(h, job.output.model_url));
  expect(rigged.skins).toBe(1);
  expect(rigged.triangles).toBeGreaterThan(300_000);
}, 240_000);

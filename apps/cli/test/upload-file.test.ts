/**
 * The client's uploadFile and meshFileSource against the real API on a real port (its
 * PUBLIC_BASE_URL, so the upload URL it answers is reachable): a file is streamed to the upload
 * URL and its model_url is a source; a mesh file past the inline limit is uploaded, a small one
 * goes inline; a file over the upload limit is refused before any byte is sent.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MAX_INLINE_BYTES, meshFileSource, RigforgeClient, uploadFile } from '@rigforge/client';
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { startHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { freePort } from '../../../tooling/private-backends/free-port';

let h: Harness;
let api: Server;
let account: SeededAccount;
let client: RigforgeClient;
let dir: string;
let glb: Buffer;

beforeAll(async () => {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  h = await startHarness({ PUBLIC_BASE_URL: baseUrl, MAX_UPLOAD_BYTES: String(16 * 1024 * 1024) });
  api = await new Promise<Server>((resolve) => {
    const server = h.app.listen(port, '127.0.0.1', () => resolve(server));
  });
  account = await h.seedAccount({ plan: 'standard', credits: 100 });
  client = new RigforgeClient({ baseUrl, apiKey: account.key });
  dir = await mkdtemp(path.join(os.tmpdir(), 'upload-file-'));
  glb = Buffer.from(await writeGlb(buildCreature('biped').mesh));
});
afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The same GLB with its JSON chunk padded by `extra` spaces (valid JSON whitespace): a big file that still reads. */
function padded(source: Buffer, extra: number): Buffer {
  const jsonLength = source.readUInt32LE(12);
  const json = source.subarray(20, 20 + jsonLength);
  const rest = source.subarray(20 + jsonLength);
  const pad = Math.ceil(extra / 4) * 4;
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(source.length + pad, 8);
  header.writeUInt32LE(jsonLength + pad, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, json, Buffer.alloc(pad, 0x20), rest]);
}

test('uploadFile streams a file to the upload URL and answers its model_url, a source of this account', async () => {
  const file = path.join(dir, 'small.glb');
  await writeFile(file, glb);
  const modelUrl = await uploadFile(client, file);
  const key = h.ctx.storage.keyOfUrl(modelUrl)!;
  expect(key.startsWith('uploads/')).toBe(true);
  expect(await h.ctx.storage.get(key)).toEqual(glb);
  expect(await client.checkRig({ model_url: modelUrl })).toMatchObject({ riggable: true });
});

test('meshFileSource: inline up to the inline limit, uploaded past it', async () => {
  const small = path.join(dir, 'inline.glb');
  await writeFile(small, glb);
  expect(Object.keys(await meshFileSource(client, small))).toEqual(['model_base64']);

  const big = path.join(dir, 'big.glb');
  const bytes = padded(glb, MAX_INLINE_BYTES + 1024);
  await writeFile(big, bytes);
  const source = await meshFileSource(client, big);
  expect(Object.keys(source)).toEqual(['model_url']);
  const url = (source as { model_url: string }).model_url;
  const row = await h.ctx.db.upload.findUniqueOrThrow({ where: { key: h.ctx.storage.keyOfUrl(url)! } });
  expect(row).toMatchObject({ accountId: account.accountId, bytes: bytes.length });
  expect(row.key.endsWith(`/${row.id}`)).toBe(true);
  expect(await client.checkRig({ model_url: url })).toMatchObject({ riggable: true });
});

test('a file over the upload limit is refused by POST /v1/uploads, before any byte is sent', async () => {
  const huge = path.join(dir, 'huge.glb');
  await writeFile(huge, Buffer.alloc(16 * 1024 * 1024 + 1));
  await expect(uploadFile(client, huge)).rejects.toMatchObject({ code: 'payload_too_large' });
  expect(await h.ctx.db.upload.count({ where: { accountId: account.accountId, bytes: 16 * 1024 * 1024 + 1 } })).toBe(0);
});

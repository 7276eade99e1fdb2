/**
 * The service's own object URLs (catalog files, job outputs) are accepted as sources and read from
 * storage, on a default install where they are on localhost and the SSRF guard refuses to fetch
 * them; submitted inputs stay private, and every other loopback address stays refused.
 */
import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { jobInputKey } from '@rigforge/storage';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
let glb: Uint8Array;

beforeAll(async () => {
  // As on a default install: objects are served by the API on localhost, no FETCH_ALLOW_HOSTS, so
  // the SSRF guard would refuse to fetch them.
  h = await startHarness({ PUBLIC_BASE_URL: 'http://localhost:3000' });
  account = await h.seedAccount({ plan: 'standard', credits: 100 });
  glb = await writeGlb(buildCreature('biped').mesh);
});

afterAll(async () => {
  await h.close();
});

test('a catalog file by its own URL is checked and rigged, read from storage', async () => {
  const key = `assets/own-url-test/biped.${'0123456789abcdef'}.glb`;
  await h.ctx.storage.put(key, glb, 'model/gltf-binary');
  const url = h.ctx.storage.publicUrl(key);
  expect(new URL(url).hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
  const checked = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: url });
  expect(checked.status).toBe(200);
  expect(checked.body).toMatchObject({ riggable: true, recommended_rig_type: 'biped' });
  const rig = await h.request.post('/v1/rigs').set(account.auth).send({ model_url: url, rig_type: 'biped' });
  expect(rig.status).toBe(202);
});

test('a missing object or a submitted input is 400 invalid_request, and other loopback URLs stay refused', async () => {
  const missing = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: h.ctx.storage.publicUrl('assets/none/nothing.glb') });
  expect(missing.status).toBe(400);
  expect(missing.body.error).toMatchObject({ code: 'invalid_request', param: 'model_url' });
  const inputKey = jobInputKey('00000000-0000-4000-8000-000000000000', 'glb');
  await h.ctx.storage.put(inputKey, glb, 'model/gltf-binary');
  const input = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: h.ctx.storage.publicUrl(inputKey) });
  expect(input.status).toBe(400);
  expect(input.body.error).toMatchObject({ code: 'invalid_request', param: 'model_url' });
  const other = await h.request.post('/v1/rigs/check').set(account.auth).send({ model_url: 'http://127.0.0.1:9/files/assets/x.glb' });
  expect(other.status).toBe(400);
  expect(other.body.error.message).toMatch(/non-public|not public|private|loopback/i);
});

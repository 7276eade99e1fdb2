/**
 * Compressed and packed glTF end to end: a biped GLB rewritten with Draco, with meshopt (as
 * glTF-Transform pipelines and web exporters ship them) as a zip of .gltf + .bin and as a .vrm is submitted over HTTP, checked by the API's upload-check
 * threads (files with extensions never take the inline path) and rigged by a real rig.fast worker.
 */
import { readMesh, writeGlb } from '@rigforge/mesh';
import { asVrm, compressGlb, zipAsGltf, zipFiles } from '@rigforge/mesh/testing';
import { buildCreature } from '@rigforge/rig/testing';
import { fetchOutput, useRigService } from './e2e-env';

const service = useRigService();

test.each(['draco-edgebreaker', 'meshopt', 'zip', 'vrm'] as const)('a biped as %s rigs over HTTP', async (packing) => {
  const mesh = buildCreature('biped').mesh;
  const plain = await writeGlb(mesh);
  const glb = packing === 'zip' ? await zipAsGltf(plain) : packing === 'vrm' ? asVrm(plain) : await compressGlb(plain, packing);
  const res = await service.h.request.post('/v1/rigs').set(service.account.auth).send({ model_base64: Buffer.from(glb).toString('base64'), rig_type: 'biped' });
  expect(res.status).toBe(202);
  const job = await service.finished(res.body.id);
  expect(job).toMatchObject({ status: 'succeeded' });
  const out = await fetchOutput(service.h, job.output.model_url);
  const json = JSON.parse(out.subarray(20, 20 + out.readUInt32LE(12)).toString('utf8')) as { skins?: unknown[] };
  expect(json.skins?.length).toBe(1);
  // The rigged output carries the whole decoded mesh.
  const rigged = (await readMesh(out)).mesh;
  expect(rigged.indices.length).toBe(mesh.indices.length);
}, 240_000);

test('a hostile zip (path traversal) is refused at submission with 400 unsupported_format', async () => {
  const zip = zipFiles({ '../../model.glb': await writeGlb(buildCreature('biped').mesh) });
  const res = await service.h.request.post('/v1/rigs').set(service.account.auth).send({ model_base64: Buffer.from(zip).toString('base64'), rig_type: 'biped' });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'unsupported_format', param: 'model_base64' });
  expect(res.body.error.message).toMatch(/parent path/);
}, 60_000);

test('a corrupt Draco GLB is refused at submission with 400 unsupported_format', async () => {
  const glb = Buffer.from(await compressGlb(await writeGlb(buildCreature('biped').mesh), 'draco-edgebreaker'));
  const bin = 20 + glb.readUInt32LE(12) + 8;
  for (let i = bin + 12; i < glb.length; i++) glb[i] = (i * 131 + 7) & 0xff;
  const res = await service.h.request.post('/v1/rigs').set(service.account.auth).send({ model_base64: glb.toString('base64'), rig_type: 'biped' });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'unsupported_format', param: 'model_base64' });
  expect(res.body.error.message).toMatch(/Draco/);
}, 60_000);

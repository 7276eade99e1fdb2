/**
 * Textures end to end (issue 28, "the files people have"): a GLB whose texture is KTX2
 * (KHR_texture_basisu) keeps it in GLB output — with its PNG fallback as the core source — and
 * gives FBX output the fallback, or drops it with a warning on the job; an FBX zipped with its
 * texture files gets them into the rigged GLB. Submitted over HTTP, rigged by a real rig.fast worker.
 */
import { readMesh, renderThumbnail, writeGlb, type Mesh } from '@rigforge/mesh';
import { ktx2Texture, withKtx2Texture, zipFbxWithTextureFiles } from '@rigforge/mesh/testing';
import { buildCreature } from '@rigforge/rig/testing';
import { fetchOutput, useRigService } from './e2e-env';

const service = useRigService();

/** The biped with UVs (planar, from x and y) and one material textured with a small PNG. */
function texturedBiped(): { mesh: Mesh; png: Uint8Array } {
  const mesh = buildCreature('biped').mesh;
  const n = mesh.positions.length / 3;
  mesh.uvs = new Float32Array(n * 2);
  for (let i = 0; i < n; i++) {
    mesh.uvs[i * 2] = mesh.positions[i * 3]!;
    mesh.uvs[i * 2 + 1] = mesh.positions[i * 3 + 1]!;
  }
  // Any real PNG will do: the thumbnail renderer writes one.
  const png = renderThumbnail(buildCreature('biped').mesh, { size: 8 });
  mesh.materials = [{ name: 'skin', baseColor: [1, 1, 1, 1], metallic: 0, roughness: 1, baseColorTexture: { mimeType: 'image/png', bytes: png } }];
  mesh.groups = [{ materialIndex: 0, start: 0, count: mesh.indices.length }];
  return { mesh, png };
}

type GlbJson = {
  textures?: Array<{ source?: number; extensions?: { KHR_texture_basisu?: { source: number } } }>;
  images?: Array<{ bufferView: number; mimeType: string }>;
  bufferViews: Array<{ byteOffset?: number; byteLength: number }>;
  extensionsUsed?: string[];
  skins?: unknown[];
};

function imageOf(glb: Buffer, json: GlbJson, image: number): Buffer {
  const binStart = 20 + glb.readUInt32LE(12) + 8;
  const view = json.bufferViews[json.images![image]!.bufferView]!;
  return glb.subarray(binStart + (view.byteOffset ?? 0), binStart + (view.byteOffset ?? 0) + view.byteLength);
}

async function rig(model: Uint8Array, outputFormat: 'glb' | 'fbx' = 'glb') {
  const res = await service.h.request.post('/v1/rigs').set(service.account.auth).send({ model_base64: Buffer.from(model).toString('base64'), rig_type: 'biped', output_format: outputFormat });
  expect(res.status).toBe(202);
  const job = await service.finished(res.body.id);
  expect(job).toMatchObject({ status: 'succeeded' });
  return { job, out: await fetchOutput(service.h, job.output.model_url) };
}

test('a GLB with a KTX2 texture (PNG fallback) rigs to a GLB that keeps the KTX2 image under KHR_texture_basisu and the PNG as its source', async () => {
  const { mesh, png } = texturedBiped();
  const ktx2 = ktx2Texture(3);
  const { out } = await rig(withKtx2Texture(await writeGlb(mesh), ktx2, true));
  const json = JSON.parse(out.subarray(20, 20 + out.readUInt32LE(12)).toString('utf8')) as GlbJson;
  expect(json.skins?.length).toBe(1);
  expect(json.extensionsUsed).toContain('KHR_texture_basisu');
  const texture = json.textures![0]!;
  const source = texture.extensions!.KHR_texture_basisu!.source;
  expect(json.images![source]!.mimeType).toBe('image/ktx2');
  expect(imageOf(out, json, source)).toEqual(Buffer.from(ktx2));
  expect(imageOf(out, json, texture.source!)).toEqual(Buffer.from(png));
}, 240_000);

test('FBX output: the KTX2 texture\'s PNG fallback is embedded; a KTX2 texture without one is dropped with a warning on the job', async () => {
  const { mesh, png } = texturedBiped();
  const glb = await writeGlb(mesh);
  const withFallback = await rig(withKtx2Texture(glb, ktx2Texture(), true), 'fbx');
  expect((await readMesh(withFallback.out)).mesh.materials[0]!.baseColorTexture).toEqual({ mimeType: 'image/png', bytes: new Uint8Array(png) });
  expect((withFallback.job.warnings ?? []).join('\n')).not.toMatch(/KTX2/);
  const bare = await rig(withKtx2Texture(glb, ktx2Texture(), false), 'fbx');
  expect((await readMesh(bare.out)).mesh.materials[0]!.baseColorTexture).toBeUndefined();
  expect((bare.job.warnings ?? []).join('\n')).toMatch(/KTX2 texture has no PNG\/JPEG fallback and was dropped/);
}, 240_000);

test('an .fbx zipped with its texture files rigs to a GLB carrying the texture', async () => {
  const { mesh, png } = texturedBiped();
  const { out } = await rig(zipFbxWithTextureFiles(mesh));
  const rigged = (await readMesh(out)).mesh;
  expect(rigged.materials.map((m) => m.baseColorTexture?.bytes)).toContainEqual(new Uint8Array(png));
}, 240_000);

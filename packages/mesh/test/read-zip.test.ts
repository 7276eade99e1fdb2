// A .zip holding a model with its files (a .gltf with its .bin and textures, an .fbx), and the hostile archives refused before inflating.
import { WebIO } from '@gltf-transform/core';
import { zipSync, type Zippable } from 'fflate';
import { EngineError, readMesh, sniffMeshFormat, writeFbx, writeGlb } from '../src';
import { MAX_ZIP_ENTRIES } from '../src/read/unzip-model';
import { encodeBinaryFbx, fbxScene } from './fixtures/fbx';
import { cubeMesh } from './fixtures/meshes';

async function refusal(bytes: Uint8Array, pattern: RegExp): Promise<void> {
  const error = await readMesh(bytes).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('unsupported_format');
  expect((error as EngineError).message).toMatch(pattern);
}

/** The cube as a .gltf with its .bin and PNG beside it (uris relative, as exporters write them). */
async function gltfFiles(): Promise<Record<string, Uint8Array>> {
  const io = new WebIO();
  const doc = await io.readBinary(await writeGlb(cubeMesh()));
  doc.getRoot().listTextures().forEach((t, i) => t.setURI(`textures/color ${i}.png`));
  const { json, resources } = await io.writeJSON(doc, { basename: 'cube' });
  const files: Record<string, Uint8Array> = { 'cube.gltf': new Uint8Array(Buffer.from(JSON.stringify(json))) };
  for (const [uri, data] of Object.entries(resources)) files[decodeURIComponent(uri)] = data;
  return files;
}

function inFolder(folder: string, files: Record<string, Uint8Array>): Zippable {
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [`${folder}/${k}`, v]));
}

describe('readMesh: zip archives', () => {
  test('a .gltf with its .bin and textures in a folder reads like the GLB it came from', async () => {
    const files = await gltfFiles();
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['cube.gltf', 'cube.bin', 'textures/color 0.png']));
    const zip = zipSync({ ...inFolder('model', files), '__MACOSX/model/._cube.gltf': new Uint8Array([1, 2, 3]) });
    expect(sniffMeshFormat(zip)).toBe('zip');
    const { mesh, format, warnings } = await readMesh(zip);
    const reference = (await readMesh(await writeGlb(cubeMesh()))).mesh;
    expect(format).toBe('zip');
    expect(warnings).toEqual([]);
    expect(mesh.positions).toEqual(reference.positions);
    expect(mesh.indices).toEqual(reference.indices);
    expect(mesh.materials[0]!.baseColorTexture!.bytes).toEqual(reference.materials[0]!.baseColorTexture!.bytes);
  });

  test('an .fbx in a zip reads like the .fbx', async () => {
    const fbx = writeFbx(cubeMesh());
    const { mesh } = await readMesh(zipSync({ 'cube.fbx': fbx, 'readme.txt': new Uint8Array(Buffer.from('hi')) }));
    expect(mesh.positions).toEqual((await readMesh(fbx)).mesh.positions);
  });

  test('an .fbx whose textures are files beside it gets them from the archive (by relative path, else by unique base name)', async () => {
    const cube = cubeMesh();
    const fbx = encodeBinaryFbx(fbxScene([{ id: 1, parent: 0, name: 'cube', mesh: cube }], { externalTextures: true }));
    const texture = cube.materials.find((m) => m.baseColorTexture)!;
    const alone = await readMesh(fbx);
    expect(alone.warnings.join()).toMatch(/not embedded/);
    expect(alone.mesh.materials.some((m) => m.baseColorTexture)).toBe(false);
    const zipped = await readMesh(zipSync({ 'cube.fbx': fbx, [`maps/${texture.name}.png`]: texture.baseColorTexture!.bytes }));
    expect(zipped.warnings).toEqual([]);
    expect(zipped.mesh.materials.find((m) => m.name === texture.name)!.baseColorTexture!.bytes).toEqual(texture.baseColorTexture!.bytes);
  });

  test('a glTF uri that climbs out of the archive is never resolved', async () => {
    const files = await gltfFiles();
    const json = JSON.parse(Buffer.from(files['cube.gltf']!).toString()) as { buffers: { uri: string }[] };
    json.buffers[0]!.uri = '../cube.bin';
    // Inside the archive a parent path is fine (model/../cube.bin is cube.bin) ...
    const inside = zipSync({ 'model/cube.gltf': new Uint8Array(Buffer.from(JSON.stringify(json))), 'cube.bin': files['cube.bin']!, 'model/textures/color 0.png': files['textures/color 0.png']! });
    expect((await readMesh(inside)).mesh.indices.length).toBe(cubeMesh().indices.length);
    // ... past its root it names nothing, even when an entry of that name exists.
    const outside = zipSync({ 'cube.gltf': new Uint8Array(Buffer.from(JSON.stringify(json))), 'cube.bin': files['cube.bin']! });
    await refusal(outside, /external file "\.\.\/cube\.bin"/);
  });

  test.each([
    ['path traversal', { '../evil.glb': new Uint8Array(4) }, /parent path/],
    ['absolute path', { '/etc/model.glb': new Uint8Array(4) }, /absolute/],
    ['no model', { 'readme.txt': new Uint8Array(4), 'a.png': new Uint8Array(4) }, /no model file/],
    ['two models', { 'a.glb': new Uint8Array(4), 'b/c.fbx': new Uint8Array(4) }, /2 model files/],
    ['a model that is not one', { 'a.glb': new Uint8Array(40) }, /not a readable model/],
    ['a zip in a zip', { 'a.glb': zipSync({ 'b.glb': new Uint8Array(4) }) }, /not a readable model/],
  ])('%s is refused', async (_name, files, pattern) => {
    await refusal(zipSync(files as Zippable), pattern);
  });

  test(`more than ${MAX_ZIP_ENTRIES} entries is refused`, async () => {
    const files: Zippable = {};
    for (let i = 0; i <= MAX_ZIP_ENTRIES; i++) files[`t/${i}.png`] = new Uint8Array(1);
    await refusal(zipSync(files), new RegExp(`more than ${MAX_ZIP_ENTRIES} entries`));
  });

  test('a zip bomb is refused from its declared sizes, before inflating', async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const files: Zippable = {};
    for (let i = 0; i < 10; i++) files[`pad${i}.bin`] = [zeros, { level: 9 }];
    const zip = zipSync(files);
    expect(zip.length).toBeLessThan(200_000);
    await refusal(zip, /more than \d+ bytes uncompressed/);
  });

  test('an entry that inflates past its declared size is cut at the declaration', async () => {
    const files = await gltfFiles();
    const zip = zipSync({ 'cube.gltf': files['cube.gltf']!, 'cube.bin': files['cube.bin']!, 'textures/color 0.png': files['textures/color 0.png']! }, { level: 6 });
    // Halve cube.bin's declared size in the central directory (signature 0x02014b50, size at +24).
    const dv = new DataView(zip.buffer);
    let patched = 0;
    for (let o = 0; o + 46 < zip.length; o++) {
      if (dv.getUint32(o, true) !== 0x02014b50) continue;
      const nameLength = dv.getUint16(o + 28, true);
      if (Buffer.from(zip.subarray(o + 46, o + 46 + nameLength)).toString() !== 'cube.bin') continue;
      dv.setUint32(o + 24, dv.getUint32(o + 24, true) >> 1, true);
      patched++;
    }
    expect(patched).toBe(1);
    await refusal(zip, /truncated|reads past/);
  });

  test('garbage after a zip signature is unsupported_format', async () => {
    const bytes = new Uint8Array(64);
    bytes.set([0x50, 0x4b, 0x03, 0x04]);
    await refusal(bytes, /not a readable zip/);
  });
});

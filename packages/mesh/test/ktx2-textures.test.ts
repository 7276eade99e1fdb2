// KTX2 (KHR_texture_basisu) textures: read from glTF with or without their PNG fallback, kept in GLB output, replaced by the fallback (or dropped with a warning) in FBX, drawn from the fallback in thumbnails; WebP with a fallback likewise in GLB.
import { fbxTextureWarnings, readMesh, renderThumbnail, writeFbx, writeGlb, type Mesh } from '../src';
import { ktx2Texture, withKtx2Texture } from '../testing';
import { cubeMesh, pngTexture } from './fixtures/meshes';
import { validateGlb } from './fixtures/validate';

type Json = Record<string, unknown>;
interface GlbJson {
  textures: Array<{ source?: number; extensions?: { KHR_texture_basisu?: { source: number } } }>;
  images: Array<{ bufferView: number; mimeType: string }>;
  bufferViews: Array<{ byteOffset?: number; byteLength: number }>;
  extensionsUsed?: string[];
  extensionsRequired?: string[];
}

function unpack(glb: Uint8Array): { json: GlbJson & Json; bin: Uint8Array } {
  const b = Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = b.readUInt32LE(12);
  const binStart = 20 + jsonLength;
  return { json: JSON.parse(b.subarray(20, binStart).toString('utf8')) as GlbJson & Json, bin: glb.subarray(binStart + 8, binStart + 8 + b.readUInt32LE(binStart)) };
}

function imageBytes(glb: Uint8Array, image: number): Uint8Array {
  const { json, bin } = unpack(glb);
  const view = json.bufferViews[json.images[image]!.bufferView]!;
  return bin.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength);
}

/** The cube with its textured material's image a KTX2 one (with the cube's PNG as fallback, or none). */
function ktx2Cube(fallback: boolean): Mesh {
  const cube = cubeMesh();
  const png = cube.materials[0]!.baseColorTexture!;
  cube.materials[0]!.baseColorTexture = { mimeType: 'image/ktx2', bytes: ktx2Texture(), ...(fallback ? { fallback: { mimeType: 'image/png', bytes: png.bytes } } : {}) };
  return cube;
}

describe('KTX2 textures', () => {
  test.each([true, false])('read from a GLB (fallback: %s): the KTX2 image is the texture, the PNG its fallback', async (fallback) => {
    const ktx2 = ktx2Texture();
    const glb = withKtx2Texture(await writeGlb(cubeMesh()), ktx2, fallback);
    const { mesh, warnings } = await readMesh(glb);
    expect(warnings).toEqual([]);
    const texture = mesh.materials[0]!.baseColorTexture!;
    expect(texture.mimeType).toBe('image/ktx2');
    expect(Buffer.from(texture.bytes)).toEqual(Buffer.from(ktx2));
    if (fallback) expect(texture.fallback).toEqual({ mimeType: 'image/png', bytes: pngTexture().bytes });
    else expect(texture.fallback).toBeUndefined();
  });

  test('a KTX2 image that is not KTX2 leaves the fallback as the texture, with a warning', async () => {
    const glb = withKtx2Texture(await writeGlb(cubeMesh()), new Uint8Array(200).fill(7), true);
    const { mesh, warnings } = await readMesh(glb);
    expect(mesh.materials[0]!.baseColorTexture).toEqual({ mimeType: 'image/png', bytes: pngTexture().bytes });
    expect(warnings.join('\n')).toMatch(/extension image 1 is not one we keep; its fallback image is used/);
  });

  test('GLB output with a fallback: KHR_texture_basisu names the KTX2 image, the core source the PNG, the extension optional', async () => {
    const mesh = ktx2Cube(true);
    const glb = await writeGlb(mesh);
    const { json } = unpack(glb);
    const texture = json.textures[0]!;
    expect(json.extensionsUsed).toContain('KHR_texture_basisu');
    expect(json.extensionsRequired ?? []).not.toContain('KHR_texture_basisu');
    const ktx2 = texture.extensions!.KHR_texture_basisu!.source;
    expect(json.images[ktx2]!.mimeType).toBe('image/ktx2');
    expect(Buffer.from(imageBytes(glb, ktx2))).toEqual(Buffer.from(ktx2Texture()));
    expect(json.images[texture.source!]!.mimeType).toBe('image/png');
    expect(Buffer.from(imageBytes(glb, texture.source!))).toEqual(Buffer.from(pngTexture().bytes));
    expect((await validateGlb(glb)).issues.numErrors).toBe(0);
    // Read back, it is the same texture.
    expect((await readMesh(glb)).mesh.materials[0]!.baseColorTexture).toEqual(mesh.materials[0]!.baseColorTexture);
  });

  test('GLB output without a fallback: the texture has only the KTX2 source and the extension is required', async () => {
    const glb = await writeGlb(ktx2Cube(false));
    const { json } = unpack(glb);
    expect(json.extensionsRequired).toContain('KHR_texture_basisu');
    expect(json.textures[0]!.source).toBeUndefined();
    expect(json.images).toHaveLength(1);
    expect(json.images[0]!.mimeType).toBe('image/ktx2');
    expect((await validateGlb(glb)).issues.numErrors).toBe(0);
  });

  test('FBX output embeds the PNG fallback; without one the texture is dropped and the report says so', async () => {
    const withFallback = ktx2Cube(true);
    expect(fbxTextureWarnings(withFallback)).toEqual([]);
    const read = (await readMesh(writeFbx(withFallback))).mesh;
    expect(read.materials[0]!.baseColorTexture).toEqual({ mimeType: 'image/png', bytes: pngTexture().bytes });

    const without = ktx2Cube(false);
    expect(fbxTextureWarnings(without)).toEqual([expect.stringMatching(/material "red"'s KTX2 texture has no PNG\/JPEG fallback and was dropped/)]);
    const bare = (await readMesh(writeFbx(without))).mesh;
    expect(bare.materials[0]!.baseColorTexture).toBeUndefined();
  });

  test('the thumbnail draws a KTX2 texture from its PNG fallback, and without one from the base colour', () => {
    const png = renderThumbnail(cubeMesh(), { size: 48 });
    expect(Buffer.from(renderThumbnail(ktx2Cube(true), { size: 48 }))).toEqual(Buffer.from(png));
    const untextured = cubeMesh();
    delete untextured.materials[0]!.baseColorTexture;
    expect(Buffer.from(renderThumbnail(ktx2Cube(false), { size: 48 }))).toEqual(Buffer.from(renderThumbnail(untextured, { size: 48 })));
  });

  test('a WebP texture with a PNG fallback is written the same way (EXT_texture_webp optional) and read back with it', async () => {
    const cube = cubeMesh();
    const png = cube.materials[0]!.baseColorTexture!;
    const webp = new Uint8Array(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]));
    cube.materials[0]!.baseColorTexture = { mimeType: 'image/webp', bytes: webp, fallback: { mimeType: 'image/png', bytes: png.bytes } };
    const glb = await writeGlb(cube);
    const { json } = unpack(glb) as unknown as { json: { textures: Array<{ source?: number; extensions?: { EXT_texture_webp?: { source: number } } }>; images: Array<{ mimeType: string }>; extensionsRequired?: string[] } };
    expect(json.extensionsRequired ?? []).not.toContain('EXT_texture_webp');
    expect(json.images[json.textures[0]!.extensions!.EXT_texture_webp!.source]!.mimeType).toBe('image/webp');
    expect(json.images[json.textures[0]!.source!]!.mimeType).toBe('image/png');
    expect((await readMesh(glb)).mesh.materials[0]!.baseColorTexture).toEqual(cube.materials[0]!.baseColorTexture);
  });
});

/**
 * Every reader's budget fires on a small hostile file, with `unsupported_format` and a message
 * naming the limit, before the allocation or inflate it guards. The hostile files are built in
 * code (scripts/hostile-meshes.ts), at sizes small enough for the suite.
 */
import { EngineError, readAnimationClip, readMesh } from '../src';
import { MAX_MATERIALS, MAX_POLYGON_CORNERS, MIN_INFLATED_BYTES } from '../src/read/read-limits';
import { parseFbxBinary } from '../src/read/fbx/parse-fbx-binary';
import { decodeTexture } from '../src/render/decode-texture';
import { fbxZlibBomb, objHugeFace, objManyGroups } from '../scripts/hostile-meshes';
import { rawGlb, triangleGltf } from './fixtures/formats';

async function refusal(read: Promise<unknown>): Promise<EngineError> {
  const e = await read.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(EngineError);
  expect((e as EngineError).code).toBe('unsupported_format');
  return e as EngineError;
}

describe('FBX: total decompressed-size budget', () => {
  // Eight 96 MB zero arrays: 768 MB inflated from a ~750 KB file (the budget is 64 MB for it).
  const bomb = fbxZlibBomb(8, 96 * 1024 * 1024);

  test('a zlib bomb is refused at its first array header, before inflating, naming the limit', async () => {
    expect(bomb.length).toBeLessThan(1_000_000);
    const e = await refusal(readMesh(bomb));
    expect(e.message).toMatch(new RegExp(`decode to more than the limit of ${MIN_INFLATED_BYTES} bytes in total`));
    expect(e.message).toMatch(new RegExp(`at least ${96 * 1024 * 1024}\\b`));
  });

  test('the animation reader shares the budget', async () => {
    const e = await refusal(readAnimationClip(bomb));
    expect(e.message).toMatch(/decode to more than the limit of \d+ bytes in total/);
  });

  test('the budget is the parser option when given', () => {
    expect(() => parseFbxBinary(fbxZlibBomb(2, 1024 * 1024), { maxArrayBytes: 1024 * 1024 })).toThrow(/limit of 1048576 bytes in total/);
    expect(() => parseFbxBinary(fbxZlibBomb(2, 1024 * 1024), { maxArrayBytes: 2 * 1024 * 1024 })).not.toThrow();
  });
});

describe('OBJ: group and vertex budgets', () => {
  test(`more than ${MAX_MATERIALS} usemtl groups are refused, naming the limit`, async () => {
    const e = await refusal(readMesh(objManyGroups(1000, MAX_MATERIALS + 1)));
    expect(e.message).toMatch(new RegExp(`more than the limit of ${MAX_MATERIALS} materials`));
  });

  test('many groups over many vertices cost memory for the vertices used, not vertices × groups', async () => {
    // 50k positions × 900 groups was 180 MB of per-group index arrays before; now a few MB.
    const before = process.memoryUsage().arrayBuffers;
    const { mesh } = await readMesh(objManyGroups(50_000, 900));
    expect(mesh.groups).toHaveLength(900);
    expect(mesh.indices.length).toBe(900 * 3);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  test('the material limit is checked before any vertex is parsed', async () => {
    // 1001 names after a vertex line that would fail if parsed: the material scan answers first.
    const text = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv x y z\n' + Array.from({ length: MAX_MATERIALS + 1 }, (_, i) => `usemtl m${i}\nf 1 1 1`).join('\n');
    const e = await refusal(readMesh(Buffer.from(text)));
    expect(e.message).toMatch(new RegExp(`more than the limit of ${MAX_MATERIALS} materials`));
  });

  test(`a face of more than ${MAX_POLYGON_CORNERS} corners is refused at the corner past the limit`, async () => {
    const e = await refusal(readMesh(objHugeFace(MAX_POLYGON_CORNERS + 1)));
    expect(e.message).toMatch(new RegExp(`line 10: a face has more than the limit of ${MAX_POLYGON_CORNERS} corners`));
  });

  test('more positions than three per triangle of the cap are refused', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `v ${i} 0 0`).join('\n') + '\nf 1 2 3\n';
    const e = await refusal(readMesh(Buffer.from(text), { maxTriangles: 10 }));
    expect(e.message).toMatch(/more than the limit of 30 vertices/);
  });
});

describe('glTF: declared counts checked before allocating', () => {
  test('a NORMAL accessor declaring a billion elements is refused without allocating them', async () => {
    const { json, bin } = triangleGltf({ attributes: { POSITION: 0, NORMAL: 1 } });
    json.accessors.push({ componentType: 5126, count: 1_000_000_000, type: 'VEC3' } as never);
    const e = await refusal(readMesh(rawGlb(json, bin)));
    expect(e.message).toMatch(/NORMAL has 1000000000 elements but POSITION has 3/);
  });

  test(`more than ${MAX_MATERIALS} materials are refused`, async () => {
    const { json, bin } = triangleGltf();
    const primitives = Array.from({ length: MAX_MATERIALS + 1 }, (_, i) => ({ attributes: { POSITION: 0 }, material: i }));
    const doc = { ...json, meshes: [{ primitives }], materials: primitives.map((_, i) => ({ name: `m${i}` })) };
    const e = await refusal(readMesh(rawGlb(doc, bin)));
    expect(e.message).toMatch(new RegExp(`more than the limit of ${MAX_MATERIALS} materials`));
  });
});

describe('STL: triangle budget from the header', () => {
  test('a 134-byte binary STL declaring 3M triangles is refused before allocating', async () => {
    const stl = Buffer.alloc(134);
    stl.write('solid binary', 0, 'latin1');
    stl.writeUInt32LE(3_000_000, 80);
    const e = await refusal(readMesh(stl));
    expect(e.message).toMatch(/more than 2000000 triangles/);
  });
});

describe('textures: decoded-pixel budget', () => {
  test('a PNG declaring 100 000 × 100 000 pixels is not decoded', () => {
    const png = Buffer.alloc(64);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    expect(decodeTexture({ mimeType: 'image/png', bytes: png })).toBeUndefined();
  });

  test('an interlaced PNG is not decoded (pngjs would inflate it without a cap)', () => {
    const png = Buffer.alloc(64);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(16, 16);
    png.writeUInt32BE(16, 20);
    png[28] = 1;
    expect(decodeTexture({ mimeType: 'image/png', bytes: png })).toBeUndefined();
  });
});

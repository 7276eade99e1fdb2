import { EngineError, readMesh, type Mesh } from '../src';
import { encodeAsciiFbx, encodeBinaryFbx, fbxScene, n, type FbxModelSpec } from './fixtures/fbx';
import { bounds } from './fixtures/formats';
import { cubeMesh } from './fixtures/meshes';

const encodings: Array<[string, (models: FbxModelSpec[], opts?: Parameters<typeof fbxScene>[1]) => Uint8Array]> = [
  ['binary 7.4 (zlib arrays)', (m, o) => encodeBinaryFbx(fbxScene(m, o), 7400, true)],
  ['binary 7.5 (64-bit headers, raw arrays)', (m, o) => encodeBinaryFbx(fbxScene(m, o), 7500, false)],
  ['ASCII 7.4', (m, o) => new Uint8Array(Buffer.from(encodeAsciiFbx(fbxScene(m, o))))],
];

function round(a: number[]): number[] {
  return a.map((x) => Math.round(x * 1e4) / 1e4 + 0);
}

async function expectUnsupported(bytes: Uint8Array, pattern: RegExp) {
  const e = await readMesh(bytes).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(EngineError);
  expect((e as EngineError).code).toBe('unsupported_format');
  expect((e as EngineError).message).toMatch(pattern);
}

describe.each(encodings)('readMesh: FBX %s', (_name, encode) => {
  test('round-trips a cube: positions, normals, UVs, materials and the embedded texture', async () => {
    const cube = cubeMesh();
    const { mesh, format } = await readMesh(encode([{ id: 100, parent: 0, name: 'Cube', mesh: cube }], { quads: true }));
    expect(format).toBe('fbx');
    expect(mesh.indices.length).toBe(36);
    expect(mesh.positions.length).toBe(72); // 24 split vertices: corners shared by a face are welded
    expect(mesh.materials.map((m) => m.name)).toEqual(['red', 'blue']);
    expect(mesh.materials[0]!.baseColor).toEqual([1, 0, 0, 1]);
    expect(mesh.materials[0]!.baseColorTexture!.mimeType).toBe('image/png');
    expect(Buffer.from(mesh.materials[0]!.baseColorTexture!.bytes)).toEqual(Buffer.from(cube.materials[0]!.baseColorTexture!.bytes));
    expect(mesh.groups).toEqual([{ materialIndex: 0, start: 0, count: 18 }, { materialIndex: 1, start: 18, count: 18 }]);
    // Each output corner matches a source vertex in position, normal and UV.
    const key = (m: Mesh, v: number) =>
      round([...m.positions.subarray(v * 3, v * 3 + 3), ...m.normals!.subarray(v * 3, v * 3 + 3), ...m.uvs!.subarray(v * 2, v * 2 + 2)]).join();
    const source = new Set(Array.from({ length: 24 }, (_, v) => key(cube, v)));
    for (let v = 0; v < 24; v++) expect(source.has(key(mesh, v))).toBe(true);
  });

  test('bakes Lcl transforms through the hierarchy (×100 root scale, rotated and scaled child, Z-up file)', async () => {
    // One material for all, so the merged parts keep the models' order.
    const cube: Mesh = { ...cubeMesh(), groups: [], materials: [] };
    const bytes = encode([
      { id: 1, parent: 0, name: 'Root', scaling: [100, 100, 100] },
      { id: 2, parent: 1, name: 'Body', translation: [0.1, 0, 0], mesh: cube },
      { id: 3, parent: 2, name: 'Arm', rotation: [0, 90, 0], scaling: [2, 1, 1], mesh: cube },
      { id: 4, parent: 1, name: 'Pre', preRotation: [90, 0, 0], translation: [0, 0, 0], mesh: { ...cube, positions: cube.positions.map((x, i) => (i % 3 === 1 ? x + 1 : x)) } },
    ]);
    const { mesh } = await readMesh(bytes);
    expect(mesh.indices.length).toBe(36 * 3);
    const body = bounds(mesh.positions.subarray(0, 72));
    expect(round(body.min)).toEqual([-40, -50, -50]);
    expect(round(body.max)).toEqual([60, 50, 50]);
    // Arm: scaled ×2 along its local X, then turned 90° about Y: the long side lies along Z.
    const arm = bounds(mesh.positions.subarray(72, 144));
    expect(round(arm.min)).toEqual([-40, -50, -100]);
    expect(round(arm.max)).toEqual([60, 50, 100]);
    // Pre-rotation of 90° about X turns the cube lifted to y ∈ [0.5, 1.5] towards +Z.
    const pre = bounds(mesh.positions.subarray(144));
    expect(round(pre.min)).toEqual([-50, -50, 50]);
    expect(round(pre.max)).toEqual([50, 50, 150]);

    const zUp = await readMesh(encode([{ id: 2, parent: 0, name: 'Body', translation: [0, 0, 5], mesh: cube }], { upAxis: 'Z' }));
    const b = bounds(zUp.mesh.positions);
    expect(round(b.min)).toEqual([-0.5, 4.5, -0.5]);
  });
});

describe('readMesh: malformed FBX', () => {
  const cube = cubeMesh();
  const good = encodeBinaryFbx(fbxScene([{ id: 100, parent: 0, name: 'Cube', mesh: cube }]), 7400, true);

  test('truncated binary and ASCII files', async () => {
    await expectUnsupported(good.subarray(0, good.length / 2), /fbx: .*truncated/);
    await expectUnsupported(good.subarray(0, 30), /fbx: /);
    const ascii = encodeAsciiFbx(fbxScene([{ id: 100, parent: 0, name: 'Cube', mesh: cube }]));
    await expectUnsupported(new Uint8Array(Buffer.from(ascii.slice(0, ascii.length / 2))), /fbx: /);
  });

  test('polygon indices out of range, NaN vertices, zero polygons, too many triangles', async () => {
    const withGeometry = (vertices: Float64Array, pvi: Int32Array) =>
      encodeBinaryFbx([
        n('FBXHeaderExtension', [], [n('FBXVersion', [7400])]),
        n('Objects', [], [n('Geometry', [1n, 'g\u0000\u0001Geometry', 'Mesh'], [n('Vertices', [vertices]), n('PolygonVertexIndex', [pvi])])]),
        n('Connections', [], []),
      ]);
    await expectUnsupported(withGeometry(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Int32Array([0, 1, -5])), /out of range/);
    await expectUnsupported(withGeometry(new Float64Array([0, 0, 0, NaN, 0, 0, 0, 1, 0]), new Int32Array([0, 1, -3])), /NaN/);
    await expectUnsupported(withGeometry(new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Int32Array([0, -2])), /no triangles/);
    const e = await readMesh(good, { maxTriangles: 5 }).catch((x: unknown) => x);
    expect((e as EngineError).message).toMatch(/more than 5 triangles/);
  });

  test('a compressed array claiming an impossible size is refused without inflating', async () => {
    const bytes = Buffer.from(good);
    // Find the first zlib array (type 'd', encoding 1) and inflate its declared length.
    for (let i = 27; i < bytes.length - 13; i++) {
      if (bytes[i] === 0x64 && bytes.readUInt32LE(i + 5) === 1 && bytes[i + 13] === 0x78) {
        bytes.writeUInt32LE(100_000_000, i + 1);
        break;
      }
    }
    await expectUnsupported(new Uint8Array(bytes), /impossible size|absurdly large/);
  });

  test('unsupported versions and garbage after the magic', async () => {
    const old = Buffer.from(good);
    old.writeUInt32LE(6100, 23);
    await expectUnsupported(new Uint8Array(old), /version 6100/);
    const junk = Buffer.concat([Buffer.from(good.subarray(0, 27)), Buffer.alloc(64, 0xff)]);
    await expectUnsupported(new Uint8Array(junk), /fbx: /);
  });
});

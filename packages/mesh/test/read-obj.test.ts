import { EngineError, readMesh } from '../src';
import { toObj } from './fixtures/formats';
import { cubeMesh } from './fixtures/meshes';

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

async function expectUnsupported(text: string, pattern: RegExp) {
  const e = await readMesh(enc(text)).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(EngineError);
  expect((e as EngineError).code).toBe('unsupported_format');
  expect((e as EngineError).message).toMatch(pattern);
}

describe('readMesh: OBJ', () => {
  test.each([
    ['positive indices', { negative: false }],
    ['negative indices', { negative: true }],
    ['quads (fan-triangulated)', { quads: true }],
  ])('round-trips a cube with UVs, normals and usemtl groups (%s)', async (_name, opts) => {
    const cube = cubeMesh();
    const { mesh, format, warnings } = await readMesh(enc(toObj(cube, opts)));
    expect(format).toBe('obj');
    expect(warnings.join()).toMatch(/mtllib/);
    expect(mesh.indices.length).toBe(36);
    expect(mesh.positions.length).toBe(72);
    expect(mesh.materials.map((m) => m.name)).toEqual(['red', 'blue']);
    expect(mesh.groups).toEqual([{ materialIndex: 0, start: 0, count: 18 }, { materialIndex: 1, start: 18, count: 18 }]);
    // Every triangle's corners keep their source position, UV and normal.
    for (let t = 0; t < 36; t++) {
      const v = mesh.indices[t]!;
      const p = Array.from(mesh.positions.subarray(v * 3, v * 3 + 3));
      const src = Array.from({ length: 24 }, (_, i) => i).find((i) => cube.positions.subarray(i * 3, i * 3 + 3).every((x, k) => x === p[k]) &&
        cube.uvs![i * 2] === mesh.uvs![v * 2] && Math.abs(cube.uvs![i * 2 + 1]! - mesh.uvs![v * 2 + 1]!) < 1e-6 &&
        cube.normals!.subarray(i * 3, i * 3 + 3).every((x, k) => x === mesh.normals![v * 3 + k]));
      expect(src).toBeDefined();
    }
  });

  test('faces without usemtl get the default material; vertex colours are kept', async () => {
    const { mesh } = await readMesh(enc('v 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 0 1 0 0 0 1\nf 1 2 3\n'));
    expect(mesh.materials).toHaveLength(1);
    expect(mesh.groups).toEqual([{ materialIndex: 0, start: 0, count: 3 }]);
    expect(Array.from(mesh.colors!.subarray(0, 8))).toEqual([1, 0, 0, 1, 0, 1, 0, 1]);
  });

  test('malformed OBJ gives unsupported_format', async () => {
    await expectUnsupported('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n', /out of range/);
    await expectUnsupported('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n', /invalid vertex index/);
    await expectUnsupported('v 0 nan 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n', /not finite/);
    await expectUnsupported('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n', /at least 3/);
    await expectUnsupported('v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n', /out of range/);
    await expectUnsupported('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/5 2 3\n', /texture coordinate index 5/);
    const big = 'v 0 0 0\nv 1 0 0\nv 0 1 0\n' + 'f 1 2 3\n'.repeat(20);
    const e = await readMesh(enc(big), { maxTriangles: 10 }).catch((x: unknown) => x);
    expect((e as EngineError).message).toMatch(/more than 10 triangles/);
  });
});

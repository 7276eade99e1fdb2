import { EngineError, readMesh } from '../src';
import { toAsciiStl, toBinaryStl } from './fixtures/formats';
import { cubeMesh } from './fixtures/meshes';

function soup(mesh: ReturnType<typeof cubeMesh>): number[] {
  return Array.from(mesh.indices).flatMap((v) => Array.from(mesh.positions.subarray(v * 3, v * 3 + 3)));
}

async function expectUnsupported(bytes: Uint8Array, pattern: RegExp, maxTriangles?: number) {
  const e = await readMesh(bytes, maxTriangles ? { maxTriangles } : {}).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(EngineError);
  expect((e as EngineError).code).toBe('unsupported_format');
  expect((e as EngineError).message).toMatch(pattern);
}

describe('readMesh: STL', () => {
  test('binary STL round-trips a cube as a triangle soup, even with a "solid" header', async () => {
    const cube = cubeMesh();
    for (const header of ['binary', 'solid cube exported by a CAD tool']) {
      const { mesh, format } = await readMesh(toBinaryStl(cube, header));
      expect(format).toBe('stl');
      expect(Array.from(mesh.positions)).toEqual(soup(cube));
      expect(mesh.indices.length).toBe(36);
    }
  });

  test('ASCII STL round-trips a cube', async () => {
    const cube = cubeMesh();
    const { mesh, format } = await readMesh(new Uint8Array(Buffer.from(toAsciiStl(cube))));
    expect(format).toBe('stl');
    expect(Array.from(mesh.positions)).toEqual(soup(cube));
  });

  test('malformed STL gives unsupported_format', async () => {
    const bin = toBinaryStl(cubeMesh());
    // A truncated binary STL has no signature left at all: it is an unknown format.
    await expectUnsupported(bin.subarray(0, bin.length - 7), /unknown file format/);
    // With a "solid" header, the STL reader sees it and reports the truncation.
    const solid = toBinaryStl(cubeMesh(), 'solid x');
    await expectUnsupported(solid.subarray(0, solid.length - 7), /stl: /);
    const zero = toBinaryStl({ ...cubeMesh(), indices: new Uint32Array(0) });
    await expectUnsupported(zero, /no triangles/);
    const nan = toBinaryStl(cubeMesh());
    new DataView(nan.buffer).setFloat32(84 + 12, NaN, true);
    await expectUnsupported(nan, /NaN/);
    const huge = toBinaryStl(cubeMesh(), 'solid huge');
    new DataView(huge.buffer).setUint32(80, 3_000_000_000, true);
    await expectUnsupported(huge, /more than 2000000 triangles/);
    await expectUnsupported(bin, /more than 5 triangles/, 5);
    const ascii = toAsciiStl(cubeMesh());
    await expectUnsupported(new Uint8Array(Buffer.from(ascii.slice(0, ascii.length / 2))), /truncated/);
    await expectUnsupported(new Uint8Array(Buffer.from(ascii.replace('vertex 0.5', 'vertex nan'))), /not a finite number/);
  });
});

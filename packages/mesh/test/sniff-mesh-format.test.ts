import { sniffMeshFormat, writeGlb } from '../src';
import { toAsciiStl, toBinaryStl, toObj } from './fixtures/formats';
import { cubeMesh } from './fixtures/meshes';

const text = (s: string) => new Uint8Array(Buffer.from(s));

describe('sniffMeshFormat', () => {
  test('recognises every format from content alone', async () => {
    const cube = cubeMesh();
    expect(sniffMeshFormat(await writeGlb(cube))).toBe('glb');
    expect(sniffMeshFormat(text('{\n "asset": {"version": "2.0"}, "meshes": []}'))).toBe('gltf');
    expect(sniffMeshFormat(text('\ufeff{"meshes": [], "asset": {"version": "2.0"}}'))).toBe('gltf');
    expect(sniffMeshFormat(text(toObj(cube)))).toBe('obj');
    expect(sniffMeshFormat(toBinaryStl(cube))).toBe('stl');
    expect(sniffMeshFormat(toBinaryStl(cube, 'solid but binary'))).toBe('stl');
    expect(sniffMeshFormat(text(toAsciiStl(cube)))).toBe('stl');
    expect(sniffMeshFormat(text('Kaydara FBX Binary  \0\x1a\0\xe8\x1c\0\0'))).toBe('fbx');
    expect(sniffMeshFormat(text('; FBX 7.4.0 project file\nFBXHeaderExtension:  {\n}'))).toBe('fbx');
  });

  test('returns null for anything else', () => {
    expect(sniffMeshFormat(new Uint8Array(0))).toBeNull();
    expect(sniffMeshFormat(text('hello world'))).toBeNull();
    expect(sniffMeshFormat(text('{"not": "gltf"}'))).toBeNull();
    expect(sniffMeshFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 4, 5, 6, 7]))).toBeNull();
    expect(sniffMeshFormat(text('v 1 2 3\n'))).toBeNull();
  });
});

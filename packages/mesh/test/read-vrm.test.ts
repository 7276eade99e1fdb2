// A .vrm (VRM 1.0 `VRMC_vrm` or VRM 0.x `VRM` GLB) reads as the GLB it is, alone or in a zip.
import { zipSync } from 'fflate';
import { readMesh, writeGlb } from '../src';
import { asVrm } from '../testing';
import { cubeMesh } from './fixtures/meshes';

describe('readMesh: VRM', () => {
  test.each(['VRMC_vrm', 'VRM'] as const)('a %s file reads as GLB, the same mesh', async (extension) => {
    const file = asVrm(await writeGlb(cubeMesh()), extension);
    expect(Buffer.from(file).includes(`"${extension}"`)).toBe(true);
    const { mesh, format } = await readMesh(file);
    expect(format).toBe('glb');
    expect(mesh.positions).toEqual((await readMesh(await writeGlb(cubeMesh()))).mesh.positions);
  });

  test('a .vrm in a zip is its model', async () => {
    const { mesh, format } = await readMesh(zipSync({ 'avatar/avatar.vrm': asVrm(await writeGlb(cubeMesh())), 'avatar/license.txt': new Uint8Array(3) }));
    expect(format).toBe('zip');
    expect(mesh.indices.length).toBe(cubeMesh().indices.length);
  });
});

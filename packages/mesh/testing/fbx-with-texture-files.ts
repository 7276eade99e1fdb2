// An FBX whose textures are files beside it (not embedded), as exporters write it, zipped with those files: the test FBX writer's scene, for tests outside this package.
import { zipSync } from 'fflate';
import type { Mesh } from '../src';
import { computeVertexNormals } from '../src/glb/compute-vertex-normals';
import { encodeBinaryFbx, fbxScene } from '../test/fixtures/fbx';

/**
 * `folder/name.fbx` naming each material's texture by file name only, with the PNGs beside it in
 * `folder/textures/`: the layout an artist zips up. Materials need a PNG `baseColorTexture`.
 */
export function zipFbxWithTextureFiles(mesh: Mesh, folder = 'model', name = 'model'): Uint8Array {
  // The test writer writes per-corner normals: computed when the mesh has none.
  const withNormals = { ...mesh, normals: mesh.normals ?? computeVertexNormals(mesh.positions, mesh.indices) };
  const fbx = encodeBinaryFbx(fbxScene([{ id: 1, parent: 0, name, mesh: withNormals }], { externalTextures: true }));
  const files: Record<string, Uint8Array> = { [`${folder}/${name}.fbx`]: fbx };
  for (const m of mesh.materials) if (m.baseColorTexture) files[`${folder}/textures/${m.name}.png`] = m.baseColorTexture.bytes;
  return zipSync(files);
}

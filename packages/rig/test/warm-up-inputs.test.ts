/**
 * The rig warm-up's inputs (src/warm-up-inputs.ts), which the worker's engine threads and
 * `score-dev-set.ts --warm-up` both rig: their order, and that the large mesh reaches what it is there
 * to warm (over heat's thread threshold once welded, in many loose pieces, several textured materials).
 */
import { readFileSync } from 'node:fs';
import { readMesh } from '@rigforge/mesh';
import { HEAT_THREADS_MIN_VERTICES } from '../src/skinning/heat-threads';
import { connectedPieces } from '../src/skinning/bind-rigid-pieces';
import { RIG_WARM_UP_LARGE_MESH, RIG_WARM_UP_SMALL_MESH, rigWarmUpMeshes } from '../src/warm-up-inputs';
import { weldVertices } from '../src/weld-vertices';

test('the large mesh once, then the small one `runs` times; nothing for under one run', () => {
  expect(rigWarmUpMeshes(2)).toEqual([RIG_WARM_UP_LARGE_MESH, RIG_WARM_UP_SMALL_MESH, RIG_WARM_UP_SMALL_MESH]);
  expect(rigWarmUpMeshes(0)).toEqual([]);
  expect(rigWarmUpMeshes(0.5)).toEqual([]);
  expect(rigWarmUpMeshes(Number.NaN)).toEqual([]);
});

test('the large mesh is over heat\'s thread threshold once welded, in many loose pieces and textured materials', async () => {
  const { mesh } = await readMesh(new Uint8Array(readFileSync(RIG_WARM_UP_LARGE_MESH)));
  const welded = weldVertices(mesh.positions, mesh.indices);
  const vertices = welded.positions.length / 3;
  expect(vertices).toBeGreaterThan(HEAT_THREADS_MIN_VERTICES * 1.15);
  expect(connectedPieces(welded.indices, vertices).length).toBeGreaterThanOrEqual(20);
  expect(mesh.materials).toHaveLength(3);
  expect(mesh.materials.every((m) => m.baseColorTexture?.mimeType === 'image/png')).toBe(true);
  expect(mesh.uvs?.length).toBe(2 * (mesh.positions.length / 3));
  // As small as that allows: the file ships in the image.
  expect(readFileSync(RIG_WARM_UP_LARGE_MESH).byteLength).toBeLessThan(500_000);
});

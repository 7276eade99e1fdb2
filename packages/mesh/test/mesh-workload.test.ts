/**
 * The engines' work budget: degenerate and duplicate triangles are dropped, random soup and dense
 * fans are refused with `invalid_input` before any grid stage, real meshes pass untouched.
 */
import { boundMeshWorkload, EngineError, readMesh, type Mesh } from '../src';
import { dropDegenerateTriangles } from '../src/check/drop-degenerate-triangles';
import { glbDenseFan, objHugeFace, stlRandomSoup } from '../scripts/hostile-meshes';
import { cubeMesh } from './fixtures/meshes';

function refusal(mesh: Mesh): EngineError {
  let error: unknown;
  try {
    boundMeshWorkload(mesh);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('invalid_input');
  return error as EngineError;
}

test('a real mesh passes untouched', () => {
  const cube = cubeMesh();
  const result = boundMeshWorkload(cube);
  expect(result.mesh).toBe(cube);
  expect(result.warnings).toEqual([]);
});

test('random triangle soup is refused, naming the grid budget', async () => {
  const { mesh } = await readMesh(stlRandomSoup(40_000));
  expect(refusal(mesh).message).toMatch(/too large and overlapping.*\(limit 10000 M\) (voxel visits at 128 cells|pixel visits at 1024 px)/);
});

test('a dense fan (many triangles over few vertices) is refused', async () => {
  const { mesh } = await readMesh(glbDenseFan(100_000, 256));
  expect(refusal(mesh).message).toMatch(/too large and overlapping/);
});

test('a face of 60k corners over nine vertices is simplified to its distinct triangles', async () => {
  const { mesh } = await readMesh(objHugeFace(60_001));
  expect(mesh.indices.length / 3).toBe(59_999);
  const result = boundMeshWorkload(mesh);
  expect(result.mesh.indices.length / 3).toBeLessThanOrEqual(84);
  expect(result.warnings.join()).toMatch(/dropped \d+ degenerate and \d+ duplicate triangles of 59999/);
});

test('a hostile mesh is refused at the first triangle past the budget, naming how far the scan got', async () => {
  const { mesh } = await readMesh(glbDenseFan(200_000, 256));
  const message = refusal(mesh).message;
  const [, first] = /the first (\d+) alone need \d+ M \(limit 10000 M\) (voxel|pixel) visits/.exec(message) ?? [];
  expect(Number(first)).toBeGreaterThan(0);
  expect(Number(first)).toBeLessThan(200_000);
});

test('a mesh under the budget is measured to the end (no early stop)', () => {
  const visited: number[] = [];
  const cube = cubeMesh();
  const result = dropDegenerateTriangles(cube, (t) => (visited.push(t), true));
  expect(result.stoppedAt).toBeUndefined();
  expect(visited).toHaveLength(cube.indices.length / 3);
});

test('a mesh of only degenerate triangles is refused', () => {
  const mesh: Mesh = { positions: new Float32Array(9), indices: new Uint32Array([0, 1, 2, 0, 0, 1]), groups: [], materials: [] };
  expect(refusal(mesh).message).toMatch(/all 2 triangles are degenerate/);
});

test('dropping keeps material groups in order, shrunk to their remaining triangles', () => {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  // Group 0: a triangle and its reversed duplicate; group 1: a new triangle and a degenerate one.
  const indices = new Uint32Array([0, 1, 2, 2, 1, 0, 0, 1, 3, 3, 3, 1]);
  const mesh: Mesh = {
    positions,
    indices,
    groups: [{ materialIndex: 0, start: 0, count: 6 }, { materialIndex: 1, start: 6, count: 6 }],
    materials: [],
  };
  const result = dropDegenerateTriangles(mesh);
  expect(result).toMatchObject({ degenerate: 1, duplicate: 1 });
  expect(Array.from(result.mesh.indices)).toEqual([0, 1, 2, 0, 1, 3]);
  expect(result.mesh.groups).toEqual([{ materialIndex: 0, start: 0, count: 3 }, { materialIndex: 1, start: 3, count: 3 }]);
});

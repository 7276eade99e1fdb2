/**
 * The engines' work budget: degenerate and duplicate triangles are dropped, random soup and dense
 * fans are refused with `invalid_input` before any grid stage, real meshes pass untouched.
 */
import { boundMeshWorkload, EngineError, readMesh, writeGlb, type Mesh } from '../src';
import { dropDegenerateTriangles } from '../src/check/drop-degenerate-triangles';
import { glbDenseFan, mulberry32, objHugeFace, stlRandomSoup } from '../scripts/hostile-meshes';
import { cubeMesh } from './fixtures/meshes';
import { rawGlb } from './fixtures/formats';

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
  expect(refusal(mesh).message).toMatch(/too large and overlapping.*an estimated \d+ s of grid work \(\d+ M voxel visits at 128 cells, \d+ M pixel visits at 1024 px\), more than the limit of 20 s/);
});

test('a soup with a far vertex no triangle uses is still refused: its triangles are measured at their own scale', async () => {
  // The scan's meter is scaled to every vertex, which the far one makes ~1000 times larger, so the
  // scan passes; the measure of what is kept is scaled to the triangles' corners and refuses it.
  const { mesh } = await readMesh(stlRandomSoup(40_000));
  const positions = new Float32Array(mesh.positions.length + 3);
  positions.set(mesh.positions);
  positions.set([1000, 1000, 1000], mesh.positions.length);
  expect(refusal({ ...mesh, positions }).message).toMatch(/too large and overlapping for their number to rig/);
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
  const [, first] = /the first (\d+) alone need an estimated \d+ s of grid work/.exec(message) ?? [];
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

describe('the budget applied while reading (readMesh boundWorkload)', () => {
  async function readRefusal(bytes: Uint8Array): Promise<EngineError> {
    const error = await readMesh(bytes, { boundWorkload: true }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('invalid_input');
    return error as EngineError;
  }

  test('a dense-fan GLB is refused from its index stream, with the refusal boundMeshWorkload gives', async () => {
    // 500k triangles over 256 vertices: 1.5 MB of uint8 indices, 6 MB once copied to 32 bits.
    const fan = glbDenseFan(500_000, 256);
    const before = process.memoryUsage().arrayBuffers;
    const early = await readRefusal(fan);
    // Refused before the indices were copied (nothing of their size was allocated).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(2_000_000);
    expect(early.message).toMatch(/too large and overlapping.*the first \d+ alone need an estimated \d+ s of grid work \(\d+ M voxel visits/);
    // One rule: the same triangles measured the same way stop at the same one, with the same words.
    expect(early.message).toBe(refusal((await readMesh(fan)).mesh).message);
  });

  test('a binary STL soup is refused the same way', async () => {
    const soup = stlRandomSoup(40_000);
    const early = await readRefusal(soup);
    expect(early.message).toBe(refusal((await readMesh(soup)).mesh).message);
  });

  /** A GLB of one indexed mesh (uint16 indices) drawn by each of `nodes`. */
  function indexedGlb(positions: Float32Array, indices: Uint16Array, nodes: object[] = [{}]): Uint8Array {
    const bin = Buffer.concat([Buffer.from(positions.buffer), Buffer.from(indices.buffer)]);
    const json = {
      asset: { version: '2.0' },
      buffers: [{ byteLength: bin.length }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: positions.byteLength },
        { buffer: 0, byteOffset: positions.byteLength, byteLength: indices.byteLength },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: positions.length / 3, type: 'VEC3' },
        { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
      ],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      nodes: nodes.map((n) => ({ ...n, mesh: 0 })),
      scenes: [{ nodes: nodes.map((_, i) => i) }],
      scene: 0,
    };
    return rawGlb(json, bin);
  }

  test('a dense fan split over instances (moved, mirrored, turned) is refused where boundMeshWorkload refuses it', async () => {
    // Three instances of 5k random triangles over 300 vertices: no one part is past the budget.
    const random = mulberry32(5);
    const positions = new Float32Array(300 * 3).map(() => random());
    const indices = new Uint16Array(5_000 * 3).map(() => Math.floor(random() * 300));
    const glb = indexedGlb(positions, indices, [{}, { scale: [-1, 1, 1], translation: [1.2, 0, 0] }, { rotation: [0, 0.7071, 0, 0.7071] }]);
    const early = await readRefusal(glb);
    expect(early.message).toBe(refusal((await readMesh(glb)).mesh).message);
    // Refused in the third instance, counting the two before it.
    const [, first] = /its 15000 triangles .*the first (\d+) alone/.exec(early.message) ?? [];
    expect(Number(first)).toBeGreaterThan(10_000);
  });

  test('only what boundMeshWorkload would refuse: one large triangle repeated is read, then simplified', async () => {
    // 100k copies of a triangle spanning the model: far past the budget counted with repeats, one
    // triangle without them, which boundMeshWorkload keeps (it drops the repeats, refuses nothing).
    const repeats = 100_000;
    const glb = indexedGlb(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint16Array(repeats * 3).map((_, i) => i % 3));
    const { mesh } = await readMesh(glb, { boundWorkload: true });
    expect(mesh.indices.length / 3).toBe(repeats);
    expect(boundMeshWorkload(mesh).mesh.indices.length / 3).toBe(1);
  });

  test('a real mesh reads the same with and without it', async () => {
    const glb = await writeGlb(cubeMesh());
    expect((await readMesh(glb, { boundWorkload: true })).mesh).toEqual((await readMesh(glb)).mesh);
  });
});

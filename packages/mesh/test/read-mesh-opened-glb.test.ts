/**
 * `openGlb` + `readMesh(..., { openedGlb })`: a caller that opened a GLB to look at its JSON hands it
 * to the read, which then does not parse the JSON chunk again (issue 25), with the same result.
 */
import { openGlb, readMesh } from '../src';
import { isIdentity, translation } from '../src/read/mat4';
import { sceneGlb } from './fixtures/formats';

test('reading with the opened container gives the same mesh as reading the bytes', async () => {
  for (const mirror of [false, true]) {
    const bytes = await sceneGlb({ mirror });
    const plain = await readMesh(bytes);
    const opened = await readMesh(bytes, { openedGlb: openGlb(bytes) });
    expect(opened.format).toBe('glb');
    expect(Buffer.from(opened.mesh.positions.buffer)).toEqual(Buffer.from(plain.mesh.positions.buffer));
    expect(Array.from(opened.mesh.indices)).toEqual(Array.from(plain.mesh.indices));
    expect(opened.warnings).toEqual(plain.warnings);
  }
});

test('the opened container is what is read (its JSON is not parsed again)', async () => {
  const bytes = await sceneGlb();
  const glb = openGlb(bytes);
  const nodes = glb.json.nodes as Record<string, unknown>[];
  // Moving every node by +10 in x in the opened JSON moves the mesh read from it, not the bytes'.
  glb.json.nodes = nodes.map((n) => ({ ...n, matrix: undefined, translation: [10, 0, 0], rotation: undefined, scale: undefined }));
  const plain = await readMesh(bytes);
  const moved = await readMesh(bytes, { openedGlb: glb });
  expect(moved.mesh.positions.length).toBe(plain.mesh.positions.length);
  expect(Math.min(...Array.from(moved.mesh.positions).filter((_, i) => i % 3 === 0))).toBeGreaterThan(5);
});

test('openGlb refuses what readMesh refuses, with its error', async () => {
  const bytes = Buffer.from(await sceneGlb());
  bytes.writeUInt32LE(3, 4);
  expect(() => openGlb(bytes)).toThrow(/unsupported glTF container version 3/);
  await expect(readMesh(bytes)).rejects.toThrow(/unsupported glTF container version 3/);
});

test('isIdentity compares with the identity in place', () => {
  expect(isIdentity(translation(0, 0, 0))).toBe(true);
  expect(isIdentity(translation(0, 1e-13, 0))).toBe(true);
  expect(isIdentity(translation(0, 1e-6, 0))).toBe(false);
  const m = translation(0, 0, 0);
  m[5] = 2;
  expect(isIdentity(m)).toBe(false);
  m[5] = 1;
  m[4] = 1e-9;
  expect(isIdentity(m)).toBe(false);
});

import { Document, WebIO } from '@gltf-transform/core';
import { EngineError, readMesh, writeGlb } from '../src';
import { bounds, rawGlb, sceneGlb, triangleGltf } from './fixtures/formats';
import { cubeMesh } from './fixtures/meshes';

async function expectUnsupported(bytes: Uint8Array, pattern?: RegExp) {
  const error = await readMesh(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('unsupported_format');
  if (pattern) expect((error as EngineError).message).toMatch(pattern);
}

function toGltfJson(glb: Uint8Array): Record<string, unknown> {
  // Re-wraps a GLB's JSON with its binary chunk as a data URI buffer.
  const dv = new DataView(glb.buffer, glb.byteOffset);
  const jsonLength = dv.getUint32(12, true);
  const json = JSON.parse(Buffer.from(glb.subarray(20, 20 + jsonLength)).toString('utf8'));
  const binLength = dv.getUint32(20 + jsonLength, true);
  const bin = glb.subarray(28 + jsonLength, 28 + jsonLength + binLength);
  json.buffers[0].uri = `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}`;
  return json;
}

describe('readMesh: glTF', () => {
  test('round-trips a cube with materials, UVs, normals and texture through writeGlb', async () => {
    const cube = cubeMesh();
    const { mesh, format, warnings } = await readMesh(await writeGlb(cube));
    expect(format).toBe('glb');
    expect(warnings).toEqual([]);
    expect(mesh.positions).toEqual(cube.positions);
    expect(mesh.indices).toEqual(cube.indices);
    expect(mesh.uvs).toEqual(cube.uvs);
    expect(Array.from(mesh.normals!)).toEqual(Array.from(cube.normals!));
    expect(mesh.groups).toEqual(cube.groups);
    expect(mesh.materials.map((m) => m.name)).toEqual(['red', 'blue']);
    expect(mesh.materials[0]).toMatchObject({ baseColor: [1, 0, 0, 1], metallic: 0.25, roughness: 0.5, doubleSided: true });
    expect(mesh.materials[0]!.baseColorTexture!.mimeType).toBe('image/png');
    expect(Buffer.from(mesh.materials[0]!.baseColorTexture!.bytes)).toEqual(Buffer.from(cube.materials[0]!.baseColorTexture!.bytes));
  });

  test('reads glTF JSON with a data-URI buffer', async () => {
    const json = toGltfJson(await writeGlb(cubeMesh()));
    const { mesh, format } = await readMesh(new Uint8Array(Buffer.from(JSON.stringify(json))));
    expect(format).toBe('gltf');
    expect(mesh.indices.length).toBe(36);
    expect(mesh.materials[0]!.baseColorTexture).toBeDefined();
  });

  test('refuses external buffer files with a clear message', async () => {
    const json = toGltfJson(await writeGlb(cubeMesh()));
    (json.buffers as Array<{ uri: string }>)[0]!.uri = 'scene.bin';
    await expectUnsupported(new Uint8Array(Buffer.from(JSON.stringify(json))), /external file "scene.bin"/);
  });

  test('bakes a translated parent and a rotated, scaled child', async () => {
    const { mesh } = await readMesh(await sceneGlb());
    expect(mesh.positions.length).toBe(48 * 3);
    const parentCopy = bounds(mesh.positions.subarray(0, 72));
    expect(parentCopy.min.map((x) => +x.toFixed(5))).toEqual([9.5, -0.5, -0.5]);
    const childCopy = bounds(mesh.positions.subarray(72));
    expect(childCopy.min.map((x) => +x.toFixed(5))).toEqual([9, -1, -1]);
    expect(childCopy.max.map((x) => +x.toFixed(5))).toEqual([11, 1, 1]);
    // The child's first face was +X; rotated 90° about Y it faces -Z.
    expect(Array.from(mesh.normals!.subarray(72, 75)).map((x) => +x.toFixed(5) + 0)).toEqual([0, 0, -1]);
  });

  test('a mirroring transform flips winding so faces still point out', async () => {
    const { mesh } = await readMesh(await sceneGlb({ mirror: true }));
    // Geometric normal of the child's first triangle must agree with its stored normal.
    const [a, b, c] = [mesh.indices[36]!, mesh.indices[37]!, mesh.indices[38]!];
    const p = (i: number) => [mesh.positions[i * 3]!, mesh.positions[i * 3 + 1]!, mesh.positions[i * 3 + 2]!];
    const [pa, pb, pc] = [p(a), p(b), p(c)];
    const e1 = pb.map((x, k) => x - pa[k]!), e2 = pc.map((x, k) => x - pa[k]!);
    const n = [e1[1]! * e2[2]! - e1[2]! * e2[1]!, e1[2]! * e2[0]! - e1[0]! * e2[2]!, e1[0]! * e2[1]! - e1[1]! * e2[0]!];
    const stored = Array.from(mesh.normals!.subarray(a * 3, a * 3 + 3));
    expect(n[0]! * stored[0]! + n[1]! * stored[1]! + n[2]! * stored[2]!).toBeGreaterThan(0);
  });

  test('converts strips and fans, drops points with a warning', async () => {
    const strip = triangleGltf({ mode: 5 });
    expect((await readMesh(rawGlb(strip.json, strip.bin))).mesh.indices.length).toBe(3);
    const fan = triangleGltf({ mode: 6 });
    expect((await readMesh(rawGlb(fan.json, fan.bin))).mesh.indices.length).toBe(3);
    const tri = triangleGltf();
    const json = structuredClone(tri.json) as unknown as { meshes: Array<{ primitives: unknown[] }> };
    json.meshes[0]!.primitives.push({ attributes: { POSITION: 0 }, mode: 0 });
    const result = await readMesh(rawGlb(json, tri.bin));
    expect(result.mesh.indices.length).toBe(3);
    expect(result.warnings.join()).toMatch(/point and line primitives were dropped/);
  });

  test('drops skins and animations with warnings', async () => {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const cube = cubeMesh();
    const prim = doc.createPrimitive().setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(cube.positions).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(cube.indices).setBuffer(buffer));
    const joint = doc.createNode('j');
    const node = doc.createNode('m').setMesh(doc.createMesh().addPrimitive(prim));
    doc.createSkin().addJoint(joint);
    const sampler = doc.createAnimationSampler()
      .setInput(doc.createAccessor().setType('SCALAR').setArray(new Float32Array([0, 1])).setBuffer(buffer))
      .setOutput(doc.createAccessor().setType('VEC3').setArray(new Float32Array([0, 0, 0, 1, 0, 0])).setBuffer(buffer));
    doc.createAnimation().addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(joint).setTargetPath('translation').setSampler(sampler));
    doc.getRoot().setDefaultScene(doc.createScene().addChild(node).addChild(joint));
    const { warnings, mesh } = await readMesh(await new WebIO().writeBinary(doc));
    expect(mesh.indices.length).toBe(36);
    expect(warnings.join('\n')).toMatch(/skin was dropped/);
    expect(warnings.join('\n')).toMatch(/animations were dropped/);
  });

  describe('malformed input gives unsupported_format', () => {
    test('truncated GLB', async () => {
      const glb = await writeGlb(cubeMesh());
      await expectUnsupported(glb.subarray(0, glb.length - 100), /truncated/);
      await expectUnsupported(glb.subarray(0, 16), /truncated/);
    });
    test('accessor count past the buffer', async () => {
      const t = triangleGltf({ count: 4 });
      await expectUnsupported(rawGlb(t.json, t.bin), /reads past its buffer/);
    });
    test('absurd accessor count is refused before allocating', async () => {
      const t = triangleGltf({ count: 4_000_000_000 });
      await expectUnsupported(rawGlb(t.json, t.bin), /more than 2000000 triangles/);
    });
    test('more triangles than maxTriangles', async () => {
      const glb = await writeGlb(cubeMesh());
      await expect(readMesh(glb, { maxTriangles: 11 })).rejects.toMatchObject({ code: 'unsupported_format', message: expect.stringMatching(/more than 11 triangles/) });
    });
    test('NaN and infinite coordinates', async () => {
      const t = triangleGltf();
      t.positions[4] = NaN;
      await expectUnsupported(rawGlb(t.json, t.bin), /NaN/);
      t.positions[4] = Infinity;
      await expectUnsupported(rawGlb(t.json, t.bin), /NaN or infinite/);
    });
    test('missing POSITION', async () => {
      const t = triangleGltf({ attributes: { NORMAL: 0 } });
      await expectUnsupported(rawGlb(t.json, t.bin), /no POSITION/);
    });
    test('zero triangles', async () => {
      const t = triangleGltf({ count: 2 });
      await expectUnsupported(rawGlb(t.json, t.bin), /no triangles/);
      const p = triangleGltf({ mode: 1 });
      await expectUnsupported(rawGlb(p.json, p.bin), /no triangles/);
    });
    test('invalid JSON, wrong version, node cycles', async () => {
      await expectUnsupported(new Uint8Array(Buffer.from('{"asset": {"version": "2.0"}, "nodes": [')), /invalid JSON/);
      const t = triangleGltf();
      await expectUnsupported(rawGlb({ ...t.json, asset: { version: '1.0' } }, t.bin), /version/);
      await expectUnsupported(rawGlb({ ...t.json, nodes: [{ mesh: 0, children: [0] }] }, t.bin), /cycle/);
    });
  });
});

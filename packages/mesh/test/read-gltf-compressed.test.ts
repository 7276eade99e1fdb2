// Draco, meshopt and quantized GLBs, written by glTF-Transform with the official encoders, read back equal to the mesh they came from.
import { Document, Logger, type Transform } from '@gltf-transform/core';
import { EngineError, readMesh } from '../src';
import draco3d from 'draco3dgltf';
import { decodeDracoPrimitive, dracoHeaderCounts } from '../src/read/decode-draco-primitive';
import { DRACO_MAX_TRIANGLES_PER_BYTE } from '../src/read/read-limits';
import { compressionIo, compressionTransform, firstDracoPrimitive, withDracoTriangleClaim } from '../testing';

/** A torus: every vertex distinct, so decoded vertices map back to the original ones by position. */
function torus(rings = 16, sides = 8) {
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < sides; j++) {
      const u = (i / rings) * 2 * Math.PI;
      const v = (j / sides) * 2 * Math.PI;
      const [cx, cz] = [Math.cos(u), Math.sin(u)];
      positions.push((1 + 0.3 * Math.cos(v)) * cx, 0.3 * Math.sin(v) + 1, (1 + 0.3 * Math.cos(v)) * cz);
      normals.push(Math.cos(v) * cx, Math.sin(v), Math.cos(v) * cz);
      uvs.push(i / rings, j / sides);
      const a = i * sides + j;
      const b = ((i + 1) % rings) * sides + j;
      const c = ((i + 1) % rings) * sides + ((j + 1) % sides);
      const d = i * sides + ((j + 1) % sides);
      indices.push(a, b, c, a, c, d);
    }
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), uvs: new Float32Array(uvs), indices: new Uint32Array(indices) };
}

async function glbOf(t: ReturnType<typeof torus>, ...transforms: Transform[]): Promise<Uint8Array> {
  const doc = new Document().setLogger(new Logger(Logger.Verbosity.WARN));
  const buffer = doc.createBuffer();
  const acc = (type: 'VEC3' | 'VEC2' | 'SCALAR', array: Float32Array | Uint32Array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', t.positions))
    .setAttribute('NORMAL', acc('VEC3', t.normals))
    .setAttribute('TEXCOORD_0', acc('VEC2', t.uvs))
    .setIndices(acc('SCALAR', t.indices));
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(prim)));
  await doc.transform(...transforms);
  return (await compressionIo()).writeBinary(doc);
}

function extensionsOf(glb: Uint8Array): string[] {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(Buffer.from(glb.subarray(20, 20 + length)).toString('utf8')) as { extensionsUsed?: string[] };
  return json.extensionsUsed ?? [];
}

/**
 * The decoded mesh is the original one: every decoded vertex lies within `tol` of one original
 * vertex (same normal and UV within `tol` too), and the triangles, mapped back, are the same set.
 */
function expectSameMesh(mesh: { positions: Float32Array; normals?: Float32Array; uvs?: Float32Array; indices: Uint32Array }, t: ReturnType<typeof torus>, tol: number) {
  const n = t.positions.length / 3;
  expect(mesh.positions.length / 3).toBe(n);
  const map: number[] = [];
  for (let i = 0; i < n; i++) {
    let best = -1;
    let bestD = Infinity;
    for (let k = 0; k < n; k++) {
      const d = Math.hypot(mesh.positions[i * 3]! - t.positions[k * 3]!, mesh.positions[i * 3 + 1]! - t.positions[k * 3 + 1]!, mesh.positions[i * 3 + 2]! - t.positions[k * 3 + 2]!);
      if (d < bestD) [best, bestD] = [k, d];
    }
    expect(bestD).toBeLessThan(tol);
    for (let c = 0; c < 3; c++) expect(Math.abs(mesh.normals![i * 3 + c]! - t.normals[best * 3 + c]!)).toBeLessThan(0.02);
    for (let c = 0; c < 2; c++) expect(Math.abs(mesh.uvs![i * 2 + c]! - t.uvs[best * 2 + c]!)).toBeLessThan(tol);
    map.push(best);
  }
  expect(new Set(map).size).toBe(n);
  const key = (a: number, b: number, c: number) => {
    // Same triangle, same winding, whichever corner comes first.
    const r = [[a, b, c], [b, c, a], [c, a, b]].sort((x, y) => x[0]! - y[0]!)[0]!;
    return r.join(',');
  };
  const want = new Set<string>();
  for (let i = 0; i < t.indices.length; i += 3) want.add(key(t.indices[i]!, t.indices[i + 1]!, t.indices[i + 2]!));
  const got = new Set<string>();
  for (let i = 0; i < mesh.indices.length; i += 3) got.add(key(map[mesh.indices[i]!]!, map[mesh.indices[i + 1]!]!, map[mesh.indices[i + 2]!]!));
  expect(mesh.indices.length).toBe(t.indices.length);
  expect(got).toEqual(want);
}

async function refusal(bytes: Uint8Array): Promise<EngineError> {
  const error = await readMesh(bytes).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('unsupported_format');
  return error as EngineError;
}

/** The GLB with its binary chunk's bytes from `from` (relative to the chunk) on replaced by `fill`. */
function corrupt(glb: Uint8Array, from: number, length: number, fill: (i: number) => number): Uint8Array {
  const out = glb.slice();
  const jsonLength = new DataView(out.buffer).getUint32(12, true);
  const bin = 20 + jsonLength + 8;
  for (let i = 0; i < length && bin + from + i < out.length; i++) out[bin + from + i] = fill(i);
  return out;
}

describe('readMesh: compressed and quantized glTF', () => {
  const t = torus();

  test('a Draco (edgebreaker) GLB decodes to the original mesh', async () => {
    const glb = await glbOf(t, compressionTransform('draco-edgebreaker'));
    expect(extensionsOf(glb)).toContain('KHR_draco_mesh_compression');
    const { mesh, format, warnings } = await readMesh(glb);
    expect(format).toBe('glb');
    expect(warnings).toEqual([]);
    expectSameMesh(mesh, t, 1e-3);
  });

  test('a Draco (sequential) GLB decodes to the original mesh', async () => {
    const { mesh } = await readMesh(await glbOf(t, compressionTransform('draco-sequential')));
    expectSameMesh(mesh, t, 1e-3);
  });

  test('a meshopt GLB (quantized, filtered) decodes to the original mesh', async () => {
    const glb = await glbOf(t, compressionTransform('meshopt'));
    expect(extensionsOf(glb)).toEqual(expect.arrayContaining(['EXT_meshopt_compression', 'KHR_mesh_quantization']));
    const { mesh, warnings } = await readMesh(glb);
    expect(warnings).toEqual([]);
    expectSameMesh(mesh, t, 2e-3);
  });

  test('a quantized GLB (normalized short/byte attributes, no compression) reads correctly', async () => {
    const glb = await glbOf(t, compressionTransform('quantize'));
    expect(extensionsOf(glb)).toContain('KHR_mesh_quantization');
    const { mesh } = await readMesh(glb);
    expectSameMesh(mesh, t, 1e-3);
  });

  test('a corrupt Draco stream is unsupported_format, and the decoder still works afterwards', async () => {
    const glb = await glbOf(t, compressionTransform('draco-edgebreaker'));
    // The binary chunk holds only the Draco stream: garble everything after its header.
    const error = await refusal(corrupt(glb, 12, 1 << 20, (i) => (i * 131 + 7) & 0xff));
    expect(error.message).toMatch(/Draco/);
    await refusal(corrupt(glb, 0, 1 << 20, () => 0));
    expectSameMesh((await readMesh(glb)).mesh, t, 1e-3);
  });

  test.each(['draco-edgebreaker', 'draco-sequential'] as const)('%s: the stream header is checked against the accessors before decoding', async (method) => {
    const glb = await glbOf(t, compressionTransform(method));
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const stream = glb.subarray(20 + jsonLength + 8);
    const counts = dracoHeaderCounts(stream, 'glb');
    expect(counts.faces).toBe(t.indices.length / 3);
    if (method === 'draco-sequential') expect(counts.points).toBe(t.positions.length / 3);
    // The same stream under accessors declaring fewer triangles: refused from the header, not after decoding.
    const json = JSON.parse(Buffer.from(glb.subarray(20, 20 + jsonLength)).toString('utf8')) as { meshes: Array<{ primitives: Array<{ indices: number }> }>; accessors: Array<{ count: number }> };
    json.accessors[json.meshes[0]!.primitives[0]!.indices]!.count = 3;
    const text = Buffer.from(JSON.stringify(json).padEnd(Math.ceil(JSON.stringify(json).length / 4) * 4, ' '));
    const out = Buffer.concat([Buffer.from(glb.subarray(0, 20)), text, Buffer.from(glb.subarray(20 + jsonLength))]);
    out.writeUInt32LE(out.length, 8);
    out.writeUInt32LE(text.length, 12);
    expect((await refusal(new Uint8Array(out))).message).toMatch(/Draco header declares 256 triangles/);
  });

  test('a corrupt meshopt stream is unsupported_format', async () => {
    const glb = await glbOf(t, compressionTransform('meshopt'));
    const error = await refusal(corrupt(glb, 0, 1 << 20, (i) => (i * 37 + 11) & 0xff));
    expect(error.message).toMatch(/meshopt|out of range|reads past/);
  });

  test('a meshopt view declaring more than the decompression budget is refused before it is allocated', async () => {
    const glb = await glbOf(t, compressionTransform('meshopt'));
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    type MeshoptView = { byteLength: number; extensions?: { EXT_meshopt_compression?: { count: number; byteStride: number } } };
    const json = JSON.parse(Buffer.from(glb.subarray(20, 20 + jsonLength)).toString('utf8')) as { bufferViews: MeshoptView[] };
    const view = json.bufferViews.find((v) => v.extensions?.EXT_meshopt_compression)!;
    const ext = view.extensions!.EXT_meshopt_compression!;
    ext.count = 100_000_000;
    view.byteLength = ext.count * ext.byteStride;
    const text = Buffer.from(JSON.stringify(json).padEnd(Math.ceil(JSON.stringify(json).length / 4) * 4, ' '));
    const bin = glb.subarray(20 + jsonLength);
    const out = new Uint8Array(20 + text.length + bin.length);
    const dv = new DataView(out.buffer);
    out.set(glb.subarray(0, 12));
    dv.setUint32(8, out.length, true);
    dv.setUint32(12, text.length, true);
    dv.setUint32(16, 0x4e4f534a, true);
    out.set(text, 20);
    out.set(bin, 20 + text.length);
    const error = await refusal(out);
    expect(error.message).toMatch(/decompress to more than|elements but POSITION|more than/);
  });

  test('a small Draco stream claiming many triangles is refused before decoding: per byte of stream, then by decoded size', async () => {
    const glb = await glbOf(t, compressionTransform('draco-edgebreaker'));
    const claim = withDracoTriangleClaim(glb, 500_000);
    const perByte = await refusal(claim);
    expect(perByte.message).toMatch(new RegExp(`Draco stream of \\d+ bytes declares 500000 triangles, more than the limit of ${DRACO_MAX_TRIANGLES_PER_BYTE} per byte`));
    // 1.9M triangles of positions, normals and UVs decode to more than a small file's budget.
    expect((await refusal(withDracoTriangleClaim(glb, 1_900_000))).message).toMatch(/Draco streams decode to more than \d+ bytes, the limit for a file of this size/);
    expectSameMesh((await readMesh(glb)).mesh, t, 1e-3);
  });

  test('a decode that would grow the WASM heap past its limit is refused, and the decoder works afterwards', async () => {
    const big = torus(300, 300);
    const glb = await glbOf(big, compressionTransform('draco-edgebreaker'));
    const { stream, requests, vertexCount, indices } = firstDracoPrimitive(glb);
    const decode = (module: Awaited<ReturnType<typeof draco3d.createDecoderModule>>, heapLimit?: number) =>
      decodeDracoPrimitive(module, stream, requests, vertexCount, indices, 'glb', heapLimit);
    const module = await draco3d.createDecoderModule({});
    const start = module.HEAPU8.length;
    let error: unknown;
    try {
      decode(module, start);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toMatch(/Draco stream needs more than \d+ MB to decode, the limit for its 180000 declared triangles/);
    expect(module.HEAPU8.length).toBe(start);
    // Under its own limit (from the declared counts) the same stream decodes, in a fresh module.
    expect(decode(await draco3d.createDecoderModule({})).get(indices.accessor)!.bytes.length).toBe(180_000 * 12);
    expect((await readMesh(glb)).mesh.indices.length).toBe(big.indices.length);
  }, 60_000);
});

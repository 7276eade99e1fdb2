// Rewrites a GLB with Draco or meshopt compression (or quantization), or as a zipped .gltf with its files, as pipelines ship them, for reader and end-to-end tests.
import { Document, Logger, WebIO, type Transform } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt, quantize } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer/encoder';
import { zipSync } from 'fflate';

export type GlbCompression = 'draco-edgebreaker' | 'draco-sequential' | 'meshopt' | 'quantize';

/** glTF-Transform's IO with every extension and the official encoders registered. */
export async function compressionIo(): Promise<WebIO> {
  await MeshoptEncoder.ready;
  return new WebIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule({}),
    'draco3d.decoder': await draco3d.createDecoderModule({}),
    'meshopt.encoder': MeshoptEncoder,
  });
}

/** The transform that applies `compression` with the encoders' usual settings. */
export function compressionTransform(compression: GlbCompression): Transform {
  switch (compression) {
    case 'draco-edgebreaker': return draco({ method: 'edgebreaker' });
    case 'draco-sequential': return draco({ method: 'sequential' });
    case 'meshopt': return meshopt({ encoder: MeshoptEncoder, level: 'high' });
    case 'quantize': return quantize({ quantizePosition: 14, quantizeNormal: 8, quantizeTexcoord: 12 });
  }
}

/** `glb` rewritten with `compression` applied to every mesh. */
export async function compressGlb(glb: Uint8Array, compression: GlbCompression): Promise<Uint8Array> {
  const io = await compressionIo();
  const doc: Document = await io.readBinary(glb);
  doc.setLogger(new Logger(Logger.Verbosity.WARN));
  await doc.transform(compressionTransform(compression));
  return io.writeBinary(doc);
}

/** `glb` as a zip of `folder/name.gltf` with its `.bin` and textures beside it, as exporters write "glTF separate". */
export async function zipAsGltf(glb: Uint8Array, folder = 'model', name = 'model'): Promise<Uint8Array> {
  const io = new WebIO();
  const { json, resources } = await io.writeJSON(await io.readBinary(glb), { basename: name });
  const files: Record<string, Uint8Array> = { [`${folder}/${name}.gltf`]: new Uint8Array(Buffer.from(JSON.stringify(json))) };
  for (const [uri, data] of Object.entries(resources)) files[`${folder}/${decodeURIComponent(uri)}`] = data;
  return zipSync(files);
}

/** A zip of exactly these entries (names as given, e.g. hostile ones), for tests outside this package. */
export function zipFiles(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(files);
}

/** `glb` as a .vrm: the same GLB with a VRM 1.0 (`VRMC_vrm`) or 0.x (`VRM`) extension declared, as VRM exporters write it. */
export function asVrm(glb: Uint8Array, extension: 'VRMC_vrm' | 'VRM' = 'VRMC_vrm'): Uint8Array {
  const b = Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = b.readUInt32LE(12);
  const json = JSON.parse(b.subarray(20, 20 + jsonLength).toString('utf8')) as Record<string, unknown>;
  const rest = b.subarray(20 + jsonLength);
  json.extensionsUsed = [...((json.extensionsUsed as string[] | undefined) ?? []), extension, 'VRMC_springBone'];
  json.extensions = { [extension]: extension === 'VRMC_vrm' ? { specVersion: '1.0', meta: { name: 'test' }, humanoid: { humanBones: {} } } : { exporterVersion: 'test', humanoid: { humanBones: [] } } };
  const text = Buffer.from(JSON.stringify(json));
  const padded = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const out = Buffer.concat([b.subarray(0, 20), padded, rest]);
  out.writeUInt32LE(out.length, 8);
  out.writeUInt32LE(padded.length, 12);
  return new Uint8Array(out);
}

/**
 * A Draco GLB (as `compressGlb` writes it) whose first Draco primitive claims `triangles`
 * triangles: its stream's header and its accessors say so, its data stays the real, small stream.
 * The hostile file a bounded reader must refuse before the decoder allocates for the claim.
 */
export function withDracoTriangleClaim(glb: Uint8Array, triangles: number): Uint8Array {
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test fixture poking at glTF JSON
  const b = Buffer.from(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = b.readUInt32LE(12);
  const json = JSON.parse(b.subarray(20, 20 + jsonLength).toString('utf8')) as Json;
  const binStart = 20 + jsonLength;
  const bin = b.subarray(binStart + 8, binStart + 8 + b.readUInt32LE(binStart));
  const prim = (json.meshes as Json[]).flatMap((m) => m.primitives as Json[]).find((p) => p.extensions?.KHR_draco_mesh_compression)!;
  const view = json.bufferViews[prim.extensions.KHR_draco_mesh_compression.bufferView] as Json;
  const stream = bin.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength);
  // Header: "DRACO", version (2), type, method, flags (2); then, edgebreaker: traversal byte and
  // the encoded-vertex varint before the face count; sequential: the face count first.
  if ((stream[9]! | (stream[10]! << 8)) & 0x8000) throw new Error('withDracoTriangleClaim: streams with metadata are not handled');
  const varintEnd = (at: number) => {
    while (stream[at]! & 0x80) at++;
    return at + 1;
  };
  const facesAt = stream[8] === 1 ? varintEnd(12) : 11;
  const varint: number[] = [];
  for (let v = triangles; ; v = Math.floor(v / 128)) {
    varint.push((v % 128) | (v >= 128 ? 0x80 : 0));
    if (v < 128) break;
  }
  const patched = Buffer.concat([stream.subarray(0, facesAt), Buffer.from(varint), stream.subarray(varintEnd(facesAt))]);
  const offset = Math.ceil(bin.length / 4) * 4;
  const newBin = Buffer.concat([bin, Buffer.alloc(offset - bin.length), patched, Buffer.alloc((4 - (patched.length % 4)) % 4)]);
  view.byteOffset = offset;
  view.byteLength = patched.length;
  json.buffers[0].byteLength = newBin.length;
  json.accessors[prim.indices].count = triangles * 3;
  for (const a of Object.values(prim.attributes as Record<string, number>)) json.accessors[a].count = triangles;
  const text = Buffer.from(JSON.stringify(json));
  const paddedJson = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const out = Buffer.concat([b.subarray(0, 12), Buffer.alloc(8), paddedJson, Buffer.alloc(8), newBin]);
  out.writeUInt32LE(out.length, 8);
  out.writeUInt32LE(paddedJson.length, 12);
  out.writeUInt32LE(0x4e4f534a, 16);
  out.writeUInt32LE(newBin.length, 20 + paddedJson.length);
  out.writeUInt32LE(0x004e4942, 24 + paddedJson.length);
  return new Uint8Array(out);
}

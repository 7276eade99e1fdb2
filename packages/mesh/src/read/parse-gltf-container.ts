/** Opens GLB and glTF containers once for the mesh and the animation readers. */
import { fail } from './mesh-assembler';

export type GltfJson = Record<string, unknown>;

/** A GLB's or glTF's parsed JSON and its binary chunk (GLB only). */
export interface GltfContainer {
  json: GltfJson;
  bin: Uint8Array | null;
}

/**
 * The JSON and the binary chunk of a GLB, or the JSON of a glTF file, checked to be glTF 2.x.
 * Shared by the mesh reader and the animation reader; every problem is `unsupported_format`.
 */
export function parseGltfContainer(bytes: Uint8Array, f: 'glb' | 'gltf'): GltfContainer {
  let text: string;
  let bin: Uint8Array | null = null;
  if (f === 'glb') {
    if (bytes.length < 20) fail(f, 'file is truncated (shorter than a GLB header)');
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = dv.getUint32(4, true);
    if (version !== 2) fail(f, `unsupported glTF container version ${version} (only 2 is supported)`);
    const length = dv.getUint32(8, true);
    if (length > bytes.length) fail(f, `file is truncated (header says ${length} bytes, got ${bytes.length})`);
    let offset = 12;
    let jsonChunk: Uint8Array | null = null;
    while (offset + 8 <= length) {
      const chunkLength = dv.getUint32(offset, true);
      const chunkType = dv.getUint32(offset + 4, true);
      const start = offset + 8;
      if (start + chunkLength > length) fail(f, 'file is truncated (a chunk runs past the end)');
      const chunk = bytes.subarray(start, start + chunkLength);
      if (chunkType === 0x4e4f534a && !jsonChunk) jsonChunk = chunk;
      else if (chunkType === 0x004e4942 && !bin) bin = chunk;
      offset = start + chunkLength + ((4 - (chunkLength % 4)) % 4);
    }
    if (!jsonChunk) fail(f, 'no JSON chunk');
    text = Buffer.from(jsonChunk.buffer, jsonChunk.byteOffset, jsonChunk.byteLength).toString('utf8');
  } else {
    text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (e) {
    fail(f, `invalid JSON (${(e as Error).message})`);
  }
  if (!isObject(value) || !isObject(value.asset)) fail(f, 'JSON has no "asset" object, so it is not glTF');
  const version = String(value.asset.version ?? '');
  if (!version.startsWith('2')) fail(f, `unsupported glTF version "${version}" (only 2.x is supported)`);
  return { json: value, bin };
}

/** A JSON object (not null, not an array). */
export function isObject(v: unknown): v is GltfJson {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A JSON array, or empty for anything else. */
export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A non-negative integer index, or `fallback`. */
export function int(v: unknown, fallback = -1): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;
}

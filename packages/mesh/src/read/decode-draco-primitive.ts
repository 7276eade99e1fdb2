// Decodes one KHR_draco_mesh_compression primitive with Google's decoder into plain accessor bytes the glTF reader reads like any other.
import type { DecoderModule } from 'draco3dgltf';
import { fail } from './mesh-assembler';
import { discardDracoModule } from './gltf-decoders';
import { DRACO_HEAP_KEEP_BYTES, DRACO_MAX_TRIANGLES_PER_BYTE, dracoHeapLimit } from './read-limits';

/** One attribute the primitive's JSON maps to a Draco attribute id. */
export interface DracoAttributeRequest {
  accessor: number;
  uniqueId: number;
  componentType: number;
  components: number;
}

/** Decoded bytes, tightly packed, in `componentType`, to stand in for the accessor's bufferView. */
export interface DecodedAccessor {
  bytes: Uint8Array;
  componentType: number;
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const DATA_TYPE: Record<number, string> = { 5120: 'DT_INT8', 5121: 'DT_UINT8', 5122: 'DT_INT16', 5123: 'DT_UINT16', 5125: 'DT_UINT32', 5126: 'DT_FLOAT32' };

/**
 * Decodes `data` (the primitive's Draco bufferView) and returns the bytes of each requested
 * attribute and of the indices (as uint32). The stream header's face count (and, for sequential
 * streams, point count) is read first and must match the accessors, so the WASM heap (outside the
 * upload-check threads' V8 heap cap) never grows for more than the triangle cap allows. The decoded point and face counts must equal the
 * counts the accessors declare (the extension requires it), and those declared counts are what the
 * reader already charged against the triangle cap, so a stream that decodes to more than it
 * declared is refused before anything is copied out of the decoder's heap.
 */
export function decodeDracoPrimitive(
  draco: DecoderModule,
  data: Uint8Array,
  attributes: DracoAttributeRequest[],
  vertexCount: number,
  indices: { accessor: number; count: number } | null,
  f: string,
  heapLimit?: number,
): Map<number, DecodedAccessor> {
  // Before the decoder allocates anything: the stream's own header must declare the counts the accessors do.
  const header = dracoHeaderCounts(data, f);
  if (header.faces * 3 !== (indices ? indices.count : vertexCount)) {
    fail(f, `Draco header declares ${header.faces} triangles but the indices accessor ${indices ? indices.count : vertexCount} indices`);
  }
  if (header.points !== null && header.points !== vertexCount) fail(f, `Draco header declares ${header.points} vertices but its accessors ${vertexCount}`);
  if (header.faces > DRACO_MAX_TRIANGLES_PER_BYTE * data.length) {
    fail(f, `Draco stream of ${data.length} bytes declares ${header.faces} triangles, more than the limit of ${DRACO_MAX_TRIANGLES_PER_BYTE} per byte`);
  }
  const limit = heapLimit ?? dracoHeapLimit(header.faces, dracoDecodedBytes(attributes, vertexCount, header.faces), draco.HEAPU8.length);
  const cap = capHeap(draco, limit);
  try {
    return decodeCapped(draco, data, attributes, vertexCount, indices, f);
  } catch (e) {
    if (cap.hit) {
      fail(f, `Draco stream needs more than ${Math.round(limit / 2 ** 20)} MB to decode, the limit for its ${header.faces} declared triangles`);
    }
    throw e;
  } finally {
    cap.release();
    // A trap (the cap, or any abort) leaves the module unusable, and a grown heap is never given
    // back: either way the next file gets a fresh module.
    if (cap.hit || draco.HEAPU8.length > DRACO_HEAP_KEEP_BYTES) discardDracoModule();
  }
}

/** Bytes the decoded attributes and uint32 indices take, from the declared counts. */
export function dracoDecodedBytes(attributes: DracoAttributeRequest[], vertexCount: number, faces: number): number {
  return attributes.reduce((sum, a) => sum + vertexCount * a.components * (COMPONENT_BYTES[a.componentType] ?? 4), 0) + faces * 12;
}

/** The part of WebAssembly.Memory used here (the project's TypeScript libs do not declare WebAssembly). */
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}
const WASM_MEMORY = (globalThis as unknown as { WebAssembly: { Memory: abstract new (...args: never[]) => WasmMemory } }).WebAssembly.Memory;

/**
 * Refuses the module's WASM memory any growth past `limit` bytes while a decode runs: its
 * allocator then fails, and the decoder aborts instead of taking memory the thread caps never see.
 * The memory is found among the module's exports (Emscripten minifies its name); without one,
 * nothing is capped and the counts checked before still bound the decode.
 */
function capHeap(draco: DecoderModule, limit: number): { hit: boolean; release: () => void } {
  const exports = (draco as unknown as { asm?: Record<string, unknown> }).asm ?? {};
  const memory = Object.values(exports).find((v): v is WasmMemory => v instanceof WASM_MEMORY);
  const state = { hit: false, release: () => {} };
  if (!memory) return state;
  const grow = memory.grow.bind(memory);
  memory.grow = (pages: number): number => {
    if (memory.buffer.byteLength + pages * 65536 > limit) {
      state.hit = true;
      throw new RangeError(`Draco heap limit of ${limit} bytes`);
    }
    return grow(pages);
  };
  state.release = () => {
    Reflect.deleteProperty(memory, 'grow');
  };
  return state;
}

function decodeCapped(
  draco: DecoderModule,
  data: Uint8Array,
  attributes: DracoAttributeRequest[],
  vertexCount: number,
  indices: { accessor: number; count: number } | null,
  f: string,
): Map<number, DecodedAccessor> {
  // The typings omit the enum values the Emscripten module exposes as plain numbers.
  const constants = draco as unknown as Record<string, number>;
  const out = new Map<number, DecodedAccessor>();
  const decoder = new draco.Decoder();
  const buffer = new draco.DecoderBuffer();
  const mesh = new draco.Mesh();
  try {
    buffer.Init(new Int8Array(data.buffer, data.byteOffset, data.byteLength), data.byteLength);
    if (Number(decoder.GetEncodedGeometryType(buffer)) !== constants.TRIANGULAR_MESH) fail(f, 'Draco stream is not a triangle mesh');
    const status = decoder.DecodeBufferToMesh(buffer, mesh);
    if (!status.ok()) fail(f, `corrupt Draco stream (${status.error_msg().slice(0, 120)})`);
    const points = mesh.num_points();
    const faces = mesh.num_faces();
    if (points !== vertexCount) fail(f, `Draco stream decodes to ${points} vertices but its accessors declare ${vertexCount}`);
    const expectedIndices = indices ? indices.count : vertexCount;
    if (faces * 3 !== expectedIndices) fail(f, `Draco stream decodes to ${faces} triangles but its indices accessor declares ${expectedIndices} indices`);
    const copy = (byteLength: number, fill: (ptr: number) => void): Uint8Array => {
      const ptr = draco._malloc(byteLength);
      try {
        fill(ptr);
        return draco.HEAPU8.slice(ptr, ptr + byteLength);
      } finally {
        draco._free(ptr);
      }
    };
    for (const a of attributes) {
      const attribute = decoder.GetAttributeByUniqueId(mesh, a.uniqueId);
      // A missing id comes back as a null pointer wrapper whose methods trap; its id check is the safe test.
      if (!attribute || (attribute as unknown as { ptr?: number }).ptr === 0) fail(f, `Draco stream has no attribute ${a.uniqueId}`);
      if (attribute.num_components() !== a.components) fail(f, `Draco attribute ${a.uniqueId} has ${attribute.num_components()} components, its accessor ${a.components}`);
      const type = constants[DATA_TYPE[a.componentType] ?? ''];
      if (type === undefined) fail(f, `Draco attribute ${a.uniqueId} has an invalid componentType ${a.componentType}`);
      const byteLength = points * a.components * COMPONENT_BYTES[a.componentType]!;
      const bytes = copy(byteLength, (ptr) => decoder.GetAttributeDataArrayForAllPoints(mesh, attribute, type as never, byteLength, ptr));
      out.set(a.accessor, { bytes, componentType: a.componentType });
    }
    if (indices) {
      const byteLength = faces * 3 * 4;
      out.set(indices.accessor, { bytes: copy(byteLength, (ptr) => decoder.GetTrianglesUInt32Array(mesh, byteLength, ptr)), componentType: 5125 });
    }
    return out;
  } finally {
    // After an abort the module traps on every call: the original error is the one to report.
    try {
      draco.destroy(mesh);
      draco.destroy(buffer);
      draco.destroy(decoder);
    } catch {
      discardDracoModule();
    }
  }
}

/**
 * The face count (and the point count, which only sequential streams state up front; edgebreaker
 * points are bounded by three per face) from a Draco stream's header, per the Draco bitstream
 * specification (header, optional metadata, connectivity header). Read by hand because the
 * decoder only reports counts after it has decoded everything.
 */
export function dracoHeaderCounts(data: Uint8Array, f: string): { faces: number; points: number | null } {
  let at = 0;
  const byte = (): number => {
    if (at >= data.length) fail(f, 'Draco stream is truncated');
    return data[at++]!;
  };
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (shift > 28) fail(f, 'Draco stream has an invalid varint');
      const b = byte();
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return value;
    }
  };
  const skip = (n: number) => {
    at += n;
    if (at > data.length) fail(f, 'Draco stream is truncated');
  };
  if (String.fromCharCode(...data.subarray(0, 5)) !== 'DRACO') fail(f, 'Draco stream has no DRACO header');
  at = 5;
  const version = (byte() << 8) | byte();
  const type = byte();
  const method = byte();
  const flags = byte() | (byte() << 8);
  if (type !== 1) fail(f, 'Draco stream is not a triangle mesh');
  if (version < 0x200 || version > 0x202) fail(f, `Draco bitstream version ${version >> 8}.${version & 0xff} is not supported`);
  if (flags & 0x8000) {
    // Metadata: skipped, with every size bounded by the stream.
    let elements = 0;
    const element = (depth: number): void => {
      if (depth > 32 || ++elements > 100_000) fail(f, 'Draco metadata is too deep');
      const entries = varint();
      for (let i = 0; i < entries; i++) {
        skip(byte());
        skip(byte());
      }
      const children = varint();
      for (let i = 0; i < children; i++) {
        skip(byte());
        element(depth + 1);
      }
    };
    const attributeMetadata = varint();
    for (let i = 0; i < attributeMetadata; i++) {
      varint();
      element(0);
    }
    element(0);
  }
  if (method === 0) {
    // Bitstreams before 2.2 wrote these two as uint32.
    const count = version < 0x202 ? () => byte() + byte() * 2 ** 8 + byte() * 2 ** 16 + byte() * 2 ** 24 : varint;
    const faces = count();
    return { faces, points: count() };
  }
  if (method !== 1) fail(f, `Draco stream has an unknown encoder method ${method}`);
  byte(); // traversal type
  if (version < 0x202) varint(); // new vertices (bitstream 2.0 and 2.1)
  varint(); // encoded vertices
  return { faces: varint(), points: null };
}

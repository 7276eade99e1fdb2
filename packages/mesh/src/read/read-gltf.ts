/** Reads GLB and glTF meshes into the common mesh shape. */
import type { MeshMaterial, MeshTexture } from '../mesh-model';
import { decodeDataUri, textureFromBytes } from './decode-texture';
import { fromQuat, identity, isIdentity, mirrors, multiply, scaling, translation, flipWinding, transformNormals, transformPositions, type Mat4 } from './mat4';
import type { TriangleLayout } from '../check/mesh-workload';
import { fail, type MeshAssembler } from './mesh-assembler';
import { int, isObject, list, parseGltfContainer, type GltfJson } from './parse-gltf-container';
import { decodeDracoPrimitive, dracoDecodedBytes, type DecodedAccessor } from './decode-draco-primitive';
import { discardDracoModule, DRACO_EXTENSION, extensionOf, MESHOPT_EXTENSIONS, type GltfDecoders } from './gltf-decoders';
import { dracoDecodedBudget, inflatedBytesBudget } from './read-limits';
import { isEngineError } from '../mesh-error';

/*
 * glTF 2.0 reader (GLB and JSON with embedded/data-URI buffers).
 *
 * We parse the JSON ourselves instead of going through @gltf-transform/core's reader: we need
 * to refuse hostile files *before* allocating (declared counts against buffer sizes and the
 * triangle cap), to read attributes straight into typed arrays, and to turn every defect into a
 * precise message. glTF-Transform's reader builds a full property graph first and throws plain
 * Errors, which would cost memory and give worse messages for the same result.
 *
 * Compressed geometry is decoded with the official decoders (`gltf-decoders.ts`), handed in
 * ready: Draco primitives after their declared counts were charged against the triangle cap, their
 * decoded size against the decompressed-bytes budget and their triangles against the stream's size
 * (the decoder's own WASM heap is capped per decode: decode-draco-primitive.ts), and
 * meshopt bufferViews lazily, each one's declared `count` × `byteStride` charged against the same
 * decompressed-bytes budget as FBX's zlib arrays before its output is allocated.
 */

type Json = Record<string, unknown>;
type View = { bytes: Uint8Array; stride: number | undefined };

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_SIZE: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const MAX_NODE_VISITS = 100_000;
/** The attributes readPrimitive reads, the only ones decoded out of a Draco stream. */
const DRACO_READ_ATTRIBUTES = ['POSITION', 'NORMAL', 'TEXCOORD_0', 'COLOR_0'];
/** Texture extensions whose `source` names an image in place of the core one (which becomes the fallback). */
const TEXTURE_IMAGE_EXTENSIONS = ['KHR_texture_basisu', 'EXT_texture_webp'] as const;

/** Reads a GLB or glTF file into the assembler (parts in world space, materials). */
export function readGltf(bytes: Uint8Array, format: 'glb' | 'gltf', asm: MeshAssembler, decoders: GltfDecoders = {}): void {
  const { json, bin } = parseGltfContainer(bytes, format);
  readGltfDocument(format, json, bin, bytes.length, asm, decoders, null);
}

/**
 * Reads an already parsed glTF container (see `parseGltfContainer`); `fileBytes` sizes the
 * decompression budget; `external` resolves relative `uri`s (a zip's other entries), never the file system.
 */
export function readGltfDocument(
  format: 'glb' | 'gltf',
  json: GltfJson,
  bin: Uint8Array | null,
  fileBytes: number,
  asm: MeshAssembler,
  decoders: GltfDecoders,
  external: ((uri: string) => Uint8Array | null) | null,
): void {
  new GltfDocument(format, json, bin, asm, decoders, fileBytes, external).read();
}

class GltfDocument {
  private readonly buffers = new Map<number, Uint8Array>();
  private readonly materialMap = new Map<number, number>();
  private readonly views = new Map<number, View>();
  /** Accessors whose data came out of a Draco stream, in place of their bufferView. */
  private readonly decoded = new Map<number, DecodedAccessor>();
  private decompressedBytes = 0;
  private readonly decompressedBudget: number;
  private dracoBytes = 0;
  private readonly dracoBudget: number;

  constructor(
    private readonly f: string,
    private readonly json: Json,
    private readonly bin: Uint8Array | null,
    private readonly asm: MeshAssembler,
    private readonly decoders: GltfDecoders,
    fileBytes: number,
    private readonly external: ((uri: string) => Uint8Array | null) | null,
  ) {
    this.decompressedBudget = inflatedBytesBudget(fileBytes);
    this.dracoBudget = dracoDecodedBudget(fileBytes);
  }

  read(): void {
    const { f, json, asm } = this;
    for (const ext of list(json.extensionsRequired)) {
      const missing = ext === DRACO_EXTENSION ? !this.decoders.draco : MESHOPT_EXTENSIONS.some((e) => e === ext) && !this.decoders.meshopt;
      if (missing) fail(f, `compressed geometry (${String(ext)}) needs its decoder, which was not loaded`);
    }
    if (list(json.skins).length > 0) asm.warn(`${f}: the existing skin was dropped; the mesh is read in its bind pose`);
    if (list(json.animations).length > 0) asm.warn(`${f}: animations were dropped`);

    const nodes = list(json.nodes);
    const meshes = list(json.meshes);
    const draws: Array<{ mesh: number; matrix: Mat4 }> = [];
    const sceneIndex = int(json.scene, 0);
    const scene = list(json.scenes)[sceneIndex];
    let roots: number[];
    if (isObject(scene)) {
      roots = list(scene.nodes).map((n) => int(n));
    } else {
      const isChild = new Set<number>();
      for (const n of nodes) if (isObject(n)) for (const c of list(n.children)) isChild.add(int(c));
      roots = nodes.map((_, i) => i).filter((i) => !isChild.has(i));
      if (nodes.length === 0) meshes.forEach((_, i) => draws.push({ mesh: i, matrix: identity() }));
    }
    let visits = 0;
    const visit = (index: number, parent: Mat4, path: Set<number>): void => {
      const node = nodes[index];
      if (!isObject(node)) fail(f, `node ${index} does not exist`);
      if (path.has(index)) fail(f, `node ${index} is its own ancestor (cycle in the node hierarchy)`);
      if (++visits > MAX_NODE_VISITS) fail(f, `more than ${MAX_NODE_VISITS} node instances`);
      const world = multiply(parent, this.localMatrix(node, index));
      if (node.mesh !== undefined) {
        const m = int(node.mesh);
        if (!isObject(meshes[m])) fail(f, `node ${index} refers to missing mesh ${String(node.mesh)}`);
        draws.push({ mesh: m, matrix: world });
      }
      path.add(index);
      for (const c of list(node.children)) visit(int(c), world, path);
      path.delete(index);
    };
    for (const r of roots) visit(r, identity(), new Set());

    // Count first, so the cap is enforced before any attribute is decoded.
    for (const d of draws) {
      for (const p of list((meshes[d.mesh] as Json).primitives)) {
        if (!isObject(p)) fail(f, `mesh ${d.mesh} has an invalid primitive`);
        const { triangles, vertices } = this.countPrimitive(p);
        asm.reserve(triangles, vertices);
      }
    }
    // Every primitive's positions first, in world space, so the work budget (when the assembler
    // applies it while reading) is measured against the whole mesh's box before any index is read.
    const primitives: Array<{ p: Json; matrix: Mat4; mesh: number; pos: Float32Array }> = [];
    for (const d of draws) {
      const mesh = meshes[d.mesh] as Json;
      if (list(mesh.weights).length > 0 || list(mesh.primitives).some((p) => isObject(p) && list(p.targets).length > 0)) {
        asm.warn(`${f}: morph targets were dropped`);
      }
      for (const item of list(mesh.primitives)) {
        const p = item as Json;
        if (layoutOf(p) === null) {
          asm.warn(`${f}: point and line primitives were dropped (mesh ${d.mesh})`);
          continue;
        }
        this.decodeDraco(p);
        const pos = this.readFloat((p.attributes as Json).POSITION, 'POSITION', ['VEC3']).data;
        if (!isIdentity(d.matrix)) transformPositions(d.matrix, pos);
        asm.includeExtent(pos);
        primitives.push({ p, matrix: d.matrix, mesh: d.mesh, pos });
      }
    }
    for (const x of primitives) this.readPrimitive(x.p, x.pos, x.matrix, x.mesh);
  }

  private localMatrix(node: Json, index: number): Mat4 {
    // A node without a transform: T·R·S of the defaults is exactly the identity (every product is
    // 1·1 or 0), so it is returned without building and multiplying the three matrices.
    if (node.matrix === undefined && node.translation === undefined && node.rotation === undefined && node.scale === undefined) return identity();
    const m = list(node.matrix);
    if (m.length > 0) {
      if (m.length !== 16 || !m.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        fail(this.f, `node ${index} has an invalid matrix`);
      }
      return Float64Array.from(m as number[]);
    }
    const vec = (v: unknown, n: number, def: number[]): number[] => {
      const a = list(v);
      if (a.length === 0) return def;
      if (a.length !== n || !a.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        fail(this.f, `node ${index} has an invalid transform`);
      }
      return a as number[];
    };
    const [tx, ty, tz] = vec(node.translation, 3, [0, 0, 0]) as [number, number, number];
    const [qx, qy, qz, qw] = vec(node.rotation, 4, [0, 0, 0, 1]) as [number, number, number, number];
    const [sx, sy, sz] = vec(node.scale, 3, [1, 1, 1]) as [number, number, number];
    return multiply(translation(tx, ty, tz), multiply(fromQuat(qx, qy, qz, qw), scaling(sx, sy, sz)));
  }

  private accessorDef(index: unknown, what: string): Json {
    const a = list(this.json.accessors)[int(index)];
    if (!isObject(a)) fail(this.f, `${what} refers to missing accessor ${String(index)}`);
    return a;
  }

  private countPrimitive(p: Json): { triangles: number; vertices: number } {
    const attributes = isObject(p.attributes) ? p.attributes : {};
    if (attributes.POSITION === undefined) fail(this.f, 'a primitive has no POSITION attribute');
    const vertices = this.declaredCount(this.accessorDef(attributes.POSITION, 'POSITION'));
    const n = p.indices !== undefined ? this.declaredCount(this.accessorDef(p.indices, 'indices')) : vertices;
    const mode = p.mode === undefined ? 4 : p.mode;
    const triangles = mode === 4 ? Math.floor(n / 3) : mode === 5 || mode === 6 ? Math.max(0, n - 2) : 0;
    return { triangles, vertices };
  }

  private declaredCount(a: Json): number {
    const count = a.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      fail(this.f, `accessor has an invalid count ${String(count)}`);
    }
    return count;
  }

  private buffer(index: number): Uint8Array {
    const cached = this.buffers.get(index);
    if (cached) return cached;
    const def = list(this.json.buffers)[index];
    if (!isObject(def)) fail(this.f, `buffer ${index} does not exist`);
    let data: Uint8Array;
    if (def.uri === undefined) {
      if (!this.bin || index !== 0) fail(this.f, `buffer ${index} has no data (no uri and no GLB binary chunk)`);
      data = this.bin;
    } else {
      const uri = String(def.uri);
      const decoded = decodeDataUri(uri) ?? this.external?.(uri);
      if (!decoded) {
        fail(this.f, `buffer ${index} refers to the external file "${uri.slice(0, 80)}"; send GLB, glTF with embedded (data: URI) buffers, or a .zip holding the .gltf and its files`);
      }
      data = decoded;
    }
    const byteLength = def.byteLength;
    if (typeof byteLength === 'number' && byteLength > data.length) {
      fail(this.f, `buffer ${index} is truncated (declares ${byteLength} bytes, has ${data.length})`);
    }
    this.buffers.set(index, data);
    return data;
  }

  private bufferView(index: unknown): View {
    const cached = this.views.get(int(index));
    if (cached) return cached;
    const v = list(this.json.bufferViews)[int(index)];
    if (!isObject(v)) fail(this.f, `bufferView ${String(index)} does not exist`);
    const compressed = MESHOPT_EXTENSIONS.map((e) => extensionOf(v, e)).find((e) => e !== undefined);
    const view = compressed ? this.meshoptView(index, v, compressed) : this.plainView(index, v);
    this.views.set(int(index), view);
    return view;
  }

  private plainView(index: unknown, v: Json): View {
    const buf = this.buffer(int(v.buffer));
    const offset = int(v.byteOffset, 0);
    const length = int(v.byteLength);
    if (length < 0 || offset + length > buf.length) fail(this.f, `bufferView ${String(index)} reads past its buffer`);
    const stride = v.byteStride === undefined ? undefined : int(v.byteStride);
    if (stride !== undefined && (stride < 4 || stride > 252)) fail(this.f, `bufferView ${String(index)} has an invalid byteStride`);
    return { bytes: buf.subarray(offset, offset + length), stride };
  }

  /**
   * A meshopt-compressed bufferView, decoded. Its declared size (count × byteStride, which must
   * equal the view's byteLength) is charged against the decompression budget before the output is
   * allocated; the decoder writes exactly that many bytes or reports the stream as corrupt.
   */
  private meshoptView(index: unknown, v: Json, ext: Json): View {
    const meshopt = this.decoders.meshopt;
    if (!meshopt) fail(this.f, `bufferView ${String(index)} is meshopt-compressed and the decoder was not loaded`);
    const count = int(ext.count);
    const stride = int(ext.byteStride);
    const mode = String(ext.mode);
    if (count < 0 || stride < 1 || stride > 256 || !['ATTRIBUTES', 'TRIANGLES', 'INDICES'].includes(mode)) {
      fail(this.f, `bufferView ${String(index)} has an invalid meshopt extension`);
    }
    const length = count * stride;
    if (length !== int(v.byteLength)) fail(this.f, `bufferView ${String(index)} declares ${String(v.byteLength)} bytes but its meshopt stream ${length}`);
    this.decompressedBytes += length;
    if (this.decompressedBytes > this.decompressedBudget) {
      fail(this.f, `meshopt streams decompress to more than ${this.decompressedBudget} bytes, the limit for a file of this size`);
    }
    const buf = this.buffer(int(ext.buffer));
    const offset = int(ext.byteOffset, 0);
    const sourceLength = int(ext.byteLength);
    if (sourceLength < 0 || offset + sourceLength > buf.length) fail(this.f, `bufferView ${String(index)}'s meshopt stream reads past its buffer`);
    const filter = ext.filter === undefined ? undefined : String(ext.filter);
    const out = new Uint8Array(length);
    try {
      meshopt.decodeGltfBuffer(out, count, stride, buf.subarray(offset, offset + sourceLength), mode, filter);
    } catch (e) {
      fail(this.f, `corrupt meshopt stream in bufferView ${String(index)} (${e instanceof Error ? e.message.slice(0, 120) : String(e)})`);
    }
    return { bytes: out, stride: v.byteStride === undefined ? undefined : int(v.byteStride) };
  }

  /**
   * Decodes a KHR_draco_mesh_compression primitive into `decoded`, once per primitive. Its
   * accessors' declared counts were charged against the cap by `countPrimitive`, and the decoder
   * must produce exactly those counts.
   */
  private decodeDraco(p: Json): void {
    const ext = extensionOf(p, DRACO_EXTENSION);
    if (!ext) return;
    const draco = this.decoders.draco;
    if (!draco) fail(this.f, 'a primitive is Draco-compressed and the decoder was not loaded');
    const attributes = p.attributes as Json;
    const ids = isObject(ext.attributes) ? ext.attributes : {};
    if (p.indices === undefined) fail(this.f, 'a Draco-compressed primitive has no indices accessor');
    // Only the attributes the reader uses: a skin's joints and weights, or a second UV set, are dropped anyway.
    const requests = Object.entries(ids)
      .filter(([name]) => attributes[name] !== undefined && DRACO_READ_ATTRIBUTES.includes(name))
      .map(([name, id]) => {
        const accessor = int(attributes[name]);
        const a = this.accessorDef(accessor, name);
        return { accessor, uniqueId: int(id), componentType: Number(a.componentType), components: TYPE_SIZE[String(a.type)] ?? 0 };
      });
    if (requests.every((r) => r.accessor !== int(attributes.POSITION))) fail(this.f, 'a Draco-compressed primitive does not compress POSITION');
    if (requests.some((r) => this.decoded.has(r.accessor))) return; // the same compressed primitive drawn again
    const vertexCount = this.declaredCount(this.accessorDef(attributes.POSITION, 'POSITION'));
    const indexAccessor = int(p.indices);
    const indexCount = this.declaredCount(this.accessorDef(indexAccessor, 'indices'));
    // Every Draco primitive's output together, against the file's Draco budget, before decoding.
    this.dracoBytes += dracoDecodedBytes(requests, vertexCount, Math.ceil(indexCount / 3));
    if (this.dracoBytes > this.dracoBudget) {
      fail(this.f, `Draco streams decode to more than ${this.dracoBudget} bytes, the limit for a file of this size`);
    }
    const view = this.bufferView(ext.bufferView);
    let decoded: Map<number, DecodedAccessor>;
    try {
      decoded = decodeDracoPrimitive(draco, view.bytes, requests, vertexCount, { accessor: indexAccessor, count: indexCount }, this.f);
    } catch (e) {
      if (isEngineError(e)) throw e;
      // A trap inside the WASM (e.g. its heap exhausted) leaves the module unusable: start afresh next time.
      discardDracoModule();
      fail(this.f, `corrupt Draco stream (${e instanceof Error ? e.message.slice(0, 120) : String(e)})`);
    }
    for (const [k, v] of decoded) this.decoded.set(k, v);
  }

  /** Decodes an accessor into float32 (normalised integers mapped to [-1, 1] / [0, 1]). */
  private readFloat(index: unknown, what: string, types: string[], expected?: number): { data: Float32Array; size: number; count: number } {
    const a = this.accessorDef(index, what);
    const type = String(a.type);
    if (!types.includes(type)) fail(this.f, `${what} accessor has type ${type}, expected ${types.join(' or ')}`);
    const size = TYPE_SIZE[type]!;
    const draco = this.decoded.get(int(index));
    const componentType = draco ? draco.componentType : Number(a.componentType);
    const componentBytes = COMPONENT_BYTES[componentType];
    if (!componentBytes) fail(this.f, `${what} accessor has an invalid componentType ${String(a.componentType)}`);
    const count = this.declaredCount(a);
    // Checked before allocating: only POSITION's count was charged against the vertex budget.
    if (expected !== undefined && count !== expected) fail(this.f, `${what} has ${count} elements but POSITION has ${expected}`);
    const out = new Float32Array(count * size);
    if (a.bufferView !== undefined || draco) {
      const view = draco ? { bytes: draco.bytes, stride: undefined } : this.bufferView(a.bufferView);
      const elementBytes = componentBytes * size;
      const stride = view.stride ?? elementBytes;
      const offset = draco ? 0 : int(a.byteOffset, 0);
      if (count > 0 && offset + stride * (count - 1) + elementBytes > view.bytes.length) {
        fail(this.f, `${what} accessor reads past its buffer (${count} elements)`);
      }
      const bytes = view.bytes;
      const base = bytes.byteOffset + offset;
      if (componentType === 5126 && stride === elementBytes && base % 4 === 0) {
        out.set(new Float32Array(bytes.buffer, base, count * size));
      } else {
        const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const norm = a.normalized === true;
        for (let i = 0; i < count; i++) {
          const e = offset + i * stride;
          for (let c = 0; c < size; c++) {
            out[i * size + c] = readComponent(dv, e + c * componentBytes, componentType, norm);
          }
        }
      }
    }
    if (isObject(a.sparse) && !draco) this.applySparse(a.sparse, out, size, count, componentType, a.normalized === true, what);
    return { data: out, size, count };
  }

  private applySparse(s: Json, out: Float32Array, size: number, count: number, componentType: number, norm: boolean, what: string): void {
    const n = int(s.count);
    if (n < 1 || n > count) fail(this.f, `${what} accessor has an invalid sparse count`);
    const idx = isObject(s.indices) ? s.indices : fail(this.f, `${what} sparse accessor has no indices`);
    const val = isObject(s.values) ? s.values : fail(this.f, `${what} sparse accessor has no values`);
    const iType = Number(idx.componentType);
    const iBytes = COMPONENT_BYTES[iType];
    if (iType !== 5121 && iType !== 5123 && iType !== 5125) fail(this.f, `${what} sparse indices have an invalid type`);
    const iView = this.bufferView(idx.bufferView);
    const iOff = int(idx.byteOffset, 0);
    const vView = this.bufferView(val.bufferView);
    const vOff = int(val.byteOffset, 0);
    const cBytes = COMPONENT_BYTES[componentType]!;
    if (iOff + n * iBytes! > iView.bytes.length || vOff + n * size * cBytes > vView.bytes.length) {
      fail(this.f, `${what} sparse data reads past its buffer`);
    }
    const idv = new DataView(iView.bytes.buffer, iView.bytes.byteOffset, iView.bytes.byteLength);
    const vdv = new DataView(vView.bytes.buffer, vView.bytes.byteOffset, vView.bytes.byteLength);
    for (let i = 0; i < n; i++) {
      const target = readComponent(idv, iOff + i * iBytes!, iType, false);
      if (target >= count) fail(this.f, `${what} sparse index ${target} is out of range`);
      for (let c = 0; c < size; c++) {
        out[target * size + c] = readComponent(vdv, vOff + (i * size + c) * cBytes, componentType, norm);
      }
    }
  }

  /**
   * The indices accessor, checked against its buffer: a typed view over the file's bytes (no
   * copy) when aligned, or null when it must be decoded (sparse, no bufferView, unaligned).
   */
  private indexView(index: unknown): Uint8Array | Uint16Array | Uint32Array | null {
    const a = this.accessorDef(index, 'indices');
    if (String(a.type) !== 'SCALAR') fail(this.f, 'indices accessor is not SCALAR');
    const ct = Number(a.componentType);
    if (ct !== 5121 && ct !== 5123 && ct !== 5125) fail(this.f, `indices accessor has an invalid componentType ${ct}`);
    const draco = this.decoded.get(int(index));
    if (draco) return new Uint32Array(draco.bytes.buffer, draco.bytes.byteOffset, draco.bytes.byteLength / 4);
    if (a.bufferView === undefined || isObject(a.sparse)) return null;
    const count = this.declaredCount(a);
    const view = this.bufferView(a.bufferView);
    const cb = COMPONENT_BYTES[ct]!;
    const offset = int(a.byteOffset, 0);
    if (offset + count * cb > view.bytes.length) fail(this.f, `indices accessor reads past its buffer (${count} indices)`);
    const base = view.bytes.byteOffset + offset;
    const buf = view.bytes.buffer;
    if (ct === 5125 && base % 4 === 0) return new Uint32Array(buf, base, count);
    if (ct === 5123 && base % 2 === 0) return new Uint16Array(buf, base, count);
    if (ct === 5121) return new Uint8Array(buf, base, count);
    return null;
  }

  private readIndices(index: unknown, view: Uint8Array | Uint16Array | Uint32Array | null): Uint32Array {
    if (view) {
      const out = new Uint32Array(view.length);
      out.set(view);
      return out;
    }
    const a = this.accessorDef(index, 'indices');
    if (a.bufferView === undefined || isObject(a.sparse)) {
      const { data } = this.readFloat(index, 'indices', ['SCALAR']);
      return Uint32Array.from(data);
    }
    // An unaligned 16- or 32-bit index buffer (indexView checked its bounds).
    const ct = Number(a.componentType);
    const count = this.declaredCount(a);
    const bytes = this.bufferView(a.bufferView).bytes;
    const dv = new DataView(bytes.buffer, bytes.byteOffset + int(a.byteOffset, 0), count * COMPONENT_BYTES[ct]!);
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) out[i] = ct === 5125 ? dv.getUint32(i * 4, true) : dv.getUint16(i * 2, true);
    return out;
  }

  /** Reads a triangle primitive whose positions `readGltf` has read and placed in world space. */
  private readPrimitive(p: Json, positions: Float32Array, matrix: Mat4, meshIndex: number): void {
    const { f, asm } = this;
    const attributes = p.attributes as Json;
    const layout = layoutOf(p)!;
    const vertexCount = positions.length / 3;
    const sameCount = (x: { count: number }, name: string) => {
      if (x.count !== vertexCount) fail(f, `${name} has ${x.count} elements but POSITION has ${vertexCount}`);
    };
    let normals: Float32Array | undefined;
    if (attributes.NORMAL !== undefined) {
      const n = this.readFloat(attributes.NORMAL, 'NORMAL', ['VEC3'], vertexCount);
      sameCount(n, 'NORMAL');
      normals = n.data;
    }
    let uvs: Float32Array | undefined;
    if (attributes.TEXCOORD_0 !== undefined) {
      const t = this.readFloat(attributes.TEXCOORD_0, 'TEXCOORD_0', ['VEC2'], vertexCount);
      sameCount(t, 'TEXCOORD_0');
      uvs = t.data;
    }
    let colors: Float32Array | undefined;
    if (attributes.COLOR_0 !== undefined) {
      const c = this.readFloat(attributes.COLOR_0, 'COLOR_0', ['VEC3', 'VEC4'], vertexCount);
      sameCount(c, 'COLOR_0');
      if (c.size === 4) colors = c.data;
      else {
        colors = new Float32Array(vertexCount * 4);
        for (let i = 0; i < vertexCount; i++) {
          colors[i * 4] = c.data[i * 3]!; colors[i * 4 + 1] = c.data[i * 3 + 1]!; colors[i * 4 + 2] = c.data[i * 3 + 2]!; colors[i * 4 + 3] = 1;
        }
      }
    }
    const view = p.indices !== undefined ? this.indexView(p.indices) : null;
    // Measured from the file's bytes, before they are copied: a hostile index stream is refused
    // here (an index buffer that needs decoding is measured by boundMeshWorkload afterwards).
    if (p.indices === undefined || view) asm.meterWorkload(positions, view, layout);
    let raw: Uint32Array;
    if (p.indices !== undefined) raw = this.readIndices(p.indices, view);
    else {
      raw = new Uint32Array(vertexCount);
      for (let i = 0; i < vertexCount; i++) raw[i] = i;
    }
    for (let i = 0; i < raw.length; i++) {
      if (raw[i]! >= vertexCount) fail(f, `index ${raw[i]} is out of range (${vertexCount} vertices) in mesh ${meshIndex}`);
    }
    const indices = layout === 'list' ? raw.subarray(0, raw.length - (raw.length % 3)) : layout === 'strip' ? stripToList(raw) : fanToList(raw);
    if (!isIdentity(matrix)) {
      if (normals) transformNormals(matrix, normals);
      if (mirrors(matrix)) flipWinding(indices);
    }
    asm.add({
      positions,
      ...(normals ? { normals } : {}),
      ...(uvs ? { uvs } : {}),
      ...(colors ? { colors } : {}),
      indices,
      material: p.material === undefined ? -1 : this.material(int(p.material)),
    });
  }

  private material(index: number): number {
    const known = this.materialMap.get(index);
    if (known !== undefined) return known;
    const def = list(this.json.materials)[index];
    if (!isObject(def)) fail(this.f, `material ${index} does not exist`);
    const pbr = isObject(def.pbrMetallicRoughness) ? def.pbrMetallicRoughness : {};
    const factor = list(pbr.baseColorFactor);
    const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : d);
    const material: MeshMaterial = {
      name: typeof def.name === 'string' ? def.name : `material_${index}`,
      baseColor: [num(factor[0], 1), num(factor[1], 1), num(factor[2], 1), num(factor[3], 1)],
      metallic: num(pbr.metallicFactor, 1),
      roughness: num(pbr.roughnessFactor, 1),
    };
    if (def.doubleSided === true) material.doubleSided = true;
    if (isObject(pbr.baseColorTexture)) {
      const texture = this.texture(int(pbr.baseColorTexture.index));
      if (texture) material.baseColorTexture = texture;
      if (int(pbr.baseColorTexture.texCoord, 0) !== 0) this.asm.warn(`${this.f}: textures on a second UV set are read as if on the first`);
    }
    const out = this.asm.addMaterial(material);
    this.materialMap.set(index, out);
    return out;
  }

  /**
   * A texture's image: the one an image extension names (KHR_texture_basisu's KTX2, EXT_texture_webp's
   * WebP), with the core `source` kept as its PNG/JPEG fallback when the file has one; or the core
   * `source` alone. An extension image we cannot recognise leaves the fallback as the texture.
   */
  private texture(index: number): MeshMaterial['baseColorTexture'] | undefined {
    const t = list(this.json.textures)[index];
    if (!isObject(t)) fail(this.f, `texture ${index} does not exist`);
    const extended = TEXTURE_IMAGE_EXTENSIONS.map((name) => extensionOf(t, name)?.source).find((s) => s !== undefined);
    const core = t.source === undefined ? undefined : this.image(int(t.source));
    const fallback = core && (core.mimeType === 'image/png' || core.mimeType === 'image/jpeg') ? { mimeType: core.mimeType, bytes: core.bytes } : undefined;
    const primary = extended === undefined ? core : this.image(int(extended));
    if (!primary && !core) {
      this.asm.warn(`${this.f}: texture ${index} has no image in a format we keep (PNG, JPEG, WebP or KTX2 inside the file); it was dropped`);
      return undefined;
    }
    if (!primary) {
      this.asm.warn(`${this.f}: texture ${index}'s extension image ${String(extended)} is not one we keep; its fallback image is used`);
      return core;
    }
    return fallback && extended !== undefined && int(extended) !== int(t.source) ? { ...primary, fallback } : primary;
  }

  /** Image `index`'s bytes when they are PNG, JPEG, WebP or KTX2 inside the file (or the zip); else undefined. */
  private image(index: number): MeshTexture | undefined {
    const image = list(this.json.images)[index];
    if (!isObject(image)) return undefined;
    let bytes: Uint8Array | null = null;
    if (image.bufferView !== undefined) bytes = this.bufferView(image.bufferView).bytes;
    else if (typeof image.uri === 'string') bytes = decodeDataUri(image.uri) ?? this.external?.(image.uri) ?? null;
    const decoded = bytes ? textureFromBytes(bytes) : null;
    return decoded ? { mimeType: decoded.mimeType, bytes: decoded.bytes.slice() } : undefined;
  }
}

/** How a primitive's index stream makes triangles, or null for points and lines (dropped). */
function layoutOf(p: Json): TriangleLayout | null {
  const mode = p.mode === undefined ? 4 : Number(p.mode);
  return mode === 4 ? 'list' : mode === 5 ? 'strip' : mode === 6 ? 'fan' : null;
}

function readComponent(dv: DataView, at: number, type: number, norm: boolean): number {
  switch (type) {
    case 5126: return dv.getFloat32(at, true);
    case 5121: { const v = dv.getUint8(at); return norm ? v / 255 : v; }
    case 5123: { const v = dv.getUint16(at, true); return norm ? v / 65535 : v; }
    case 5125: return dv.getUint32(at, true);
    case 5120: { const v = dv.getInt8(at); return norm ? Math.max(v / 127, -1) : v; }
    default: { const v = dv.getInt16(at, true); return norm ? Math.max(v / 32767, -1) : v; }
  }
}

/** Triangle strip to list, alternating winding so all triangles keep the first one's orientation. */
export function stripToList(s: Uint32Array): Uint32Array {
  const n = Math.max(0, s.length - 2);
  const out = new Uint32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const even = i % 2 === 0;
    out[i * 3] = s[i]!;
    out[i * 3 + 1] = even ? s[i + 1]! : s[i + 2]!;
    out[i * 3 + 2] = even ? s[i + 2]! : s[i + 1]!;
  }
  return out;
}

/** Triangle fan to list. */
export function fanToList(s: Uint32Array): Uint32Array {
  const n = Math.max(0, s.length - 2);
  const out = new Uint32Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = s[0]!;
    out[i * 3 + 1] = s[i + 1]!;
    out[i * 3 + 2] = s[i + 2]!;
  }
  return out;
}

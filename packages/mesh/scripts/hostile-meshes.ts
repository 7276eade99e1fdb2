/**
 * Builders of hostile mesh files, made in code so no binary fixture is committed. Each reproduces
 * a file that once stalled the API or held a worker for minutes; the size parameters let the
 * suite use small versions and the benches the full ones. Shared by the reader tests, the reader
 * fuzz script, the API's hostile-upload test and bench, and the rig workload bench.
 */
import { deflateSync } from 'node:zlib';
import { mulberry32 } from '../testing/mulberry32';

/**
 * A binary FBX 7400 whose Geometry holds `arrays` zlib-compressed float64 arrays of
 * `bytesPerArray` zero bytes each: a few KB per array on disk, `arrays × bytesPerArray` inflated.
 */
export function fbxZlibBomb(arrays: number, bytesPerArray: number): Uint8Array {
  const zeros = deflateSync(Buffer.alloc(bytesPerArray), { level: 9 });
  const array = (): Buffer => {
    const head = Buffer.alloc(13);
    head.write('d', 0, 'latin1');
    head.writeUInt32LE(bytesPerArray / 8, 1);
    head.writeUInt32LE(1, 5);
    head.writeUInt32LE(zeros.length, 9);
    return Buffer.concat([head, zeros]);
  };
  const children = Array.from({ length: arrays }, () => ({ name: 'Vertices', props: [array()], children: [] as Node[] }));
  const geometry: Node = { name: 'Geometry', props: [longProp(1), stringProp('bomb\0\x01Geometry'), stringProp('Mesh')], children };
  return encodeFbx([{ name: 'Objects', props: [], children: [geometry] }]);
}

/** An OBJ with `vertices` vertices and `groups` distinct `usemtl` groups of one triangle each. */
export function objManyGroups(vertices: number, groups: number): Uint8Array {
  const lines: string[] = [];
  for (let i = 0; i < vertices; i++) lines.push(`v ${i % 97} ${(i * 7) % 89} ${(i * 13) % 83}`);
  for (let g = 0; g < groups; g++) {
    const a = (g * 3) % (vertices - 2);
    lines.push(`usemtl m${g}`, `f ${a + 1} ${a + 2} ${a + 3}`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** An OBJ with one polygon of `corners` corners cycling over a few vertices (a degenerate fan). */
export function objHugeFace(corners: number): Uint8Array {
  const head = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1\nv 0.5 0.5 0.5\nf';
  const parts: string[] = [head];
  for (let i = 0; i < corners; i++) parts.push(` ${(i % 9) + 1}`);
  parts.push('\n');
  return Buffer.from(parts.join(''));
}

/** A GLB of `triangles` random triangles (uint8 or uint16 indices) over `vertices` random vertices. */
export function glbDenseFan(triangles: number, vertices: number, seed = 1): Uint8Array {
  const random = mulberry32(seed);
  const positions = new Float32Array(vertices * 3);
  for (let i = 0; i < positions.length; i++) positions[i] = random();
  const wide = vertices > 256;
  const indices = wide ? new Uint16Array(triangles * 3) : new Uint8Array(triangles * 3);
  for (let i = 0; i < indices.length; i++) indices[i] = Math.floor(random() * vertices);
  const posBytes = Buffer.from(positions.buffer);
  const idxBytes = Buffer.from(indices.buffer, indices.byteOffset, indices.byteLength);
  const pad = (b: Buffer, fill: number): Buffer => Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4, fill)]);
  const bin = pad(Buffer.concat([pad(posBytes, 0), idxBytes]), 0);
  const idxOffset = pad(posBytes, 0).length;
  const json = {
    asset: { version: '2.0' },
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: posBytes.length },
      { buffer: 0, byteOffset: idxOffset, byteLength: idxBytes.length },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: vertices, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 1] },
      { bufferView: 1, componentType: wide ? 5123 : 5121, count: indices.length, type: 'SCALAR' },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    nodes: [{ mesh: 0 }],
    scenes: [{ nodes: [0] }],
    scene: 0,
  };
  const jsonBytes = pad(Buffer.from(JSON.stringify(json)), 0x20);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonBytes.length + 8 + bin.length, 8);
  const chunk = (type: number, body: Buffer): Buffer => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(body.length, 0);
    h.writeUInt32LE(type, 4);
    return Buffer.concat([h, body]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, jsonBytes), chunk(0x004e4942, bin)]);
}

/**
 * An OBJ of `triangles` triangles over `vertices` vertices, all uniformly random in the unit cube:
 * the dense fan as text. OBJ is parsed whole before the work budget applies, so this one keeps an
 * upload-check thread busy for a while (the GLB and STL ones are refused from their index streams).
 */
export function objRandomTriangles(triangles: number, vertices: number, seed = 1): Uint8Array {
  const random = mulberry32(seed);
  const lines: string[] = [];
  for (let i = 0; i < vertices; i++) lines.push(`v ${random().toFixed(4)} ${random().toFixed(4)} ${random().toFixed(4)}`);
  const corner = () => 1 + Math.floor(random() * vertices);
  for (let t = 0; t < triangles; t++) lines.push(`f ${corner()} ${corner()} ${corner()}`);
  return Buffer.from(lines.join('\n') + '\n');
}

/** A binary STL of `triangles` triangles with corners uniformly random in the unit cube. */
export function stlRandomSoup(triangles: number, seed = 1): Uint8Array {
  const random = mulberry32(seed);
  const out = Buffer.alloc(84 + 50 * triangles);
  out.writeUInt32LE(triangles, 80);
  for (let t = 0; t < triangles; t++) {
    for (let k = 0; k < 9; k++) out.writeFloatLE(random(), 84 + t * 50 + 12 + k * 4);
  }
  return out;
}

/** Deterministic uniform [0, 1) numbers, so hostile files are the same on every run. */
export { mulberry32 };

interface Node {
  name: string;
  props: Buffer[];
  children: Node[];
}

function longProp(v: number): Buffer {
  const b = Buffer.alloc(9);
  b.write('L', 0, 'latin1');
  b.writeBigInt64LE(BigInt(v), 1);
  return b;
}

function stringProp(s: string): Buffer {
  const body = Buffer.from(s, 'latin1');
  const b = Buffer.alloc(5);
  b.write('S', 0, 'latin1');
  b.writeUInt32LE(body.length, 1);
  return Buffer.concat([b, body]);
}

/** A minimal binary FBX 7400 writer over pre-encoded properties (32-bit record headers). */
function encodeFbx(nodes: Node[]): Uint8Array {
  const chunks: Buffer[] = [];
  let offset = 0;
  const emit = (b: Buffer): void => {
    chunks.push(b);
    offset += b.length;
  };
  const header = Buffer.alloc(27);
  header.write('Kaydara FBX Binary  \0', 0, 'latin1');
  header.writeUInt8(0x1a, 21);
  header.writeUInt32LE(7400, 23);
  emit(header);
  const write = (node: Node): void => {
    const h = Buffer.alloc(13);
    emit(h);
    const name = Buffer.from(node.name, 'latin1');
    emit(name);
    const props = Buffer.concat(node.props);
    emit(props);
    for (const c of node.children) write(c);
    if (node.children.length > 0) emit(Buffer.alloc(13));
    h.writeUInt32LE(offset, 0);
    h.writeUInt32LE(node.props.length, 4);
    h.writeUInt32LE(props.length, 8);
    h.writeUInt8(name.length, 12);
  };
  for (const n of nodes) write(n);
  emit(Buffer.alloc(13));
  return Buffer.concat(chunks);
}

/**
 * A binary STL of `triangles` random triangles, each with its corners within `size` (a share of
 * the unit cube) of a random centre: small enough that their bounding boxes sum to just under the
 * raster budget, large and overlapping enough that the voxel and heat stages cost tens of seconds
 * (issue 24: 85k of them held a rig worker 37 s). `size` 0.085 puts 85k at ~9·10^9 voxel visits.
 */
export function stlLocalSoup(triangles: number, size: number, seed = 1): Uint8Array {
  const random = mulberry32(seed);
  const out = Buffer.alloc(84 + 50 * triangles);
  out.writeUInt32LE(triangles, 80);
  for (let t = 0; t < triangles; t++) {
    const centre = [random(), random(), random()];
    for (let k = 0; k < 9; k++) out.writeFloatLE(centre[k % 3]! + (random() - 0.5) * size, 84 + t * 50 + 12 + k * 4);
  }
  return out;
}

/** Reads binary and ASCII STL meshes into the common mesh shape. */
import { fail, type MeshAssembler } from './mesh-assembler';

/*
 * STL reader. Binary STL is read with one DataView pass into a triangle soup (3 vertices per
 * facet, no welding: welding is the consumer's choice and would cost a hash per vertex here).
 * Stored facet normals are ignored: many exporters write zeros, and flat normals are recomputed
 * exactly from the soup when needed. Binary files may start with "solid", so the caller decides
 * binary vs ASCII by the size rule, as the sniffer does.
 */

/** Reads a binary or ASCII STL into the assembler. */
export function readStl(bytes: Uint8Array, asm: MeshAssembler): void {
  if (isBinaryStl(bytes)) readBinary(bytes, asm);
  else readAscii(bytes, asm);
}

function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84) return false;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = dv.getUint32(80, true);
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (84 + 50 * n === bytes.length) return !(head.startsWith('solid') && /\bfacet\b/.test(head) && !/[^\t\n\r\x20-\x7e]/.test(head));
  return !/^\s*solid/.test(head) || /[\x00-\x08\x0e-\x1a\x7f]/.test(head);
}

function readBinary(bytes: Uint8Array, asm: MeshAssembler): void {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = dv.getUint32(80, true);
  asm.reserve(n, n * 3);
  if (n === 0) fail('stl', 'the file contains no triangles');
  if (84 + 50 * n > bytes.length) fail('stl', `file is truncated (declares ${n} triangles, has room for ${Math.floor((bytes.length - 84) / 50)})`);
  if (84 + 50 * n < bytes.length) asm.warn(`stl: ${bytes.length - 84 - 50 * n} trailing bytes after the last triangle were ignored`);
  const positions = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) {
    const o = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = dv.getFloat32(o + k * 4, true);
  }
  // A soup of large triangles is refused here, before its indices, copies and merge (one part:
  // its box is the mesh's).
  asm.includeExtent(positions);
  asm.meterWorkload(positions, null, 'list');
  const indices = new Uint32Array(n * 3);
  for (let i = 0; i < indices.length; i++) indices[i] = i;
  asm.add({ positions, indices, material: -1 });
}

function readAscii(bytes: Uint8Array, asm: MeshAssembler): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!/^\s*solid/.test(text)) fail('stl', 'not an STL file (no "solid" header and not the binary size)');
  const coords: number[] = [];
  const re = /\bvertex[ \t]+(\S+)[ \t]+(\S+)[ \t]+(\S+)/g;
  let m: RegExpExecArray | null;
  let vertices = 0;
  while ((m = re.exec(text))) {
    const x = Number(m[1]), y = Number(m[2]), z = Number(m[3]);
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      fail('stl', `vertex ${vertices + 1} has a coordinate that is not a finite number ("${m[0].slice(0, 60)}")`);
    }
    coords.push(x, y, z);
    if (++vertices % 3 === 0) asm.reserve(1, 3);
  }
  if (vertices % 3 !== 0) fail('stl', `file is truncated (${vertices} vertices is not a whole number of facets)`);
  if (vertices === 0) fail('stl', 'the file contains no triangles');
  if (!/\bendsolid\b/.test(text.slice(-4096))) fail('stl', 'file is truncated (no "endsolid")');
  const positions = new Float32Array(coords);
  asm.includeExtent(positions);
  asm.meterWorkload(positions, null, 'list');
  const indices = new Uint32Array(vertices);
  for (let i = 0; i < vertices; i++) indices[i] = i;
  asm.add({ positions, indices, material: -1 });
}

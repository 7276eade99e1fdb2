import type { MeshMaterial } from '../mesh-model';
import { fail, type MeshAssembler } from './mesh-assembler';

/*
 * Wavefront OBJ reader. One pass over the lines; each material (`usemtl`) collects its own
 * de-duplicated vertices (a corner's v/vt/vn triple, found through a chain per position: a
 * string-keyed Map was 5× slower at 1M triangles), so a part per material comes out
 * ready for the assembler. Polygons are fan-triangulated (exact for the convex faces exporters
 * write; ear clipping would cost far more for the rare concave n-gon). `mtllib` files are not
 * available to a bytes-only reader, so materials keep their names and a neutral colour.
 */

interface Bucket {
  material: number;
  /** Per source position, the first output vertex made from it; `next` chains the others. */
  head: number[];
  next: number[];
  tOf: number[];
  nOf: number[];
  positions: number[];
  uvs: number[];
  normals: number[];
  colors: number[];
  indices: number[];
}

/** Reads an OBJ file into the assembler. */
export function readObj(bytes: Uint8Array, asm: MeshAssembler): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const v: number[] = [];
  const vc: number[] = [];
  const vt: number[] = [];
  const vn: number[] = [];
  let anyColor = false;
  const buckets = new Map<string, Bucket>();
  let current: Bucket | null = null;
  let currentName = '';
  let usedUv = false;
  let usedNormal = false;
  const bucket = (name: string): Bucket => {
    let b = buckets.get(name);
    if (!b) {
      let material = -1;
      if (name !== '') {
        const m: MeshMaterial = { name, baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.8 };
        material = asm.materials.length;
        asm.materials.push(m);
      }
      b = { material, head: [], next: [], tOf: [], nOf: [], positions: [], uvs: [], normals: [], colors: [], indices: [] };
      buckets.set(name, b);
    }
    return b;
  };
  const corner: number[] = [];
  let lineNo = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    lineNo++;
    if (line.length === 0 || line.charCodeAt(0) === 35 /* # */) continue;
    const parts = line.split(/\s+/);
    const key = parts[0];
    if (key === 'v') {
      const x = Number(parts[1]), y = Number(parts[2]), z = Number(parts[3]);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        fail('obj', `line ${lineNo}: vertex coordinates are not finite numbers ("${line.slice(0, 60)}")`);
      }
      v.push(x, y, z);
      if (parts.length >= 7) {
        anyColor = true;
        vc.push(Number(parts[4]), Number(parts[5]), Number(parts[6]));
      } else vc.push(1, 1, 1);
    } else if (key === 'vt') {
      vt.push(Number(parts[1] ?? 0), Number(parts[2] ?? 0));
    } else if (key === 'vn') {
      vn.push(Number(parts[1]), Number(parts[2]), Number(parts[3]));
    } else if (key === 'f') {
      if (parts.length < 4) fail('obj', `line ${lineNo}: a face needs at least 3 vertices`);
      current ??= bucket(currentName);
      const b = current;
      corner.length = 0;
      for (let i = 1; i < parts.length; i++) {
        const token = parts[i]!;
        const [ps, ts, ns] = token.split('/');
        const pi = resolve(ps, v.length / 3, lineNo, 'vertex');
        const ti = ts ? resolve(ts, vt.length / 2, lineNo, 'texture coordinate') : -1;
        const ni = ns ? resolve(ns, vn.length / 3, lineNo, 'normal') : -1;
        let index = b.head[pi] ?? -1;
        while (index >= 0 && (b.tOf[index] !== ti || b.nOf[index] !== ni)) index = b.next[index]!;
        if (index < 0) {
          index = b.positions.length / 3;
          b.next.push(b.head[pi] ?? -1);
          b.head[pi] = index;
          b.tOf.push(ti);
          b.nOf.push(ni);
          b.positions.push(v[pi * 3]!, v[pi * 3 + 1]!, v[pi * 3 + 2]!);
          b.colors.push(vc[pi * 3]!, vc[pi * 3 + 1]!, vc[pi * 3 + 2]!, 1);
          if (ti >= 0) {
            usedUv = true;
            // OBJ's v points up from the image's bottom; glTF's (our convention) points down.
            b.uvs.push(vt[ti * 2]!, 1 - vt[ti * 2 + 1]!);
          } else b.uvs.push(0, 0);
          if (ni >= 0) {
            usedNormal = true;
            b.normals.push(vn[ni * 3]!, vn[ni * 3 + 1]!, vn[ni * 3 + 2]!);
          } else b.normals.push(0, 0, 0);
        }
        corner.push(index);
      }
      asm.reserve(corner.length - 2);
      for (let i = 1; i + 1 < corner.length; i++) b.indices.push(corner[0]!, corner[i]!, corner[i + 1]!);
    } else if (key === 'usemtl') {
      currentName = parts.slice(1).join(' ') || 'default';
      current = null;
    } else if (key === 'mtllib') {
      asm.warn('obj: material library files (mtllib) are not read; materials keep their names only');
    } else if (key === 'l' || key === 'p') {
      asm.warn('obj: points and lines were dropped');
    }
  }
  for (const b of buckets.values()) {
    if (b.indices.length === 0) continue;
    const positions = new Float32Array(b.positions);
    const normals = usedNormal ? new Float32Array(b.normals) : undefined;
    asm.add({
      positions,
      ...(normals ? { normals } : {}),
      ...(usedUv ? { uvs: new Float32Array(b.uvs) } : {}),
      ...(anyColor ? { colors: new Float32Array(b.colors) } : {}),
      indices: new Uint32Array(b.indices),
      material: b.material,
    });
  }
}

function resolve(token: string | undefined, count: number, lineNo: number, what: string): number {
  const n = Number(token);
  if (!Number.isInteger(n) || n === 0) fail('obj', `line ${lineNo}: invalid ${what} index "${token}"`);
  const i = n > 0 ? n - 1 : count + n;
  if (i < 0 || i >= count) fail('obj', `line ${lineNo}: ${what} index ${n} is out of range (${count} defined)`);
  return i;
}

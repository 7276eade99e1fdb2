/** Reads Wavefront OBJ meshes into the common mesh shape. */
import type { MeshMaterial } from '../mesh-model';
import { fail, type MeshAssembler } from './mesh-assembler';
import { MAX_MATERIALS, MAX_POLYGON_CORNERS } from './read-limits';

/*
 * Wavefront OBJ reader. One pass over the lines; each material (`usemtl`) collects its own
 * de-duplicated vertices (a corner's material/v/vt/vn, found through one chain per source
 * position shared by all materials: a string-keyed Map was 5× slower at 1M triangles, and a
 * head array per material cost positions × materials, gigabytes for 200k vertices in 5000
 * groups), so a part per material comes out ready for the assembler and memory follows the
 * vertices actually made. Polygons are fan-triangulated (exact for the convex faces exporters
 * write; ear clipping would cost far more for the rare concave n-gon). `mtllib` files are not
 * available to a bytes-only reader, so materials keep their names and a neutral colour.
 */

interface Bucket {
  /** Position in the bucket list, the key stored in the vertex chains. */
  id: number;
  material: number;
  positions: number[];
  uvs: number[];
  normals: number[];
  colors: number[];
  indices: number[];
}

/** Reads an OBJ file into the assembler. */
export function readObj(bytes: Uint8Array, asm: MeshAssembler): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  checkMaterialCount(text);
  const v: number[] = [];
  const vc: number[] = [];
  const vt: number[] = [];
  const vn: number[] = [];
  let anyColor = false;
  const buckets = new Map<string, Bucket>();
  // Per source position, the first vertex made from it in any bucket; `next` chains the others.
  let head = new Int32Array(0);
  const next: number[] = [];
  const bucketOf: number[] = [];
  const tOf: number[] = [];
  const nOf: number[] = [];
  const localOf: number[] = [];
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
        material = asm.addMaterial(m);
      }
      b = { id: buckets.size, material, positions: [], uvs: [], normals: [], colors: [], indices: [] };
      buckets.set(name, b);
    }
    return b;
  };
  const corner: number[] = [];
  const n = text.length;
  let lineNo = 0;
  let i = 0;
  // A hand-rolled scanner: slicing and splitting every line cost ~5× more at 1M triangles.
  const skipSpaces = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) i++;
      else break;
    }
  };
  const token = (): string => {
    skipSpaces();
    const a = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13 || c === 10) break;
      i++;
    }
    return text.slice(a, i);
  };
  const restOfLine = (): string => {
    const e = text.indexOf('\n', i);
    const r = text.slice(i, e < 0 ? n : e).trim();
    i = e < 0 ? n : e;
    return r;
  };
  /** Parses `v[/vt][/vn]` at i; returns false at the end of the line. */
  const cornerRef = (out: number[]): boolean => {
    skipSpaces();
    if (i >= n || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 35) return false;
    for (let part = 0; part < 3; part++) {
      let neg = false;
      let value = 0;
      let digits = 0;
      if (text.charCodeAt(i) === 45) { neg = true; i++; }
      for (; i < n; i++) {
        const c = text.charCodeAt(i) - 48;
        if (c < 0 || c > 9) break;
        value = value * 10 + c;
        digits++;
      }
      out[part] = digits === 0 ? (neg ? NaN : 0) : neg ? -value : value;
      const c = text.charCodeAt(i);
      if (c === 47 /* / */) { i++; continue; }
      if (i < n && c !== 32 && c !== 9 && c !== 13 && c !== 10) fail('obj', `line ${lineNo}: invalid face vertex near "${text.slice(i, i + 20)}"`);
      for (let rest = part + 1; rest < 3; rest++) out[rest] = 0;
      break;
    }
    return true;
  };
  const ref = [0, 0, 0];
  while (i < n) {
    lineNo++;
    const key = token();
    if (key === 'v') {
      const x = Number(token()), y = Number(token()), z = Number(token());
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        fail('obj', `line ${lineNo}: vertex coordinates are not finite numbers`);
      }
      // More positions than the triangle cap could ever use is a hostile or absurd file.
      if (v.length >= asm.maxTriangles * 9) fail('obj', `more than the limit of ${asm.maxTriangles * 3} vertices (three per triangle of the cap)`);
      v.push(x, y, z);
      const r = token();
      if (r !== '') {
        anyColor = true;
        vc.push(Number(r), Number(token()), Number(token()));
      } else vc.push(1, 1, 1);
    } else if (key === 'vt') {
      const a = Number(token());
      const b = token();
      vt.push(a, b === '' ? 0 : Number(b));
    } else if (key === 'vn') {
      vn.push(Number(token()), Number(token()), Number(token()));
    } else if (key === 'f') {
      current ??= bucket(currentName);
      const b = current;
      if (head.length < v.length / 3) {
        const grown = new Int32Array(Math.max(v.length / 3, head.length * 2)).fill(-1);
        grown.set(head);
        head = grown;
      }
      corner.length = 0;
      while (cornerRef(ref)) {
        const pi = resolve(ref[0]!, v.length / 3, lineNo, 'vertex');
        const ti = ref[1] !== 0 ? resolve(ref[1]!, vt.length / 2, lineNo, 'texture coordinate') : -1;
        const ni = ref[2] !== 0 ? resolve(ref[2]!, vn.length / 3, lineNo, 'normal') : -1;
        let entry = head[pi]!;
        while (entry >= 0 && (bucketOf[entry] !== b.id || tOf[entry] !== ti || nOf[entry] !== ni)) entry = next[entry]!;
        let index: number;
        if (entry >= 0) index = localOf[entry]!;
        else {
          index = b.positions.length / 3;
          next.push(head[pi]!);
          head[pi] = localOf.length;
          bucketOf.push(b.id);
          tOf.push(ti);
          nOf.push(ni);
          localOf.push(index);
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
        if (corner.length > MAX_POLYGON_CORNERS) fail('obj', `line ${lineNo}: a face has more than the limit of ${MAX_POLYGON_CORNERS} corners`);
      }
      if (corner.length < 3) fail('obj', `line ${lineNo}: a face needs at least 3 vertices`);
      asm.reserve(corner.length - 2);
      for (let k = 1; k + 1 < corner.length; k++) b.indices.push(corner[0]!, corner[k]!, corner[k + 1]!);
    } else if (key === 'usemtl') {
      currentName = restOfLine() || 'default';
      current = null;
    } else if (key === 'mtllib') {
      asm.warn('obj: material library files (mtllib) are not read; materials keep their names only');
    } else if (key === 'l' || key === 'p') {
      asm.warn('obj: points and lines were dropped');
    }
    // Skip whatever is left of the line (comments, extra fields).
    const e = text.indexOf('\n', i);
    i = e < 0 ? n : e + 1;
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

/**
 * Refuses a file naming more materials than the limit before anything else is parsed: `usemtl`
 * lines usually follow every vertex, and a file of 200k vertices and 5,000 groups spent 0.35 s
 * parsing vertices before the 1001st material was met. A native `indexOf` scan costs a few ms
 * for 10 MB. Names are counted as the main loop reads them (the rest of the line, trimmed).
 */
function checkMaterialCount(text: string): void {
  const names = new Set<string>();
  for (let at = text.indexOf('usemtl'); at >= 0; at = text.indexOf('usemtl', at + 6)) {
    // Only at a line start (after optional blanks), as the main loop reads keys.
    let s = at - 1;
    while (s >= 0 && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 9)) s--;
    if (s >= 0 && text.charCodeAt(s) !== 10 && text.charCodeAt(s) !== 13) continue;
    const after = text.charCodeAt(at + 6);
    if (after !== 32 && after !== 9) continue;
    const e = text.indexOf('\n', at);
    names.add(text.slice(at + 6, e < 0 ? text.length : e).trim() || 'default');
    if (names.size > MAX_MATERIALS) fail('obj', `more than the limit of ${MAX_MATERIALS} materials`);
  }
}

function resolve(n: number, count: number, lineNo: number, what: string): number {
  if (!Number.isInteger(n) || n === 0) fail('obj', `line ${lineNo}: invalid ${what} index "${n}"`);
  const i = n > 0 ? n - 1 : count + n;
  if (i < 0 || i >= count) fail('obj', `line ${lineNo}: ${what} index ${n} is out of range (${count} defined)`);
  return i;
}

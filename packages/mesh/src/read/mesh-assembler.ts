/** Merges the parts a reader extracted into one mesh, the same way for every format. */
import { EngineError } from '../mesh-error';
import type { Mesh, MeshGroup, MeshMaterial } from '../mesh-model';
import { computeVertexNormals } from '../glb/compute-vertex-normals';
import { MeshWorkloadGate, type TriangleLayout } from '../check/mesh-workload';
import { MAX_MATERIALS } from './read-limits';

/** One triangle soup in world space, as a reader extracted it from one primitive or geometry. */
export interface MeshPart {
  positions: Float32Array;
  normals?: Float32Array;
  uvs?: Float32Array;
  colors?: Float32Array;
  indices: Uint32Array;
  /** Index into the assembler's materials; -1 for the default material. */
  material: number;
}

/** Throws the one error type readers emit for bad input. */
export function fail(format: string, message: string): never {
  throw new EngineError('unsupported_format', `${format}: ${message}`);
}

/**
 * Collects parts from a reader and merges them into one Mesh: vertex arrays concatenated, indices
 * offset, parts sorted by material so each material is one contiguous group. Attributes present
 * on only some parts are filled in for the others (computed normals, zero UVs, white colour) so
 * nothing the source had is lost. It also owns the budget: `reserveTriangles` is called with a
 * declared count before the reader allocates anything for it.
 */
export class MeshAssembler {
  readonly parts: MeshPart[] = [];
  /** Read-only to readers: add through `addMaterial`, which enforces the cap. */
  readonly materials: MeshMaterial[] = [];
  readonly warnings: string[] = [];
  private triangles = 0;
  private vertices = 0;

  constructor(
    readonly format: string,
    readonly maxTriangles: number,
    /** Set when the engines' work budget is to be applied while reading (readMesh's `boundWorkload`). */
    private readonly workload?: MeshWorkloadGate,
  ) {}

  /**
   * Readers that measure the work budget while reading (`meterWorkload`) first hand in every
   * part's world-space positions here, so the box it is measured against is the whole mesh's.
   */
  includeExtent(positions: Float32Array): void {
    this.workload?.include(positions);
  }

  /** Measures a part's triangles against the work budget straight from its index stream (see MeshWorkloadGate). */
  meterWorkload(positions: Float32Array, indices: ArrayLike<number> | null, layout: TriangleLayout): void {
    this.workload?.meter(positions, indices, layout, this.triangles);
  }

  /** Accounts for `count` more triangles (and `vertices` vertices), failing past the cap. */
  reserve(triangles: number, vertices = 0): void {
    if (!Number.isFinite(triangles) || triangles < 0) fail(this.format, `invalid triangle count ${triangles}`);
    this.triangles += triangles;
    this.vertices += vertices;
    if (this.triangles > this.maxTriangles) {
      fail(this.format, `more than ${this.maxTriangles} triangles (at least ${this.triangles})`);
    }
    // A triangle soup never needs more than three vertices per triangle; more means a hostile or
    // absurd file, and refusing it bounds memory.
    if (this.vertices > this.maxTriangles * 3 + 3) {
      fail(this.format, `more than ${this.maxTriangles * 3} vertices (at least ${this.vertices})`);
    }
  }

  /** Registers a material and returns its index, failing past `MAX_MATERIALS`. */
  addMaterial(material: MeshMaterial): number {
    if (this.materials.length >= MAX_MATERIALS) fail(this.format, `more than the limit of ${MAX_MATERIALS} materials`);
    this.materials.push(material);
    return this.materials.length - 1;
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /** Adds a part, dropping vertices its triangles do not use (primitives often share buffers). */
  add(part: MeshPart): void {
    if (part.indices.length >= 3) this.parts.push(compact(this.format, part, this.scratch));
  }

  /** The remap buffer `compact` reuses, all -1 between calls. */
  private readonly scratch = { remap: new Int32Array(0) };

  build(): Mesh {
    const f = this.format;
    const parts = this.parts
      .map((p, i) => ({ p, i }))
      .sort((a, b) => rank(a.p.material) - rank(b.p.material) || a.i - b.i)
      .map((x) => x.p);
    let vertexCount = 0;
    let indexCount = 0;
    for (const p of parts) {
      vertexCount += p.positions.length / 3;
      indexCount += p.indices.length - (p.indices.length % 3);
    }
    if (indexCount === 0) fail(f, 'the file contains no triangles');
    const anyNormals = parts.some((p) => p.normals);
    const anyUvs = parts.some((p) => p.uvs);
    const anyColors = parts.some((p) => p.colors);
    const positions = new Float32Array(vertexCount * 3);
    const normals = anyNormals ? new Float32Array(vertexCount * 3) : undefined;
    const uvs = anyUvs ? new Float32Array(vertexCount * 2) : undefined;
    const colors = anyColors ? new Float32Array(vertexCount * 4).fill(1) : undefined;
    const indices = new Uint32Array(indexCount);
    const groups: MeshGroup[] = [];
    let needDefault = false;
    let v = 0;
    let k = 0;
    for (const p of parts) {
      const n = p.positions.length / 3;
      for (let i = 0; i < p.positions.length; i++) {
        if (!Number.isFinite(p.positions[i]!)) fail(f, 'a vertex position is NaN or infinite');
      }
      positions.set(p.positions, v * 3);
      if (normals) normals.set(p.normals ?? computeVertexNormals(p.positions, p.indices), v * 3);
      if (uvs && p.uvs) uvs.set(p.uvs, v * 2);
      if (colors && p.colors) colors.set(p.colors, v * 4);
      const m = p.indices.length - (p.indices.length % 3);
      for (let i = 0; i < m; i++) {
        const idx = p.indices[i]!;
        if (idx >= n) fail(f, `vertex index ${idx} is out of range (${n} vertices)`);
        indices[k + i] = idx + v;
      }
      const material = p.material >= 0 && p.material < this.materials.length ? p.material : -1;
      if (material < 0) needDefault = true;
      const materialIndex = material < 0 ? this.materials.length : material;
      const last = groups[groups.length - 1];
      if (last && last.materialIndex === materialIndex) last.count += m;
      else groups.push({ materialIndex, start: k, count: m });
      v += n;
      k += m;
    }
    const materials = this.materials.slice();
    if (needDefault) {
      materials.push({ name: 'default', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.8 });
    }
    if (normals) sanitizeNormals(normals);
    if (uvs) replaceNonFinite(uvs, 0);
    if (colors) replaceNonFinite(colors, 1);
    const mesh: Mesh = { positions, indices, groups, materials };
    if (normals) mesh.normals = normals;
    if (uvs) mesh.uvs = uvs;
    if (colors) mesh.colors = colors;
    return mesh;
  }
}

/**
 * Keeps only the vertices a part's triangles use. The cost is proportional to the part's indices,
 * not to its vertex buffer: readers hand in one shared buffer per material (an FBX geometry's
 * every material, a glTF buffer's every primitive), and a pass over the whole buffer per part made
 * a mesh with a thousand materials cost a thousand passes over millions of vertices.
 */
function compact(format: string, part: MeshPart, scratch: { remap: Int32Array }): MeshPart {
  const n = Math.floor(part.positions.length / 3);
  if (scratch.remap.length < n) scratch.remap = new Int32Array(Math.max(n, scratch.remap.length * 2)).fill(-1);
  const remap = scratch.remap;
  const m = part.indices.length - (part.indices.length % 3);
  const touched = new Int32Array(Math.min(n, m));
  let used = 0;
  const reset = () => {
    for (let t = 0; t < used; t++) remap[touched[t]!] = -1;
  };
  for (let i = 0; i < m; i++) {
    const idx = part.indices[i]!;
    if (idx >= n) {
      reset();
      fail(format, `vertex index ${idx} is out of range (${n} vertices)`);
    }
    if (remap[idx] === -1) {
      remap[idx] = 0;
      touched[used++] = idx;
    }
  }
  if (used === n && m === part.indices.length) {
    reset();
    return part;
  }
  // Source order, as a full pass would give, so output does not depend on face order.
  const order = touched.subarray(0, used).sort();
  for (let r = 0; r < used; r++) remap[order[r]!] = r;
  const pick = (a: Float32Array | undefined, size: number): Float32Array | undefined => {
    if (!a) return undefined;
    const out = new Float32Array(used * size);
    for (let r = 0; r < used; r++) {
      const v = order[r]!;
      for (let c = 0; c < size; c++) out[r * size + c] = a[v * size + c]!;
    }
    return out;
  };
  const indices = new Uint32Array(m);
  for (let i = 0; i < m; i++) indices[i] = remap[part.indices[i]!]!;
  reset();
  const out: MeshPart = { positions: pick(part.positions, 3)!, indices, material: part.material };
  const normals = pick(part.normals, 3);
  const uvs = pick(part.uvs, 2);
  const colors = pick(part.colors, 4);
  if (normals) out.normals = normals;
  if (uvs) out.uvs = uvs;
  if (colors) out.colors = colors;
  return out;
}

function rank(material: number): number {
  return material < 0 ? Number.MAX_SAFE_INTEGER : material;
}

function replaceNonFinite(a: Float32Array, value: number): void {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i]!)) a[i] = value;
}

function sanitizeNormals(a: Float32Array): void {
  for (let i = 0; i + 2 < a.length; i += 3) {
    const x = a[i]!, y = a[i + 1]!, z = a[i + 2]!;
    const len = Math.sqrt(x * x + y * y + z * z);
    if (len > 1e-20 && Number.isFinite(len)) {
      a[i] = x / len; a[i + 1] = y / len; a[i + 2] = z / len;
    } else {
      a[i] = 0; a[i + 1] = 1; a[i + 2] = 0;
    }
  }
}

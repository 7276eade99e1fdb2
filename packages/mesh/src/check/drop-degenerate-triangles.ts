/** Removes zero-area and duplicate triangles before the engines, which they would otherwise pay for. */
import type { Mesh, MeshGroup } from '../mesh-model';

export interface DropDegenerateResult {
  mesh: Mesh;
  /** Triangles with a repeated corner (same index, or two corners at the same position). */
  degenerate: number;
  /** Triangles over the same three vertices as an earlier one, in any order. */
  duplicate: number;
  /** Set when `visit` stopped the scan: the triangle at which it did (the mesh is then the input). */
  stoppedAt?: number;
}

/**
 * Called with each kept triangle's index as the scan meets it; returning false stops the scan.
 * Lets a caller measure the kept triangles in the same pass and give up early (see
 * `boundMeshWorkload`): which triangles are kept depends only on earlier ones, so a sum over the
 * triangles visited so far only grows.
 */
export type KeptTriangleVisitor = (triangle: number) => boolean;

/**
 * Drops triangles that add no surface: a repeated corner, or the same three vertices as an earlier
 * triangle (in any order or winding). They cost every later stage (voxelising, rasterising,
 * adjacency) as much as real ones; a face of two million corners cycling over nine vertices is
 * two million such triangles over at most 84 distinct ones. Duplicates are found with an
 * open-addressing hash of the sorted index triple: linear time, 4 bytes per slot. Groups keep
 * their order and shrink with their triangles. The input is returned as is when nothing drops.
 */
export function dropDegenerateTriangles(mesh: Mesh, visit?: KeptTriangleVisitor): DropDegenerateResult {
  const { indices, positions } = mesh;
  const triangles = Math.floor(indices.length / 3);
  let bits = 4;
  while (1 << bits < triangles * 2) bits++;
  const mask = (1 << bits) - 1;
  const table = new Int32Array(1 << bits).fill(-1);
  const keep = new Uint8Array(triangles);
  let degenerate = 0;
  let duplicate = 0;
  for (let t = 0; t < triangles; t++) {
    let a = indices[t * 3]!, b = indices[t * 3 + 1]!, c = indices[t * 3 + 2]!;
    if (isDegenerateTriangle(positions, a, b, c)) {
      degenerate++;
      continue;
    }
    if (a > b) [a, b] = [b, a];
    if (b > c) [b, c] = [c, b];
    if (a > b) [a, b] = [b, a];
    let slot = sortedTripleHash(a, b, c) & mask;
    let found = false;
    for (;;) {
      const other = table[slot]!;
      if (other < 0) break;
      if (sortedEquals(indices, other, a, b, c)) {
        found = true;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (found) {
      duplicate++;
      continue;
    }
    table[slot] = t;
    keep[t] = 1;
    if (visit && !visit(t)) return { mesh, degenerate, duplicate, stoppedAt: t };
  }
  if (degenerate === 0 && duplicate === 0) return { mesh, degenerate, duplicate };

  const out = new Uint32Array((triangles - degenerate - duplicate) * 3);
  const groups: MeshGroup[] = [];
  const ranges = mesh.groups.length > 0 ? mesh.groups : [{ materialIndex: -1, start: 0, count: triangles * 3 }];
  let k = 0;
  for (const g of ranges) {
    const start = k;
    for (let t = g.start / 3; t < (g.start + g.count) / 3; t++) {
      if (!keep[t]) continue;
      out[k++] = indices[t * 3]!;
      out[k++] = indices[t * 3 + 1]!;
      out[k++] = indices[t * 3 + 2]!;
    }
    if (k > start && g.materialIndex >= 0) groups.push({ materialIndex: g.materialIndex, start, count: k - start });
  }
  return { mesh: { ...mesh, indices: out.subarray(0, k), groups }, degenerate, duplicate };
}

/** A repeated corner: the same index twice, or two corners at exactly the same position. */
export function isDegenerateTriangle(positions: Float32Array, a: number, b: number, c: number): boolean {
  return samePoint(positions, a, b) || samePoint(positions, b, c) || samePoint(positions, a, c);
}

function samePoint(positions: Float32Array, a: number, b: number): boolean {
  return a === b || (positions[a * 3] === positions[b * 3] && positions[a * 3 + 1] === positions[b * 3 + 1] && positions[a * 3 + 2] === positions[b * 3 + 2]);
}

/** The hash of a triangle's index triple sorted ascending (a ≤ b ≤ c): the same for every order and winding. */
export function sortedTripleHash(a: number, b: number, c: number): number {
  return Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35);
}

function sortedEquals(indices: Uint32Array, t: number, a: number, b: number, c: number): boolean {
  let x = indices[t * 3]!, y = indices[t * 3 + 1]!, z = indices[t * 3 + 2]!;
  if (x > y) [x, y] = [y, x];
  if (y > z) [y, z] = [z, y];
  if (x > y) [x, y] = [y, x];
  return x === a && y === b && z === c;
}

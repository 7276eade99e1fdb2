/**
 * voxelTriangles (fit/voxel-grid.ts) against the loop it replaced, kept here as the reference: the
 * same triangles kept and the same box, bit for bit (Object.is, so −0 against 0 counts), on random
 * meshes, collinear and repeated-corner triangles, out-of-range indices, a dangling partial
 * triangle, signed zeros and non-finite coordinates.
 */
import type { Mesh } from '@rigforge/mesh';
import { voxelTriangles, type VoxelTriangles } from '../src/fit/voxel-grid';
import { mulberry32 as random } from '@rigforge/mesh/testing';

function referenceVoxelTriangles(mesh: Mesh): VoxelTriangles {
  const p = mesh.positions;
  const idx = mesh.indices;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const vertexCount = p.length / 3;
  const triOk = new Uint8Array(idx.length / 3);
  let allFinite = true;
  for (let i = 0; i < p.length; i++) if (!Number.isFinite(p[i]!)) { allFinite = false; break; }
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t]!, b = idx[t + 1]!, c = idx[t + 2]!;
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    if (a === b || b === c || a === c) continue;
    if (!allFinite) {
      let finite = true;
      for (let k = 0; k < 3; k++) {
        if (!Number.isFinite(p[a * 3 + k]!) || !Number.isFinite(p[b * 3 + k]!) || !Number.isFinite(p[c * 3 + k]!)) finite = false;
      }
      if (!finite) continue;
    }
    const ux = p[b * 3]! - p[a * 3]!, uy = p[b * 3 + 1]! - p[a * 3 + 1]!, uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
    const vx = p[c * 3]! - p[a * 3]!, vy = p[c * 3 + 1]! - p[a * 3 + 1]!, vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
    const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    const scale = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz);
    if (cx * cx + cy * cy + cz * cz <= 1e-14 * scale * scale) continue;
    triOk[t / 3] = 1;
    for (let corner = 0; corner < 3; corner++) {
      const v = corner === 0 ? a : corner === 1 ? b : c;
      for (let k = 0; k < 3; k++) {
        const x = p[v * 3 + k]!;
        if (x < min[k]!) min[k] = x;
        if (x > max[k]!) max[k] = x;
      }
    }
  }
  return { triOk, min, max };
}

const meshOf = (positions: Float32Array, indices: Uint32Array): Mesh => ({ positions, indices, groups: [], materials: [] });

function expectSame(mesh: Mesh): void {
  const got = voxelTriangles(mesh), want = referenceVoxelTriangles(mesh);
  expect(Array.from(got.triOk)).toEqual(Array.from(want.triOk));
  for (let k = 0; k < 3; k++) {
    expect(Object.is(got.min[k], want.min[k])).toBe(true);
    expect(Object.is(got.max[k], want.max[k])).toBe(true);
  }
}

describe('voxelTriangles', () => {
  it('keeps the same triangles and box as the corner loop on random meshes', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed);
      const vertices = 3 + Math.floor(r() * 60);
      // Coordinates on a coarse lattice (ties, collinear corners, signed zeros) or anywhere.
      const lattice = seed % 2 === 0;
      const positions = new Float32Array(vertices * 3).map(() => {
        if (!lattice) return (r() - 0.5) * 10;
        const v = Math.round((r() - 0.5) * 4);
        return v === 0 && r() < 0.5 ? -0 : v;
      });
      const triangles = Math.floor(r() * 80);
      // Some indices repeat a corner or point past the vertices.
      const indices = new Uint32Array(triangles * 3).map(() => (r() < 0.05 ? vertices + Math.floor(r() * 3) : Math.floor(r() * vertices)));
      expectSame(meshOf(positions, indices));
    }
  });

  it('agrees where coordinates are not finite, the index list ends in a partial triangle, or nothing is kept', () => {
    const r = random(99);
    const positions = new Float32Array(30).map(() => r() * 4 - 2);
    const indices = new Uint32Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 1, 4, 7, 2, 5, 9]);
    expectSame(meshOf(positions, indices));
    for (const bad of [NaN, Infinity, -Infinity]) {
      const broken = positions.slice();
      broken[4] = bad;
      expectSame(meshOf(broken, indices));
    }
    // A dangling index after the last whole triangle.
    expectSame(meshOf(positions, new Uint32Array([0, 1, 2, 3, 4, 5, 6])));
    expectSame(meshOf(positions, new Uint32Array([0, 1, 2, 3, 4])));
    // Collinear corners only: no triangle kept, the box stays empty.
    const line = new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expectSame(meshOf(line, new Uint32Array([0, 1, 2, 1, 2, 3])));
    expect(voxelTriangles(meshOf(line, new Uint32Array([0, 1, 2]))).min[0]).toBe(Infinity);
  });
});

/** Geodesic spheres for the catalog content, even triangles where a UV sphere bunches at the poles. */
import type { Shape } from './shape';

/**
 * A geodesic sphere centred on the origin: an icosahedron whose triangles are split `detail`
 * times and pushed onto the sphere. Its faces are nearly equal, which makes it the better base
 * for rocks and foliage blobs than a UV sphere (no crowded poles when its vertices are jittered).
 * Midpoints are shared between neighbouring triangles so a displacement keeps the surface closed.
 */
export function icosphere(radius: number, detail = 1): Shape {
  const t = (1 + Math.sqrt(5)) / 2;
  const verts: number[][] = [
    [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0],
    [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t],
    [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
  ];
  let faces: number[][] = [
    [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11],
    [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
    [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9],
    [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
  ];
  for (let d = 0; d < Math.max(0, Math.floor(detail)); d++) {
    const cache = new Map<string, number>();
    const mid = (a: number, b: number): number => {
      const key = a < b ? `${a}_${b}` : `${b}_${a}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const va = verts[a]!;
      const vb = verts[b]!;
      verts.push([(va[0]! + vb[0]!) / 2, (va[1]! + vb[1]!) / 2, (va[2]! + vb[2]!) / 2]);
      cache.set(key, verts.length - 1);
      return verts.length - 1;
    };
    const next: number[][] = [];
    for (const [a, b, c] of faces as [number, number, number][]) {
      const ab = mid(a, b);
      const bc = mid(b, c);
      const ca = mid(c, a);
      next.push([a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]);
    }
    faces = next;
  }
  const positions: number[] = [];
  for (const [x, y, z] of verts as [number, number, number][]) {
    const l = Math.hypot(x, y, z);
    positions.push((x / l) * radius, (y / l) * radius, (z / l) * radius);
  }
  return { positions, indices: faces.flat() };
}

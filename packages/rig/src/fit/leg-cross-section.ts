/**
 * A standing leg is a column, not a plate (packages/rig/docs/orientation.md, "Orientation: measured", 29th round
 * (legs are columns)): the roundness of a limb's cross-section half way down it, the horizontal
 * slice of the solid through its medial line. A fin read as a leg (a fish stood on its nose) is a
 * plate, thin one way and wide the other; a leg, a paw or a mech's strut is about as thick as wide.
 */
import type { Limb, ShapeAnalysis } from './shape-analysis';

/**
 * sqrt(λmin / λmax) of the 2-D spread (x, z) of the slice's voxels, each voxel's own spread
 * (cell²/12) added to both, so a one-voxel-thick plate w voxels wide reads 1/w and a lone voxel 1.
 * The slice is the horizontal layer at the limb's mid height, the solid 8-connected to its medial
 * point within half the limb's length (at least three cells) of it, so a body the layer also cuts
 * is not read as the leg. Written here, not taken from a library: a flood fill in one voxel layer
 * and a 2×2 eigenvalue ratio.
 */
export function limbRoundness(shape: ShapeAnalysis, limb: Limb): number {
  const { nx, ny, nz, origin, cell, solid } = shape.grid;
  const midY = (limb.entryPos[1] + limb.tipPos[1]) / 2;
  const p = limb.points.reduce((a, b) => (Math.abs(b[1] - midY) < Math.abs(a[1] - midY) ? b : a), limb.points[0] ?? limb.tipPos);
  const clamp = (v: number, n: number): number => Math.min(n - 1, Math.max(0, v));
  const y = clamp(Math.floor((midY - origin[1]) / cell), ny);
  const x0 = clamp(Math.floor((p[0] - origin[0]) / cell), nx), z0 = clamp(Math.floor((p[2] - origin[2]) / cell), nz);
  const reach = Math.max(3, (0.5 * limb.length) / cell);
  const at = (x: number, z: number): number => x + nx * (y + ny * z);
  // The solid voxel of the layer nearest the medial point (the smoothed line may sit a cell off).
  let start: [number, number] | undefined;
  for (let r = 0; r <= 2 && !start; r++)
    for (let dz = -r; dz <= r && !start; dz++)
      for (let dx = -r; dx <= r; dx++) {
        const x = x0 + dx, z = z0 + dz;
        if (x >= 0 && x < nx && z >= 0 && z < nz && solid[at(x, z)]) { start = [x, z]; break; }
      }
  if (!start) return 1;
  const seen = new Set<number>([start[0] + nx * start[1]]);
  const queue: [number, number][] = [start];
  let n = 0, sx = 0, sz = 0, sxx = 0, szz = 0, sxz = 0;
  while (queue.length) {
    const [x, z] = queue.pop()!;
    n++; sx += x; sz += z; sxx += x * x; szz += z * z; sxz += x * z;
    for (let dz = -1; dz <= 1; dz++)
      for (let dx = -1; dx <= 1; dx++) {
        const u = x + dx, w = z + dz;
        if (u < 0 || u >= nx || w < 0 || w >= nz || seen.has(u + nx * w) || !solid[at(u, w)]) continue;
        if (Math.hypot(u - x0, w - z0) > reach) continue;
        seen.add(u + nx * w); queue.push([u, w]);
      }
  }
  const mx = sx / n, mz = sz / n;
  const a = sxx / n - mx * mx + 1 / 12, c = szz / n - mz * mz + 1 / 12, b = sxz / n - mx * mz;
  const half = Math.sqrt(((a - c) / 2) ** 2 + b * b);
  const hi = (a + c) / 2 + half, lo = Math.max((a + c) / 2 - half, 1 / 12);
  return Math.sqrt(lo / hi);
}

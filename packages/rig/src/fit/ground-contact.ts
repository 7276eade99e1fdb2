/**
 * Where a biped's foot stands when the medial tree has no branch for its leg (a stub under a
 * bean-shaped body is covered by the body's own branch): the solid's footprint on the ground,
 * one side of the mirror plane. Legs come from the ground contacts whatever the proportions.
 */
import type { ShapeAnalysis } from './shape-analysis';
import type { Vec3 } from './vec3';

/**
 * The centroid of the solid's lowest two voxel layers on side `s` of the mirror plane (at ground
 * height); null when that side does not touch the ground.
 */
export function groundContact(shape: ShapeAnalysis, s: 1 | -1): Vec3 | null {
  const { grid, cell, min, cx } = shape;
  const top = min[1] + 2 * cell;
  let sx = 0, sz = 0, n = 0;
  for (let i = 0; i < grid.solid.length; i++) {
    if (!grid.solid[i]) continue;
    const c = shape.center(i);
    if (c[1] > top || s * (c[0] - cx) < cell) continue;
    sx += c[0]; sz += c[2]; n++;
  }
  return n ? [sx / n, min[1], sz / n] : null;
}

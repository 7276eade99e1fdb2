/**
 * The body's core: the voxels at least half as deep as the deepest (the mass itself, without the
 * limbs, fins or feelers hanging from it), its centre and extent, and — when it is about as tall
 * as it is wide (a blob body, a trunk, a ball-bodied insect or chick) — the vertical column of
 * solid through its centre, from where the body meets the ground to its top. Artists rig such a
 * body with a chain up that column, rooted at the ground so squash and stretch keep the contact.
 */
import type { ShapeAnalysis } from './shape-analysis';
import type { Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/** A core at least this tall for its width (a tall or round body, not a flat one) is upright. */
export const UPRIGHT_ASPECT = 0.8;

export interface BodyCore {
  /** Centroid of the core voxels. */
  centre: Vec3;
  /** Core height over its widest horizontal extent (x or z). */
  aspect: number;
  /** Lowest and highest solid y on the vertical line through the centre (the column). */
  column: [number, number];
}

export function bodyCore(shape: ShapeAnalysis): BodyCore | null {
  const { grid, dt, maxDt } = shape;
  let lo = Infinity, hi = -Infinity, sx = 0, sy = 0, sz = 0, n = 0;
  let x0 = Infinity, x1 = -Infinity, z0 = Infinity, z1 = -Infinity;
  for (let i = 0; i < dt.length; i++) {
    if (!grid.solid[i] || dt[i]! < 0.5 * maxDt) continue;
    const c = shape.center(i);
    lo = Math.min(lo, c[1]); hi = Math.max(hi, c[1]); sx += c[0]; sy += c[1]; sz += c[2]; n++;
    x0 = Math.min(x0, c[0]); x1 = Math.max(x1, c[0]);
    z0 = Math.min(z0, c[2]); z1 = Math.max(z1, c[2]);
  }
  if (!n) return null;
  const centre: Vec3 = [sx / n, sy / n, sz / n];
  const width = Math.max(x1 - x0, z1 - z0);
  return {
    centre,
    aspect: width > 0 ? (hi - lo) / width : Infinity,
    column: columnExtent(shape, centre[0], centre[2]) ?? [lo, hi],
  };
}

export const isUpright = (core: BodyCore | null): core is BodyCore => core !== null && core.aspect >= UPRIGHT_ASPECT;

/** A point on the core's column, `t` of the way from its ground end (0) to its top (1). */
export function onColumn(core: BodyCore, t: number): Vec3 {
  return [core.centre[0], core.column[0] + (core.column[1] - core.column[0]) * t, core.centre[2]];
}

/** Lowest and highest solid y on the vertical line through (x, z); null when it misses. */
function columnExtent(shape: ShapeAnalysis, x: number, z: number): [number, number] | null {
  let lo = Infinity, hi = -Infinity;
  for (let y = shape.min[1]; y <= shape.max[1]; y += shape.cell) {
    const v = voxelAt(shape.grid, [x, y, z]);
    if (v >= 0 && shape.grid.solid[v]) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
  }
  return lo <= hi ? [lo, hi] : null;
}

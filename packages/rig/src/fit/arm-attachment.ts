/**
 * Where an arm meets the torso, read from the solid rather than from the medial path. In a
 * character whose head is wider or deeper than its chest (chibi and "mini" proportions) the
 * medial tree's root lies in the head, and an arm's path, once inside the torso, climbs
 * diagonally towards it: the distance-field test of `traceLimb` then puts the shoulder inside
 * the head. Anatomy holds whatever the proportions: the arm joins the body at the torso's side,
 * on the arm's own line, so the arm's free part (outside the side) is extended straight to it.
 */
import type { Limb, ShapeAnalysis } from './shape-analysis';
import type { Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

export interface ArmAttachmentOptions {
  /**
   * Depth of the band below a path point searched for the torso's side, in arm radii: it must
   * pass under an arm held out (two radii thick) to the torso's own layers, and stay above the
   * hips. Chosen leaving one artist out on the mixed dev set (3, 4 and 6 tried; 3 is best on
   * every held-out artist's complement; see packages/rig/docs/fitting.md).
   */
  sideBandRadii?: number;
}

export const ARM_ATTACHMENT_DEFAULTS: Required<ArmAttachmentOptions> = { sideBandRadii: 3 };

const solidAt = (shape: ShapeAnalysis, p: Vec3): boolean => {
  const v = voxelAt(shape.grid, p);
  return v >= 0 && shape.grid.solid[v] === 1;
};

/**
 * Distance from the mirror plane to the last solid voxel of the run along ±x (`s`) that starts
 * on the plane at height y, depth z; 0 when the plane is empty there.
 */
export function sideExtent(shape: ShapeAnalysis, y: number, z: number, s: 1 | -1): number {
  const { cx, cell } = shape;
  if (!solidAt(shape, [cx, y, z])) return 0;
  let d = 0;
  while (solidAt(shape, [cx + s * (d + cell), y, z])) d += cell;
  return d;
}

/**
 * The torso's half-width on side `s` at height y: the narrowest run from the mirror plane over
 * the band below y. An arm held out widens the runs of its own layers; the layers under it are
 * the torso alone.
 */
function torsoSide(shape: ShapeAnalysis, y: number, z: number, s: 1 | -1, band: number): number {
  let side = Infinity;
  for (let yy = y; yy >= y - band && yy > shape.min[1]; yy -= shape.cell) {
    const e = sideExtent(shape, yy, z, s);
    if (e > 0) side = Math.min(side, e);
  }
  return side;
}

/**
 * The arm with its entry moved to the torso's side when its medial path climbed above the arm's
 * own line there (into a head or a collar): the arm's free part, clearly outside the side, is
 * extended straight to the side. The limb is unchanged when the path did not climb, when the arm
 * hangs along the side (no line crosses it), and when the side cannot be read.
 */
export function attachArm(shape: ShapeAnalysis, arm: Limb, options: ArmAttachmentOptions = {}): Limb {
  const { sideBandRadii } = { ...ARM_ATTACHMENT_DEFAULTS, ...options };
  const { cx, cell } = shape;
  const s: 1 | -1 = arm.tipPos[0] >= cx ? 1 : -1;
  const radius = Math.max(arm.radius, 1) * cell;
  const band = sideBandRadii * radius;
  const pts = arm.points;
  // Walk from the tip inwards to the first point at or inside the torso's side.
  let k = -1, side = 0;
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    const sd = torsoSide(shape, p[1], p[2], s, band);
    if (sd === Infinity) continue;
    if (s * (p[0] - cx) <= sd) { k = i; side = sd; break; }
  }
  if (k < 0) return arm;
  // The free part: the innermost point one arm radius outside the side, and the arm's line
  // through it, over a stretch of two radii outwards (a hand hanging at the end does not tilt it).
  const j = pts.findIndex((p, i) => i > k && s * (p[0] - cx) >= side + radius);
  if (j < 0) return arm;
  const p0 = pts[j]!;
  let m = j;
  while (m < pts.length - 1 && Math.hypot(pts[m]![0] - p0[0], pts[m]![1] - p0[1], pts[m]![2] - p0[2]) < 2 * radius) m++;
  const d = [pts[m]![0] - p0[0], pts[m]![1] - p0[1], pts[m]![2] - p0[2]];
  const n = Math.hypot(d[0]!, d[1]!, d[2]!);
  // An arm hanging along the side has no line across to it: the path's own entry stands.
  if (n === 0 || Math.abs(d[0]!) < 0.5 * n) return arm;
  const t = (p0[0] - (cx + s * side)) / d[0]!;
  const entry: Vec3 = [cx + s * side, p0[1] - d[1]! * t, p0[2] - d[2]! * t];
  if (arm.entryPos[1] <= entry[1] + radius) return arm;
  const points = [entry, ...pts.slice(j)];
  let length = 0;
  for (let i = 1; i < points.length; i++) length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1], points[i]![2] - points[i - 1]![2]);
  return { ...arm, entryPos: entry, points, length };
}

/**
 * Biped legs from the body's proportions and the leg's whole medial path, not from the first
 * widening of the cross-section: a hem, a wide belt or a skirt widens the section without being
 * a hip, and a big head puts the medial tree's root (and with it the legs' paths) high up.
 *
 * - The **crotch** is where the gap between the legs closes: scanning up the mirror plane at the
 *   thighs' depth, the first solid voxel above the ground.
 * - The **hip joint** sits one thigh radius above the crotch (in people the femoral head is about
 *   a thigh radius above the crotch). When that gives a hip height outside the range a biped
 *   can have relative to its shoulders (a skirt or robe hides the crotch; legs fused together show
 *   none), the hip goes to the typical proportion instead and the fit says so.
 * - The **leg line** is the medial path below the crotch (thigh and shin, which clothing rarely
 *   merges): its median x places the hip sideways, and its part between the hip height and the
 *   ankle carries the knee (the path's bend when bent, else halfway).
 */
import { alongSite, atSite, limbPieces, type PlanFit } from './plan-fit';
import { pathToRoot } from './medial-tree';
import { smoothPolyline } from './polyline';
import type { Limb } from './shape-analysis';
import type { Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/**
 * Hip height as a fraction of the shoulder height above the ground. Measured on artist rigs and
 * anatomy: people 0.65–0.72, chibi characters about 0.6, mechs 0.56–0.6 (fused thighs can put the voxel crotch at the knees: below 0.55). Outside [min, max] the
 * crotch does not mark the pelvis.
 */
export const HIP_TO_SHOULDER = { min: 0.55, max: 0.78, typical: 0.67 } as const;

export interface BipedLegs {
  /** Hip joint height (world y) shared by both legs. */
  hipY: number;
  /** Crotch height when the legs are visibly apart, else null. */
  crotchY: number | null;
  /** True when the hip came from the typical proportion (crotch hidden or implausible). */
  fromProportion: boolean;
  left: Vec3[];
  right: Vec3[];
}

/** Leg path from the foot tip up to the tree root, foot first, smoothed (world points). */
function legPath(fit: PlanFit, limb: Limb): Vec3[] {
  if (limb.tip < 0) return limb.points.slice().reverse();
  return smoothPolyline(pathToRoot(fit.shape.tree, limb.tip).map((v) => fit.shape.center(v)), 2);
}

/**
 * Bottom of the torso's solid run down the mirror plane at depth z, from the middle of the torso
 * (`fromY`): where the gap between the thighs begins. Scanning down from the torso rather than up
 * from the ground, knees that touch do not hide it. Null when the run reaches the ground.
 */
function crotchAt(fit: PlanFit, z: number, fromY: number): number | null {
  const { grid, cx, min, cell } = fit.shape;
  const start = voxelAt(grid, [cx, fromY, z]);
  if (start < 0 || !grid.solid[start]) return null;
  for (let y = fromY; y > min[1]; y -= cell) {
    const v = voxelAt(grid, [cx, y, z]);
    if (v < 0 || !grid.solid[v]) return y + 0.5 * cell;
  }
  return null;
}

/**
 * `stubs`: both legs are stubs (fit-biped.ts), blocks that turn where they meet the body rather
 * than about a femoral head inside it.
 */
export function fitBipedLegs(fit: PlanFit, limbs: { left: Limb; right: Limb }, shoulderY: number | null, stubs = false): BipedLegs {
  const { shape } = fit;
  const ground = shape.min[1];
  const paths = { left: legPath(fit, limbs.left), right: legPath(fit, limbs.right) };
  // Without arms there is no shoulder to measure against (a walker whose legs carry the body):
  // the legs' entries into the body are the hips.
  if (shoulderY === null) {
    const left = legJoints(fit, limbs.left, 'left'), right = legJoints(fit, limbs.right, 'right');
    return { hipY: (left[0]![1] + right[0]![1]) / 2, crotchY: null, fromProportion: false, left, right };
  }
  const span = Math.max(shoulderY - ground, shape.cell);
  // Thigh depth: where the leg paths run in the lower-middle of the body.
  const zs: number[] = [];
  for (const p of [...paths.left, ...paths.right]) {
    const f = (p[1] - ground) / span;
    if (f > 0.25 && f < 0.55) zs.push(p[2]);
  }
  zs.sort((a, b) => a - b);
  const zLeg = zs.length ? zs[Math.floor(zs.length / 2)]! : (shape.min[2] + shape.max[2]) / 2;
  const crotches: number[] = [];
  for (const dz of [-1, 0, 1]) {
    const c = crotchAt(fit, zLeg + dz * shape.cell, ground + 0.8 * span);
    if (c !== null) crotches.push(c);
  }
  crotches.sort((a, b) => a - b);
  // Legs together or a long robe show no gap at all; of the three columns the second highest.
  const crotch = crotches.length >= 2 ? crotches[crotches.length - 2]! : null;
  // Thigh radius and leg line: the leg path below the crotch, above the foot.
  const below = (path: Vec3[], top: number): Vec3[] => path.filter((p) => p[1] < top && p[1] > ground + 0.12 * span);
  const thighRadius = (path: Vec3[], top: number): number => {
    const ds = below(path, top).map((p) => shape.dt[voxelAt(shape.grid, p)] ?? 0).sort((a, b) => a - b);
    return (ds.length ? ds[Math.floor(ds.length * 0.75)]! : 1) * shape.cell;
  };
  const top = crotch ?? ground + HIP_TO_SHOULDER.typical * span;
  let hipY = top;
  let fromProportion = true;
  if (crotch !== null) {
    hipY = crotch + 0.5 * (thighRadius(paths.left, crotch) + thighRadius(paths.right, crotch));
    const f = (hipY - ground) / span;
    fromProportion = f < HIP_TO_SHOULDER.min || f > HIP_TO_SHOULDER.max;
  }
  if (fromProportion) hipY = ground + HIP_TO_SHOULDER.typical * span;
  // Stub legs built of pieces of their own up to the crotch (a toy's or a mini's block legs)
  // turn where those pieces meet the body: the hip is no higher than their top.
  if (stubs && crotch !== null) {
    const left = limbPieces(fit, paths.left[0]!), right = limbPieces(fit, paths.right[0]!);
    if (left && right) {
      const top = Math.max(left.max[1], right.max[1]);
      if (top >= crotch - shape.cell && top < hipY) hipY = top;
    }
  }
  const leg = (side: 'left' | 'right'): Vec3[] => {
    const path = paths[side];
    const visible = below(path, Math.min(top, hipY));
    const xs = (visible.length ? visible : path).map((p) => p[0]).sort((a, b) => a - b);
    const legX = xs[Math.floor(xs.length / 2)]!;
    // Foot first: keep the path until it rises past the hip or turns in towards the other leg
    // (legs joined below the hips), then end at the hip point.
    const lower: Vec3[] = [];
    const offset = Math.abs(legX - shape.cx);
    for (const p of path) {
      if (p[1] >= hipY || (lower.length > 2 && Math.abs(p[0] - shape.cx) < 0.5 * offset)) break;
      lower.push(p);
    }
    if (lower.length < 2) lower.splice(0, lower.length, ...limbs[side].points.slice().reverse());
    const last = lower[lower.length - 1]!;
    const hip: Vec3 = [legX, hipY, last[2]];
    const pts = [...lower.reverse()];
    pts.unshift(hip);
    return legJoints(fit, { ...limbs[side], points: pts, entryPos: hip }, side);
  };
  return { hipY, crotchY: crotch, fromProportion, left: leg('left'), right: leg('right') };
}

/** Hip, knee, ankle and toes along a hip-to-toe polyline; the ankle is the path's corner. */
function legJoints(fit: PlanFit, limb: Limb, side: 'left' | 'right'): Vec3[] {
  const pts = limb.points;
  const a = pts[0]!, b = pts[pts.length - 1]!;
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len2 = ab[0]! ** 2 + ab[1]! ** 2 + ab[2]! ** 2 || 1;
  let length = 0;
  for (let i = 1; i < pts.length; i++) length += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1], pts[i]![2] - pts[i - 1]![2]);
  // The ankle is the leg path's corner: the point farthest from the hip-to-toe chord. A leg
  // without a foot has no corner; its ankle goes near the end.
  let ankle = -1, far = 0.03 * length;
  pts.forEach((p, i) => {
    const t = ((p[0] - a[0]) * ab[0]! + (p[1] - a[1]) * ab[1]! + (p[2] - a[2]) * ab[2]!) / len2;
    const d = Math.hypot(p[0] - a[0] - ab[0]! * t, p[1] - a[1] - ab[1]! * t, p[2] - a[2] - ab[2]! * t);
    if (d > far) { far = d; ankle = i; }
  });
  if (ankle < 1 || ankle >= pts.length - 1) ankle = Math.floor(pts.length * 0.9);
  const legPart = pts.slice(0, ankle + 1);
  const footPart = pts.slice(ankle);
  const knee = alongSite(fit, 'biped.knee', { ...limb, points: legPart, length }, [`${side}_lower_leg`])[0]!;
  return [pts[0]!, knee, pts[ankle]!, atSite(fit, 'biped.toes', footPart, [`${side}_toes`])[0]!];
}

/**
 * Long ears on a four-legged head: spare extremities (not legs, head or tail) that leave the head
 * above its joint and rise (rising more than reaching sideways: horns reach out) or stand out
 * sideways behind the head joint (a monkey's, a rat's), one on each side of the mirror plane. Each gets a chain of
 * EAR_JOINTS from where it leaves the head to near its tip, as artists rig a dog's, deer's or
 * alpaca's ears. Several tips on one side are antlers or branching horns, which artists leave
 * rigid: none are rigged then. A single ear found on a symmetric body is mirrored. With no spare
 * ear, the head's own extremity is taken for one when it lies off the mirror plane and rises
 * above the head (an ear reaching farther than the snout ends the head's branch).
 */
import { pathToRoot } from './medial-tree';
import { addChain, isLeft, unused, type PlanFit } from './plan-fit';
import { pointAtFraction, smoothPolyline } from './polyline';
import type { Limb } from './shape-analysis';
import { dist, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

const EAR_FRACTIONS = [0, 0.4, 0.8];

/** `facing` is +1 when the head is at +Z of the neck, -1 when at -Z. */
export function fitEars(fit: PlanFit, head: Vec3, neck: Vec3, headLimb?: Limb, facing: 1 | -1 = 1): void {
  const { shape } = fit;
  const reach = dist(head, neck);
  if (!(reach > 0)) return;
  const hv = voxelAt(shape.grid, head);
  const headRadius = (hv >= 0 ? shape.dt[hv]! : 1) * shape.cell;
  // Ears rise from the head, or stand out sideways from the back of the skull (a monkey's, a
  // rat's); horns reach out sideways from its crown, over or ahead of the head joint.
  const rises = (l: Limb): boolean => l.tipPos[1] - head[1] >= 0.75 * Math.abs(l.tipPos[0] - shape.cx)
    || facing * (l.tipPos[2] - head[2]) < 0;
  // Near the head: its tip, or where it leaves the head (a big ear, a squirrel's, reaches farther
  // than the head is long), and not behind the skull's back (a mane, dorsal plates).
  const span = 1.5 * Math.max(reach, 2 * headRadius);
  const near = (l: Limb): boolean => l.tipPos[1] > head[1] + 0.5 * headRadius
    && Math.min(dist(l.tipPos, head), dist(l.entryPos, head)) < span
    && facing * (l.tipPos[2] - neck[2]) > -Math.max(0.25 * reach, 1.5 * headRadius);
  const sides = { left: [] as Limb[], right: [] as Limb[] };
  for (const l of unused(fit)) if (near(l) && rises(l)) sides[isLeft(fit, l.tipPos) ? 'left' : 'right'].push(l);
  // The head's own extremity can be an ear: when an ear reaches farther from the body than the
  // snout, the medial tree runs the head's branch out to the ear's tip (and its pair, covered
  // by the head, is no branch of its own). Such a tip lies off the mirror plane, above the head.
  if (sides.left.length + sides.right.length === 0 && headLimb && headLimb.tip >= 0
    && Math.abs(headLimb.tipPos[0] - shape.cx) > headRadius && near(headLimb) && rises(headLimb)) {
    sides[isLeft(fit, headLimb.tipPos) ? 'left' : 'right'].push(headLimb);
  }
  if (sides.left.length > 1 || sides.right.length > 1 || sides.left.length + sides.right.length === 0) return;
  const chains: Partial<Record<'left' | 'right', Vec3[]>> = {};
  for (const side of ['left', 'right'] as const) {
    const limb = sides[side][0];
    if (!limb) continue;
    fit.used.add(limb);
    // From the tip back until the path is inside the head (within its radius of the head joint)
    // or, for a path that passes beside the head joint (a big ear at the back of the skull), where
    // the ear leaves the head: the limb's entry.
    const path = smoothPolyline(pathToRoot(shape.tree, limb.tip).map((v) => shape.center(v)), 2);
    let base = Math.min(limb.entry, path.length - 1);
    for (let i = 0; i < path.length; i++) if (dist(path[i]!, head) <= 1.2 * headRadius) { base = Math.min(i, base); break; }
    const ear = path.slice(0, base + 1).reverse();
    if (ear.length < 2) continue;
    chains[side] = EAR_FRACTIONS.map((f) => pointAtFraction(ear, f));
  }
  if (shape.symmetric) {
    const mirror = (ps: Vec3[]): Vec3[] => ps.map((p) => [2 * shape.cx - p[0], p[1], p[2]]);
    if (chains.left && !chains.right) chains.right = mirror(chains.left);
    if (chains.right && !chains.left) chains.left = mirror(chains.right);
  }
  for (const side of ['left', 'right'] as const) {
    const c = chains[side];
    if (c) addChain(fit, EAR_FRACTIONS.map((_, i) => `ear_${side}_${i + 1}`), 'head', c);
  }
}

/**
 * Humanoid template: five extremities (head, two hands, two feet) found among the medial tree's
 * branches by where their tips lie (feet lowest, head highest and central, hands most lateral),
 * each traced back to where it enters the torso. Knees, elbows and ankles go to the path's
 * visible bends when the limb is bent and to anthropometric length fractions when it is straight.
 */
import { attachArm } from './arm-attachment';
import { fitBipedLegs } from './biped-legs';
import { groundContact } from './ground-contact';
import { splitFeet } from './split-feet';
import { pathBetween } from './medial-tree';
import { addChain, along, alongBody, alongSite, atSite, isLeft, limbOrFallback, limbPieces, mirrorLimb, relX, relY, straightLimb, takeLimb, type PlanFit } from './plan-fit';
import { arcLengths, pointAtFraction, smoothPolyline } from './polyline';
import type { Limb, ShapeAnalysis } from './shape-analysis';
import { dist, lerp, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

export const BIPED_JOINTS = [
  'hips', 'spine', 'chest', 'upper_chest', 'neck', 'head',
  'left_shoulder', 'left_upper_arm', 'left_lower_arm', 'left_hand',
  'right_shoulder', 'right_upper_arm', 'right_lower_arm', 'right_hand',
  'left_upper_leg', 'left_lower_leg', 'left_foot', 'left_toes',
  'right_upper_leg', 'right_lower_leg', 'right_foot', 'right_toes',
] as const;

/**
 * Neck-to-head-joint distance as a fraction of neck-to-crown, at most: artist rigs and anatomy
 * put the skull's base 15–37% of the way up (people ~22–37%, chibi ~15%).
 */
const HEAD_JOINT_FRACTION = 0.35;

/** Neck and head joints as fractions of the hips-to-crown path when the shape shows no neck. */
const NO_NECK_FRACTION = { neck: 0.6, head: 0.75 } as const;

/** The wrist's fraction of the arm's path from the shoulder: the finger fit starts from it. */
const WRIST_FRACTION = 0.79;

/**
 * A foot tip nearer the mirror plane than this share of the other foot's distance from it, on a
 * symmetric body, was traced wrongly (feet standing apart are mirrored; legs together put both
 * tips near the plane, and neither is replaced).
 */
const STRAY_FOOT = 0.35;

/**
 * A limb shorter than this many of its own thicknesses (path length over radius) is a stub: a
 * block arm of a big-headed mini or a toy, a mitten on the shoulder. Nothing along it bends — its
 * artist turns it whole from where it meets the body — so its inner joints stand in (see
 * stubChain). Arms of people, mechs and raptors are 9 or more radii long; stubs 3.4-4.
 */
const STUB_ARM = 6;

/**
 * The same for a leg: people's and mechs' legs are 9 or more radii long from where they leave the
 * body, a mini's block legs 5-6.
 */
const STUB_LEG = 7;

/** Fall in depth below the head's deepest point that marks the way down into the neck. */
const HEAD_DEPTH_DROP = 0.15;

export function fitBiped(fit: PlanFit): void {
  const { shape } = fit;
  const { min, max, size, cx } = shape;
  const footAccept = (left: boolean) => (l: { tipPos: Vec3 }) => relY(fit, l.tipPos) < 0.3 && isLeft(fit, l.tipPos) === left;
  let leftFoot = takeLimb(fit, (l) => relY(fit, l.tipPos), footAccept(true));
  let rightFoot = takeLimb(fit, (l) => relY(fit, l.tipPos), footAccept(false));
  if (!leftFoot || !rightFoot) {
    // Legs together or crossed: the two lowest tips, split by x. Both may lie on one side of the
    // mirror plane (feet turned in, toes meeting on the plane): the one further to the left is the
    // left foot whichever side took it first, so neither leg is dropped.
    const more = takeLimb(fit, (l) => relY(fit, l.tipPos), (l) => relY(fit, l.tipPos) < 0.3);
    if (more) [leftFoot, rightFoot] = splitFeet(leftFoot, rightFoot, more);
  }
  // On a mirror-symmetric body the feet stand mirrored: a "foot" whose tip lies near the mirror
  // plane while the other stands well out to its side is a stub of the tree between the feet
  // (the real foot's branch was swallowed by its neighbour's cover); that side mirrors the other.
  if (leftFoot && rightFoot && shape.symmetric) {
    const [l, r] = [relX(fit, leftFoot.tipPos), relX(fit, rightFoot.tipPos)];
    if (l < STRAY_FOOT * r || r < STRAY_FOOT * l) {
      const good = l < r ? rightFoot : leftFoot;
      fit.warnings.push(`biped: ${l < r ? 'left' : 'right'} foot traced on the mirror plane; mirrored from the other foot`);
      if (l < r) leftFoot = mirrorLimb(shape, good);
      else rightFoot = mirrorLimb(shape, good);
    }
  }
  // The head is central (a raised hand is not) and does not reach backwards (a raised tail does).
  const head = takeLimb(fit, (l) => relX(fit, l.tipPos) - relY(fit, l.tipPos), (l) => relY(fit, l.tipPos) > 0.6 && relX(fit, l.tipPos) < 0.4
    && !(alongBody(l) > 0.8 && l.tipPos[2] < l.entryPos[2]));
  // Hands: the most lateral remaining tips, wherever they hang (T-pose, A-pose, arms down).
  const handAccept = (left: boolean) => (l: { tipPos: Vec3 }) => isLeft(fit, l.tipPos) === left && relY(fit, l.tipPos) > 0.1;
  // Arms whose entry was moved to the torso's side (see arm-attachment.ts) already start there.
  const attached = new Set<Limb>();
  const attach = (l: Limb | undefined): Limb | undefined => {
    if (!l) return undefined;
    const a = attachArm(shape, l);
    if (a !== l) attached.add(a);
    return a;
  };
  const leftHand = attach(takeLimb(fit, (l) => -relX(fit, l.tipPos), handAccept(true)));
  const rightHand = attach(takeLimb(fit, (l) => -relX(fit, l.tipPos), handAccept(false)));

  const mid: Vec3 = [cx, min[1] + 0.55 * size[1], (min[2] + max[2]) / 2];
  const hx = size[0] / 2;
  // A leg the medial tree has no branch for (a stub under a bean-shaped body, covered by the
  // body's own branch) still stands on the ground: it goes straight up from its ground contact,
  // and only without one from the bounding box.
  const legOr = (found: Limb | undefined, side: 'left' | 'right'): Limb => {
    const s = side === 'left' ? 1 : -1;
    const foot = found ? null : groundContact(shape, s);
    if (!foot) return limbOrFallback(fit, found, `biped: ${side} leg`, [cx + s * 0.25 * hx, min[1] + 0.5 * size[1], mid[2]], [cx + s * 0.25 * hx, min[1], mid[2]]);
    fit.expected++;
    fit.warnings.push(`biped: ${side} leg not found in the shape; placed over its ground contact`);
    return straightLimb([foot[0], min[1] + 0.5 * size[1], foot[2]], foot);
  };
  const legs = { left: legOr(leftFoot, 'left'), right: legOr(rightFoot, 'right') };
  // A missing arm is the mirror image of the other on a symmetric body; with neither (a walker
  // without arms) the stand-ins are short stubs at the top of the torso, where they do the least
  // harm, rather than arms reaching out into the air.
  const armOr = (found: Limb | undefined, other: Limb | undefined, side: 'left' | 'right'): Limb => {
    const s = side === 'left' ? 1 : -1;
    if (!found && other && shape.symmetric) {
      fit.expected++;
      fit.warnings.push(`biped: ${side} arm not found in the shape; mirrored from the other arm`);
      return mirrorLimb(shape, other);
    }
    return limbOrFallback(fit, found, `biped: ${side} arm`, [cx + s * 0.1 * hx, min[1] + 0.7 * size[1], mid[2]], [cx + s * 0.35 * hx, min[1] + 0.7 * size[1], mid[2]]);
  };
  const arms = { left: armOr(leftHand, rightHand, 'left'), right: armOr(rightHand, leftHand, 'right') };

  // Legs: hip from the crotch and the shoulders (see biped-legs.ts), knee and ankle along the
  // leg's medial path below it.
  const foundArms = [leftHand, rightHand].filter((a) => a !== undefined);
  const shoulderY0 = foundArms.length ? foundArms.reduce((s, a) => s + a.entryPos[1], 0) / foundArms.length : null;
  const stubLegs = { left: isStub(shape, legs.left, STUB_LEG), right: isStub(shape, legs.right, STUB_LEG) };
  const fitted = fitBipedLegs(fit, legs, shoulderY0, stubLegs.left && stubLegs.right);
  const l = fitted.left;
  const r = fitted.right;
  const hipsPos = lerp(l[0]!, r[0]!, 0.5);
  hipsPos[1] += 0.02 * size[1];

  // Spine and head: the medial path from the hips to the top of the head (the head branch's tip,
  // or the highest central voxel when the head holds the root, as in a big-headed character).
  // The neck is the narrow stretch of that path above the shoulders: its lower end is the neck
  // joint, its upper end the head joint.
  const hipsVoxel = snapVoxel(shape, hipsPos);
  const topVoxel = head ? head.tip : highestCentralVoxel(shape);
  fit.expected++;
  if (topVoxel >= 0) fit.found++;
  else fit.warnings.push('biped: head not found in the shape; placed from the bounding box');
  let central: Vec3[] = [hipsPos, [cx, max[1], mid[2]]];
  let centralDt: number[] = [1, 1];
  if (hipsVoxel >= 0 && topVoxel >= 0) {
    const voxels = pathBetween(shape.tree, hipsVoxel, topVoxel);
    central = smoothPolyline(voxels.map((v) => shape.center(v)), 3);
    centralDt = voxels.map((v) => shape.dt[v]!);
  }
  const arcs = arcLengths(central);
  const total = arcs[arcs.length - 1]!;
  const shoulderY = (arms.left.entryPos[1] + arms.right.entryPos[1]) / 2;
  // The neck lies below the head's centre, whatever the head's size: a head a third of the height
  // or more tapers over a long stretch towards the crown, and that taper is never the neck.
  const headTop = headCentre(centralDt, (i) => central[i]![1] >= shoulderY);
  const inNeckRange = (i: number): boolean => central[i]![1] >= shoulderY && arcs[i]! < 0.85 * total && i < headTop;
  let minDt = Infinity;
  for (let i = 0; i < central.length; i++) {
    if (inNeckRange(i)) minDt = Math.min(minDt, centralDt[i]!);
  }
  // A neck is a narrow stretch the path widens again above (into the head); a path that only
  // thins towards the top of one mass (a ball-bodied walker) has none.
  let neckIdx = -1, headIdx = -1, widened = false;
  for (let i = 0; i < central.length && minDt < Infinity; i++) {
    if (!inNeckRange(i)) continue;
    const narrow = centralDt[i]! <= 1.2 * minDt + 0.5;
    if (narrow && neckIdx < 0) neckIdx = i;
    if (neckIdx >= 0) { if (narrow) headIdx = i; else { widened = true; break; } }
  }
  // A narrow stretch the path never widens above is the head's own taper to the crown (a hood, a
  // bean-shaped body, a head whose widest part lies past the search): no neck.
  const hasNeck = widened && neckIdx >= 0 && arcs[headIdx]! - arcs[neckIdx]! >= shape.cell;
  let neckPos: Vec3, headPos: Vec3;
  if (hasNeck) {
    neckPos = central[neckIdx]!;
    // The head joint is the skull's base, at most HEAD_JOINT_FRACTION of the way from the neck
    // to the crown: a beard, a collar or a narrow face extends the narrow stretch upwards.
    const capArc = arcs[neckIdx]! + HEAD_JOINT_FRACTION * (total - arcs[neckIdx]!);
    headPos = arcs[headIdx]! <= capArc ? central[headIdx]! : pointAtFraction(central, capArc / total, arcs);
  } else {
    // No visible neck (a hood, a helmet on the shoulders): anthropometric fractions.
    neckPos = pointAtFraction(central, NO_NECK_FRACTION.neck, arcs);
    headPos = pointAtFraction(central, NO_NECK_FRACTION.head, arcs);
  }
  // No neck and no arms: the upper body is one mass (a walker whose body is a ball or a box) that
  // turns and tilts whole about where the legs carry it; artists rig it with a single joint at
  // the hips. The chain stays a short stack from the hips up to the mass's centre, so a clip
  // that moves the spine or head turns the mass instead of bending it halfway up.
  const oneMass = (neckIdx < 0 || !widened) && foundArms.length === 0 ? massCentre(shape, hipsPos[1]) : null;
  if (oneMass) {
    headPos = [cx, oneMass[1], oneMass[2]];
    neckPos = lerp(hipsPos, headPos, 0.8);
    // The mass is skinned to the hips alone (as its artists do): its spine, head and stand-in
    // arms move nothing, so a clip or a pose of them cannot crumple it.
    for (const name of ['spine', 'chest', 'upper_chest', 'neck', 'head']) fit.standIns.add(name);
    for (const side of ['left', 'right']) for (const part of ['shoulder', 'upper_arm', 'lower_arm', 'hand']) fit.standIns.add(`${side}_${part}`);
    fit.warnings.push('biped: no arms and no neck: the upper body is one mass, skinned to the hips; its spine, head and arm joints are stand-ins that carry no weight');
  }
  // The spine follows the medial path up to the neck joint (the found neck, or the fraction that
  // stands in for it), a straight line only when the upper body is one mass.
  const neckArc = hasNeck ? arcs[neckIdx]! : NO_NECK_FRACTION.neck * total;
  const spinePts = [...central.filter((_, i) => arcs[i]! < neckArc), neckPos];
  if (spinePts.length < 2 || oneMass) spinePts.splice(0, spinePts.length, hipsPos, neckPos);
  // A body whose arms and legs are all stubs is a toy's: its torso is one block too, turned from
  // the hips, so the spine's joints are stacked there a step apart and the block follows the last.
  const blockBody = !oneMass && stubLegs.left && stubLegs.right && isStub(shape, arms.left, STUB_ARM) && isStub(shape, arms.right, STUB_ARM);
  const spineJoints = blockBody
    ? [1, 2, 3].map((k) => lerp(hipsPos, neckPos, Math.min(1, (k * shape.cell) / (dist(hipsPos, neckPos) || 1))))
    : atSite(fit, 'biped.spine', spinePts, ['spine', 'chest', 'upper_chest']);
  addChain(fit, ['hips', 'spine', 'chest', 'upper_chest', 'neck', 'head'], null, [hipsPos, ...spineJoints, neckPos, headPos]);
  // A tail (a raptor's, a lizardfolk's): a central extremity reaching backwards from behind the
  // hips, at least half as long as the torso. A cape or a ponytail hangs down and is not one.
  const torso = Math.max(headPos[1] - hipsPos[1], shape.cell);
  const tail = takeLimb(fit, (l) => l.tipPos[2], (l) => relX(fit, l.tipPos) < 0.3 && alongBody(l) >= 0.6
    && l.tipPos[2] < hipsPos[2] - 0.15 * size[2] && l.length >= 0.5 * torso);
  if (tail) addChain(fit, ['tail_1', 'tail_2', 'tail_3', 'tail_4'], 'hips', along(fit, tail, [0, 0.33, 0.66, 0.92]));
  for (const side of ['left', 'right'] as const) {
    // A narrow chest (or a thick arm) lets the arm's path stay "thin" deep into the torso; the
    // shoulder ball is never nearer the midline than about two arm radii.
    // Stand-in arms on a one-mass body: short stubs level with the upper chest just under the
    // side's surface, where arms would attach. Every joint takes the skin nearest it; stubs there
    // own a small patch, so a clip that raises the arms dents the side instead of tearing the mass.
    const full = oneMass ? sideStub(shape, [cx, pointAtFraction(spinePts, 0.75)[1], oneMass[2]], side === 'left' ? 1 : -1) : arms[side];
    const minOffset = attached.has(full) ? 0 : 2 * full.radius * shape.cell;
    let start = 0;
    while (start < full.points.length / 2 && Math.abs(full.points[start]![0] - cx) < minOffset) start++;
    const arm = start ? { ...full, points: full.points.slice(start), entryPos: full.points[start]! } : full;
    // The wrist stays at WRIST_FRACTION: the fingers are fitted from it (fit-fingers.ts).
    const stub = !oneMass && isStub(shape, arm, STUB_ARM);
    const [upper, elbow, wrist] = stub
      ? stubChain(fit, shape, arm, `${side}_lower_arm`, `${side}_hand`)
      : alongSite(fit, 'biped.elbow', arm, [`${side}_upper_arm`, `${side}_lower_arm`, `${side}_hand`], [0], [WRIST_FRACTION]) as [Vec3, Vec3, Vec3];
    // A stub's shoulder is a step in from its root: a block arm has no collarbone to follow.
    const shoulder = stub ? lerp(upper, neckPos, Math.min(1, shape.cell / (dist(upper, neckPos) || 1))) : lerp(upper, neckPos, 0.5);
    if (!stub) shoulder[1] = (upper[1] + neckPos[1]) / 2;
    addChain(fit, [`${side}_shoulder`, `${side}_upper_arm`, `${side}_lower_arm`, `${side}_hand`], 'upper_chest', [shoulder, upper, elbow, wrist]);
    const leg = side === 'left' ? l : r;
    if (stubLegs[side]) stubLeg(fit, leg, side);
    addChain(fit, [`${side}_upper_leg`, `${side}_lower_leg`, `${side}_foot`, `${side}_toes`], 'hips', leg);
  }
}

/**
 * Index on a hips-to-crown path of the head's centre: walking down from the crown, the depth
 * grows to the head's deepest point and falls again into the neck; the walk stops where it has
 * fallen by more than HEAD_DEPTH_DROP of that depth (at least a voxel), and the deepest point
 * passed is the centre. Only the stretch above the shoulders counts (a long-necked body deepens
 * all the way into its chest and falls again only towards the hips). A path whose depth never
 * falls again there (no neck: a hood, a helmet on the shoulders) gives its length, leaving the
 * whole path to the neck search.
 */
function headCentre(dt: number[], aboveShoulders: (i: number) => boolean): number {
  let best = dt.length - 1, deepest = -Infinity;
  for (let i = dt.length - 1; i >= 0 && aboveShoulders(i); i--) {
    if (dt[i]! > deepest) { deepest = dt[i]!; best = i; }
    else if (dt[i]! < deepest - Math.max(1, HEAD_DEPTH_DROP * deepest)) return best;
  }
  return dt.length;
}

/** Whether a limb (traced, or mirrored from a traced one) is shorter than `ratio` of its own radii. */
function isStub(shape: ShapeAnalysis, limb: Limb, ratio: number): boolean {
  return limb.length < ratio * Math.max(limb.radius, 1) * shape.cell;
}

/**
 * The joints of a stub arm (isStub): the upper arm at the block's root, and the elbow and wrist a
 * voxel apart from it towards the tip, as stand-ins that carry no weight: the block moves with the
 * upper arm alone, as its artist rigs it, and a clip that bends an elbow or a wrist cannot fold it.
 * They keep the limb's direction, so a retargeted clip still swings it; the wrist's bone points at
 * the tip. The root is the middle of the inner face of the pieces the arm is built of when it is
 * separate from the body (where a mini or a toy is turned), else the limb's entry, where
 * its cross-section starts to widen into the body.
 */
function stubChain(fit: PlanFit, shape: ShapeAnalysis, limb: Limb, elbow: string, wrist: string): [Vec3, Vec3, Vec3] {
  const pieces = limbPieces(fit, limb.tipPos);
  const root: Vec3 = pieces
    ? [limb.tipPos[0] > shape.cx ? pieces.min[0] : pieces.max[0], (pieces.min[1] + pieces.max[1]) / 2, (pieces.min[2] + pieces.max[2]) / 2]
    : limb.points[0]!;
  const step = (k: number): Vec3 => lerp(root, limb.tipPos, Math.min(1, (k * shape.cell) / (dist(root, limb.tipPos) || 1)));
  fit.standIns.add(elbow);
  fit.standIns.add(wrist);
  fit.leafTips.set(wrist, limb.tipPos);
  return [root, step(1), step(2)];
}

/**
 * A stub leg (isStub) is one block turned at the hip: its knee goes onto the hip, so the clips
 * drive it as a one-bone leg from there to the foot (leg-chains.ts), and the foot and toes stand
 * in (the foot stays at the ankle, or halfway down a block without one, for the clips to plant;
 * the toes a step beyond it) and carry no weight, so the block moves whole. `leg` (hip, knee,
 * ankle, toes) is rewritten in place.
 */
function stubLeg(fit: PlanFit, leg: Vec3[], side: 'left' | 'right'): void {
  const [hip, , corner, toes] = leg as [Vec3, Vec3, Vec3, Vec3];
  // A block without a foot has no ankle corner low down (the path's corner is where it leaves the
  // body): the planted end then goes halfway down the block.
  const half = lerp(hip, toes, 0.5);
  const ankle = corner[1] <= half[1] ? corner : half;
  leg[2] = ankle;
  const step = (from: Vec3, to: Vec3, k: number): Vec3 => {
    const d = dist(from, to) || 1;
    return lerp(from, to, Math.min(1, k / d));
  };
  // Well under the 5% of the leg that leg-chains.ts reads as a joint fitted on the same spot.
  const gap = Math.min(fit.shape.cell, 0.03 * dist(hip, ankle));
  leg[1] = step(hip, ankle, gap);
  leg[3] = step(ankle, toes, gap);
  fit.standIns.add(`${side}_foot`);
  fit.standIns.add(`${side}_toes`);
  fit.leafTips.set(`${side}_toes`, toes);
}

/** The solid voxel nearest a point (the point's own when solid), -1 for an empty grid. */
function snapVoxel(shape: ShapeAnalysis, p: Vec3): number {
  const v = voxelAt(shape.grid, p);
  if (v >= 0 && shape.grid.solid[v]) return v;
  let best = -1, bestD = Infinity;
  for (let i = 0; i < shape.grid.solid.length; i++) {
    if (!shape.grid.solid[i]) continue;
    const c = shape.center(i);
    const d = (c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2 + (c[2] - p[2]) ** 2;
    if (d < bestD) { bestD = d; best = i; }
  }
  return best;
}

/** The highest solid voxel within a tenth of the width of the mirror plane. */
function highestCentralVoxel(shape: ShapeAnalysis): number {
  const { grid } = shape;
  let best = -1, bestY = -Infinity, bestX = Infinity;
  for (let i = 0; i < grid.solid.length; i++) {
    if (!grid.solid[i]) continue;
    const c = shape.center(i);
    const dx = Math.abs(c[0] - shape.cx);
    if (dx > 0.1 * shape.size[0] + grid.cell) continue;
    if (c[1] > bestY || (c[1] === bestY && dx < bestX)) { bestY = c[1]; bestX = dx; best = i; }
  }
  return best;
}

/**
 * Centroid of the body's core above `aboveY` (voxels at least half as deep as the deepest: the
 * mass itself, not the legs hanging from it); null when the core lies below.
 */
function massCentre(shape: ShapeAnalysis, aboveY: number): Vec3 | null {
  const { grid, dt, maxDt } = shape;
  let sx = 0, sy = 0, sz = 0, n = 0;
  for (let i = 0; i < dt.length; i++) {
    if (!grid.solid[i] || dt[i]! < 0.5 * maxDt) continue;
    const c = shape.center(i);
    if (c[1] <= aboveY) continue;
    sx += c[0]; sy += c[1]; sz += c[2]; n++;
  }
  return n ? [sx / n, sy / n, sz / n] : null;
}

/**
 * A short straight stand-in limb from 5 to 2 voxels inside the surface, reached by walking from
 * `from` along ±x (`s`) until the solid ends.
 */
function sideStub(shape: ShapeAnalysis, from: Vec3, s: 1 | -1): Limb {
  const { cell } = shape;
  let x = from[0];
  for (;;) {
    const v = voxelAt(shape.grid, [x + s * cell, from[1], from[2]]);
    if (v < 0 || !shape.grid.solid[v]) break;
    x += s * cell;
  }
  const at = (inset: number): Vec3 => [s > 0 ? Math.max(from[0], x - s * inset * cell) : Math.min(from[0], x - s * inset * cell), from[1], from[2]];
  return straightLimb(at(5), at(2));
}

/**
 * Four-legged template: the four lowest extremities are the legs (split left/right by x and
 * front/back by z), the foremost remaining one the head, the rearmost the tail. The spine runs
 * along the medial tree between the hind and fore leg entries. Which end is the front is read
 * from the body, not assumed: the head is the end whose extremity rises highest (see facing()).
 */
import { fitEars } from './fit-ears';
import { pathBetween } from './medial-tree';
import { groundLegs } from './ground-legs';
import { addChain, alongBody, alongSite, atSite, centreAlongZ, centreVertically, isLeft, limbOrFallback, mirrorLimb, relX, relY, relZ, takeLimb, unused, upTheRun, type PlanFit } from './plan-fit';
import { smoothPolyline } from './polyline';
import type { Limb } from './shape-analysis';
import { dist, lerp, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/** |z| share of an extremity's direction above which it points along the body (see facing()). */
const ALONG_BODY = 0.5;
/** A raised foreleg reaches out at least this share of the half-width, with its tip above RAISED_HEIGHT. */
const RAISED_REACH = 0.6;
const RAISED_HEIGHT = 0.35;
/** Fraction of the way from the leg's entry (belly) up to the spine where its root joint sits. */
const LEG_ROOT_RAISE = 0.4;
/**
 * Share of the way up the body (belly 0, back 1) where the spine's joints sit: the vertebrae run
 * nearer the back than the body's deepest point. Chosen leaving one artist out (0.5, 0.6, 0.7 and
 * the deepest point measured; README, Fitting).
 */
const SPINE_SHARE = 0.6;
/** Joints of a tail stand-in (a stub the shape does not show as a branch). */
const STUB_TAIL_JOINTS = 2;

export function fitQuadruped(fit: PlanFit): void {
  const { shape } = fit;
  const { min, max, size, cx } = shape;
  const cz = (min[2] + max[2]) / 2;
  const legs: Record<string, Limb | undefined> = {};
  for (const fb of ['front', 'back'] as const) {
    for (const side of ['left', 'right'] as const) {
      legs[`${fb}_${side}`] = takeLimb(
        fit,
        (l) => relY(fit, l.tipPos) + (fb === 'front' ? -1 : 1) * 0.5 * relZ(fit, l.tipPos),
        // A leg points down or sideways; a tail lying on the ground points backwards.
        (l) => relY(fit, l.tipPos) < 0.35 && isLeft(fit, l.tipPos) === (side === 'left') && alongBody(l) < 0.8,
      );
    }
  }
  // +1 when the head is at +Z (the documented input facing), -1 when the body shows it at -Z.
  const dir = facing(fit, cz);
  /** Normalised position along the body from the rear (0) to the front (1). */
  const rz = (p: Vec3): number => (dir > 0 ? relZ(fit, p) : 1 - relZ(fit, p));
  /** A z a share of the body's length from its rear end. */
  const zAt = (t: number): number => (dir > 0 ? min[2] + t * size[2] : max[2] - t * size[2]);
  // Which pair is front is decided by z once both are known.
  const fz = mean2(legs.front_left?.tipPos[2], legs.front_right?.tipPos[2]);
  const bz = mean2(legs.back_left?.tipPos[2], legs.back_right?.tipPos[2]);
  if (fz !== undefined && bz !== undefined && dir * fz < dir * bz) {
    [legs.front_left, legs.back_left] = [legs.back_left, legs.front_left];
    [legs.front_right, legs.back_right] = [legs.back_right, legs.front_right];
  }
  for (const side of ['left', 'right'] as const) {
    // Two tips of one foot (toes, a split hoof) are one leg: their paths leave the body together.
    const f = legs[`front_${side}`], b = legs[`back_${side}`];
    if (f && b && dist(f.entryPos, b.entryPos) < 2 * Math.max(f.radius, b.radius, 1) * shape.cell) {
      legs[`front_${side}`] = f.length >= b.length ? f : b;
      legs[`back_${side}`] = undefined;
    }
  }
  raisedForelimbs(fit, legs);
  fillFromGround(fit, legs, dir);
  const head = takeLimb(fit, (l) => -rz(l.tipPos) - 0.3 * relY(fit, l.tipPos), (l) => dir * l.tipPos[2] > dir * cz);
  // A tail ends behind the hind legs: an antler tip or an ear that merely lies behind the box's
  // middle is not one (a tail the tree did not find gets a stand-in behind the hips instead).
  const hindZ = mean2(legs.back_left?.entryPos[2], legs.back_right?.entryPos[2]) ?? cz;
  const tail = takeLimb(fit, (l) => rz(l.tipPos), (l) => dir * l.tipPos[2] < Math.min(dir * cz, dir * hindZ));
  // A side with a single leg: front legs stand under the chest, near the neck, hind legs under
  // the hips, near the tail's root. (The box's middle says nothing: a long tail or neck moves it.)
  if (head && tail) {
    const mid = (head.entryPos[2] + tail.entryPos[2]) / 2;
    for (const side of ['left', 'right'] as const) {
      const f = legs[`front_${side}`], b = legs[`back_${side}`];
      const single = f && !b ? f : b && !f ? b : undefined;
      if (!single) continue;
      legs[`front_${side}`] = undefined;
      legs[`back_${side}`] = undefined;
      legs[`${dir * (single.entryPos[2] - mid) > 0 ? 'front' : 'back'}_${side}`] = single;
    }
  }
  const bodyY = min[1] + 0.65 * size[1];
  const hx = size[0] / 2;
  const legLimb = (fb: 'front' | 'back', side: 'left' | 'right'): Limb => {
    const x = cx + (side === 'left' ? 0.5 : -0.5) * hx;
    const z = zAt(fb === 'front' ? 0.75 : 0.25);
    const other = legs[`${fb}_${side === 'left' ? 'right' : 'left'}`];
    if (!legs[`${fb}_${side}`] && other && shape.symmetric) {
      // A leg the shape hides (merged with its neighbour) mirrors its pair on a symmetric body.
      fit.expected++;
      fit.warnings.push(`quadruped: ${fb} ${side} leg not found in the shape; mirrored from the other side`);
      return mirrorLimb(shape, other);
    }
    return limbOrFallback(fit, legs[`${fb}_${side}`], `quadruped: ${fb} ${side} leg`, [x, bodyY, z], [x, min[1], z]);
  };
  const L = {
    front_left: legLimb('front', 'left'), front_right: legLimb('front', 'right'),
    back_left: legLimb('back', 'left'), back_right: legLimb('back', 'right'),
  };
  const headLimb = limbOrFallback(fit, head, 'quadruped: head', [cx, bodyY, zAt(0.85)], [cx, max[1], zAt(1)]);
  const tailLimb = limbOrFallback(fit, tail, 'quadruped: tail', [cx, bodyY, zAt(0.15)], [cx, bodyY, zAt(0)]);

  const hipsEntry = lerp(L.back_left.entryPos, L.back_right.entryPos, 0.5);
  const chestEntry = lerp(L.front_left.entryPos, L.front_right.entryPos, 0.5);
  // An animal standing up (the forelimbs' entries above the hind legs' more than ahead of them)
  // carries its spine upright: hips and chest are centred front to back at their height, as
  // centring vertically would slide both up the torso's column into the head.
  const upright = chestEntry[1] - hipsEntry[1] > Math.abs(chestEntry[2] - hipsEntry[2]);
  const centre = (p: Vec3): Vec3 => (upright ? centreAlongZ(shape, p) : centreVertically(shape, p));
  const hips = centre(hipsEntry);
  const chest = centre(chestEntry);
  const hv = voxelAt(shape.grid, hips), cv = voxelAt(shape.grid, chest);
  let spine: Vec3[] = [hips, chest];
  if (hv >= 0 && cv >= 0 && shape.grid.solid[hv] && shape.grid.solid[cv]) {
    spine = smoothPolyline(pathBetween(shape.tree, hv, cv).map((v) => shape.center(v)), 3);
  }
  const headJoint = alongSite(fit, 'quadruped.head', headLimb, ['head'])[0]!;
  // A head set straight on the shoulders (a sheep's, a ram's: no neck narrower than the head)
  // only widens into the body behind the forelegs, so its path's entry lies at or behind the
  // chest; the neck joint then sits where the head meets the body, between the chest and the head.
  const neck = dir * (headLimb.entryPos[2] - chest[2]) > 0 ? headLimb.entryPos : lerp(chest, headJoint, 0.5);
  // Standing up, the belly-to-back run is the torso's front to back: the centring above holds.
  const dorsal = (p: Vec3): Vec3 => (upright ? p : upTheRun(shape, p, SPINE_SHARE));
  addChain(fit, ['hips', 'spine_1', 'spine_2', 'chest', 'neck', 'head'], null, [
    dorsal(hips), ...atSite(fit, 'quadruped.spine', spine, ['spine_1', 'spine_2']).map(dorsal), dorsal(chest), neck, headJoint,
  ]);
  fitEars(fit, fit.builder.get('head'), headLimb.entryPos, head, dir);
  const tailNames = ['tail_1', 'tail_2', 'tail_3', 'tail_4'];
  const tailJoints = alongSite(fit, 'quadruped.tail', tailLimb, tailNames, [0]);
  // A tail the medial tree does not show is a stub (shorter than any branch it keeps): artists
  // give a stub one or two joints, and a four-joint stand-in only reaches past the rump.
  const tailCount = tail ? tailNames.length : STUB_TAIL_JOINTS;
  addChain(fit, tailNames.slice(0, tailCount), 'hips', tailJoints.slice(0, tailCount));
  for (const [key, limb] of Object.entries(L)) {
    const parent = key.startsWith('front') ? 'chest' : 'hips';
    const names = [`${key}_upper_leg`, `${key}_lower_leg`, `${key}_foot`, `${key}_toe`];
    const joints = alongSite(fit, 'quadruped.leg', limb, names, [0]);
    // The leg's medial path enters the body at the belly, but the hip and shoulder joints sit up
    // in the body, between the belly and the spine (artists put them there, as anatomy does).
    const top = key.startsWith('front') ? chest : hips;
    if (limb.tip >= 0 && top[1] > joints[0]![1]) joints[0]![1] += LEG_ROOT_RAISE * (top[1] - joints[0]![1]);
    addChain(fit, names, parent, joints);
  }
}

/**
 * Legs the medial tree missed (short legs under a big trunk) taken from the ground contacts: on a
 * side with a leg missing, the feet not already under a found leg join that side's found one,
 * and the foremost and rearmost of them are its front and back legs.
 */
function fillFromGround(fit: PlanFit, legs: Record<string, Limb | undefined>, dir: 1 | -1): void {
  if (Object.keys(legs).every((k) => legs[k])) return;
  const { shape } = fit;
  const found = Object.values(legs).filter((l): l is Limb => l !== undefined);
  const spare = groundLegs(shape).filter((g) => found.every((l) => dist(l.tipPos, g.tipPos) > Math.max(3, 2 * g.radius) * shape.cell));
  for (const side of ['left', 'right'] as const) {
    const front = legs[`front_${side}`], back = legs[`back_${side}`];
    if (front && back) continue;
    // That side's legs, found and from the ground, foremost first: the extremes are its pair
    // (a found leg's label is only a guess when its partner was missing).
    const mine = [front, back].filter((l): l is Limb => l !== undefined)
      .concat(spare.filter((g) => isLeft(fit, g.tipPos) === (side === 'left')))
      .sort((a, b) => dir * (b.tipPos[2] - a.tipPos[2]));
    // A lone foot waits in the front slot; which pair it belongs to is settled once the head
    // and tail are known.
    if (mine.length === 1 && !front && !back) legs[`front_${side}`] = mine[0];
    if (mine.length < 2) continue;
    legs[`front_${side}`] = mine[0];
    legs[`back_${side}`] = mine[mine.length - 1];
  }
}

/**
 * An animal sitting or standing up (a squirrel, a monkey) stands on its hind legs and holds its
 * forelimbs out: on a side with one leg found, the most lateral spare extremity held out
 * sideways off the ground is the foreleg, and the standing one the hind leg.
 */
function raisedForelimbs(fit: PlanFit, legs: Record<string, Limb | undefined>): void {
  for (const side of ['left', 'right'] as const) {
    const f = legs[`front_${side}`], b = legs[`back_${side}`];
    const standing = f && !b ? f : b && !f ? b : undefined;
    if (!standing) continue;
    const arm = takeLimb(fit, (l) => -relX(fit, l.tipPos), (l) => isLeft(fit, l.tipPos) === (side === 'left')
      && relX(fit, l.tipPos) > RAISED_REACH && relY(fit, l.tipPos) > RAISED_HEIGHT && alongBody(l) < ALONG_BODY
      // Held out sideways, not raised like an ear or a horn.
      && Math.abs(l.tipPos[0] - l.entryPos[0]) > Math.abs(l.tipPos[1] - l.entryPos[1]));
    if (!arm) continue;
    legs[`front_${side}`] = arm;
    legs[`back_${side}`] = standing;
  }
}

/**
 * Which end of the body is the head: +1 for +Z, -1 for -Z. Of the extremities left after the
 * legs that point along the body or up (a head, a snout, a tail, an upright neck, ears; not
 * what reaches out sideways), the head end's rises highest along its path: a head is carried
 * above the back, a tail hangs from it or lies on the ground. An end with no such extremity is
 * the rear (a tail can be too short to show; a head always sticks out). With none at either
 * end, +Z, the documented facing.
 */
function facing(fit: PlanFit, cz: number): 1 | -1 {
  let front = -Infinity, back = -Infinity;
  for (const l of unused(fit)) {
    // Along the body (a head, a snout, a tail) or up (a giraffe's neck, ears); not sideways.
    const dx = Math.abs(l.tipPos[0] - l.entryPos[0]), dy = Math.abs(l.tipPos[1] - l.entryPos[1]);
    if (alongBody(l) < ALONG_BODY && dx > dy) continue;
    // The highest point of its medial path: a snout may hang lower than a raised tail's tip,
    // but the head it leaves from is carried higher.
    const y = l.points.reduce((m, p) => Math.max(m, relY(fit, p)), relY(fit, l.tipPos));
    if (l.tipPos[2] > cz) front = Math.max(front, y);
    else back = Math.max(back, y);
  }
  return back > front ? -1 : 1;
}

function mean2(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined && b === undefined) return undefined;
  if (a === undefined) return b;
  if (b === undefined) return a;
  return (a + b) / 2;
}

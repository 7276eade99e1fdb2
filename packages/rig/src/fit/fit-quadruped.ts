/**
 * Four-legged template: the four lowest extremities are the legs (split left/right by x and
 * front/back by z), the foremost remaining one the head, the rearmost the tail. The spine runs
 * along the medial tree between the hind and fore leg entries.
 */
import { fitEars } from './fit-ears';
import { pathBetween } from './medial-tree';
import { addChain, alongBody, along, centreVertically, isLeft, limbOrFallback, relY, relZ, takeLimb, type PlanFit } from './plan-fit';
import { pointAtFraction, smoothPolyline } from './polyline';
import type { Limb } from './shape-analysis';
import { lerp, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/** Fraction of the way from the leg's entry (belly) up to the spine where its root joint sits. */
const LEG_ROOT_RAISE = 0.4;

export function fitQuadruped(fit: PlanFit): void {
  const { shape } = fit;
  const { min, max, size, cx } = shape;
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
  // Which pair is front is decided by z once both are known.
  const fz = mean2(legs.front_left?.tipPos[2], legs.front_right?.tipPos[2]);
  const bz = mean2(legs.back_left?.tipPos[2], legs.back_right?.tipPos[2]);
  if (fz !== undefined && bz !== undefined && fz < bz) {
    [legs.front_left, legs.back_left] = [legs.back_left, legs.front_left];
    [legs.front_right, legs.back_right] = [legs.back_right, legs.front_right];
  }
  const cz = (min[2] + max[2]) / 2;
  const head = takeLimb(fit, (l) => -relZ(fit, l.tipPos) - 0.3 * relY(fit, l.tipPos), (l) => l.tipPos[2] > cz);
  // A tail ends behind the hind legs: an antler tip or an ear that merely lies behind the box's
  // middle is not one (a tail the tree did not find gets a stand-in behind the hips instead).
  const hindZ = mean2(legs.back_left?.entryPos[2], legs.back_right?.entryPos[2]) ?? cz;
  const tail = takeLimb(fit, (l) => relZ(fit, l.tipPos), (l) => l.tipPos[2] < Math.min(cz, hindZ));
  const bodyY = min[1] + 0.65 * size[1];
  const hx = size[0] / 2;
  const legLimb = (fb: 'front' | 'back', side: 'left' | 'right'): Limb => {
    const x = cx + (side === 'left' ? 0.5 : -0.5) * hx;
    const z = fb === 'front' ? min[2] + 0.75 * size[2] : min[2] + 0.25 * size[2];
    return limbOrFallback(fit, legs[`${fb}_${side}`], `quadruped: ${fb} ${side} leg`, [x, bodyY, z], [x, min[1], z]);
  };
  const L = {
    front_left: legLimb('front', 'left'), front_right: legLimb('front', 'right'),
    back_left: legLimb('back', 'left'), back_right: legLimb('back', 'right'),
  };
  const headLimb = limbOrFallback(fit, head, 'quadruped: head', [cx, bodyY, min[2] + 0.85 * size[2]], [cx, max[1], max[2]]);
  const tailLimb = limbOrFallback(fit, tail, 'quadruped: tail', [cx, bodyY, min[2] + 0.15 * size[2]], [cx, bodyY, min[2]]);

  const hips = centreVertically(shape, lerp(L.back_left.entryPos, L.back_right.entryPos, 0.5));
  const chest = centreVertically(shape, lerp(L.front_left.entryPos, L.front_right.entryPos, 0.5));
  const hv = voxelAt(shape.grid, hips), cv = voxelAt(shape.grid, chest);
  let spine: Vec3[] = [hips, chest];
  if (hv >= 0 && cv >= 0 && shape.grid.solid[hv] && shape.grid.solid[cv]) {
    spine = smoothPolyline(pathBetween(shape.tree, hv, cv).map((v) => shape.center(v)), 3);
  }
  const neck = headLimb.entryPos;
  addChain(fit, ['hips', 'spine_1', 'spine_2', 'chest', 'neck', 'head'], null, [
    hips, pointAtFraction(spine, 1 / 3), pointAtFraction(spine, 2 / 3), chest, neck, along(fit, headLimb, [0.45])[0]!,
  ]);
  fitEars(fit, fit.builder.get('head'), neck, head);
  addChain(fit, ['tail_1', 'tail_2', 'tail_3', 'tail_4'], 'hips', along(fit, tailLimb, [0, 0.33, 0.66, 0.92]));
  for (const [key, limb] of Object.entries(L)) {
    const parent = key.startsWith('front') ? 'chest' : 'hips';
    const joints = along(fit, limb, [0, 0.42, 0.82, 0.95]);
    // The leg's medial path enters the body at the belly, but the hip and shoulder joints sit up
    // in the body, between the belly and the spine (artists put them there, as anatomy does).
    const top = key.startsWith('front') ? chest : hips;
    if (limb.tip >= 0 && top[1] > joints[0]![1]) joints[0]![1] += LEG_ROOT_RAISE * (top[1] - joints[0]![1]);
    addChain(fit, [`${key}_upper_leg`, `${key}_lower_leg`, `${key}_foot`, `${key}_toe`], parent, joints);
  }
}

function mean2(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined && b === undefined) return undefined;
  if (a === undefined) return b;
  if (b === undefined) return a;
  return (a + b) / 2;
}

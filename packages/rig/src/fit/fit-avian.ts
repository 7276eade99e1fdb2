/**
 * Bird template: wings are the two most lateral extremities (spread wings), legs the two lowest
 * remaining, head the foremost-highest, tail the rearmost. Wings get three segments (shoulder,
 * elbow, wrist, tip), legs four joints, the body hips → spine → chest → neck → head.
 */
import { pathBetween } from './medial-tree';
import { addChain, alongBody, along, centreVertically, isLeft, limbOrFallback, relX, relY, relZ, takeLimb, type PlanFit } from './plan-fit';
import { pointAtFraction, smoothPolyline } from './polyline';
import { lerp, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/** Wings shorter than this many body thicknesses get one joint. */
const STUBBY_WING = 1.5;

export function fitAvian(fit: PlanFit): void {
  const { shape } = fit;
  const { min, max, size, cx } = shape;
  const cz = (min[2] + max[2]) / 2;
  const wing = (left: boolean) => takeLimb(fit, (l) => -relX(fit, l.tipPos), (l) => isLeft(fit, l.tipPos) === left && relX(fit, l.tipPos) > 0.4);
  const wings = { left: wing(true), right: wing(false) };
  const foot = (left: boolean) => takeLimb(fit, (l) => relY(fit, l.tipPos), (l) => isLeft(fit, l.tipPos) === left && relY(fit, l.tipPos) < 0.35 && alongBody(l) < 0.8);
  const feet = { left: foot(true), right: foot(false) };
  const head = takeLimb(fit, (l) => -relZ(fit, l.tipPos) - relY(fit, l.tipPos), (l) => l.tipPos[2] > cz - 0.1 * size[2]);
  const tail = takeLimb(fit, (l) => relZ(fit, l.tipPos), (l) => l.tipPos[2] < cz);
  const bodyY = min[1] + 0.5 * size[1];
  const headLimb = limbOrFallback(fit, head, 'avian: head', [cx, bodyY, cz + 0.2 * size[2]], [cx, max[1], max[2]]);
  const tailLimb = limbOrFallback(fit, tail, 'avian: tail', [cx, bodyY, cz - 0.2 * size[2]], [cx, bodyY, min[2]]);
  const hips0: Vec3 = [cx, bodyY, cz - 0.1 * size[2]];
  const W = {
    left: limbOrFallback(fit, wings.left, 'avian: left wing', [cx + 0.1 * size[0], bodyY, cz], [max[0], bodyY, cz]),
    right: limbOrFallback(fit, wings.right, 'avian: right wing', [cx - 0.1 * size[0], bodyY, cz], [min[0], bodyY, cz]),
  };
  const F = {
    left: limbOrFallback(fit, feet.left, 'avian: left leg', [cx + 0.05 * size[0], bodyY, cz], [cx + 0.05 * size[0], min[1], cz]),
    right: limbOrFallback(fit, feet.right, 'avian: right leg', [cx - 0.05 * size[0], bodyY, cz], [cx - 0.05 * size[0], min[1], cz]),
  };
  const hips = feet.left || feet.right ? centreVertically(shape, lerp(F.left.entryPos, F.right.entryPos, 0.5)) : hips0;
  const neck = headLimb.entryPos;
  const hv = voxelAt(shape.grid, hips), nv = headLimb.toRoot[headLimb.entry] ?? -1;
  let spine: Vec3[] = [hips, neck];
  if (hv >= 0 && nv >= 0 && shape.grid.solid[hv]) spine = smoothPolyline(pathBetween(shape.tree, hv, nv).map((v) => shape.center(v)), 3);
  addChain(fit, ['hips', 'spine', 'chest', 'neck', 'head'], null, [
    hips, pointAtFraction(spine, 0.4), pointAtFraction(spine, 0.75), neck, along(fit, headLimb, [0.5])[0]!,
  ]);
  addChain(fit, ['tail_1', 'tail_2'], 'hips', along(fit, tailLimb, [0, 0.8]));
  const bv = voxelAt(shape.grid, hips);
  const bodyThickness = 2 * (bv >= 0 ? shape.dt[bv]! : 1) * shape.cell;
  for (const side of ['left', 'right'] as const) {
    // A bird's wing is many body thicknesses long and folds at elbow and wrist; a stubby wing on
    // a round body (an insect's, a cartoon's) flaps as one plate from its root.
    if (wings[side] && W[side].length < STUBBY_WING * bodyThickness) addChain(fit, [`${side}_wing_1`], 'chest', along(fit, W[side], [0]));
    else addChain(fit, [`${side}_wing_1`, `${side}_wing_2`, `${side}_wing_3`, `${side}_wing_tip`], 'chest', along(fit, W[side], [0, 0.35, 0.68, 0.95]));
    addChain(fit, [`${side}_upper_leg`, `${side}_lower_leg`, `${side}_foot`, `${side}_toes`], 'hips', along(fit, F[side], [0, 0.45, 0.8, 0.95]));
  }
}

/**
 * Bird template: wings are the two most lateral extremities (spread wings), legs the two lowest
 * remaining, head the foremost-highest, tail the rearmost. Wings get three segments (shoulder,
 * elbow, wrist, tip), legs four joints, the body hips → spine → chest → neck → head. A round
 * flyer without a separate head (an upright ball: a bee, a chick) gets that chain up the column
 * through its core, rooted where it meets the ground, as artists rig a bouncing body. Legs and a
 * tail the shape lacks get no joints (stand-ins inside the body only tear it when posed); missing
 * wings and head get bounding-box stand-ins. Every missing part warns and lowers the score.
 */
import { pathBetween } from './medial-tree';
import { bodyCore, isUpright, onColumn } from './body-core';
import { addChain, alongBody, along, alongSite, atSite, centreVertically, fallbackLimb, isLeft, limbOrFallback, mirrorLimb, relX, relY, relZ, takeLimb, zRun, type PlanFit } from './plan-fit';
import { pointAtFraction, smoothPolyline } from './polyline';
import type { Limb, ShapeAnalysis } from './shape-analysis';
import { dist, lerp, sub, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/** Wings shorter than this many body thicknesses get one joint. */
const STUBBY_WING = 1.5;
/** A head limb at least this thick for the body's depth (maxDt); thinner ones are feelers. */
const HEAD_MIN_THICKNESS = 0.3;
/** hips, spine, chest, neck, head up a round body's column (ground contact 0, top 1). */
const ROUND_BODY_FRACTIONS = [0, 0.3, 0.6, 0.75, 0.9];
/** hips and spine along a flat flyer's body, from its back end (0) to its thorax (1). */
const FLAT_HIPS = 0.5, FLAT_SPINE = 0.8;
/**
 * A wing thinner than this share of its length is a membrane (an insect's, a butterfly's): a
 * plate with no elbow or wrist. Bird and cartoon wings are thicker (a tenth of their length and
 * more); membranes are a few hundredths.
 */
export const MEMBRANE_THICKNESS = 0.06;
/**
 * A membrane flaps from its root: one joint there and one out in the plate, this far along it
 * (the bone of the second points on to the plate's far edge).
 */
export const MEMBRANE_JOINT_FRACTION = 0.4;
/**
 * A membrane wing whose root-to-tip direction rises less than this (its sine) is spread sideways
 * in the body's plane, not raised over the back: a flat flyer (a butterfly filed wings open).
 * Raised wings rise steeply (a resting butterfly's 0.84); spread ones hardly (0 on a flat sheet).
 */
export const SPREAD_WING_RISE = 0.5;

/**
 * The body of a flat flyer: the thick medial part between wings spread as thin sheets, read from
 * the columns of solid on the mirror plane (a sheet is the mesh's commonest thickness; the body is
 * what stands thicker than it there). Back and front are its ends along z (abdomen, head), the
 * thorax where the wings join it, each at its column's vertical middle; halfWidth how far the
 * thick part reaches sideways at the thorax. The run is the one through the plane's thickest
 * column. Null when nothing on the plane is thicker than the sheet.
 */
export interface SheetBody {
  back: Vec3;
  thorax: Vec3;
  front: Vec3;
  halfWidth: number;
  /** The body's middle at a z between its ends. */
  at: (z: number) => Vec3;
}

export function sheetBody(shape: ShapeAnalysis): SheetBody | null {
  const { grid, cx } = shape;
  const { nx, ny, nz, cell, origin } = grid;
  const plane = (cx - origin[0]) / cell;
  // Solid voxels up the column (x, z), and their mean y index.
  const column = (x: number, z: number): [number, number] => {
    let n = 0, sy = 0;
    for (let y = 0; y < ny; y++) if (grid.solid[x + nx * (y + ny * z)]) { n++; sy += y; }
    return [n, n ? sy / n : 0];
  };
  // The sheet's thickness: the median column over the solid's whole footprint.
  const counts: number[] = [];
  for (let z = 0; z < nz; z++) for (let x = 0; x < nx; x++) { const [n] = column(x, z); if (n) counts.push(n); }
  if (!counts.length) return null;
  counts.sort((a, b) => a - b);
  const sheet = counts[Math.floor(counts.length / 2)]!;
  // The mirror plane's columns: those whose centre lies within half a cell of it (one or two).
  const mid = [Math.floor(plane - 0.5), Math.ceil(plane - 0.5)].filter((x, i, a) => x >= 0 && x < nx && a.indexOf(x) === i);
  const thickness: number[] = [], middleY: number[] = [];
  for (let z = 0; z < nz; z++) {
    let n = 0, y = 0;
    for (const x of mid) { const [c, my] = column(x, z); if (c > n) { n = c; y = my; } }
    thickness.push(n); middleY.push(y);
  }
  let best = 0;
  for (let z = 1; z < nz; z++) if (thickness[z]! > thickness[best]!) best = z;
  if (thickness[best]! <= sheet) return null;
  let z0 = best, z1 = best;
  while (z0 > 0 && thickness[z0 - 1]! > sheet) z0--;
  while (z1 < nz - 1 && thickness[z1 + 1]! > sheet) z1++;
  const point = (z: number): Vec3 => [cx, origin[1] + (middleY[z]! + 0.5) * cell, origin[2] + (z + 0.5) * cell];
  // The thorax is where the wings join the body: the middle of the rows where the sheet goes on
  // beside the body's thick part (the thickest column may be the head: a butterfly's eyes). Its
  // half-width is how far that thick part reaches sideways there.
  const side = (z: number): number => {
    let x = Math.max(...mid) + 1;
    while (x < nx && column(x, z)[0] > sheet) x++;
    return x;
  };
  let sum = 0, joined = 0;
  for (let z = z0; z <= z1; z++) {
    const x = side(z);
    if (x < nx && column(x, z)[0] > 0) { sum += z; joined++; }
  }
  const thorax = joined ? Math.round(sum / joined) : best;
  return {
    back: point(z0), thorax: point(thorax), front: point(z1), halfWidth: Math.max(0, side(thorax) - plane) * cell,
    at: (z) => point(Math.max(z0, Math.min(z1, Math.round((z - origin[2]) / cell - 0.5)))),
  };
}

export function fitAvian(fit: PlanFit): void {
  const { shape } = fit;
  const { min, max, size, cx } = shape;
  const cz = (min[2] + max[2]) / 2;
  const wing = (left: boolean) => takeLimb(fit, (l) => -relX(fit, l.tipPos), (l) => isLeft(fit, l.tipPos) === left && relX(fit, l.tipPos) > 0.4);
  const wings = { left: wing(true), right: wing(false) };
  // A membrane shows in the medial tree as a fan of thin branches over its plate, one per corner
  // of its edge: they are all the wing's (none is a leg, a tail or a head).
  const isMembrane = (l: Limb): boolean => 2 * l.radius * shape.cell < MEMBRANE_THICKNESS * l.length;
  const fans: Partial<Record<'left' | 'right', Limb[]>> = {};
  for (const side of ['left', 'right'] as const) {
    const w = wings[side];
    if (!w || !isMembrane(w)) continue;
    const fan = [w];
    for (const l of fit.candidates) {
      if (fit.used.has(l) || isLeft(fit, l.tipPos) !== (side === 'left') || !isMembrane(l)) continue;
      if (dist(l.entryPos, w.entryPos) > 0.25 * w.length || relX(fit, l.tipPos) < 0.2) continue;
      fit.used.add(l);
      fan.push(l);
    }
    fans[side] = fan;
  }
  // A flyer whose wings are thin sheets spread sideways (a butterfly filed wings open) is read by
  // its anatomy, not its medial tree (whose root and branches then lie anywhere in the sheet): the
  // body is the thick medial part along its length (sheetBody), the wings run from the body's
  // sides out to their tips, and every other branch as thin as the wings is the sheet's edge, the
  // wing's (not a leg, a tail or a head: those stand out of the sheet, thicker).
  const spread = (l: Limb | undefined): boolean => {
    if (!l) return false;
    const d = sub(l.tipPos, l.entryPos);
    return Math.abs(d[1]) < SPREAD_WING_RISE * Math.hypot(...d);
  };
  const flat = fans.left && fans.right && spread(wings.left) && spread(wings.right) ? sheetBody(shape) : null;
  if (flat) {
    const sheetRadius = Math.max(wings.left!.radius, wings.right!.radius);
    for (const l of fit.candidates) {
      if (fit.used.has(l) || l.radius > sheetRadius) continue;
      fit.used.add(l);
      fans[isLeft(fit, l.tipPos) ? 'left' : 'right']!.push(l);
    }
  }
  const foot = (left: boolean) => takeLimb(fit, (l) => relY(fit, l.tipPos), (l) => isLeft(fit, l.tipPos) === left && relY(fit, l.tipPos) < 0.35 && alongBody(l) < 0.8);
  const feet = { left: foot(true), right: foot(false) };
  // A head is a real part of the body, not an antenna or a crest: a bird's is about half as thick
  // as its body.
  const head = takeLimb(fit, (l) => -relZ(fit, l.tipPos) - relY(fit, l.tipPos),
    (l) => l.tipPos[2] > cz - 0.1 * size[2] && l.radius >= HEAD_MIN_THICKNESS * shape.maxDt);
  // Behind membrane wings, a membrane-thin extremity is the hindwing's edge, not a tail.
  const membraneWings = fans.left !== undefined || fans.right !== undefined;
  const tail = takeLimb(fit, (l) => relZ(fit, l.tipPos), (l) => l.tipPos[2] < cz && !(membraneWings && isMembrane(l)));
  const bodyY = min[1] + 0.5 * size[1];
  // A round flyer (a bee, a chick: an upright ball with no separate head) is rigged as artists do
  // a bouncing body: the chain runs up the column through its core from where it meets the ground.
  const core = bodyCore(shape);
  const round = !head && !flat && isUpright(core) ? core : null;
  fit.expected++;
  if (head || round || flat) fit.found++;
  // Without legs to stand on, the body is where the solid is thickest (the thorax between the
  // wings): a box's middle can be air between raised wings.
  // Wings grow from the thorax: between their roots when both are found.
  const run = zRun(fit);
  const hips0: Vec3 = wings.left && wings.right ? lerp(wings.left.entryPos, wings.right.entryPos, 0.5) : shape.center(shape.tree.root);
  // A wing the shape does not show as a limb (merged with the body or another part) is the
  // mirror image of the other on a symmetric body; with neither, stand-ins that carry no weight:
  // inside the body they would only tear it when flapped.
  const wingOr = (side: 'left' | 'right', from: Vec3, to: Vec3): Limb => {
    const found = wings[side], other = wings[side === 'left' ? 'right' : 'left'];
    if (!found && other && shape.symmetric) {
      fit.expected++;
      fit.warnings.push(`avian: ${side} wing not found in the shape; mirrored from the other wing`);
      wings[side] = mirrorLimb(shape, other);
      return wings[side];
    }
    return limbOrFallback(fit, found, `avian: ${side} wing`, from, to);
  };
  const W = {
    left: wingOr('left', [cx + 0.1 * size[0], bodyY, cz], [max[0], bodyY, cz]),
    right: wingOr('right', [cx - 0.1 * size[0], bodyY, cz], [min[0], bodyY, cz]),
  };
  // Legs and a tail the shape lacks get no stand-ins: inside the body they would only tear it
  // when posed (a flying insect has no legs to stand on). The fit says so and scores lower.
  const count = (limb: Limb | undefined, what: string): void => {
    fit.expected++;
    if (limb) fit.found++;
    else fit.warnings.push(`avian: ${what} not found in the shape; none placed`);
  };
  count(feet.left, 'left leg');
  count(feet.right, 'right leg');
  count(tail, 'tail');
  const entries = [feet.left, feet.right].filter((l) => l !== undefined).map((l) => l.entryPos);
  const hips = round ? onColumn(round, 0)
    : entries.length === 2 ? centreVertically(shape, lerp(entries[0]!, entries[1]!, 0.5))
      : entries.length === 1 ? centreVertically(shape, [cx, entries[0]![1], entries[0]![2]]) : hips0;
  if (round) {
    addChain(fit, ['hips', 'spine', 'chest', 'neck', 'head'], null, ROUND_BODY_FRACTIONS.map((t) => onColumn(round, t)));
  } else if (flat) {
    // Along the body: the hips in the abdomen, the chest at the thorax (its thickest part, which
    // carries the wings), the head at the front end (or on a head that stands out of the sheet).
    const z = (a: Vec3, b: Vec3, t: number): Vec3 => flat.at(a[2] + t * (b[2] - a[2]));
    addChain(fit, ['hips', 'spine', 'chest', 'neck', 'head'], null, [
      z(flat.back, flat.thorax, FLAT_HIPS), z(flat.back, flat.thorax, FLAT_SPINE), flat.thorax,
      head ? head.entryPos : z(flat.thorax, flat.front, 0.5), head ? alongSite(fit, 'avian.head', head, ['head'])[0]! : flat.front,
    ]);
  } else {
    // A head the tree does not show (a thin insect's, between its wings) lies towards the front
    // of the body's own run along z through its thickest point, but no farther from the wings'
    // root than the body is thick there: an insect's head sits just ahead of the thorax that
    // carries the wings, and the run can go on into its feelers or along a flat wing plate.
    const front = shape.center(run[1]);
    const rv = voxelAt(shape.grid, hips0);
    const thorax = 2 * (rv >= 0 ? shape.dt[rv]! : 1) * shape.cell;
    const ahead = dist(hips0, front);
    const headLimb = head ?? fallbackLimb(fit, 'avian: head', hips0, ahead > thorax ? lerp(hips0, front, thorax / ahead) : front);
    const neck = headLimb.entryPos;
    const hv = voxelAt(shape.grid, hips), nv = headLimb.toRoot[headLimb.entry] ?? -1;
    let spine: Vec3[] = [hips, neck];
    if (hv >= 0 && nv >= 0 && shape.grid.solid[hv]) spine = smoothPolyline(pathBetween(shape.tree, hv, nv).map((v) => shape.center(v)), 3);
    addChain(fit, ['hips', 'spine', 'chest', 'neck', 'head'], null, [
      hips, ...atSite(fit, 'avian.spine', spine, ['spine', 'chest']), neck, alongSite(fit, 'avian.head', headLimb, ['head'])[0]!,
    ]);
  }
  if (tail) addChain(fit, ['tail_1', 'tail_2'], 'hips', alongSite(fit, 'avian.tail', tail, ['tail_1', 'tail_2'], [0]), tail.tipPos);
  // Body thickness where the wings attach: at the hips of a bird, at the core of a round body
  // (whose hips are on the ground).
  const bv = voxelAt(shape.grid, round ? round.centre : hips);
  const bodyThickness = 2 * (bv >= 0 ? shape.dt[bv]! : 1) * shape.cell;
  for (const side of ['left', 'right'] as const) {
    // A bird's wing is many body thicknesses long and folds at elbow and wrist; a stubby wing on
    // a round body (an insect's, a cartoon's) flaps as one plate from its root.
    const fan = fans[side];
    const mean = (ps: Vec3[]): Vec3 => ps.reduce<Vec3>((m, p) => [m[0] + p[0] / ps.length, m[1] + p[1] / ps.length, m[2] + p[2] / ps.length], [0, 0, 0]);
    if (fan && flat) {
      // From the body's side at the thorax out along the full span: the plate's bone points at
      // the middle of its far edge (the fan's mean tip, as far out as its farthest).
      const sign = side === 'left' ? 1 : -1;
      const root: Vec3 = [shape.cx + sign * flat.halfWidth, flat.thorax[1], flat.thorax[2]];
      const tips = mean(fan.map((l) => l.tipPos));
      const reach = Math.max(...fan.map((l) => Math.abs(l.tipPos[0] - shape.cx)));
      const tip: Vec3 = [shape.cx + sign * reach, tips[1], tips[2]];
      addChain(fit, [`${side}_wing_1`, `${side}_wing_2`], 'chest', [root, lerp(root, tip, MEMBRANE_JOINT_FRACTION)], tip);
    } else if (fan) {
      // A membrane: its root, and the mean of the fan's paths a share of the way out (the middle
      // of the plate, between fore- and hind-wing); that bone points at the fan's mean tip.
      const mid = mean(fan.map((l) => pointAtFraction(l.points, MEMBRANE_JOINT_FRACTION)));
      addChain(fit, [`${side}_wing_1`, `${side}_wing_2`], 'chest', [W[side].entryPos, mid], mean(fan.map((l) => l.tipPos)));
    } else {
      const names = wings[side] && W[side].length < STUBBY_WING * bodyThickness
        ? [`${side}_wing_1`] : [`${side}_wing_1`, `${side}_wing_2`, `${side}_wing_3`, `${side}_wing_tip`];
      addChain(fit, names, 'chest', names.length === 1 ? along(fit, W[side], [0]) : alongSite(fit, 'avian.wing', W[side], names, [0]), W[side].tipPos);
      if (!wings[side]) for (const name of names) fit.standIns.add(name);
    }
    const leg = feet[side];
    const legNames = [`${side}_upper_leg`, `${side}_lower_leg`, `${side}_foot`, `${side}_toes`];
    if (leg) addChain(fit, legNames, 'hips', alongSite(fit, 'avian.leg', leg, legNames, [0]));
  }
}

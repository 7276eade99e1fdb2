/**
 * Shape-derived skeleton for anything else (trees, starfish, props, blob-bodied characters): the
 * medial tree itself.
 *
 * - **Trunk.** When the body's core (voxels at least half as deep as the deepest) is about as tall
 *   as it is wide or taller (UPRIGHT_ASPECT, body-core.ts) — a trunk, a blob body standing on the ground — a
 *   vertical chain runs up the solid through the core, from the ground (`root`, `trunk_1`..`trunk_3`):
 *   bending and squashing the body is the first thing an animator does with it. A flat core (a
 *   starfish's disc, a rug) gets one `root` at the thickest voxel.
 * - **Branches.** Every significant branch becomes a chain parented to the nearest joint of what
 *   it grows from. Its joint count follows its length measured in body thicknesses (a starfish's
 *   arm is many body thicknesses long and bends along its length: up to four joints; a short
 *   claw on a big body gets one joint where it leaves the body, which turns it whole). A part
 *   sticking out by less than the body's radius (a blob's stubby feet) gets none: it moves with
 *   the body, as artists rig it.
 */
import { bodyCore, isUpright, onColumn } from './body-core';
import { pointAtFraction, smoothPolyline } from './polyline';
import type { PlanFit } from './plan-fit';
import { dist, type Vec3 } from './vec3';

const TRUNK = ['root', 'trunk_1', 'trunk_2', 'trunk_3'];
/** Fractions of the column's height: from the ground contact to just under the top. */
const TRUNK_FRACTIONS = [0, 0.3, 0.6, 0.9];
/** Body thicknesses (root depth) of branch length per joint. */
const THICKNESSES_PER_JOINT = 1.5;
/**
 * A part sticking out of the body by less than this many body radii (a blob's stubby feet, a
 * nub, a horn) moves with the body: artists give such parts no bone of their own, and a joint
 * inside the body there only tears it when posed.
 */
const NUB = 1;

export function fitOthers(fit: PlanFit): void {
  const { shape } = fit;
  const { tree, dt } = shape;
  const longest = tree.branches.reduce((m, b) => Math.max(m, b.length), 0);
  const minLength = Math.max(4, 0.15 * longest);
  const segment = Math.max(6, 0.22 * longest);
  const rootDepth = Math.max(dt[tree.root]!, 1);
  const body: { name: string; pos: Vec3 }[] = [];
  const core = bodyCore(shape);
  if (isUpright(core)) {
    // Up the solid column through the core's centre, from where it meets the ground.
    TRUNK.forEach((name, i) => {
      const pos = onColumn(core, TRUNK_FRACTIONS[i]!);
      fit.builder.add(name, i === 0 ? null : body[i - 1]!.name, pos);
      body.push({ name, pos });
    });
  } else {
    fit.builder.add('root', null, shape.center(tree.root));
    body.push({ name: 'root', pos: shape.center(tree.root) });
  }
  const jointsOf = new Map<number, { name: string; pos: Vec3 }[]>();
  jointsOf.set(-1, body);
  let total = body.length;
  fit.expected = 1;
  fit.found = 1;
  for (const b of tree.branches) {
    if (b.length < minLength || total >= 64) continue;
    // What sticks out of the surface: the branch's length less the depth where it joins.
    const joinDepth = dt[b.path[b.path.length - 1]!]!;
    const limb = fit.candidates.find((l) => l.tip === b.tip);
    if (limb) fit.used.add(limb);
    if (b.length - joinDepth < NUB * rootDepth) continue;
    const pts = smoothPolyline([...b.path].reverse().map((v) => shape.center(v)), 2);
    const k = Math.max(1, Math.min(4, Math.round(b.length / segment), Math.round(b.length / (THICKNESSES_PER_JOINT * rootDepth))));
    // Parent: nearest joint on the branch this one grows from (or any ancestor branch).
    const join = pts[0]!;
    let parentName = 'root', best = Infinity;
    for (let p = b.parent; ; p = p >= 0 ? tree.branches[p]!.parent : -2) {
      for (const j of jointsOf.get(p) ?? []) {
        const d = dist(j.pos, join);
        if (d < best) { best = d; parentName = j.name; }
      }
      if (p < 0) break;
    }
    const mine: { name: string; pos: Vec3 }[] = [];
    const tipInset = Math.min(0.1, 1 / Math.max(b.length, 1));
    for (let i = 1; i <= k; i++) {
      const name = `branch_${b.id}_${i}`;
      // One joint turns the whole part: it goes where the part leaves the body.
      const pos = k === 1 && limb ? limb.entryPos : pointAtFraction(pts, (i / k) * (1 - tipInset));
      fit.builder.add(name, i === 1 ? parentName : `branch_${b.id}_${i - 1}`, pos);
      mine.push({ name, pos });
      total++;
    }
    jointsOf.set(b.id, mine);
  }
}

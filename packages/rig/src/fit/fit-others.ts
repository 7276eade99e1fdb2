/**
 * Shape-derived skeleton for anything else (trees, starfish, props, blob-bodied characters): the
 * medial tree itself.
 *
 * - **Trunk.** When the body's core (voxels at least half as deep as the deepest) is about as tall
 *   as it is wide or taller (TRUNK_ASPECT) — a trunk, a blob body standing on the ground — a
 *   vertical chain runs up the solid through the core, from the ground (`root`, `trunk_1`..`trunk_3`):
 *   bending and squashing the body is the first thing an animator does with it. A flat core (a
 *   starfish's disc, a rug) gets one `root` at the thickest voxel.
 * - **Branches.** Every significant branch becomes a chain parented to the nearest joint of what
 *   it grows from. Its joint count follows its length measured in body thicknesses (a starfish's
 *   arm is many body thicknesses long and bends along its length: up to four joints; a stubby
 *   leg or claw on a big body gets one joint where it leaves the body, which turns it whole).
 */
import { pointAtFraction, smoothPolyline } from './polyline';
import type { PlanFit } from './plan-fit';
import { dist, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

/** A core at least this tall for its width (a tall or round body, not a flat one) gets a trunk. */
const TRUNK_ASPECT = 0.8;
const TRUNK = ['root', 'trunk_1', 'trunk_2', 'trunk_3'];
/** Fractions of the column's height: from the ground contact to just under the top. */
const TRUNK_FRACTIONS = [0, 0.3, 0.6, 0.9];
/** Body thicknesses (root depth) of branch length per joint. */
const THICKNESSES_PER_JOINT = 1.5;

export function fitOthers(fit: PlanFit): void {
  const { shape } = fit;
  const { tree, grid, dt, maxDt } = shape;
  const longest = tree.branches.reduce((m, b) => Math.max(m, b.length), 0);
  const minLength = Math.max(4, 0.15 * longest);
  const segment = Math.max(6, 0.22 * longest);
  const rootDepth = Math.max(dt[tree.root]!, 1);
  const body: { name: string; pos: Vec3 }[] = [];
  // The core (voxels at least half as deep as the deepest): its extent up and across.
  let lo = Infinity, hi = -Infinity, sx = 0, sz = 0, n = 0;
  const across = { x0: Infinity, x1: -Infinity, z0: Infinity, z1: -Infinity };
  for (let i = 0; i < dt.length; i++) {
    if (!grid.solid[i] || dt[i]! < 0.5 * maxDt) continue;
    const c = shape.center(i);
    lo = Math.min(lo, c[1]); hi = Math.max(hi, c[1]); sx += c[0]; sz += c[2]; n++;
    across.x0 = Math.min(across.x0, c[0]); across.x1 = Math.max(across.x1, c[0]);
    across.z0 = Math.min(across.z0, c[2]); across.z1 = Math.max(across.z1, c[2]);
  }
  const width = Math.max(across.x1 - across.x0, across.z1 - across.z0);
  if (n && hi - lo >= TRUNK_ASPECT * width) {
    // Up the solid column through the core's centre, from where it meets the ground.
    const x = sx / n, z = sz / n;
    const column = columnExtent(shape, x, z) ?? [lo, hi];
    TRUNK.forEach((name, i) => {
      const pos: Vec3 = [x, column[0] + (column[1] - column[0]) * TRUNK_FRACTIONS[i]!, z];
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
    const pts = smoothPolyline([...b.path].reverse().map((v) => shape.center(v)), 2);
    const k = Math.max(1, Math.min(4, Math.round(b.length / segment), Math.round(b.length / (THICKNESSES_PER_JOINT * rootDepth))));
    const limb = fit.candidates.find((l) => l.tip === b.tip);
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
    if (limb) fit.used.add(limb);
  }
}

/** Lowest and highest solid y on the vertical line through (x, z); null when it misses. */
function columnExtent(shape: PlanFit['shape'], x: number, z: number): [number, number] | null {
  let lo = Infinity, hi = -Infinity;
  for (let y = shape.min[1]; y <= shape.max[1]; y += shape.cell) {
    const v = voxelAt(shape.grid, [x, y, z]);
    if (v >= 0 && shape.grid.solid[v]) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
  }
  return lo <= hi ? [lo, hi] : null;
}

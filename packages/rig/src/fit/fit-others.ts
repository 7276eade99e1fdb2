/**
 * Shape-derived skeleton for anything else (trees, starfish, props): the medial tree itself.
 * The root joint sits at the thickest voxel; every significant branch becomes a chain of one to
 * four joints spaced along it, parented to the nearest joint of the branch it grows from.
 */
import { pointAtFraction, smoothPolyline } from './polyline';
import type { PlanFit } from './plan-fit';
import { dist, type Vec3 } from './vec3';

export function fitOthers(fit: PlanFit): void {
  const { shape } = fit;
  const { tree } = shape;
  const longest = tree.branches.reduce((m, b) => Math.max(m, b.length), 0);
  const minLength = Math.max(4, 0.15 * longest);
  const segment = Math.max(6, 0.22 * longest);
  fit.builder.add('root', null, shape.center(tree.root));
  const jointsOf = new Map<number, { name: string; pos: Vec3 }[]>();
  jointsOf.set(-1, [{ name: 'root', pos: shape.center(tree.root) }]);
  let total = 1;
  fit.expected = 1;
  fit.found = 1;
  for (const b of tree.branches) {
    if (b.length < minLength || total >= 64) continue;
    const pts = smoothPolyline([...b.path].reverse().map((v) => shape.center(v)), 2);
    const k = Math.max(1, Math.min(4, Math.round(b.length / segment)));
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
      const pos = pointAtFraction(pts, (i / k) * (1 - tipInset));
      fit.builder.add(name, i === 1 ? parentName : `branch_${b.id}_${i - 1}`, pos);
      mine.push({ name, pos });
      total++;
    }
    jointsOf.set(b.id, mine);
    const limb = fit.candidates.find((l) => l.tip === b.tip);
    if (limb) fit.used.add(limb);
  }
}

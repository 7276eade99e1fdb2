/**
 * Arthropod templates (hexapod: 6 legs; octopod: 8 legs): the legs are the extremities that
 * reach farthest sideways and down, half on each side, ordered front to back by where they enter
 * the body. The body chain follows the medial tree from the rearmost to the foremost remaining
 * extremity (abdomen to head); each leg gets four joints at its bends (the raised knee of a
 * spider's leg is a strong bend) or at thirds.
 */
import { pathBetween } from './medial-tree';
import { addChain, along, isLeft, limbOrFallback, relX, relY, takeLimb, zRun, type PlanFit } from './plan-fit';
import { arcLengths, pointAtFraction, smoothPolyline } from './polyline';
import type { Limb } from './shape-analysis';
import { dist, type Vec3 } from './vec3';

export function fitLegged(fit: PlanFit, legCount: 6 | 8): void {
  const { shape } = fit;
  const { min, max, size, cx } = shape;
  const perSide = legCount / 2;
  const cz = (min[2] + max[2]) / 2;
  const sides: Record<'left' | 'right', Limb[]> = { left: [], right: [] };
  for (const side of ['left', 'right'] as const) {
    for (let k = 0; k < perSide; k++) {
      const leg = takeLimb(
        fit,
        (l) => -relX(fit, l.tipPos) + 0.5 * relY(fit, l.tipPos),
        (l) => isLeft(fit, l.tipPos) === (side === 'left') && relX(fit, l.tipPos) > 0.3,
      );
      if (leg) sides[side].push(leg);
    }
  }
  // Body axis: from the rearmost to the foremost of the remaining extremities, else the
  // longest path of the tree.
  const rest = fit.candidates.filter((l) => !fit.used.has(l) && relX(fit, l.tipPos) < 0.3);
  const front = rest.reduce<Limb | undefined>((b, l) => (!b || l.tipPos[2] > b.tipPos[2] ? l : b), undefined);
  const back = rest.reduce<Limb | undefined>((b, l) => (!b || l.tipPos[2] < b.tipPos[2] ? l : b), undefined);
  // Ends without an extremity (a round abdomen within the root's cover) come from the solid
  // run along z through the root.
  const run = zRun(fit);
  const backVoxel = back && back.tipPos[2] < cz ? back.tip : run[0]!;
  const frontVoxel = front && front.tipPos[2] > cz ? front.tip : run[1]!;
  if (front) fit.used.add(front);
  if (back) fit.used.add(back);
  let axis = smoothPolyline(pathBetween(shape.tree, backVoxel, frontVoxel).map((v) => shape.center(v)), 3);
  if (axis.length < 2) axis = [[cx, min[1] + 0.6 * size[1], min[2]], [cx, min[1] + 0.6 * size[1], max[2]]];
  // Legs ordered front to back by entry z; missing legs get evenly spaced stand-ins.
  const legs: Record<'left' | 'right', Limb[]> = { left: [], right: [] };
  for (const side of ['left', 'right'] as const) {
    const found = sides[side].sort((a, b) => b.entryPos[2] - a.entryPos[2]);
    for (let k = 0; k < perSide; k++) {
      const z = max[2] - ((k + 0.5) / perSide) * size[2] * 0.6 - 0.2 * size[2];
      const x = cx + (side === 'left' ? 1 : -1) * size[0] * 0.5;
      fit.expected++;
      const leg = found[k];
      if (leg) { fit.found++; legs[side].push(leg); continue; }
      fit.expected--;
      legs[side].push(limbOrFallback(fit, undefined, `${legCount === 6 ? 'hexapod' : 'octopod'}: ${side} leg ${k + 1}`, [cx, min[1] + 0.6 * size[1], z], [x, min[1], z]));
    }
  }
  // Body joints: the body centre is the axis point nearest the legs' mean entry.
  const legEntries = [...legs.left, ...legs.right].map((l) => l.entryPos);
  const centre: Vec3 = legEntries.reduce<Vec3>((s, p) => [s[0] + p[0] / legEntries.length, s[1] + p[1] / legEntries.length, s[2] + p[2] / legEntries.length], [0, 0, 0]);
  const arcs = arcLengths(axis);
  const total = arcs[arcs.length - 1]!;
  let ci = 0;
  axis.forEach((p, i) => { if (dist(p, centre) < dist(axis[ci]!, centre)) ci = i; });
  const fc = total > 0 ? arcs[ci]! / total : 0.5;
  const at = (f: number): Vec3 => pointAtFraction(axis, f, arcs);
  const bodyName = legCount === 6 ? 'thorax' : 'cephalothorax';
  fit.builder.add(bodyName, null, at(fc));
  addChain(fit, ['abdomen_1', 'abdomen_2', 'abdomen_3'], bodyName, [at(fc * 0.66), at(fc * 0.33), at(0.04)]);
  addChain(fit, ['head', 'head_end'], bodyName, [at(fc + (1 - fc) * 0.5), at(0.96)]);
  const rows = legCount === 6 ? ['front', 'middle', 'rear'] : ['1', '2', '3', '4'];
  for (const side of ['left', 'right'] as const) {
    legs[side].forEach((leg, k) => {
      const names = ['coxa', 'femur', 'tibia', 'tarsus'].map((s) => `leg_${rows[k]}_${side}_${s}`);
      addChain(fit, names, bodyName, along(fit, leg, [0, 1 / 3, 2 / 3, 0.95]));
    });
  }
}

/**
 * Fish template: the main axis (longest medial path, head at the +Z end) carries head, spine
 * and tail chains; the remaining extremities that stand out from the body are fins, named by
 * where they point: sideways = pectoral (left/right), up = dorsal, down = ventral.
 */
import { addChain, along, isLeft, type PlanFit } from './plan-fit';
import { mainAxis } from './fit-serpentine';
import { pointAtFraction } from './polyline';
import { dist } from './vec3';

export function fitAquatic(fit: PlanFit): void {
  const { shape } = fit;
  const axis = mainAxis(fit, true);
  const total = axis.arcs[axis.arcs.length - 1]!;
  fit.expected = 1;
  fit.found = total / shape.cell > 4 * axis.meanDt ? 1 : 0.5;
  const at = (f: number) => pointAtFraction(axis.points, f, axis.arcs);
  const names = ['head', 'spine_1', 'spine_2', 'spine_3', 'tail_1', 'tail_2', 'tail_3', 'tail_4'];
  const fractions = [0.1, 0.27, 0.42, 0.56, 0.68, 0.79, 0.89, 0.97];
  // The root sits mid-body so the fish bends from its centre.
  fit.builder.add('spine_2', null, at(0.42));
  addChain(fit, ['spine_1', 'head'], 'spine_2', [at(0.27), at(0.1)]);
  addChain(fit, ['spine_3', 'tail_1', 'tail_2', 'tail_3', 'tail_4'], 'spine_2', fractions.slice(3).map(at));
  void names;
  const front = axis.points[0]!, back = axis.points[axis.points.length - 1]!;
  const endRadius = 0.08 * total;
  const counts = new Map<string, number>();
  for (const limb of fit.candidates) {
    if (dist(limb.tipPos, front) < endRadius || dist(limb.tipPos, back) < endRadius) { fit.used.add(limb); continue; }
    if (limb.length * shape.cell < 0.06 * total) continue;
    const d = [limb.tipPos[0] - limb.entryPos[0], limb.tipPos[1] - limb.entryPos[1]];
    const lateral = Math.abs(d[0]!) > Math.abs(d[1]!);
    const kind = lateral ? `pectoral_${isLeft(fit, limb.tipPos) ? 'left' : 'right'}` : d[1]! > 0 ? 'dorsal' : 'ventral';
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    if (n > 2) continue;
    fit.used.add(limb);
    const base = n === 1 ? kind : `${kind}_${n}`;
    // Parent: the spine joint nearest the fin's root.
    let parent = 'spine_2', best = Infinity;
    for (const name of fit.builder.names()) {
      const dd = dist(fit.builder.get(name), limb.entryPos);
      if (dd < best) { best = dd; parent = name; }
    }
    addChain(fit, [`${base}_1`, `${base}_2`], parent, along(fit, limb, [0, 0.85]));
  }
}

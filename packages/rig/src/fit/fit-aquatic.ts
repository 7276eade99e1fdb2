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
  // A fish is elongated: its axis is several body thicknesses long.
  fit.found = Math.min(1, total / shape.cell / (2 * axis.meanDt) / 5);
  const at = (f: number) => pointAtFraction(axis.points, f, axis.arcs);
  // head, spine_1..3, tail_1..4 at these fractions of the axis from the snout.
  const fractions = [0.1, 0.27, 0.42, 0.56, 0.68, 0.79, 0.89, 0.97];
  // The root sits mid-body so the fish bends from its centre.
  fit.builder.add('spine_2', null, at(fractions[2]!));
  addChain(fit, ['spine_1', 'head'], 'spine_2', [at(fractions[1]!), at(fractions[0]!)]);
  addChain(fit, ['spine_3', 'tail_1', 'tail_2', 'tail_3', 'tail_4'], 'spine_2', fractions.slice(3).map(at));
  // Extremities beside the axis's last (or first) stretch are tail-fin lobes or the snout.
  const fractionAlong = (p: readonly number[]): number => {
    let bi = 0, bd = Infinity;
    axis.points.forEach((q, i) => { const d = dist(p, q); if (d < bd) { bd = d; bi = i; } });
    return total > 0 ? axis.arcs[bi]! / total : 0;
  };
  const counts = new Map<string, number>();
  for (const limb of fit.candidates) {
    const f = fractionAlong(limb.tipPos);
    if (f < 0.1 || f > 0.85) { fit.used.add(limb); continue; }
    if (limb.length < 0.06 * total) continue;
    const d = [limb.tipPos[0] - limb.entryPos[0], limb.tipPos[1] - limb.entryPos[1]];
    const lateral = Math.abs(d[0]!) > Math.abs(d[1]!);
    const kind = lateral ? `pectoral_${isLeft(fit, limb.tipPos) ? 'left' : 'right'}` : d[1]! > 0 ? 'dorsal' : 'ventral';
    // Flat fins show several extremities along their edge; the longest names the fin.
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    // A "fin" as long as a third of the body is a limb: rigged, but it lowers the match.
    if (limb.length < 0.3 * total) fit.used.add(limb);
    if (n > 1) continue;
    const base = kind;
    // Parent: the spine joint nearest the fin's root.
    let parent = 'spine_2', best = Infinity;
    for (const name of fit.builder.names()) {
      const dd = dist(fit.builder.get(name), limb.entryPos);
      if (dd < best) { best = dd; parent = name; }
    }
    addChain(fit, [`${base}_1`, `${base}_2`], parent, along(fit, limb, [0, 0.85]));
  }
}

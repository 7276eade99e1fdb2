/**
 * Fish template: the main axis (longest medial path, head at the +Z end) carries head, spine
 * and tail chains; the remaining extremities that stand out from the body are fins, named by
 * where they point: sideways = pectoral (left/right), up = dorsal, down = ventral.
 */
import { addChain, alongSite, atSite, isLeft, relX, type PlanFit } from './plan-fit';
import { mainAxis } from './fit-serpentine';
import { bodyCentreline } from './body-centreline';
import type { Limb } from './shape-analysis';
import { dist, type Vec3 } from './vec3';

/** A body at least this long along z, for its longest other extent, lies along z. */
const ALONG_Z = 0.8;

export function fitAquatic(fit: PlanFit): void {
  const { shape } = fit;
  const axis = mainAxis(fit, true);
  const total = axis.arcs[axis.arcs.length - 1]!;
  fit.expected = 1;
  // A fish is elongated: its axis is several body thicknesses long.
  fit.found = Math.min(1, total / shape.cell / (2 * axis.meanDt) / 5);
  // Joints go along the body's centre line (fins, spikes and lures do not pull it), at
  // fractions of its length from the snout.
  // The centre line runs along z, the facing axis; a fish whose body is longest across it (a
  // file that lies on its side or stands on its tail) has its spine along the medial axis.
  const alongZ = shape.size[2] >= ALONG_Z * Math.max(shape.size[0], shape.size[1]);
  const line = alongZ ? bodyCentreline(shape).points : [];
  // head, spine_1..3, tail_1..4 at the site's fractions of the axis from the snout.
  const fromSnout = line.length < 2 ? axis.points : line.slice().reverse();
  const [head, spine1, spine2, ...rest] = atSite(fit, 'aquatic.axis', fromSnout,
    ['head', 'spine_1', 'spine_2', 'spine_3', 'tail_1', 'tail_2', 'tail_3', 'tail_4']) as [Vec3, Vec3, Vec3, ...Vec3[]];
  // The root sits mid-body so the fish bends from its centre.
  fit.builder.add('spine_2', null, spine2);
  addChain(fit, ['spine_1', 'head'], 'spine_2', [spine1, head]);
  addChain(fit, ['spine_3', 'tail_1', 'tail_2', 'tail_3', 'tail_4'], 'spine_2', rest);
  // Extremities beside the axis's last (or first) stretch are tail-fin lobes or the snout.
  const fractionAlong = (p: readonly number[]): number => {
    let bi = 0, bd = Infinity;
    axis.points.forEach((q, i) => { const d = dist(p, q); if (d < bd) { bd = d; bi = i; } });
    return total > 0 ? axis.arcs[bi]! / total : 0;
  };
  const fins: { limb: Limb; kind: string }[] = [];
  for (const limb of fit.candidates) {
    const f = fractionAlong(limb.tipPos);
    if (f < 0.1 || f > 0.85) { fit.used.add(limb); continue; }
    if (limb.length < 0.06 * total) continue;
    const d = [limb.tipPos[0] - limb.entryPos[0], limb.tipPos[1] - limb.entryPos[1]];
    // Dorsal and ventral fins lie in the mirror plane; a fin whose tip is well off it is paired.
    const lateral = relX(fit, limb.tipPos) > 0.3 || Math.abs(d[0]!) > Math.abs(d[1]!);
    fins.push({ limb, kind: lateral ? `pectoral_${isLeft(fit, limb.tipPos) ? 'left' : 'right'}` : d[1]! > 0 ? 'dorsal' : 'ventral' });
  }
  // On a symmetric body a side fin without a partner on the other side is a spike or a frill.
  const kinds = new Set(fins.map((fin) => fin.kind));
  const unpaired = (kind: string): boolean => shape.symmetric && kind.startsWith('pectoral') && !kinds.has(kind.endsWith('left') ? 'pectoral_right' : 'pectoral_left');
  const counts = new Map<string, number>();
  for (const { limb, kind } of fins) {
    // Flat fins show several extremities along their edge; the longest names the fin.
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    // A "fin" as long as a third of the body is a limb: rigged, but it lowers the match.
    if (limb.length < 0.3 * total) fit.used.add(limb);
    if (n > 1 || unpaired(kind)) continue;
    const base = kind;
    // Parent: the spine joint nearest the fin's root.
    let parent = 'spine_2', best = Infinity;
    for (const name of fit.builder.names()) {
      const dd = dist(fit.builder.get(name), limb.entryPos);
      if (dd < best) { best = dd; parent = name; }
    }
    // A fin moves as one plate: one joint near its root turns it. Only a long paired flipper
    // (a whale's, a dolphin's) bends along its length and gets a second joint. Artists rig fish
    // the same way; extra joints out in a fin also pull the weights away from the body.
    const names = kind.startsWith('pectoral') && limb.length >= 0.2 * total ? [`${base}_1`, `${base}_2`] : [`${base}_1`];
    addChain(fit, names, parent, alongSite(fit, names.length === 2 ? 'aquatic.flipper' : 'aquatic.fin', limb, names), limb.tipPos);
  }
}

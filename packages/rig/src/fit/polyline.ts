/** Arc-length helpers on polylines, and joint placement that prefers the path's bends. */
import { dist, lerp, type Vec3 } from './vec3';

export function arcLengths(points: Vec3[]): number[] {
  const out = [0];
  for (let i = 1; i < points.length; i++) out.push(out[i - 1]! + dist(points[i - 1]!, points[i]!));
  return out;
}

/** The point at fraction `t` (0..1) of the polyline's length. */
export function pointAtFraction(points: Vec3[], t: number, arcs = arcLengths(points)): Vec3 {
  if (points.length === 0) return [0, 0, 0];
  const total = arcs[arcs.length - 1]!;
  const s = Math.min(Math.max(t, 0), 1) * total;
  for (let i = 1; i < points.length; i++) {
    if (arcs[i]! >= s) {
      const seg = arcs[i]! - arcs[i - 1]!;
      return lerp(points[i - 1]!, points[i]!, seg > 0 ? (s - arcs[i - 1]!) / seg : 0);
    }
  }
  return points[points.length - 1]!;
}

/** Indices of the polyline's bends: interior vertices kept by Douglas–Peucker at `tolerance`. */
export function findBends(points: Vec3[], tolerance: number): number[] {
  const keep: number[] = [];
  const recurse = (a: number, b: number): void => {
    if (b - a < 2) return;
    let best = -1, bestD = tolerance;
    const pa = points[a]!, pb = points[b]!;
    const ab: Vec3 = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
    const len2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2 || 1;
    for (let i = a + 1; i < b; i++) {
      const p = points[i]!;
      const t = Math.max(0, Math.min(1, ((p[0] - pa[0]) * ab[0] + (p[1] - pa[1]) * ab[1] + (p[2] - pa[2]) * ab[2]) / len2));
      const d = dist(p, [pa[0] + ab[0] * t, pa[1] + ab[1] * t, pa[2] + ab[2] * t]);
      if (d > bestD) { bestD = d; best = i; }
    }
    if (best < 0) return;
    recurse(a, best);
    keep.push(best);
    recurse(best, b);
  };
  recurse(0, points.length - 1);
  return keep;
}

/**
 * Joint positions at the given length fractions along a limb; a fraction moves onto a bend of
 * the path (an elbow or knee that is visibly bent) when one lies within `snap` of it.
 */
export function placeAlong(points: Vec3[], fractions: number[], bendTolerance: number, snap = 0.15): Vec3[] {
  const arcs = arcLengths(points);
  const total = arcs[arcs.length - 1] ?? 0;
  const bends = total > 0 ? findBends(points, bendTolerance).map((i) => ({ i, f: arcs[i]! / total })) : [];
  const used = new Set<number>();
  return fractions.map((f) => {
    let pick = -1, pickD = snap;
    for (const b of bends) {
      const d = Math.abs(b.f - f);
      if (!used.has(b.i) && d < pickD && f > 0.02 && f < 0.98) { pick = b.i; pickD = d; }
    }
    if (pick >= 0) { used.add(pick); return points[pick]!; }
    return pointAtFraction(points, f, arcs);
  });
}

/** Moving-average smoothing that keeps the end points; voxel paths are staircases. */
export function smoothPolyline(points: Vec3[], radius = 2): Vec3[] {
  if (points.length < 3) return points.slice();
  return points.map((p, i) => {
    if (i === 0 || i === points.length - 1) return p;
    const r = Math.min(radius, i, points.length - 1 - i);
    const s: Vec3 = [0, 0, 0];
    for (let k = i - r; k <= i + r; k++) { s[0] += points[k]![0]; s[1] += points[k]![1]; s[2] += points[k]![2]; }
    const n = 2 * r + 1;
    return [s[0] / n, s[1] / n, s[2] / n];
  });
}

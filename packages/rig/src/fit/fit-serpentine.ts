/**
 * Long-chain template: the medial tree's longest path (between its two most distant extremities)
 * is the body; 12–24 joints are spaced evenly along it, about one body diameter and a half
 * apart. The head is the end that is thicker near its tip (snakes' heads are wider than their
 * tails); a tie goes to the +Z end, the facing direction.
 */
import { longestPath, type PlanFit } from './plan-fit';
import { arcLengths, pointAtFraction, smoothPolyline } from './polyline';
import type { Vec3 } from './vec3';

export interface SerpentineAxis {
  points: Vec3[];
  arcs: number[];
  /** Mean thickness (voxels) along the axis. */
  meanDt: number;
}

/** The body's main axis, oriented head (or front) first. */
export function mainAxis(fit: PlanFit, preferFront: boolean): SerpentineAxis {
  const { shape } = fit;
  const path = longestPath(fit);
  const dts = path.map((v) => shape.dt[v]!);
  const endThickness = (ds: number[]): number => {
    const k = Math.max(3, Math.floor(ds.length * 0.15));
    let s = 0;
    for (let i = 0; i < k && i < ds.length; i++) s += ds[i]!;
    return s / k;
  };
  const a = endThickness(dts), b = endThickness([...dts].reverse());
  const pts = path.map((v) => shape.center(v));
  const first = pts[0]!, last = pts[pts.length - 1]!;
  let reverse: boolean;
  if (preferFront && Math.abs(first[2] - last[2]) > 0.2 * shape.size[2]) reverse = last[2] > first[2];
  else reverse = Math.abs(a - b) > 0.15 * Math.max(a, b) ? b > a : last[2] > first[2];
  if (reverse) { pts.reverse(); }
  const points = smoothPolyline(pts, 3);
  const meanDt = dts.reduce((s, d) => s + d, 0) / Math.max(dts.length, 1);
  return { points, arcs: arcLengths(points), meanDt };
}

export function fitSerpentine(fit: PlanFit): void {
  const { shape } = fit;
  const axis = mainAxis(fit, false);
  const total = axis.arcs[axis.arcs.length - 1]!;
  const lengthVox = total / shape.cell;
  const count = Math.max(12, Math.min(24, Math.round(lengthVox / (3 * Math.max(axis.meanDt, 1)))));
  fit.expected = 1;
  // Snakes are long and thin: full marks from ~8 body diameters up.
  fit.found = Math.min(1, lengthVox / (2 * Math.max(axis.meanDt, 1)) / 8);
  if (fit.found < 0.75) fit.warnings.push('serpentine: the shape is not elongated like a snake');
  fit.used = new Set(fit.candidates.slice(0, 2));
  // Ends sit one thickness in from the tips so the first and last joints are inside the body.
  const inset = Math.min(0.05, (axis.meanDt * shape.cell) / Math.max(total, 1e-12));
  let parent: string | null = null;
  for (let i = 0; i < count; i++) {
    const f = inset + ((1 - 2 * inset) * i) / (count - 1);
    const name = i === 0 ? 'head' : `spine_${String(i).padStart(2, '0')}`;
    fit.builder.add(name, parent, pointAtFraction(axis.points, f, axis.arcs));
    parent = name;
  }
}

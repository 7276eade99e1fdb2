/**
 * The body's centre line along z (the facing axis): per z layer of the solid, the mean position
 * of the layer's core voxels (distance ≥ 60% of the layer's deepest), smoothed. Thin parts —
 * fins, an angler's lure, spikes, a sword-like snout — have no core and do not pull the line, unlike the
 * medial tree's longest path, which runs out along whichever thin part reaches farthest.
 */
import type { ShapeAnalysis } from './shape-analysis';
import { smoothPolyline } from './polyline';
import type { Vec3 } from './vec3';

export interface Centreline {
  /** Back (min z) to front (max z), one point per occupied layer. */
  points: Vec3[];
  /** Deepest distance (voxels) of each layer. */
  depth: number[];
}

export function bodyCentreline(shape: ShapeAnalysis): Centreline {
  const { grid, dt } = shape;
  const { nx, ny, nz } = grid;
  const layer = nx * ny;
  const points: Vec3[] = [];
  const depth: number[] = [];
  for (let z = 0; z < nz; z++) {
    let deepest = 0;
    for (let i = z * layer; i < (z + 1) * layer; i++) if (dt[i]! > deepest) deepest = dt[i]!;
    if (deepest <= 0) continue;
    let sx = 0, sy = 0, w = 0;
    for (let i = z * layer; i < (z + 1) * layer; i++) {
      const d = dt[i]!;
      if (d < 0.6 * deepest) continue;
      const k = i - z * layer;
      sx += d * (k % nx); sy += d * Math.floor(k / nx); w += d;
    }
    const c = shape.center(z * layer);
    points.push([grid.origin[0] + (sx / w + 0.5) * grid.cell, grid.origin[1] + (sy / w + 0.5) * grid.cell, c[2]]);
    depth.push(deepest);
  }
  // Layers far thinner than the body (a lure or sword ahead of it, the tail fin behind) keep
  // the line of the nearest body layer: the chain runs on straight through them.
  const maxDepth = depth.reduce((m, d) => Math.max(m, d), 0);
  const deep = depth.map((d) => d >= 0.2 * maxDepth);
  const first = deep.indexOf(true), last = deep.lastIndexOf(true);
  for (let i = 0; i < points.length; i++) {
    const j = i < first ? first : i > last ? last : i;
    if (j !== i) points[i] = [points[j]![0], points[j]![1], points[i]![2]];
  }
  return { points: smoothPolyline(points, 2), depth };
}

/**
 * Inflation: heights for the 2D mesh so that it becomes a rounded body.
 *
 * Approaches considered:
 * - Distance-based profiles, h = sqrt(d·(2R − d)) with d the distance to the outline: exact for
 *   discs, but with one global R thin limbs come out far thicker than wide, and a per-point
 *   "local R" needs a medial-axis computation.
 * - Teddy (Igarashi 1999): chordal axis of the outline, elevate the spine, circular arcs across.
 *   Lovely results, fragile code (pruning the axis, stitching the sleeves).
 * - Monster Mash / "Ink-and-Ray" style: solve a Poisson equation −Δu = 1 on the region with u = 0 on
 *   the outline, then h = sqrt(c·u). On a disc of radius R, u = (R² − r²)/4 and c = 4 gives exactly a
 *   hemisphere; on a long strip of half-width w, u = (w² − x²)/2 and the cross-section is an ellipse
 *   √2 deeper than wide. The width adapts locally with no medial axis, and h ∝ √(distance) at the
 *   outline, so the surface meets the silhouette vertically (round, no crease).
 * We use the last: −Δu = 1 with the cotangent Laplacian on the Delaunay mesh (its weights are
 * non-negative there, so the system is symmetric positive definite), solved by Jacobi-preconditioned
 * conjugate gradients, then h = thickness · sqrt(4u).
 * Parts only a few pixels wide (an antenna, a whisker) get almost no height from that and would
 * come out as a flat sliver, so every interior vertex is raised to at least `minHeight`.
 *
 * The profile is generalised by a learned exponent (`depth-prior.ts`): h = thickness · L · (√(4u)/L)^b
 * with L a reference length (the outline's height). b = 1 is the plain inflation above; b < 1 makes
 * narrow parts relatively deeper than wide ones, still round (h ∝ distance^(b/2) at the outline,
 * which meets the silhouette vertically for every b < 2).
 */
import { withDefaults } from '@rigforge/mesh';
import type { PlanarMesh } from './triangulate-outline';

export interface InflateSurfaceOptions {
  /** Least height (pixels, per side) of an interior vertex, so thin parts keep some depth. */
  minHeight?: number;
  /** Width exponent b of the profile (1: plain inflation). */
  exponent?: number;
  /** Reference length L in pixels the exponent is taken relative to (the outline's height). */
  referenceLength?: number;
  /**
   * Per vertex, a second profile added to the inflation's (pixels; `ball-depth.ts`'s sphere heights
   * times the prior's weight): the depth prior mixes the two width measures. Default: none.
   */
  added?: Float64Array;
}

export const INFLATE_SURFACE_DEFAULTS: Required<InflateSurfaceOptions> = {
  minHeight: 1,
  exponent: 1,
  referenceLength: 1,
  added: new Float64Array(0),
};

/** Heights (pixels, ≥ 0) per vertex of the planar mesh; 0 on the outline. */
export function inflateSurface(mesh: PlanarMesh, thickness: number, options: InflateSurfaceOptions = {}): Float64Array {
  const { minHeight, exponent, referenceLength, added } = withDefaults(INFLATE_SURFACE_DEFAULTS, options);
  const { points, triangles, boundary } = mesh;
  const n = points.length / 2;
  // Interior unknowns get compact indices.
  const slot = new Int32Array(n).fill(-1);
  let m = 0;
  for (let v = 0; v < n; v++) if (!boundary[v]) slot[v] = m++;
  const heights = new Float64Array(n);
  if (m === 0) return heights;
  // A prior with no Poisson term (a = 0: the medial balls alone) needs no solve, the costliest step.
  if (thickness === 0) {
    for (let v = 0; v < n; v++) if (!boundary[v]) heights[v] = Math.max(minHeight, added[v] ?? 0);
    return heights;
  }

  const rhs = new Float64Array(m);
  const diag = new Float64Array(m);
  const edgeIndex = new Map<number, number>();
  const ei: number[] = [];
  const ej: number[] = [];
  const ew: number[] = [];
  const addWeight = (a: number, b: number, w: number): void => {
    const lo = Math.min(a, b), hi = Math.max(a, b);
    const key = lo * n + hi;
    let e = edgeIndex.get(key);
    if (e === undefined) { e = ew.length; edgeIndex.set(key, e); ei.push(lo); ej.push(hi); ew.push(0); }
    ew[e] = ew[e]! + w;
  };
  for (let t = 0; t < triangles.length; t += 3) {
    const v = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
    const ax = points[v[0]! * 2]!, ay = points[v[0]! * 2 + 1]!;
    const bx = points[v[1]! * 2]!, by = points[v[1]! * 2 + 1]!;
    const cx = points[v[2]! * 2]!, cy = points[v[2]! * 2 + 1]!;
    const area2 = Math.abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay));
    for (const k of v) { const s = slot[k]!; if (s >= 0) rhs[s] = rhs[s]! + area2 / 6; }
    if (area2 < 1e-12) continue;
    for (let k = 0; k < 3; k++) {
      const o = v[k]!, p = v[(k + 1) % 3]!, q = v[(k + 2) % 3]!;
      const ux = points[p * 2]! - points[o * 2]!, uy = points[p * 2 + 1]! - points[o * 2 + 1]!;
      const wx = points[q * 2]! - points[o * 2]!, wy = points[q * 2 + 1]! - points[o * 2 + 1]!;
      // cot of the angle at o, which faces edge p–q; clamped so slivers cannot dominate.
      const cot = Math.max(-1e3, Math.min(1e3, (ux * wx + uy * wy) / area2));
      addWeight(p, q, cot / 2);
    }
  }
  for (let e = 0; e < ew.length; e++) {
    const a = slot[ei[e]!]!, b = slot[ej[e]!]!;
    if (a >= 0) diag[a] = diag[a]! + ew[e]!;
    if (b >= 0) diag[b] = diag[b]! + ew[e]!;
  }
  const apply = (x: Float64Array, y: Float64Array): void => {
    for (let i = 0; i < m; i++) y[i] = diag[i]! * x[i]!;
    for (let e = 0; e < ew.length; e++) {
      const a = slot[ei[e]!]!, b = slot[ej[e]!]!;
      if (a >= 0 && b >= 0) { y[a] = y[a]! - (ew[e]! * x[b]!); y[b] = y[b]! - (ew[e]! * x[a]!); }
    }
  };
  const u = conjugateGradient(apply, rhs, diag, m);
  for (let v = 0; v < n; v++) {
    const s = slot[v]!;
    if (s < 0) continue;
    const width = Math.sqrt(4 * Math.max(0, u[s]!));
    const profile = exponent === 1 ? width : referenceLength * (width / referenceLength) ** exponent;
    heights[v] = Math.max(minHeight, thickness * profile + (added[v] ?? 0));
  }
  return heights;
}

function conjugateGradient(
  apply: (x: Float64Array, y: Float64Array) => void,
  b: Float64Array,
  diag: Float64Array,
  m: number,
): Float64Array {
  const x = new Float64Array(m);
  const r = Float64Array.from(b);
  const z = new Float64Array(m);
  const p = new Float64Array(m);
  const ap = new Float64Array(m);
  const inv = Float64Array.from(diag, (d) => (d > 1e-12 ? 1 / d : 1));
  for (let i = 0; i < m; i++) { z[i] = inv[i]! * r[i]!; p[i] = z[i]!; }
  let rz = dot(r, z);
  const stop = 1e-20 * Math.max(1e-300, dot(b, b));
  for (let iteration = 0; iteration < 4 * m + 100 && dot(r, r) > stop; iteration++) {
    apply(p, ap);
    const pap = dot(p, ap);
    if (!(pap > 0)) break;
    const alpha = rz / pap;
    for (let i = 0; i < m; i++) { x[i] = x[i]! + alpha * p[i]!; r[i] = r[i]! - (alpha * ap[i]!); }
    for (let i = 0; i < m; i++) z[i] = inv[i]! * r[i]!;
    const next = dot(r, z);
    const beta = next / rz;
    rz = next;
    for (let i = 0; i < m; i++) p[i] = z[i]! + beta * p[i]!;
  }
  return x;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

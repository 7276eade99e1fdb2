/**
 * A second width measure for the depth prior: the height of the union of the silhouette's medial
 * balls, lifted to spheres (each inscribed disc of radius r at c becomes the sphere of radius r:
 * B(p) = max over discs containing p of √(r² − |p − c|²)). A round part becomes a sphere, a limb a
 * tube as deep as it is wide, whatever the part's length.
 *
 * Why beside the Poisson measure √(4u): on a disc of radius R, √(4u) = R at the centre, but on a strip
 * of half-width w it is √2·w, so inflation makes long parts (torsos, legs) relatively deeper than
 * round ones (heads, bellies) of the same width, while real bodies are the other way round or the
 * same. The depth prior is fitted as a mix of the two (`depth-prior.ts`), the mix chosen leaving one
 * artist out. Both meet the outline vertically (round, no crease at the silhouette).
 *
 * Cost: the discs kept are those not (nearly) inside a neighbour's (the medial axis, thickened by
 * the pixel grid), and each point looks only at discs that contain it; a few million operations at
 * the working resolution.
 */

export interface MedialBalls { x: Float64Array; y: Float64Array; r: Float64Array }

/** Neighbour offsets and their distances. */
const RING_X = [-1, 0, 1, -1, 1, -1, 0, 1], RING_Y = [-1, -1, -1, 0, 0, 1, 1, 1];
const RING_LEN = [Math.SQRT2, 1, Math.SQRT2, 1, 1, Math.SQRT2, 1, Math.SQRT2];
/** A disc within this many pixels of lying inside a neighbour's is dropped (its sphere adds under that). */
const CONTAINED = 0.3;

/**
 * The medial discs of a mask from its distance transform (pixel-centre distances, as `mask-ops`
 * computes them: the outline lies about half a pixel closer, so the radius is d − 0.5). Centres at
 * pixel centres (x + 0.5, y + 0.5), in the coordinates the outline is traced in.
 */
export function medialBalls(distance: Float32Array, width: number, height: number): MedialBalls {
  const x: number[] = [], y: number[] = [], r: number[] = [];
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const d = distance[j * width + i]!;
      if (!(d > 0.5)) continue;
      let kept = true;
      for (let k = 0; k < 8; k++) {
        const ni = i + RING_X[k]!, nj = j + RING_Y[k]!;
        if (ni < 0 || nj < 0 || ni >= width || nj >= height) continue;
        if (distance[nj * width + ni]! >= d + RING_LEN[k]! - CONTAINED) { kept = false; break; }
      }
      if (kept) { x.push(i + 0.5); y.push(j + 0.5); r.push(d - 0.5); }
    }
  }
  return { x: Float64Array.from(x), y: Float64Array.from(y), r: Float64Array.from(r) };
}

/**
 * B at each point (x, y pairs): the highest sphere over it, 0 where no disc covers it. With
 * `exponent` p ≠ 2 each disc is lifted to the boxier (p > 2) or pointier (p < 2) round solid
 * r·(1 − (ρ/r)^p)^(1/p), ρ the distance from its centre: still as deep as the disc is wide at its
 * centre and meeting the outline vertically, but fuller towards its rim.
 */
export function ballHeights(points: ArrayLike<number>, balls: MedialBalls, exponent = 2): Float64Array {
  const n = Math.floor(points.length / 2);
  const out = new Float64Array(n);
  // Discs sorted by x so a point scans only those whose centre is within the largest radius in x.
  const order = Array.from(balls.r.keys()).sort((a, b) => balls.x[a]! - balls.x[b]!);
  const xs = Float64Array.from(order, (k) => balls.x[k]!), ys = Float64Array.from(order, (k) => balls.y[k]!), rs = Float64Array.from(order, (k) => balls.r[k]!);
  const rMax = rs.reduce((m, v) => Math.max(m, v), 0);
  const p = exponent;
  for (let q = 0; q < n; q++) {
    const px = points[2 * q]!, py = points[2 * q + 1]!;
    let lo = 0, hi = xs.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (xs[mid]! < px - rMax) lo = mid + 1; else hi = mid; }
    let best = 0;
    for (let k = lo; k < xs.length && xs[k]! <= px + rMax; k++) {
      const dx = px - xs[k]!, dy = py - ys[k]!, r = rs[k]!;
      const h2 = r * r - dx * dx - dy * dy;
      if (!(h2 > 0)) continue;
      if (p === 2) {
        if (h2 > best * best) best = Math.sqrt(h2);
      } else {
        const h = r * (1 - (Math.sqrt(dx * dx + dy * dy) / r) ** p) ** (1 / p);
        if (h > best) best = h;
      }
    }
    out[q] = best;
  }
  return out;
}

/** The prior's ball term at the planar mesh's vertices: `weight` · B, from the mask's distance transform. */
export function ballProfile(points: ArrayLike<number>, distance: Float32Array, width: number, height: number, weight: number, exponent = 2): Float64Array {
  const heights = ballHeights(points, medialBalls(distance, width, height), exponent);
  for (let i = 0; i < heights.length; i++) heights[i] = heights[i]! * weight;
  return heights;
}

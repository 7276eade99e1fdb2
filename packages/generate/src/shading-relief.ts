/**
 * How much the picture's shading follows a round body: a flatness cue read from the picture's
 * content, not its outline (the outline of a flat fish and of a round one are alike; their shading
 * is not). A round part lit from any side darkens and brightens with its surface's turn towards the
 * light, most near its outline where the surface turns away from the viewer; a plate facing the
 * viewer has one normal, so its shading stays flat up to its outline and only its colours vary.
 *
 * The balloon the engine would build (the medial balls' spheres, `ball-depth.ts`) gives a normal at
 * every subject pixel; the picture's luminance is fitted as a + b·nx + c·ny + d·nz (Lambert light from
 * an unknown direction, no clamp) by least squares, and the cue is the shading the normals explain:
 * the fitted luminance's standard deviation over the mean luminance (robust to the near-collinear
 * nz and constant terms, unlike the coefficients themselves). Its relation to depth is learned (`flatness.json`).
 */
import { ballHeights, medialBalls } from './ball-depth';
import type { RgbaImage } from './decode-image';

export interface ShadingReliefOptions {
  /** Grid step in working pixels the normals and luminance are sampled on (cost: pixels / step²). */
  step?: number;
}

export const SHADING_RELIEF_DEFAULTS: Required<ShadingReliefOptions> = { step: 3 };

export interface ShadingRelief {
  /** Standard deviation of the shading the balloon's normals explain, over the mean luminance (0: flat shading). */
  relief: number;
  /** Share of the luminance variance the normals explain. */
  explained: number;
  /** Samples the fit used. */
  samples: number;
  /**
   * Near the outline only (2–6 px in): the luminance's dependence on which way the outline faces
   * (a + b·gx + c·gy, g the inward direction), |(b, c)| over the band's mean luminance. A round part's
   * rim turns to and away from any light; a plate's rim faces the viewer like its middle.
   */
  rim: number;
}

/** sRGB 8-bit to linear luminance. */
function luminance(data: Uint8Array, o: number): number {
  const lin = (v: number): number => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(data[o]!) + 0.7152 * lin(data[o + 1]!) + 0.0722 * lin(data[o + 2]!);
}

/** Solves the 4×4 normal equations (Gaussian elimination with partial pivoting); undefined if singular. */
function solve4(m: number[][], v: number[]): number[] | undefined {
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let c = 0; c < 4; c++) {
    let p = c;
    for (let r = c + 1; r < 4; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (Math.abs(a[p]![c]!) < 1e-12) return undefined;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 4; r++) {
      if (r === c) continue;
      const k = a[r]![c]! / a[c]![c]!;
      for (let k2 = c; k2 < 5; k2++) a[r]![k2] = a[r]![k2]! - k * a[c]![k2]!;
    }
  }
  return a.map((row, i) => row[4]! / row[i]!);
}

/**
 * The cue for the subject of `image` (the working image `mask` and `distance` were computed on).
 * Samples on a grid of `step` pixels at least one pixel inside the outline (the anti-aliased edge
 * mixes in the background).
 */
export function shadingRelief(image: RgbaImage, mask: Uint8Array, distance: Float32Array, options: ShadingReliefOptions = {}): ShadingRelief {
  const { step } = { ...SHADING_RELIEF_DEFAULTS, ...options };
  const { width, height, data } = image;
  const gw = Math.ceil(width / step), gh = Math.ceil(height / step);
  const points: number[] = [];
  for (let j = 0; j < gh; j++) for (let i = 0; i < gw; i++) points.push(i * step + 0.5, j * step + 0.5);
  const h = ballHeights(points, medialBalls(distance, width, height));
  const at = (i: number, j: number): number => (i >= 0 && j >= 0 && i < gw && j < gh ? h[j * gw + i]! : 0);
  const xtx = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const xty = [0, 0, 0, 0];
  let n = 0, sum = 0, sum2 = 0;
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const x = i * step, y = j * step;
      if (x >= width || y >= height) continue;
      const p = y * width + x;
      if (!mask[p] || !(distance[p]! >= 2)) continue;
      // The balloon's normal from the height field's slope (central differences in pixels).
      const gx = (at(i + 1, j) - at(i - 1, j)) / (2 * step), gy = (at(i, j + 1) - at(i, j - 1)) / (2 * step);
      const len = Math.hypot(gx, gy, 1);
      // Image rows run down, so the normal's up component is +gy.
      const row = [1, -gx / len, gy / len, 1 / len];
      const l = luminance(data, 4 * p);
      for (let r = 0; r < 4; r++) {
        xty[r] = xty[r]! + row[r]! * l;
        for (let c = 0; c < 4; c++) xtx[r]![c] = xtx[r]![c]! + row[r]! * row[c]!;
      }
      n++; sum += l; sum2 += l * l;
    }
  }
  // The rim band: pixels 2..6 in from the outline, the outline's inward direction from the distance's slope.
  const r3 = [0, 1, 2].map(() => [0, 0, 0]);
  const ry = [0, 0, 0];
  let rn = 0, rsum = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const d = distance[p]!;
      if (!mask[p] || d < 2 || d > 6) continue;
      const gx = distance[p + 1]! - distance[p - 1]!, gy = distance[p - width]! - distance[p + width]!;
      const gl = Math.hypot(gx, gy);
      if (!(gl > 0.5)) continue;
      const row = [1, gx / gl, gy / gl];
      const l = luminance(data, 4 * p);
      for (let r = 0; r < 3; r++) { ry[r] = ry[r]! + row[r]! * l; for (let c = 0; c < 3; c++) r3[r]![c] = r3[r]![c]! + row[r]! * row[c]!; }
      rn++; rsum += l;
    }
  }
  const rc = rn >= 16 ? solve4([[...r3[0]!, 0], [...r3[1]!, 0], [...r3[2]!, 0], [0, 0, 0, 1]], [...ry, 0]) : undefined;
  const rim = rc && rsum > 0 ? Math.hypot(rc[1]!, rc[2]!) / (rsum / rn) : 0;
  const coef = n >= 16 ? solve4(xtx, xty) : undefined;
  if (!coef || !(sum > 0)) return { relief: 0, explained: 0, samples: n, rim };
  const meanL = sum / n;
  // Explained sum of squares: β'X'y − n·ȳ², over the total.
  const fitted = coef.reduce((s, b, r) => s + b * xty[r]!, 0) - n * meanL * meanL;
  const total = sum2 - n * meanL * meanL;
  return { relief: Math.sqrt(Math.max(0, fitted) / n) / meanL, explained: total > 0 ? Math.max(0, fitted / total) : 0, samples: n, rim };
}

/**
 * Background colour model from the image border.
 *
 * Product shots and logos sit on a plain colour or a soft gradient. A per-channel bilinear surface
 * c(x, y) = a + b·x + c·y + d·x·y covers both (a plain colour is the constant term; linear and
 * four-corner gradients are exact) and is fitted by least squares to a ring of border pixels.
 * The subject may touch the border (a sprite's feet), so the fit is repeated a few times without the
 * samples that disagree most (iteratively trimmed least squares); what is left measures the noise.
 * Richer models (per-row splines, radial vignettes) were not needed for the inputs we target and fit
 * the subject too easily when it covers much of the border.
 */
import type { RgbaImage } from './decode-image';

export interface BackgroundModel {
  /** 3 channels × 4 coefficients (1, x, y, x·y with x, y in 0..1). */
  coefficients: Float64Array;
  /** Robust spread of the border's colour distance to the model (0..441). */
  noise: number;
  /** Fraction of border samples the final fit accepted. */
  inlierFraction: number;
}

/** Fit a bilinear background colour model to the image border. */
export function fitBackground(image: RgbaImage): BackgroundModel {
  const { data, width, height } = image;
  const ring = Math.max(1, Math.round(Math.min(width, height) * 0.01));
  const xs: number[] = [];
  const ys: number[] = [];
  const cols: number[] = [];
  const stepX = Math.max(1, Math.floor(width / 512));
  const stepY = Math.max(1, Math.floor(height / 512));
  const add = (x: number, y: number): void => {
    const o = (y * width + x) * 4;
    xs.push(width > 1 ? x / (width - 1) : 0);
    ys.push(height > 1 ? y / (height - 1) : 0);
    cols.push(data[o]!, data[o + 1]!, data[o + 2]!);
  };
  for (let r = 0; r < ring; r++) {
    for (let x = 0; x < width; x += stepX) { add(x, r); add(x, height - 1 - r); }
    for (let y = ring; y < height - ring; y += stepY) { add(r, y); add(width - 1 - r, y); }
  }
  const n = xs.length;
  let use = new Uint8Array(n).fill(1);
  let coefficients = solve(xs, ys, cols, use);
  let noise = 0;
  let inliers = n;
  for (let iteration = 0; iteration < 4; iteration++) {
    const residuals = new Float64Array(n);
    for (let i = 0; i < n; i++) residuals[i] = distanceToModel(coefficients, xs[i]!, ys[i]!, cols[i * 3]!, cols[i * 3 + 1]!, cols[i * 3 + 2]!);
    const sorted = Float64Array.from(residuals).sort();
    // The median of all samples is the noise while at least half of the border is background.
    noise = sorted[Math.floor(n / 2)]! * 1.4826;
    const cut = Math.max(3 * noise, 12);
    use = new Uint8Array(n);
    inliers = 0;
    for (let i = 0; i < n; i++) if (residuals[i]! <= cut) { use[i] = 1; inliers++; }
    if (inliers < 8) break;
    coefficients = solve(xs, ys, cols, use);
  }
  return { coefficients, noise, inlierFraction: inliers / Math.max(1, n) };
}

/** Euclidean RGB distance between a colour and the model at normalised (x, y). */
export function distanceToModel(k: Float64Array, x: number, y: number, r: number, g: number, b: number): number {
  const xy = x * y;
  const dr = r - (k[0]! + k[1]! * x + k[2]! * y + k[3]! * xy);
  const dg = g - (k[4]! + k[5]! * x + k[6]! * y + k[7]! * xy);
  const db = b - (k[8]! + k[9]! * x + k[10]! * y + k[11]! * xy);
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

function solve(xs: number[], ys: number[], cols: number[], use: Uint8Array): Float64Array {
  // Normal equations, shared by the three channels; a tiny ridge keeps them solvable when the
  // samples do not span x or y (a one-pixel-high image).
  const ata = new Float64Array(16);
  const atb = new Float64Array(12);
  for (let i = 0; i < xs.length; i++) {
    if (!use[i]) continue;
    const f = [1, xs[i]!, ys[i]!, xs[i]! * ys[i]!];
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) ata[r * 4 + c] = ata[r * 4 + c]! + f[r]! * f[c]!;
      for (let ch = 0; ch < 3; ch++) atb[ch * 4 + r] = atb[ch * 4 + r]! + f[r]! * cols[i * 3 + ch]!;
    }
  }
  for (let r = 0; r < 4; r++) ata[r * 5] = ata[r * 5]! + 1e-6;
  const out = new Float64Array(12);
  for (let ch = 0; ch < 3; ch++) {
    const m = Float64Array.from(ata);
    const v = atb.slice(ch * 4, ch * 4 + 4);
    for (let col = 0; col < 4; col++) {
      let pivot = col;
      for (let r = col + 1; r < 4; r++) if (Math.abs(m[r * 4 + col]!) > Math.abs(m[pivot * 4 + col]!)) pivot = r;
      for (let c = 0; c < 4; c++) { const t = m[col * 4 + c]!; m[col * 4 + c] = m[pivot * 4 + c]!; m[pivot * 4 + c] = t; }
      const tv = v[col]!; v[col] = v[pivot]!; v[pivot] = tv;
      const p = m[col * 4 + col]!;
      for (let r = 0; r < 4; r++) {
        if (r === col) continue;
        const f = m[r * 4 + col]! / p;
        for (let c = col; c < 4; c++) m[r * 4 + c] = m[r * 4 + c]! - (f * m[col * 4 + c]!);
        v[r] = v[r]! - (f * v[col]!);
      }
    }
    for (let r = 0; r < 4; r++) out[ch * 4 + r] = v[r]! / m[r * 5]!;
  }
  return out;
}

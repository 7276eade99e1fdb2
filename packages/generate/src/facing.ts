/**
 * Which way the subject of a picture faces: its face shown (toward the camera) or its back (issue 29).
 *
 * Why: an animal pictured from the front reaches far along the view axis (its body and tail behind a
 * face turned to the camera, in front of a back turned to it), and which side its depth lies on is its
 * facing, not its plan or pose (packages/generate/docs/shape.md, *The worst three*). The silhouette is the same
 * either way; the picture's content is not: a face carries small dark features (eyes, nostrils, a
 * mouth) mirrored about the face's middle line, a back is fur or cloth of one tone. The cues read the
 * luminance inside the silhouette against its local mean (a box blur of a few percent of the subject's
 * height), away from the rim (where shading, not texture, darkens it).
 */

/** The picture statistics the facing cue is chosen from (`scripts/fit-facing-lean.ts`); the face side is larger for each. */
export interface FacingCues {
  /** Mean |luminance − local mean| over the interior, over the interior's mean luminance. */
  detail: number;
  /** The same over the interior's upper 40 % of rows (the head of an upright or front-pictured body). */
  upperDetail: number;
  /** Mean detail in the upper 60 % of rows over that in the lower 40 % (a face high, a back's tail and legs low). */
  upperOverLower: number;
  /** Share of interior pixels darker than their local mean by 20 % of the mean luminance (eyes, nostrils, a mouth). */
  spots: number;
  /** Share of the top tenth's interior pixels that are dark spots, over the share over all rows. */
  topSpots: number;
  /** Share of interior pixels that are dark spots whose mirror about the silhouette's middle column is one too (a pair of eyes). */
  pairedSpots: number;
  /** `pairedSpots` over the upper 60 % of rows. */
  upperPairedSpots: number;
  /** How far above the interior's centroid the detail's centroid lies (weights |luminance − local mean|), in subject heights. */
  detailLift: number;
  /** The same with squared weights (the strongest features). */
  strongLift: number;
  /** Mean |colour − local mean colour| in the upper 30 % of rows over that in the rest (a face's colours: eyes, a nose, a beak). */
  upperColour: number;
}

const luminance = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

/** A box mean of `values` over the pixels of `mask`, radius `r` (separable, normalised by the mask's own count). */
function maskedBoxMean(values: Float32Array, mask: Uint8Array, width: number, height: number, r: number): Float32Array {
  const sumRow = new Float32Array(width * height), cntRow = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    let s = 0, c = 0;
    const row = y * width;
    // Running window over x: add x + r, drop x − r − 1.
    for (let x = -r; x < width; x++) {
      const add = x + r;
      if (add < width && mask[row + add]) { s += values[row + add]!; c++; }
      const drop = x - r - 1;
      if (drop >= 0 && mask[row + drop]) { s -= values[row + drop]!; c--; }
      if (x >= 0) { sumRow[row + x] = s; cntRow[row + x] = c; }
    }
  }
  const out = new Float32Array(width * height);
  for (let x = 0; x < width; x++) {
    let s = 0, c = 0;
    for (let y = -r; y < height; y++) {
      const add = y + r;
      if (add < height) { s += sumRow[add * width + x]!; c += cntRow[add * width + x]!; }
      const drop = y - r - 1;
      if (drop >= 0) { s -= sumRow[drop * width + x]!; c -= cntRow[drop * width + x]!; }
      if (y >= 0) out[y * width + x] = c > 0 ? s / c : 0;
    }
  }
  return out;
}

/**
 * The facing cues of an RGBA picture (`data`, row-major, 4 bytes a pixel) over its subject `mask`
 * (`inside`: the mask's distance transform, in pixels). Measured, not wired: no cue tells a face from
 * a back well enough across artists for the lean it would choose (packages/generate/docs/shape.md, *Which way a
 * front-pictured subject faces*).
 */
export function facingCues(data: Uint8Array, mask: Uint8Array, inside: Float32Array, width: number, height: number): FacingCues {
  let minY = height, maxY = -1, count = 0, sumX = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const y = Math.floor(i / width);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y); count++; sumX += i % width;
  }
  const none: FacingCues = { detail: 0, upperDetail: 0, upperOverLower: 1, spots: 0, topSpots: 1, pairedSpots: 0, upperPairedSpots: 0, detailLift: 0, strongLift: 0, upperColour: 1 };
  if (count === 0) return none;
  const h = maxY - minY + 1;
  const centre = Math.round(sumX / count);
  // Away from the rim, where the render's shading (not the texture) darkens the outline.
  const rim = Math.max(2, 0.02 * h);
  const interior = new Uint8Array(mask.length);
  const lum = new Float32Array(mask.length);
  const channel = [new Float32Array(mask.length), new Float32Array(mask.length), new Float32Array(mask.length)] as const;
  let n = 0, sumL = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    for (let c = 0; c < 3; c++) channel[c]![i] = data[i * 4 + c]!;
    lum[i] = luminance(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!);
    if (inside[i]! >= rim) { interior[i] = 1; n++; sumL += lum[i]!; }
  }
  if (n === 0) return none;
  const meanL = Math.max(1, sumL / n);
  const radius = Math.max(2, Math.round(0.04 * h));
  const local = maskedBoxMean(lum, mask, width, height, radius);
  const localColour = channel.map((v) => maskedBoxMean(v, mask, width, height, radius));
  const dark = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (interior[i] && local[i]! - lum[i]! > 0.2 * meanL) dark[i] = 1;
  let detail = 0, upper40 = 0, upper40N = 0, upper60 = 0, upper60N = 0, spots = 0, topN = 0, topSpots = 0, paired = 0, upperPaired = 0;
  let sumY = 0, dY = 0, d2 = 0, d2Y = 0, colourUp = 0, colourUpN = 0, colourDown = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!interior[i]) continue;
    const x = i % width, y = Math.floor(i / width);
    const t = (y - minY) / h;
    const d = Math.abs(lum[i]! - local[i]!);
    detail += d; sumY += y; dY += d * y; d2 += d * d; d2Y += d * d * y;
    if (t < 0.4) { upper40 += d; upper40N++; }
    if (t < 0.6) { upper60 += d; upper60N++; }
    if (t < 0.1) { topN++; if (dark[i]) topSpots++; }
    const colour = Math.hypot(data[i * 4]! - localColour[0]![i]!, data[i * 4 + 1]! - localColour[1]![i]!, data[i * 4 + 2]! - localColour[2]![i]!);
    if (t < 0.3) { colourUp += colour; colourUpN++; } else colourDown += colour;
    if (!dark[i]) continue;
    spots++;
    const mx = 2 * centre - x;
    if (Math.abs(mx - x) > 1 && mx >= 0 && mx < width && dark[y * width + mx]) {
      paired++;
      if (t < 0.6) upperPaired++;
    }
  }
  const ratio = (a: number, b: number) => (a + 1e-3) / (b + 1e-3);
  const centroidY = sumY / n;
  const lift = (weighted: number, weight: number) => (weight > 0 ? (centroidY - weighted / weight) / h : 0);
  return {
    detail: detail / n / meanL,
    upperDetail: upper40N ? upper40 / upper40N / meanL : 0,
    upperOverLower: ratio(upper60N ? upper60 / upper60N / meanL : 0, n > upper60N ? (detail - upper60) / (n - upper60N) / meanL : 0),
    spots: spots / n,
    topSpots: ratio(topN ? topSpots / topN : 0, spots / n),
    pairedSpots: paired / n,
    upperPairedSpots: upper60N ? upperPaired / upper60N : 0,
    detailLift: lift(dY, detail),
    strongLift: lift(d2Y, d2),
    upperColour: ratio(colourUpN ? colourUp / colourUpN / meanL : 0, n > colourUpN ? colourDown / (n - colourUpN) / meanL : 0),
  };
}

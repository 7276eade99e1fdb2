/**
 * A side picture's cross-section as full as its outline (issue 29; a fish's flank only, `fish-flank.json`
 * `outlineExponents`). The medial balls are lifted to r·(1 − (ρ/r)^p)^(1/p) (`ball-depth.ts`), so
 * across a long trunk the depth's cross-section is a superellipse of exponent p: one p (2.5, fitted on
 * every plan's side pictures) makes a flat-sided lens of a fish and a boxy cute fish the same shape
 * front on. The picture shows one cross-section of the same body, the trunk's outline along its
 * length, and a stylised fish is drawn with one hand: a boxy flank goes with a boxy body, a lens-shaped
 * flank with a lens. So p is read from the outline, with no fitted number: the trunk's height along its
 * axis (`sideAxis`; the envelope of the trunk's discs, `splitByAxis`, so the median fins and the
 * sail do not count) is taken as a superellipse's, and p is the one whose length above 0.9 of the
 * largest height over its length above 0.5 matches (1 − 0.9^p)^(1/p) / (1 − 0.5^p)^(1/p); both
 * levels are where a superellipse's shape shows, not fitted (the tail and a sword stay under 0.5).
 * The profile read is the flank's blunter end (`blunterEndExponent`): every fish's tail end narrows
 * into its stalk, so the whole length made a box-bodied cartoon fish pointier than its section.
 * Where `fish-flank.json` links them (`width`), the same p also sets the trunk's width (`flankWidth`).
 */
import { medialBalls } from './ball-depth';
import { sideAxis, splitByAxis } from './fins-wings';

/** The exponent range `depth-priors.json` accepts for a ball profile. */
const P_MIN = 1, P_MAX = 8;
/** The two heights (over the largest) whose lengths give the shape. */
const HIGH = 0.9, LOW = 0.5;

/** A superellipse's length above `HIGH` over its length above `LOW` (increasing in p: 0.2 at 1, 0.5 at 2, 1 as p grows). */
export function widthRatio(p: number): number {
  return Math.pow((1 - Math.pow(HIGH, p)) / (1 - Math.pow(LOW, p)), 1 / p);
}

/** The p in `P_MIN`..`P_MAX` whose `widthRatio` is `ratio` (bisection; clamped at the range's ends). */
export function exponentForRatio(ratio: number): number {
  if (!(ratio > widthRatio(P_MIN))) return P_MIN;
  if (!(ratio < widthRatio(P_MAX))) return P_MAX;
  let lo = P_MIN, hi = P_MAX;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (widthRatio(mid) < ratio) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The trunk's height at each whole-pixel station along its axis: the extent across the axis of the
 * union of the trunk's discs there. Empty when the silhouette has no trunk.
 */
export function trunkHeights(mask: Uint8Array, distance: Float32Array, width: number, height: number): number[] {
  const axis = sideAxis(mask, distance, width);
  const { trunk } = splitByAxis(medialBalls(distance, width, height), axis);
  const n = trunk.r.length;
  if (!n) return [];
  const along = new Float64Array(n), across = new Float64Array(n);
  let s0 = Infinity, s1 = -Infinity;
  for (let k = 0; k < n; k++) {
    const u = trunk.x[k]! - axis.x, v = trunk.y[k]! - axis.y;
    along[k] = u * axis.dx + v * axis.dy;
    across[k] = v * axis.dx - u * axis.dy;
    s0 = Math.min(s0, along[k]! - trunk.r[k]!); s1 = Math.max(s1, along[k]! + trunk.r[k]!);
  }
  const heights: number[] = [];
  for (let s = Math.floor(s0); s <= Math.ceil(s1); s++) {
    let up = -Infinity, down = Infinity;
    for (let k = 0; k < n; k++) {
      const d = s - along[k]!, r = trunk.r[k]!;
      if (Math.abs(d) >= r) continue;
      const half = Math.sqrt(r * r - d * d);
      up = Math.max(up, across[k]! + half); down = Math.min(down, across[k]! - half);
    }
    heights.push(up > down ? up - down : 0);
  }
  return heights;
}

/** The exponent of a height profile (heights at whole-pixel stations) taken as a superellipse's; NaN under a few pixels above half height. */
export function profileExponent(heights: readonly number[]): number {
  let top = 0;
  for (const h of heights) top = Math.max(top, h);
  let high = 0, low = 0;
  for (const h of heights) { if (h >= HIGH * top) high++; if (h >= LOW * top) low++; }
  // Under a few pixels above half height the ratio is the raster's, not the shape's.
  if (low < 8) return NaN;
  return exponentForRatio(high / low);
}

/**
 * The exponent of the flank's blunter end: the profile on each side of its tallest station, mirrored
 * into a whole one, read as `profileExponent`, and the larger kept. Every fish's tail end narrows into
 * the stalk of its tail fin whatever its body's section (a box-bodied cartoon fish and a blade alike),
 * so across the whole length the taper pulls a boxy body's exponent down; the head end is drawn with
 * the body's own fullness.
 */
export function blunterEndExponent(heights: readonly number[]): number {
  let top = -1, at = 0;
  heights.forEach((h, i) => { if (h > top) [top, at] = [h, i]; });
  const head = heights.slice(0, at + 1), tail = heights.slice(at);
  const a = profileExponent([...head, ...[...head].reverse()]), b = profileExponent([...[...tail].reverse(), ...tail]);
  return Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b);
}

/** The ball profile's exponent read from a side picture's trunk outline (its blunter end); `fallback` where the trunk is too short to tell. */
export function outlineExponent(mask: Uint8Array, distance: Float32Array, width: number, height: number, fallback: number): number {
  const heights = trunkHeights(mask, distance, width, height);
  const p = blunterEndExponent(heights);
  return Number.isNaN(p) ? fallback : p;
}

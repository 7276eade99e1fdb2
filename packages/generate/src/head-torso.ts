/**
 * A head deeper and a torso shallower than wide, for a figure pictured from the front.
 *
 * The medial balls make every part as deep as it is wide (`ball-depth.ts`). A figure's head and
 * torso are not: seen from the front a head shows its width (ear to ear), while front to back it
 * runs from the nose to the back of the skull and the hair, longer than it is wide; a torso shows
 * its breadth (shoulders, hips, a skirt), while front to back a chest or a belly is thinner than
 * that. So the balls are told apart by where they lie in the silhouette: above the neck (the head),
 * in a core piece below it (the torso: the parts `body-parts.ts` keeps when the limbs are opened
 * off), or anywhere else (arms, legs, hands, feet: the limbs, × `rest`), and the depth is the
 * highest over `head` × the head's spheres, `torso` × the torso's and `rest` × the others'. One height
 * field over the one outline, so the mesh is closed and manifold as before. The head and torso
 * factors were chosen by the benchmark's CD left out by artist, the limbs' from the dev set's true
 * meshes (an arm or a leg above the feet is a little deeper than wide, 1.13 × its sphere: the median
 * of the front bipeds' own ratios, 1.11–1.17 left out by artist; `head-torso.json`,
 * `scripts/fit-head-torso.ts`).
 *
 * The neck is read from the silhouette: going down from the top, the width of the run of subject
 * pixels through the figure's middle column grows over the head, narrows at the neck and widens
 * again at the shoulders (with the arms in a T or A pose, the arms' run). The neck is the narrowest
 * row of the first dip from the top whose width is at most `neckRatio` of both the widest row above
 * it and the widest row below it (down to `searchDepth` of the height), under something shaped like
 * a head (not a hat's bent tip, not a whole upper body with its arms spread above a waist). A
 * silhouette with no such dip (a robot whose head sits on its shoulders, long hair down to the
 * shoulders) has no head: its whole core is the torso.
 */
import data from './head-torso.json';
import { ballHeights, medialBalls, type MedialBalls } from './ball-depth';
import { splitParts } from './body-parts';
import { planViewDepths, planViewFactor } from './plan-view-depths';
import { learnedStockyTorso, stockyRule, torsoWidthShare, type StockyTorso } from './stocky-torso';

export interface HeadTorsoDepth {
  /** Depth of the head's balls over their spheres (1: unchanged). */
  head: number;
  /** Depth of the torso's balls over their spheres (1: unchanged). */
  torso: number;
  /** Depth of every other ball (arms, legs, a tail) over its sphere; none: 1, unchanged. */
  rest?: number;
  /** A stocky figure's torso in place of `torso` (`stocky-torso.ts`); none: every torso takes `torso`. */
  stocky?: StockyTorso;
  /**
   * How far the head sits toward the viewer, as a share of its own half-depth (−1..1, negative: away
   * from it; `headTorsoMiddle`). None: 0, symmetric about the picture's plane as the body is.
   */
  headLean?: number;
}

export interface NeckSearchOptions {
  /** A neck row is at most this share of the widest rows above and below it. */
  neckRatio: number;
  /** How far down from the top (share of the subject's height) the neck and the shoulders are looked for. */
  searchDepth: number;
  /** The widest row above a neck is at least this share of the subject's height. */
  minHeadWidth: number;
  /** The widest row above a neck is at most this many times the rows above it. */
  maxHeadAspect: number;
}

export const NECK_SEARCH_DEFAULTS: NeckSearchOptions = { neckRatio: 0.8, searchDepth: 0.6, minHeadWidth: 0.04, maxHeadAspect: 1.75 };

/** The neck row of the subject in `mask` (rows top to bottom, `width` × `height`, 1 = subject), or undefined when it has none. */
export function neckRow(mask: Uint8Array, width: number, height: number, options: NeckSearchOptions = NECK_SEARCH_DEFAULTS): number | undefined {
  let top = -1, bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      if (top < 0) top = y;
      bottom = y;
    }
  }
  if (top < 0 || bottom - top < 8) return undefined;
  const rows = bottom - top + 1;
  const last = Math.min(bottom, top + Math.floor(options.searchDepth * rows));
  // The figure's middle column: the mean column of its upper part (legs and a tail below do not move it).
  let sumX = 0, n = 0;
  for (let y = top; y <= last; y++) for (let x = 0; x < width; x++) if (mask[y * width + x]) { sumX += x; n++; }
  const cx = Math.round(sumX / Math.max(1, n));
  // Per row, the run of subject pixels through the middle column (or through the row's subject pixel nearest it).
  const runs = new Float64Array(last - top + 1);
  for (let y = top; y <= last; y++) {
    const row = y * width;
    let seed = -1;
    for (let d = 0; d < width && seed < 0; d++) {
      if (cx - d >= 0 && cx - d < width && mask[row + cx - d]) seed = cx - d;
      else if (cx + d >= 0 && cx + d < width && mask[row + cx + d]) seed = cx + d;
    }
    if (seed < 0) continue;
    let a = seed, b = seed;
    while (a > 0 && mask[row + a - 1]) a--;
    while (b < width - 1 && mask[row + b + 1]) b++;
    runs[y - top] = b - a + 1;
  }
  // Smoothed over about 1 % of the height: a jagged outline is not a neck.
  const half = Math.max(1, Math.round(rows * 0.005));
  const smooth = Float64Array.from(runs, (_, i) => {
    let s = 0, k = 0;
    for (let j = Math.max(0, i - half); j <= Math.min(runs.length - 1, i + half); j++) { s += runs[j]!; k++; }
    return s / k;
  });
  const above = new Float64Array(smooth.length), below = new Float64Array(smooth.length);
  for (let i = 0, m = 0; i < smooth.length; i++) above[i] = m = Math.max(m, smooth[i]!);
  for (let i = smooth.length - 1, m = 0; i >= 0; i--) below[i] = m = Math.max(m, smooth[i]!);
  const inDip = (i: number): boolean => smooth[i]! <= options.neckRatio * Math.min(above[i]!, below[i]!);
  for (let i = 1; i < smooth.length - 1; i++) {
    if (!inDip(i)) continue;
    let best = i, j = i;
    for (; j < smooth.length && inDip(j); j++) if (smooth[j]! < smooth[best]!) best = j;
    // What lies above a neck is a head: at least `minHeadWidth` of the height wide (not the bent tip
    // of a hat or an antenna) and at most `maxHeadAspect` times as wide as it is tall (not a whole
    // upper body with its arms spread, above a waist).
    if (above[best]! >= options.minHeadWidth * rows && above[best]! <= options.maxHeadAspect * best) return top + best;
    i = j;
  }
  return undefined;
}

/** The silhouette's medial balls split into the head's (centre above the neck), the torso's (a core piece below it) and the rest. */
export function headTorsoBalls(mask: Uint8Array, distance: Float32Array, width: number, height: number): { head: MedialBalls; torso: MedialBalls; rest: MedialBalls } {
  const balls = medialBalls(distance, width, height);
  const neck = neckRow(mask, width, height);
  const parts = splitParts(mask, distance, width, height, true);
  const head: number[] = [], torso: number[] = [], rest: number[] = [];
  for (let k = 0; k < balls.r.length; k++) {
    if (neck !== undefined && balls.y[k]! < neck) head.push(k);
    // A ball belongs to the part its centre lies in, as `ballsByKind` counts them.
    else if (parts.kinds[parts.labels[Math.floor(balls.y[k]!) * width + Math.floor(balls.x[k]!)]!] === 'core') torso.push(k);
    else rest.push(k);
  }
  const pick = (keep: number[]): MedialBalls => ({ x: Float64Array.from(keep, (k) => balls.x[k]!), y: Float64Array.from(keep, (k) => balls.y[k]!), r: Float64Array.from(keep, (k) => balls.r[k]!) });
  return { head: pick(head), torso: pick(torso), rest: pick(rest) };
}

/** Per point, `weight` × the head's depth (`head` × its sphere heights) and the others' (the highest of `torso` × the torso's and the rest's). */
function partDepths(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number, weight: number, exponent: number, depth: HeadTorsoDepth): { head: Float64Array; others: Float64Array } {
  const parts = headTorsoBalls(mask, distance, width, height);
  const stocky = stockyRule(torsoWidthShare(parts.torso, mask, width, height), depth.stocky);
  const p = stocky?.exponent ?? exponent, torsoFactor = stocky?.torso ?? depth.torso;
  const head = ballHeights(points, parts.head, p), torso = ballHeights(points, parts.torso, p), rest = ballHeights(points, parts.rest, p);
  const restFactor = depth.rest ?? 1;
  return {
    head: Float64Array.from(head, (h) => weight * depth.head * h),
    others: Float64Array.from(rest, (r, i) => weight * Math.max(restFactor * r, torsoFactor * torso[i]!)),
  };
}

/** Per point, `weight` × the highest of `head` × the head's sphere heights, `torso` × the torso's and the rest's. */
export function headTorsoProfile(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number, weight: number, exponent: number, depth: HeadTorsoDepth): Float64Array {
  const { head, others } = partDepths(points, mask, distance, width, height, weight, exponent, depth);
  return Float64Array.from(others, (o, i) => Math.max(o, head[i]!));
}

/**
 * The middle plane's offset per point (toward the viewer, the height field's units) that leans the
 * head forward by `headLean` × its half-depth where it stands out of the rest: `headLean` × (the
 * head's depth − the others' there, when positive). Zero where the torso or a limb is as deep as the
 * head (the neck, the shoulders) and on the outline, so the head moves and the body does not, with
 * no step between them. None when there is no lean.
 */
export function headTorsoMiddle(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number, weight: number, exponent: number, depth: HeadTorsoDepth): Float64Array | undefined {
  const lean = depth.headLean ?? 0;
  if (lean === 0) return undefined;
  const { head, others } = partDepths(points, mask, distance, width, height, weight, exponent, depth);
  return Float64Array.from(head, (h, i) => lean * Math.max(0, h - others[i]!));
}

/** The head and torso depths per "<plan>/<view>" (`head-torso.json`, written from `scripts/fit-head-torso.ts`'s left-out choice). */
const DEPTHS = planViewDepths(data, 'head-torso.json', 'head', 'torso');

/**
 * The limbs' depth per "<plan>/<view>" (`head-torso.json` `rests`, written from `scripts/fit-head-torso.ts
 * --rest`: the true meshes' arms and legs over their spheres, above the feet). Checked once on load.
 */
const RESTS = planViewFactor(data, 'head-torso.json', 'rests');

/**
 * The head's lean toward the viewer per "<plan>/<view>" (`head-torso.json` `headLeans`, chosen by
 * `scripts/fit-head-lean.ts`: the benchmark's CD left out by artist). Checked once on load.
 */
const HEAD_LEANS = planViewFactor(data, 'head-torso.json', 'headLeans', [-1, 1]);

/** The learned head and torso depths for a picture of `bodyPlan` taken from `view`, or none (no table entry, no hints). */
export function learnedHeadTorso(bodyPlan?: string, view?: string): HeadTorsoDepth | undefined {
  const pair = DEPTHS(bodyPlan, view);
  const stocky = learnedStockyTorso(bodyPlan, view);
  const rest = RESTS(bodyPlan, view);
  const headLean = HEAD_LEANS(bodyPlan, view);
  return pair && { head: pair[0], torso: pair[1], ...(rest !== undefined ? { rest } : {}), ...(stocky ? { stocky } : {}), ...(headLean !== undefined ? { headLean } : {}) };
}

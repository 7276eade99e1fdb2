/**
 * A fish seen from its flank (issue 29; `bodyPlan` aquatic only). A fish is mirror-symmetric about
 * its body's middle plane, so a picture of its back or belly (from above) is mirror-symmetric about
 * the body's long axis, and so is one nose on; a picture of its flank is not: its back (a dorsal
 * fin, a sail, a hump) and its belly (an anal fin, a lure, a jaw) differ. `flankSymmetry` reads that
 * from the silhouette alone (the mirror overlap about the principal axis through the centroid), so
 * it holds for a fish drawn lying, standing on its head or seen from a camera the caller called
 * "front". On a flank picture the view axis is the fish's lateral one, and a fish's body seen from
 * its flank is compressed sideways: its half-width is `k` × the half-height the medial balls give
 * it (`fish-flank.json`, learned from the dev set's true meshes per plan, left out by artist;
 * `scripts/fit-fish-flank.ts`). The trunk is split from the median fins as `fins-wings.ts` splits a
 * side picture (`sideAxis`, `splitByAxis`): the trunk's balls × `k`, the fins' × `sideLateral`.
 * Every other plan, and flank pictures where the table has no entry, build exactly as before.
 *
 * Separately (`outlineExponents`, no fitted number but the flank test's `below`): a flank picture of a
 * listed plan takes its ball profile's exponent from its trunk's outline (`outline-exponent.ts`), what
 * view the caller named (a fish whose file stands head down is pictured "front" on its flank).
 */
import { ballHeights, medialBalls } from './ball-depth';
import { sideAxis, splitByAxis } from './fins-wings';
import data from './fish-flank.json';

/** `trunk`: the trunk balls' height scale on a flank picture; `below`: a picture is a flank where `flankSymmetry` is below it. */
export interface FishFlankRule { trunk: number; below: number }

/**
 * `below`: a picture of the plan is a flank where `flankSymmetry` is below it, and its ball profile's exponent is read from its trunk's outline (`outline-exponent.ts`);
 * `width` (optional): its trunk is then `flankWidth(p, width)` × as wide as the prior makes it (`fishFlankProfile`), the anatomy's link between a fish's section and its width.
 */
export interface FlankExponentRule { below: number; width?: number }

/**
 * How wide a fish's trunk is, over the prior's, for a cross-section of superellipse exponent `p`:
 * (p / 2)^`width`. On the set's true meshes a fish's width follows its section's fullness across both
 * artists (a pointed section, p near 1, is a blade; a boxy one, p near 3, wider than round); 2, the
 * ellipse, is the prior's own round body (×1). `width` is that link's exponent, fitted on the true
 * meshes' anatomy (`scripts/fit-fish-flank.ts --width`), not on any model's score.
 */
export function flankWidth(p: number, width: number): number {
  return Math.pow(p / 2, width);
}

interface FlankTable { plans: Record<string, FishFlankRule>; outlineExponents: Record<string, FlankExponentRule> }

function checkedTable(raw: unknown): FlankTable {
  const plans: unknown = typeof raw === 'object' && raw !== null && 'plans' in raw ? Reflect.get(raw, 'plans') : undefined;
  if (typeof plans !== 'object' || plans === null) throw new Error('fish-flank.json: bad "plans"');
  const out: Record<string, FishFlankRule> = {};
  for (const [plan, rule] of Object.entries(plans)) {
    const trunk: unknown = typeof rule === 'object' && rule !== null ? Reflect.get(rule, 'trunk') : undefined;
    const below: unknown = typeof rule === 'object' && rule !== null ? Reflect.get(rule, 'below') : undefined;
    if (typeof trunk !== 'number' || !(trunk > 0 && trunk <= 4)) throw new Error(`fish-flank.json: bad trunk for ${plan}`);
    if (typeof below !== 'number' || !(below > 0 && below <= 1)) throw new Error(`fish-flank.json: bad "below" for ${plan}`);
    out[plan] = { trunk, below };
  }
  const exponents: unknown = typeof raw === 'object' && raw !== null && 'outlineExponents' in raw ? Reflect.get(raw, 'outlineExponents') : {};
  if (typeof exponents !== 'object' || exponents === null) throw new Error('fish-flank.json: bad "outlineExponents"');
  const outlineExponents: Record<string, FlankExponentRule> = {};
  for (const [plan, rule] of Object.entries(exponents)) {
    const below: unknown = typeof rule === 'object' && rule !== null ? Reflect.get(rule, 'below') : undefined;
    const width: unknown = typeof rule === 'object' && rule !== null ? Reflect.get(rule, 'width') : undefined;
    if (typeof below !== 'number' || !(below > 0 && below <= 1)) throw new Error(`fish-flank.json: bad outline exponent "below" for ${plan}`);
    if (width !== undefined && (typeof width !== 'number' || !(width >= 0 && width <= 4))) throw new Error(`fish-flank.json: bad outline exponent "width" for ${plan}`);
    outlineExponents[plan] = { below, ...(typeof width === 'number' ? { width } : {}) };
  }
  return { plans: out, outlineExponents };
}

const TABLE = checkedTable(data);

/** The learned flank rule for `bodyPlan`, or undefined where none is learned. */
export function learnedFishFlank(bodyPlan: string | undefined): FishFlankRule | undefined {
  return bodyPlan === undefined ? undefined : TABLE.plans[bodyPlan];
}

/** Where a flank picture of `bodyPlan` takes its ball exponent from its trunk's outline, or undefined where it does not. */
export function learnedFlankExponent(bodyPlan: string | undefined): FlankExponentRule | undefined {
  return bodyPlan === undefined ? undefined : TABLE.outlineExponents[bodyPlan];
}

/** Mirror overlap of the mask about the line through (`mx`, `my`) along the unit direction (`dx`, `dy`): |M ∩ mirror(M)| / |M|. */
function overlapAbout(mask: Uint8Array, width: number, height: number, mx: number, my: number, dx: number, dy: number): number {
  let count = 0, both = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    count++;
    const u = (i % width) + 0.5 - mx, v = Math.floor(i / width) + 0.5 - my;
    // Reflect (u, v) about the line: 2 (p·d) d − p.
    const along = u * dx + v * dy;
    const rx = Math.floor(mx + 2 * along * dx - u), ry = Math.floor(my + 2 * along * dy - v);
    if (rx >= 0 && ry >= 0 && rx < width && ry < height && mask[ry * width + rx]) both++;
  }
  return count ? both / count : 0;
}

/**
 * How mirror-symmetric the silhouette is about either of its principal axes (the long and the short
 * direction of its pixels' second moments, through their centroid): the larger mirror overlap. A fish
 * from above is symmetric about its long axis, nose on about its dorsoventral one (long or short as
 * the fish is deep or wide); its flank about neither. 0 for an empty mask.
 */
export function flankSymmetry(mask: Uint8Array, width: number, height: number): number {
  let count = 0, sx = 0, sy = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) { count++; sx += (i % width) + 0.5; sy += Math.floor(i / width) + 0.5; }
  if (!count) return 0;
  const mx = sx / count, my = sy / count;
  let xx = 0, yy = 0, xy = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const u = (i % width) + 0.5 - mx, v = Math.floor(i / width) + 0.5 - my;
    xx += u * u; yy += v * v; xy += u * v;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy), dx = Math.cos(angle), dy = Math.sin(angle);
  return Math.max(overlapAbout(mask, width, height, mx, my, dx, dy), overlapAbout(mask, width, height, mx, my, -dy, dx));
}

/** Whether the picture is a fish's flank under `rule` (its silhouette less symmetric about its long axis than `rule.below`). */
export function isFlank(mask: Uint8Array, width: number, height: number, rule: FishFlankRule): boolean {
  return flankSymmetry(mask, width, height) < rule.below;
}

/**
 * The prior's ball term (`weight` · B at each point) of a flank picture: the trunk's balls (their
 * disc reaches the trunk's axis, `sideAxis`) × `trunk`, the median fins' (off it) × `fins`.
 */
export function fishFlankProfile(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number,
  weight: number, exponent: number, trunk: number, fins: number): Float64Array {
  const split = splitByAxis(medialBalls(distance, width, height), sideAxis(mask, distance, width));
  const t = ballHeights(points, split.trunk, exponent), l = ballHeights(points, split.lateral, exponent);
  return Float64Array.from(t, (h, i) => Math.max(trunk * h, fins * l[i]!) * weight);
}

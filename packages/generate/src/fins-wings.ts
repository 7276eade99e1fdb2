/**
 * Fins and wings as thin plates, bodies round (issue 29; fish and flyers only: `bodyPlan` aquatic or
 * avian). The depth prior makes every part as deep as it is wide (`ball-depth.ts`), right for trunks
 * and heads, wrong for the big flat parts of these two plans: a bee's wings, a dolphin's flippers, a
 * butterfly's wings seen from above or the front, and a fish's flat-sided body seen from the side.
 *
 * - **Front and top pictures**: a fish or flyer is mirror-symmetric about its body's middle plane,
 *   which such a picture shows as a line: the vertical line through the silhouette's centroid from
 *   the front (a body stands upright), from above the vertical or the horizontal line, whichever the
 *   silhouette is more mirror-symmetric about (a body seen from above may lie either way). A medial
 *   ball whose disc reaches that line is the trunk (its sphere as the prior makes it); a ball whose
 *   disc lies wholly to one side is a lateral part (a wing, a flipper, a pectoral fin) and its height
 *   is scaled by `lateral` (a plate: 0 flat, 1 as the prior). The depth is the highest over the
 *   trunk's spheres and the lateral parts' scaled ones, one height field over the one outline, as
 *   `ball-depth.ts` builds it (no interior faces; the trunk's spheres cover the wing roots).
 * - **Side pictures, median fins**: a fish seen from the side shows its body along its length and its
 *   median fins (dorsal, anal: a sail, a crest) standing off it; the trunk's axis runs through the
 *   silhouette's deepest point along its long direction (`sideAxis`), a ball whose disc stays off it
 *   is a fin and its height is scaled by `sideLateral` (per plan: fish only, flyers' folded wings
 *   are their widest part and the axis runs through them).
 * - **Side pictures, length cap**: the body's middle plane is the picture's plane, so no line shows it; a fish
 *   seen from the side is as thick as a share of its **length**, however tall its body (a deep-bodied
 *   fish is flat-sided, a slim one round): the half-depth is held to `lengthCap` × the silhouette's
 *   longer side (a lens-shaped body, thin towards its tail and fins, where the prior's width already
 *   is small).
 *
 * The numbers (`lateral` for both plans, `lengthCaps` and `sideLaterals` per plan) live in `fins-wings.json`, fitted by `scripts/fit-fins-wings.ts` on the dev set's
 * fish and flyers, chosen leaving one artist out (see packages/generate/docs/shape.md); `trunkCaps` per plan and
 * view is measured on the set's true meshes instead (`scripts/fit-trunk-anatomy.ts`, left out by artist). Every other plan, and
 * these plans with `finsWings: false`, build exactly as before.
 */
import { ballHeights, medialBalls, type MedialBalls } from './ball-depth';
import data from './fins-wings.json';

/**
 * `lateral`: the height scale of balls off the body's middle line (front and top pictures); `trunk` that of the balls on it (default 1);
 * `trunkCap`: the trunk balls' height at most `trunkCap` × the body's half-width between its wings (`middleBandHalfWidth`; none by default;
 * the table's `ownTrunks` sets `trunk` and `trunkCap` to one k per plan and view: the trunk k × min(its sphere, that half-width));
 * `lengthCap`: the half-depth over the silhouette's longer side at most (side pictures); absent: no rule;
 * `sideLateral`: the height scale of a side picture's balls off the trunk's axis (median fins, a sail, folded wings); absent: no rule;
 * `plateLift`: front and top pictures, the lateral parts' middle plane moved towards the camera by `plateLift` × the trunk's largest
 * half-depth (`plateMiddle`: wings on a flyer's back, seen from above; negative: flippers at a fish's belly); absent: 0.
 */
export interface FinsWingsRule { lateral?: number; lengthCap?: number; trunk?: number; trunkCap?: number; sideLateral?: number; plateLift?: number }

interface FinsWingsTable {
  plans: string[]; lateral?: number; trunkCap?: number; lengthCaps: Record<string, number>; trunks: Record<string, number>; sideLaterals: Record<string, number>;
  /** Per `plan/view` (front or top): the trunk as deep as k × its own width, k × min(its sphere, the body's half-width between its wings) (`trunk` and `trunkCap` both k). */
  ownTrunks: Record<string, number>;
  /**
   * Per `plan/view` (front or top): `trunkCap` alone, learned from the true meshes' anatomy
   * (`scripts/fit-trunk-anatomy.ts`: the body's largest half-depth over the prior's depth of its own
   * half-width, the median over the set's characters of the plan seen from the view).
   */
  trunkCaps: Record<string, number>;
  /**
   * Per plan: the `plateLift` of a front or top picture that is not a flank and shows flukes
   * (`flukes.ts`: a cetacean's flippers hang at its belly). −1 puts the plates' middle at the
   * trunk's largest half-depth below its middle: the belly, by the lift's own definition.
   */
  flukedLifts: Record<string, number>;
}

function checkedTable(raw: unknown): FinsWingsTable {
  const get = (key: string): unknown => {
    if (typeof raw !== 'object' || raw === null || !(key in raw)) return undefined;
    const value: unknown = Reflect.get(raw, key);
    return value;
  };
  const plans = get('plans'), lateral = get('lateral'), trunkCap = get('trunkCap'), caps = get('lengthCaps') ?? {}, trunkTable = get('trunks') ?? {};
  const sideTable = get('sideLaterals') ?? {}, ownTable = get('ownTrunks') ?? {}, capTable = get('trunkCaps') ?? {}, flukedTable = get('flukedLifts') ?? {};
  if (!Array.isArray(plans) || !plans.every((p): p is string => typeof p === 'string')) throw new Error('fins-wings.json: bad "plans"');
  if (lateral !== undefined && (typeof lateral !== 'number' || !(lateral >= 0 && lateral <= 1))) throw new Error('fins-wings.json: bad "lateral"');
  if (trunkCap !== undefined && (typeof trunkCap !== 'number' || !(trunkCap > 0 && trunkCap <= 100))) throw new Error('fins-wings.json: bad "trunkCap"');
  if (typeof caps !== 'object' || caps === null) throw new Error('fins-wings.json: bad "lengthCaps"');
  const lengthCaps: Record<string, number> = {};
  for (const [plan, cap] of Object.entries(caps)) {
    if (typeof cap !== 'number' || !(cap > 0 && cap <= 1)) throw new Error(`fins-wings.json: bad length cap ${plan}`);
    lengthCaps[plan] = cap;
  }
  if (typeof trunkTable !== 'object' || trunkTable === null) throw new Error('fins-wings.json: bad "trunks"');
  const trunks: Record<string, number> = {};
  for (const [plan, t] of Object.entries(trunkTable)) {
    if (typeof t !== 'number' || !(t > 0 && t <= 3)) throw new Error(`fins-wings.json: bad trunk ${plan}`);
    trunks[plan] = t;
  }
  if (typeof sideTable !== 'object' || sideTable === null) throw new Error('fins-wings.json: bad "sideLaterals"');
  const sideLaterals: Record<string, number> = {};
  for (const [plan, v] of Object.entries(sideTable)) {
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new Error(`fins-wings.json: bad side lateral ${plan}`);
    sideLaterals[plan] = v;
  }
  if (typeof ownTable !== 'object' || ownTable === null) throw new Error('fins-wings.json: bad "ownTrunks"');
  const ownTrunks: Record<string, number> = {};
  for (const [key, k] of Object.entries(ownTable)) {
    if (!/^[a-z]+\/(front|top)$/.test(key) || typeof k !== 'number' || !(k > 0 && k <= 3)) throw new Error(`fins-wings.json: bad own trunk ${key}`);
    ownTrunks[key] = k;
  }
  if (typeof capTable !== 'object' || capTable === null) throw new Error('fins-wings.json: bad "trunkCaps"');
  const trunkCaps: Record<string, number> = {};
  for (const [key, k] of Object.entries(capTable)) {
    if (!/^[a-z]+\/(front|top)$/.test(key) || typeof k !== 'number' || !(k > 0 && k <= 100)) throw new Error(`fins-wings.json: bad trunk cap ${key}`);
    trunkCaps[key] = k;
  }
  if (typeof flukedTable !== 'object' || flukedTable === null) throw new Error('fins-wings.json: bad "flukedLifts"');
  const flukedLifts: Record<string, number> = {};
  for (const [plan, v] of Object.entries(flukedTable)) {
    if (typeof v !== 'number' || !(v >= -2 && v <= 2)) throw new Error(`fins-wings.json: bad fluked lift ${plan}`);
    flukedLifts[plan] = v;
  }
  return { plans, ...(typeof lateral === 'number' ? { lateral } : {}), ...(typeof trunkCap === 'number' ? { trunkCap } : {}), lengthCaps, trunks, sideLaterals, ownTrunks, trunkCaps, flukedLifts };
}

const TABLE = checkedTable(data);

/** The learned rule for a picture of `bodyPlan` from `view`, or undefined where none applies. */
export function learnedFinsWings(bodyPlan: string | undefined, view: string | undefined): FinsWingsRule | undefined {
  if (!bodyPlan || !TABLE.plans.includes(bodyPlan) || !view) return undefined;
  const trunk = TABLE.trunks[bodyPlan];
  if ((view === 'front' || view === 'top') && TABLE.lateral !== undefined) {
    // A trunk as deep as its own width where one is learned for the plan and view (it sets both the scale and the cap).
    const own = TABLE.ownTrunks[`${bodyPlan}/${view}`];
    if (own !== undefined) return { lateral: TABLE.lateral, trunk: own, trunkCap: own };
    // The plan and view's anatomical cap where one is learned, else the table's cap for every plan and view (none shipped).
    const cap = TABLE.trunkCaps[`${bodyPlan}/${view}`] ?? TABLE.trunkCap;
    return { lateral: TABLE.lateral, ...(trunk !== undefined ? { trunk } : {}), ...(cap !== undefined ? { trunkCap: cap } : {}) };
  }
  const cap = TABLE.lengthCaps[bodyPlan], side = TABLE.sideLaterals[bodyPlan];
  if (view === 'side' && (cap !== undefined || side !== undefined)) return { ...(cap !== undefined ? { lengthCap: cap } : {}), ...(side !== undefined ? { sideLateral: side } : {}) };
  return undefined;
}

/** The plate lift of a front or top picture of `bodyPlan` that shows flukes (`flukes.ts`), or undefined where none is set. */
export function learnedFlukedLift(bodyPlan: string | undefined): number | undefined {
  return bodyPlan === undefined ? undefined : TABLE.flukedLifts[bodyPlan];
}

/** Mirror overlap of a mask about the vertical (`horizontal` false) or horizontal line through `centre`: |M ∩ mirror(M)| / |M|. */
export function mirrorOverlap(mask: Uint8Array, width: number, height: number, centre: number, horizontal: boolean): number {
  let count = 0, both = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      count++;
      const mx = horizontal ? x : Math.round(2 * centre - x - 1), my = horizontal ? Math.round(2 * centre - y - 1) : y;
      if (mx >= 0 && my >= 0 && mx < width && my < height && mask[my * width + mx]) both++;
    }
  }
  return count ? both / count : 0;
}

/** The body's middle line in a front or top picture: `horizontal` (a row) or not (a column), at `at` (pixel coordinates of the traced outline). */
export interface MiddleLine { horizontal: boolean; at: number }

export function middleLine(mask: Uint8Array, width: number, height: number, view: 'front' | 'top'): MiddleLine {
  let count = 0, sx = 0, sy = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) { count++; sx += (i % width) + 0.5; sy += Math.floor(i / width) + 0.5; }
  const cx = count ? sx / count : width / 2, cy = count ? sy / count : height / 2;
  if (view === 'front') return { horizontal: false, at: cx };
  const vertical = mirrorOverlap(mask, width, height, cx, false), across = mirrorOverlap(mask, width, height, cy, true);
  return across > vertical ? { horizontal: true, at: cy } : { horizontal: false, at: cx };
}

/** A side picture's trunk axis: the line through (`x`, `y`) along the unit direction (`dx`, `dy`), pixels. */
export interface TrunkAxis { x: number; y: number; dx: number; dy: number }

/**
 * The trunk's axis in a side picture: through the silhouette's deepest point (the centre of its
 * largest inscribed disc) along the silhouette's long direction (the principal axis of its pixels'
 * second moments). From the side a fish or flyer shows its body lying along its length with its
 * median fins (dorsal, anal: a sail, a crest) and folded wings standing off it; the thickest part of
 * the silhouette is the trunk, and a part whose every disc stays off the axis is a fin. The long
 * direction, not the picture's horizontal: a fish drawn head down is as long vertically.
 * `distance`: the mask's distance transform. Ties go to the first pixel (deterministic).
 */
export function sideAxis(mask: Uint8Array, distance: Float32Array, width: number): TrunkAxis {
  let best = -1, x = 0, y = 0, count = 0, sx = 0, sy = 0;
  for (let i = 0; i < distance.length; i++) {
    if (!mask[i]) continue;
    const px = (i % width) + 0.5, py = Math.floor(i / width) + 0.5;
    count++; sx += px; sy += py;
    if (distance[i]! > best) [best, x, y] = [distance[i]!, px, py];
  }
  const mx = count ? sx / count : 0, my = count ? sy / count : 0;
  let xx = 0, yy = 0, xy = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const u = (i % width) + 0.5 - mx, v = Math.floor(i / width) + 0.5 - my;
    xx += u * u; yy += v * v; xy += u * v;
  }
  // The major axis of the second-moment ellipse: angle ½·atan2(2·xy, xx − yy).
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return { x, y, dx: Math.cos(angle), dy: Math.sin(angle) };
}

/** Split medial balls into those whose disc reaches the trunk's axis (trunk) and the rest (off it: fins). */
export function splitByAxis(balls: MedialBalls, axis: TrunkAxis): { trunk: MedialBalls; lateral: MedialBalls } {
  const trunk: number[] = [], lateral: number[] = [];
  for (let k = 0; k < balls.r.length; k++) {
    const d = Math.abs((balls.x[k]! - axis.x) * axis.dy - (balls.y[k]! - axis.y) * axis.dx);
    (d <= balls.r[k]! ? trunk : lateral).push(k);
  }
  const pick = (ks: number[]): MedialBalls => ({ x: Float64Array.from(ks, (k) => balls.x[k]!), y: Float64Array.from(ks, (k) => balls.y[k]!), r: Float64Array.from(ks, (k) => balls.r[k]!) });
  return { trunk: pick(trunk), lateral: pick(lateral) };
}

/** Split medial balls into those whose disc reaches the line (trunk) and the rest (lateral). */
export function splitByLine(balls: MedialBalls, line: MiddleLine): { trunk: MedialBalls; lateral: MedialBalls } {
  const trunk: number[] = [], lateral: number[] = [];
  for (let k = 0; k < balls.r.length; k++) {
    const d = Math.abs((line.horizontal ? balls.y[k]! : balls.x[k]!) - line.at);
    (d <= balls.r[k]! ? trunk : lateral).push(k);
  }
  const pick = (ks: number[]): MedialBalls => ({ x: Float64Array.from(ks, (k) => balls.x[k]!), y: Float64Array.from(ks, (k) => balls.y[k]!), r: Float64Array.from(ks, (k) => balls.r[k]!) });
  return { trunk: pick(trunk), lateral: pick(lateral) };
}

/**
 * The body's own half-width along its middle line, robust to the wings: for every row across the line
 * (a row of pixels perpendicular to it) whose pixel on the line is in the mask, the half-length of the
 * mask's run through that pixel. Where wings or flippers meet the body the run spans them (a
 * butterfly's runs are its wingspan but at its head and abdomen), far wider than the largest disc
 * inscribed at the line pixel (`distance`, the mask's distance transform); a row of the body alone is
 * about as wide as that disc. The median over the rows whose half-length is at most twice the disc's
 * radius (plus a pixel); Infinity when there are none.
 */
export function middleBandHalfWidth(mask: Uint8Array, distance: Float32Array, width: number, height: number, line: MiddleLine): number {
  const along = line.horizontal ? width : height, across = line.horizontal ? height : width;
  const at = Math.min(across - 1, Math.max(0, Math.floor(line.at)));
  const index = (u: number, v: number): number => (line.horizontal ? v * width + u : u * width + v);
  const halves: number[] = [];
  for (let u = 0; u < along; u++) {
    if (!mask[index(u, at)]) continue;
    let a = at, b = at;
    while (a > 0 && mask[index(u, a - 1)]) a--;
    while (b < across - 1 && mask[index(u, b + 1)]) b++;
    const half = (b - a + 1) / 2;
    if (half <= 2 * distance[index(u, at)]! + 1) halves.push(half);
  }
  if (!halves.length) return Infinity;
  halves.sort((x, y) => x - y);
  return halves[Math.floor(0.5 * (halves.length - 1))]!;
}

/** The side rule's largest half-depth in pixels: `lengthCap` × the mask's longer side (Infinity with no cap). */
export function lengthCapPixels(mask: Uint8Array, width: number, height: number, rule: FinsWingsRule): number {
  if (rule.lengthCap === undefined) return Infinity;
  let x0 = width, x1 = -1, y0 = height, y1 = -1;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % width, y = Math.floor(i / width);
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  return rule.lengthCap * Math.max(x1 - x0 + 1, y1 - y0 + 1, 0);
}

/**
 * The prior's ball term (`weight` · B at each point, as `ballProfile`) with the rule's `lateral`
 * applied. A front or top picture: balls off the middle line × `lateral`, the trunk's × `trunk`, held
 * to `trunkCap` × the middle band's half-width. A side picture (the caller passes its `sideLateral`
 * as `lateral`): balls off the trunk's axis (`sideAxis`) × `lateral`, the trunk's as the prior makes
 * them. (A side picture's `lengthCap` is a cap on the ball term, applied where the ball term is
 * built: `lengthCapPixels`.)
 */
export function finsWingsProfile(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number,
  weight: number, exponent: number, view: 'front' | 'top' | 'side', rule: FinsWingsRule & { lateral: number }): Float64Array {
  const balls = medialBalls(distance, width, height);
  if (view === 'side') {
    // A side picture: the balls off the trunk's axis × `lateral`, the trunk as the prior makes it.
    const { trunk, lateral } = splitByAxis(balls, sideAxis(mask, distance, width));
    const t = ballHeights(points, trunk, exponent), l = ballHeights(points, lateral, exponent);
    return Float64Array.from(t, (h, i) => Math.max(h, rule.lateral * l[i]!) * weight);
  }
  const line = middleLine(mask, width, height, view);
  const { trunk, lateral } = splitByLine(balls, line);
  const t = ballHeights(points, trunk, exponent), l = ballHeights(points, lateral, exponent);
  const k = rule.trunk ?? 1;
  const trunkMax = rule.trunkCap === undefined ? Infinity : rule.trunkCap * middleBandHalfWidth(mask, distance, width, height, line);
  const heights = Float64Array.from(t, (h, i) => Math.max(Math.min(k * h, trunkMax), rule.lateral * l[i]!));
  for (let i = 0; i < heights.length; i++) heights[i] = heights[i]! * weight;
  return heights;
}

/**
 * Where the lateral parts of a front or top picture sit front to back: the offset of the middle
 * plane at each point (pixels, + towards the camera, the same units as `finsWingsProfile`'s heights),
 * `lift` × the trunk's largest half-depth (its tallest ball's sphere × `weight`), ramped in from 0 at
 * the edge of the trunk's discs to all of it one largest trunk radius out (a wing bends up from its
 * root, so the surface stays one height field, continuous and closed). Seen from above a flyer's wings
 * join its thorax at its back and a fish's flippers at its belly, where the symmetric build puts both
 * at the outline's plane; inside the trunk's discs the offset is 0 (the trunk as built).
 */
export function plateMiddle(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number,
  weight: number, exponent: number, view: 'front' | 'top', lift: number): Float64Array {
  const n = points.length / 2;
  const middle = new Float64Array(n);
  if (lift === 0) return middle;
  const { trunk } = splitByLine(medialBalls(distance, width, height), middleLine(mask, width, height, view));
  if (!trunk.r.length) return middle;
  const t = ballHeights(points, trunk, exponent);
  let tallest = 0, radius = 0;
  for (let i = 0; i < n; i++) tallest = Math.max(tallest, t[i]!);
  for (let k = 0; k < trunk.r.length; k++) radius = Math.max(radius, trunk.r[k]!);
  const offset = lift * tallest * weight;
  for (let i = 0; i < n; i++) {
    const px = points[i * 2]!, py = points[i * 2 + 1]!;
    let gap = Infinity;
    for (let k = 0; k < trunk.r.length && gap > 0; k++) gap = Math.min(gap, Math.hypot(px - trunk.x[k]!, py - trunk.y[k]!) - trunk.r[k]!);
    middle[i] = offset * Math.min(1, Math.max(0, gap) / Math.max(radius, 1e-9));
  }
  return middle;
}

/**
 * Learned depth priors: how deep a character is behind its picture, as a function of how wide the
 * silhouette is there, per body plan and per view the picture was taken from (a front picture hides
 * a different extent than a side or top one). Half-depth (pixels) = a · H · (√(4u) / H)^b + c · B, with
 * u the inflation's Poisson solution, H the outline's height in pixels and B the medial balls' sphere
 * height (`ball-depth.ts`): b < 1 would make narrow parts relatively deeper than wide ones; the fit
 * chose B alone (a = 0), which makes every part as deep as it is wide before the per-view scale c.
 *
 * The numbers live in `depth-priors.json`, written by `scripts/fit-depth-priors.ts` from the rig
 * development set's true meshes (form chosen leaving one artist out; see packages/generate/docs/depth-priors.md).
 */
import { PICTURE_VIEWS, type PictureView } from '@rigforge/vocabulary';
import data from './depth-priors.json';

/** The views a picture can be taken from, as the benchmark and the fit name them. */
export { PICTURE_VIEWS, type PictureView };

/** A body plan gets its own prior only when the set has at least this many characters of it. */
export const DEPTH_PRIOR_MIN_CHARACTERS = 3;

/**
 * Half-depth = a · H · (√(4u)/H)^b + c · B (B: the medial balls' height, `ball-depth.ts`; c absent = 0),
 * each ball lifted to the profile of exponent `BALL_EXPONENT` (2 a sphere).
 */
export interface DepthPrior { a: number; b: number; c: number }
/** Keys "<plan>/<view>", "<plan>/any", "any/<view>", "any/any". */
export type DepthPriorTable = Record<string, DepthPrior>;

function checkedTable(raw: unknown): DepthPriorTable {
  const priors = typeof raw === 'object' && raw !== null && 'priors' in raw ? raw.priors : undefined;
  if (typeof priors !== 'object' || priors === null) throw new Error('depth-priors.json: no "priors" table');
  const table: DepthPriorTable = {};
  for (const [key, value] of Object.entries(priors)) {
    const a: unknown = typeof value === 'object' && value !== null && 'a' in value ? value.a : undefined;
    const b: unknown = typeof value === 'object' && value !== null && 'b' in value ? value.b : undefined;
    const c: unknown = typeof value === 'object' && value !== null && 'c' in value ? value.c : 0;
    if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number' || !(a >= 0) || !(b > 0) || !(c >= 0) || !(a + c > 0)) {
      throw new Error(`depth-priors.json: bad prior ${key}`);
    }
    table[key] = { a, b, c };
  }
  if (!table['any/any']) throw new Error('depth-priors.json: no "any/any" prior');
  return table;
}

/** The balls' profile exponent of the whole table (`scripts/fit-ball-profile.ts`), 2 when absent. */
function checkedExponent(raw: unknown): number {
  const p: unknown = typeof raw === 'object' && raw !== null && 'ballExponent' in raw ? raw.ballExponent : 2;
  if (typeof p !== 'number' || !(p >= 1) || !(p <= 8)) throw new Error('depth-priors.json: bad "ballExponent"');
  return p;
}

/**
 * A number per picture view from the table's `key` object (`{ "<view>": value }`), each within
 * [min, max]; a view without one is absent. The leans and the per-view ball exponents are read so.
 */
function checkedPerView(raw: unknown, key: string, what: string, min: number, max: number): Partial<Record<PictureView, number>> {
  const table: unknown = typeof raw === 'object' && raw !== null && key in raw ? Reflect.get(raw, key) : {};
  if (typeof table !== 'object' || table === null) throw new Error(`depth-priors.json: bad "${key}"`);
  const out: Partial<Record<PictureView, number>> = {};
  for (const [view, value] of Object.entries(table)) {
    const known = PICTURE_VIEWS.find((v) => v === view);
    if (!known || typeof value !== 'number' || !(value >= min && value <= max)) throw new Error(`depth-priors.json: bad ${what} ${view}`);
    out[known] = value;
  }
  return out;
}

/** The side legs' spread per body plan ("legSpreads": { "<plan>": s, "any": s }, `scripts/fit-leg-spread.ts`); none: flush (1). */
function checkedLegSpreads(raw: unknown): Record<string, number> {
  const spreads: unknown = typeof raw === 'object' && raw !== null && 'legSpreads' in raw ? raw.legSpreads : {};
  if (typeof spreads !== 'object' || spreads === null) throw new Error('depth-priors.json: bad "legSpreads"');
  const out: Record<string, number> = {};
  for (const [plan, value] of Object.entries(spreads)) {
    if (typeof value !== 'number' || !(value >= 0 && value <= 3)) throw new Error(`depth-priors.json: bad leg spread ${plan}`);
    out[plan] = value;
  }
  return out;
}

const TABLE = checkedTable(data);
/** The lean per view ("leans": { "top": β }, `scripts/fit-lean.ts`), 0 for a view without one. */
const LEANS = checkedPerView(data, 'leans', 'lean', -1, 1);
/**
 * The profile every medial ball is lifted to for the depth (`ballHeights`' exponent: 2 a sphere,
 * larger fuller towards the rim); the table's "ballExponent", fitted by `scripts/fit-ball-profile.ts`.
 */
export const BALL_EXPONENT = checkedExponent(data);

/** The balls' profile exponent per view where one was taken ("ballExponents": { "side": p }); others take the table's. */
const VIEW_EXPONENTS = checkedPerView(data, 'ballExponents', 'ball exponent', 1, 8);

/**
 * The ball profile's exponent for a picture taken from `view`. Seen from the side, a body's cross
 * section across the picture (flank to flank) is fuller than a circle (a trunk, a fleece, a fish's
 * flank): side pictures take p = 2.5 with the side prior's scale refitted for it (the ball-profile
 * round's fit, `scripts/fit-ball-profile.ts`), taken for side pictures only because there it holds
 * left out by artist on the benchmark (every artist with a side picture gains; see the package
 * README, *A fuller cross-section for side pictures*). Front and top pictures keep the table's.
 */
export function ballExponent(view?: PictureView): number {
  return (view && VIEW_EXPONENTS[view]) ?? BALL_EXPONENT;
}
const LEG_SPREADS = checkedLegSpreads(data);

/**
 * A plan pictured from a view it is rarely best pictured from ("planViews": { "<plan>/<view>": {
 * scale, lean } }, `scripts/fit-plan-view-depth.ts`): the depth scale over the view's prior and the
 * lean, fitted on every character of the plan pictured from that view.
 */
interface PlanView { scale: number; lean: number }
function checkedPlanViews(raw: unknown): Record<string, PlanView> {
  const table: unknown = typeof raw === 'object' && raw !== null && 'planViews' in raw ? raw.planViews : {};
  if (typeof table !== 'object' || table === null) throw new Error('depth-priors.json: bad "planViews"');
  const out: Record<string, PlanView> = {};
  for (const [key, value] of Object.entries(table)) {
    const scale: unknown = typeof value === 'object' && value !== null && 'scale' in value ? value.scale : undefined;
    const lean: unknown = typeof value === 'object' && value !== null && 'lean' in value ? value.lean : 0;
    const view = key.split('/')[1];
    if (!PICTURE_VIEWS.some((v) => v === view) || typeof scale !== 'number' || !(scale > 0 && scale <= 10) || typeof lean !== 'number' || !(lean >= -1 && lean <= 1)) {
      throw new Error(`depth-priors.json: bad plan view ${key}`);
    }
    out[key] = { scale, lean };
  }
  return out;
}
const PLAN_VIEWS = checkedPlanViews(data);

/**
 * The prior for a picture: the plan's prior for that view if the set had enough of the plan, else
 * the view's prior over all plans; with no view, the plan's (or everyone's) prior over the views
 * the set's characters are best pictured from.
 */
export function depthPrior(bodyPlan?: string, view?: PictureView): DepthPrior {
  const plan = bodyPlan ?? 'any';
  const v = view ?? 'any';
  const prior = TABLE[`${plan}/${v}`] ?? (view ? TABLE[`any/${v}`] : TABLE[`${plan}/any`]) ?? TABLE['any/any']!;
  // A plan seen from a view it is rarely best pictured from: the prior scaled as fitted on the plan's
  // characters pictured from there (a four-legged body seen from the front is deep as it is long).
  const planView = bodyPlan && view ? PLAN_VIEWS[`${bodyPlan}/${view}`] : undefined;
  return planView ? { ...prior, a: prior.a * planView.scale, c: prior.c * planView.scale } : prior;
}


/**
 * How far a body pictured from `view` sits on its back sheet (`build-closed-mesh.ts`'s `lean`): the
 * depth axis of a picture from above is the vertical, and more of a body seen from there lies above
 * its outline's plane than below (a back rising over legs and a belly on the ground). The plan's
 * lean for the view where one was fitted (`planViews`, `scripts/fit-plan-view-depth.ts`), else the
 * table's lean for the view, chosen leaving one artist out by `scripts/fit-lean.ts`; 0 (symmetric) for a
 * view without one and for no view.
 */
export function depthLean(view?: PictureView, bodyPlan?: string): number {
  const planView = bodyPlan && view ? PLAN_VIEWS[`${bodyPlan}/${view}`] : undefined;
  return planView ? planView.lean : view ? (LEANS[view] ?? 0) : 0;
}

/**
 * How far apart the left and right legs of a side picture stand (`layered-parts.ts`): each leg's
 * middle plane at ±spread·(body half-depth − leg half-depth), 1 with its outer side flush with the
 * body's. The table's spread for the plan (else its "any"), chosen leaving one artist out by
 * `scripts/fit-leg-spread.ts`; 1 when the table has none.
 */
export function depthLegSpread(bodyPlan?: string): number {
  return LEG_SPREADS[bodyPlan ?? 'any'] ?? LEG_SPREADS['any'] ?? 1;
}

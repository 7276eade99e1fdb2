/**
 * Feet that reach forward, for a figure standing on the ground pictured from the front.
 *
 * From the front a foot shows as tall as an ankle, so the balloon gives it an ankle's depth about
 * the body's middle plane; a real foot is as long as about a sixth of the body and points forward
 * (toes in front of the body, heel a little behind). Every vertex of the front sheet (z > 0) less
 * than `band`·H above the ground moves forward by `toe`·H·(1 − y / (band·H)), every vertex of the
 * back sheet (z < 0) back by `heel`·H·(1 − y / (band·H)): a wedge, longest at the sole and nothing
 * at the ankle. The outline (z = 0) stays, so the mesh keeps its topology (closed and manifold as
 * built) and each sheet stays a height field in front of (behind) the outline's plane. Constants are
 * fitted on the dev set's true meshes by the benchmark's own distance (`scripts/fit-feet.ts`).
 */
import feetData from './feet-priors.json';

export interface FeetForwardOptions {
  /** Model height H (the ground is y = 0, the top y = H). */
  height: number;
  /** How far the front sheet reaches forward at the ground, in H. */
  toe: number;
  /** How far the back sheet reaches backward at the ground, in H. */
  heel: number;
  /** Height above the ground the wedge tapers to nothing at, in H. */
  band: number;
}

/** A copy of `positions` (xyz, y up from the ground at 0, front along +z) with the feet's wedge. */
export function feetForward(positions: Float32Array, options: FeetForwardOptions): Float32Array {
  const out = positions.slice();
  const top = options.band * options.height;
  if (!(top > 0) || (options.toe === 0 && options.heel === 0)) return out;
  for (let i = 0; i < out.length; i += 3) {
    const y = out[i + 1]!, z = out[i + 2]!;
    if (y >= top || z === 0) continue;
    const w = 1 - Math.max(0, y) / top;
    out[i + 2] = z > 0 ? z + options.toe * options.height * w : z - options.heel * options.height * w;
  }
  return out;
}

/** The feet per "<plan>/<view>" (`feet-priors.json`, written from `scripts/fit-feet.ts`'s left-out choice). */
function checkedFeet(raw: unknown): Record<string, Omit<FeetForwardOptions, 'height'>> {
  const table: unknown = typeof raw === 'object' && raw !== null && 'feet' in raw ? raw.feet : {};
  if (typeof table !== 'object' || table === null) throw new Error('feet-priors.json: bad "feet"');
  const out: Record<string, Omit<FeetForwardOptions, 'height'>> = {};
  for (const [key, value] of Object.entries(table)) {
    const toe: unknown = typeof value === 'object' && value !== null && 'toe' in value ? value.toe : undefined;
    const heel: unknown = typeof value === 'object' && value !== null && 'heel' in value ? value.heel : undefined;
    const band: unknown = typeof value === 'object' && value !== null && 'band' in value ? value.band : undefined;
    if (typeof toe !== 'number' || typeof heel !== 'number' || typeof band !== 'number' || !(toe >= 0 && toe <= 1) || !(heel >= 0 && heel <= 1) || !(band > 0 && band <= 1)) {
      throw new Error(`feet-priors.json: bad feet ${key}`);
    }
    out[key] = { toe, heel, band };
  }
  return out;
}
const FEET = checkedFeet(feetData);

/** The learned feet for a picture of `bodyPlan` taken from `view`, or none (no table entry, no hints). */
export function learnedFeet(bodyPlan?: string, view?: string): Omit<FeetForwardOptions, 'height'> | undefined {
  return bodyPlan && view ? FEET[`${bodyPlan}/${view}`] : undefined;
}

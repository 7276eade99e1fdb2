/**
 * A facing cue learned from the side profiles of upright characters (issue 23; measured, not
 * shipped): once the up axis is
 * chosen, is the model stood that way facing forward or backwards? Per height band of the model
 * stood up, three signed fore-aft measures of its surface (triangle centres weighed by area):
 * where the band's centre sits fore or aft of the whole surface's (a head over the toes, a chest
 * forward of the hips), which end of the band reaches further from its centre (toes past the heel,
 * a snout, a nose), and how much of the band's area lies in its front half rather than its back
 * half. Each is over the fore-aft length and negates exactly under a half turn about the up axis,
 * so a weighted sum of them (no constant) says forward above 0 and backwards below, and the half
 * turn says the opposite. The weights are a logistic fit on upright characters of many artists
 * (scripts/facing-learned-loao.ts), each character's right orientation against its half turn.
 *
 * Measured off measureFacingSurface (src/orientation-facing-cue.ts: the triangles' centres and
 * areas, once per mesh) per candidate by its signed axis permutation. Replayed by
 * scripts/facing-learned-loao.ts: no setting chosen leaving one artist out gains (packages/rig/docs/orientation.md,
 * "Orientation: measured", seventeenth round), so findOrientation does not read it.
 */
import type { FacingSurface } from '../../src/orientation-facing-cue';
import { candidateFrame, type OrientationCandidate } from '../../src/orientation-features';

/** Height bands (shares of the candidate's height, from its floor). */
export const PROFILE_BANDS: readonly (readonly [number, number])[] = [[0, 0.05], [0.05, 0.15], [0.15, 0.3], [0.3, 0.5], [0.5, 0.7], [0.7, 0.85], [0.85, 1.01]];

/** Names of the profile's features, in order: per band its centre, reach and front share. */
export const PROFILE_FEATURE_NAMES: readonly string[] = PROFILE_BANDS.flatMap((_, b) => [`centre${b}`, `reach${b}`, `front${b}`]);

/**
 * The profile of a candidate (the model stood up as it says, facing +Z): per band, (1) its area's
 * fore-aft centre less the whole surface's, (2) how much further its front end reaches from that
 * centre than its back end, both over the length, (3) its area in front of its span's middle less
 * that behind, over its area. A band with no surface reads 0. `tall`: the candidate is taller than
 * it is long.
 */
export function facingProfileOf(surface: FacingSurface, c: OrientationCandidate): { features: number[]; tall: boolean } {
  const { axis, sign } = candidateFrame(c);
  const { lo, hi, centres, areas } = surface;
  const span = (k: number): [number, number] => (sign[k]! > 0 ? [lo[axis[k]!]!, hi[axis[k]!]!] : [-hi[axis[k]!]!, -lo[axis[k]!]!]);
  const [y0, y1] = span(1), [z0, z1] = span(2);
  const height = y1 - y0, length = z1 - z0;
  const bands = PROFILE_BANDS.length;
  if (!(height > 0 && length > 0)) return { features: new Array<number>(3 * bands).fill(0), tall: false };
  const up = axis[1]!, fore = axis[2]!, su = sign[1]!, sf = sign[2]!;
  const bandOf = (h: number): number => PROFILE_BANDS.findIndex(([a, b]) => h >= a && h < b);
  const mass = new Float64Array(bands), sum = new Float64Array(bands);
  const min = new Float64Array(bands).fill(Infinity), max = new Float64Array(bands).fill(-Infinity);
  const band = new Int8Array(areas.length);
  let all = 0, allMass = 0;
  for (let t = 0; t < areas.length; t++) {
    const b = bandOf((su * centres[t * 3 + up]! - y0) / height);
    band[t] = b;
    const z = sf * centres[t * 3 + fore]!, a = areas[t]!;
    all += a * z; allMass += a;
    if (b < 0) continue;
    mass[b]! += a; sum[b]! += a * z;
    if (a > 0) { if (z < min[b]!) min[b] = z; if (z > max[b]!) max[b] = z; }
  }
  const centre = allMass > 0 ? all / allMass : (z0 + z1) / 2;
  const front = new Float64Array(bands);
  for (let t = 0; t < areas.length; t++) {
    const b = band[t]!;
    if (b < 0) continue;
    const z = sf * centres[t * 3 + fore]!;
    front[b]! += z > (min[b]! + max[b]!) / 2 ? areas[t]! : -areas[t]!;
  }
  const features: number[] = [];
  for (let b = 0; b < bands; b++) {
    if (!(mass[b]! > 0)) { features.push(0, 0, 0); continue; }
    const m = sum[b]! / mass[b]!;
    features.push((m - centre) / length, ((max[b]! - m) - (m - min[b]!)) / length, front[b]! / mass[b]!);
  }
  return { features, tall: height > length };
}

/** Weights of the profile's features (PROFILE_FEATURE_NAMES order), each over its scale. */
export interface FacingProfileModel { features: readonly string[]; scale: readonly number[]; weights: readonly number[] }

/** The profile's score: above 0 the candidate faces forward (a half turn negates it). */
export function facingProfileScore(features: readonly number[], m: FacingProfileModel): number {
  let s = 0;
  for (let i = 0; i < m.weights.length; i++) s += (features[i]! / m.scale[i]!) * m.weights[i]!;
  return s;
}

/**
 * Fits the weights: a logistic regression with no constant (the features negate under a half
 * turn) on each upright character's profile (label: forward) and its half turn's (backwards), on
 * features over their root mean square, with an L2 penalty.
 */
export function fitFacingProfile(profiles: readonly (readonly number[])[], l2: number, iterations = 2000): FacingProfileModel {
  const d = PROFILE_FEATURE_NAMES.length;
  const scale = new Array<number>(d).fill(0);
  for (const f of profiles) for (let i = 0; i < d; i++) scale[i]! += f[i]! ** 2;
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i]! / Math.max(profiles.length, 1)) || 1;
  const z = profiles.map((f) => f.map((v, i) => v / scale[i]!));
  const w = new Array<number>(d).fill(0);
  const rate = 0.5;
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((v) => 2 * l2 * v);
    for (const f of z) {
      // The pair (f forward, −f backwards) gives the same gradient twice: −(1 − σ(w·f)) f.
      const s = f.reduce((t, v, i) => t + v * w[i]!, 0);
      const q = 1 / (1 + Math.exp(s));
      for (let i = 0; i < d; i++) grad[i]! -= (q * f[i]!) / z.length;
    }
    for (let i = 0; i < d; i++) w[i]! -= rate * grad[i]!;
  }
  const round = (v: number): number => Math.round(v * 1e5) / 1e5;
  return { features: [...PROFILE_FEATURE_NAMES], scale: scale.map(round), weights: w.map(round) };
}

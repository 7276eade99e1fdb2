/**
 * The orientation model's fit (a conditional logit over each character's 24 quarter-turn
 * orientations), shared by scripts/fit-orientation-model.ts and scripts/orientation-gates-loao.ts.
 */
import { ORIGIN_FEATURE_NAMES } from '../../src/orientation-anatomy';
import { ORIENTATION_CANDIDATES, ORIENTATION_FEATURE_NAMES } from '../../src/orientation-features';
import type { OrientationModel, OrientationWeights } from '../../src/find-orientation';

export interface Sample { id: string; artist: string; plan: string; features: number[][]; right?: number[] }

/**
 * The artist the procedural test creatures (one per body plan) are filed under among the samples:
 * the model is fitted on them too, but they are no dev-set character, so no fold leaves them out
 * and no score counts them.
 */
export const HARNESS_ARTIST = 'harness';

/** The dev-set characters among the samples (the harness creatures left out), in order. */
export function devSetSamples<T extends { artist: string }>(samples: T[]): T[] {
  return samples.filter((s) => s.artist !== HARNESS_ARTIST);
}

/** The right answers of a sample: its labels, or the file as it is (+y, facing +Z). */
export const rightOf = (s: Sample): number[] => s.right ?? [0];

/** The features that read the file's origin (a convention many files follow and some do not). */
const ORIGIN_FEATURES = ORIGIN_FEATURE_NAMES.map((f) => (ORIENTATION_FEATURE_NAMES as readonly string[]).indexOf(f));

/**
 * Each sample twice: as measured, and with its origin features the same for all 24 candidates (an
 * origin that says nothing, as a file whose origin is at the box's centre), so the other features
 * keep their weight for such files instead of leaning on the origin (the set's files mostly put it
 * at the feet). Off with ORIENTATION_FIT_NO_ORIGIN_COPIES=1.
 */
function withOriginlessCopies(samples: Sample[]): Sample[] {
  if (process.env.ORIENTATION_FIT_NO_ORIGIN_COPIES === '1') return samples;
  return samples.flatMap((s) => [s, { ...s, features: s.features.map((f) => f.map((v, i) => (ORIGIN_FEATURES.includes(i) ? 0 : v))) }]);
}

/**
 * The features a script fits on: all measured, less those named by `--without a,b` (so a model of
 * fewer features, e.g. the shipped 26 surface features, is refitted and compared in the same run).
 */
export function fittedFeatureNames(argv: readonly string[] = process.argv, flag = '--without'): string[] {
  const i = argv.indexOf(flag);
  const without = i >= 0 ? (argv[i + 1] ?? '').split(',').filter(Boolean) : [];
  const unknown = without.filter((f) => !(ORIENTATION_FEATURE_NAMES as readonly string[]).includes(f));
  if (unknown.length) throw new Error(`${flag}: not a measured feature: ${unknown.join(', ')}`);
  return ORIENTATION_FEATURE_NAMES.filter((f) => !without.includes(f));
}

/**
 * Conditional-logit fit by gradient descent on standardised features, with an L2 penalty; `names`:
 * the features it weighs (the model names them, so it reads its own columns).
 */
export function fitOrientationModel(measured: Sample[], l2: number, iterations = 3000, names: readonly string[] = ORIENTATION_FEATURE_NAMES): OrientationModel {
  const columns = names.map((f) => (ORIENTATION_FEATURE_NAMES as readonly string[]).indexOf(f));
  const samples = withOriginlessCopies(measured).map((s) => ({ ...s, features: s.features.map((f) => columns.map((c) => f[c]!)) }));
  const d = columns.length;
  const mean = new Array<number>(d).fill(0), scale = new Array<number>(d).fill(0);
  let n = 0;
  for (const s of samples) for (const f of s.features) { f.forEach((v, i) => (mean[i]! += v)); n++; }
  for (let i = 0; i < d; i++) mean[i]! /= n;
  for (const s of samples) for (const f of s.features) f.forEach((v, i) => (scale[i]! += (v - mean[i]!) ** 2));
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i]! / n) || 1;
  const z = samples.map((s) => s.features.map((f) => f.map((v, i) => (v - mean[i]!) / scale[i]!)));
  const w = new Array<number>(d).fill(0);
  const rate = 0.5;
  for (let it = 0; it < iterations; it++) {
    const grad = w.map((v) => 2 * l2 * v);
    for (const [k, cands] of z.entries()) {
      const s = cands.map((f) => f.reduce((t, v, i) => t + v * w[i]!, 0));
      const top = Math.max(...s);
      const e = s.map((v) => Math.exp(v - top));
      const sum = e.reduce((t, v) => t + v, 0);
      const right = rightOf(samples[k]!);
      const rightSum = right.reduce((t, c) => t + e[c]!, 0);
      cands.forEach((f, c) => {
        const p = e[c]! / sum - (right.includes(c) ? e[c]! / rightSum : 0);
        f.forEach((v, i) => (grad[i]! += (p * v) / z.length));
      });
    }
    for (let i = 0; i < d; i++) w[i]! -= rate * grad[i]!;
  }
  const round = (v: number): number => Math.round(v * 1e5) / 1e5;
  return { features: [...names], mean: mean.map(round), scale: scale.map(round), weights: w.map(round) };
}


/**
 * The facing samples of a character: for each up axis that stands it up, its four candidates (the
 * four facings about that axis), right where a label or the file says so. A facing model fitted on
 * them weighs only what tells facings apart (a feature the same for all four weighs nothing).
 */
export function facingSamples(s: Sample): Sample[] {
  const right = rightOf(s);
  const ups = [...new Set(right.map((c) => ORIENTATION_CANDIDATES[c]!.upAxis))];
  return ups.map((up) => {
    const group = ORIENTATION_CANDIDATES.flatMap((c, i) => (c.upAxis === up ? [i] : []));
    return { ...s, features: group.map((i) => s.features[i]!), right: group.flatMap((i, k) => (right.includes(i) ? [k] : [])) };
  });
}

/**
 * The facing model (OrientationModel.facing): a conditional logit among the four facings of the
 * right up axis, fitted as fitOrientationModel on facingSamples.
 */
export function fitFacingModel(measured: Sample[], l2: number, iterations = 3000, names: readonly string[] = ORIENTATION_FEATURE_NAMES): OrientationWeights {
  return fitOrientationModel(measured.flatMap(facingSamples), l2, iterations, names);
}

/**
 * The model a script fits: the joint one on `names`, and with `--facing-model` a facing model too,
 * on the features `--facing-without a,b` leaves (all measured by default).
 */
export function fitModelOfArgs(measured: Sample[], l2: number, names: readonly string[], argv: readonly string[] = process.argv): OrientationModel {
  const joint = fitOrientationModel(measured, l2, 3000, names);
  if (!argv.includes('--facing-model')) return joint;
  return { ...joint, facing: fitFacingModel(measured, l2, 3000, fittedFeatureNames(argv, '--facing-without')) };
}

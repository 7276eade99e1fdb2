/**
 * Chooses the orientation gates (findOrientation's bars) leaving one artist out, by replaying the
 * gated decision (decideOrientation, the one rigMesh runs) over every character of the development
 * set turned into the 24 quarter-turn orientations a file may store it in, from measures taken
 * once per character: the 24 candidates' features (a quarter turn of the file only permutes them)
 * and the legs tests of the model stood up along each of its six axes (a turn about the up axis
 * leaves them as they are). scripts/score-orientation.ts checks the result end to end on written
 * files.
 *
 * For each artist left out, the model is fitted without it and every bar is tried on the other
 * artists, each read by a model fitted without it too (so the bars meet the finder's out-of-sample
 * confidence, not its in-sample one), keeping only bars under which every upright file stays
 * upright; the best bars (ties to the safer, higher bar) are then scored on the artist left out.
 *
 *   npx tsx packages/rig/scripts/orientation-gates-loao.ts <dev-set dir> --labels file.json
 *     [--cache measures.json] [--l2 0.03] [--up 0.75 --kept-up 0 --facing 0.6 --kept-facing 1.01 --standing-facing 1.01 (the "before" bars)]
 *     [--new-up .. --new-facing .. --new-kept-facing .. --new-standing-facing .. (the shipped table's "after")] [--kept-up-grid] [--all-only]
 *     [--uprights-may-turn 0 (upright files of the others the chosen bars may turn)] [--without f1,f2 (features the left-out models do not weigh)]
 *     [--standing-up-grid (choose minStandingUpConfidence too; --standing-up-only: it alone, the other bars the shipped ones; --standing-up / --new-standing-up: its before / given bar)] [--facing-model [--facing-without f1,f2]]
 *     [--ends-veto (the left-out readings strike candidates both ends cues say face backwards; packages/rig/docs/orientation.md, "Eighth round")]
 *     [--stand-opposite on|off --new-stand-opposite on|off (the "before" / "after" standOpposite; default the shipped one)]
 *     [--in-plane-up-grid (choose minInPlaneUpConfidence alone, the other bars the given ones; --new-in-plane-up: a given one; "Thirteenth round")]
 *
 * A script, not a test: the set never enters the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { BODY_PLANS } from '../src/body-plan';
import { decideOrientation, FIND_ORIENTATION_DEFAULTS, orientationProbabilities, standingPairing, type FindOrientationOptions, type OrientationModel } from '../src/find-orientation';
import { measureBodyPlanFeatures } from '../src/fit/classify-body-plan';
import { analyzeShape } from '../src/fit/shape-analysis';
import { findMirrorPlanes, lateralAxisOf, type MirrorPlanes } from '../src/mirror-plane';
import { unrolledGateAxes } from '../src/mirror-roll';
import { candidateFrame, measureAllOrientationFeatures, ORIENTATION_CANDIDATES, ORIENTATION_FEATURE_NAMES } from '../src/orientation-features';
import { rotateMeshUp, UP_AXES, type UpAxis } from '../src/rotate-mesh-up';
import { buildCreature } from '../testing/build-creature';
import { invertTurn, multiplyTurns, sameTurn, turnOf, type Turn } from '../testing/orientation-turns';
import model from '../src/orientation-model.json';
import { readManifest } from './lib/dev-set';
import { devSetSamples, fitModelOfArgs, fittedFeatureNames, HARNESS_ARTIST, type Sample } from './lib/orientation-fit';
import { applyOrientationLabels, readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';

export interface Measured extends Sample {
  /** Per up axis of the file as held (UP_AXES order): legs and standing legs of it stood up that way. */
  legs: { legs: number; standingLegs: number }[];
}

const TURNS = ORIENTATION_CANDIDATES.map(turnOf);
const candidateOfTurn = (t: Turn): number => TURNS.findIndex((u) => sameTurn(u, t));
/** The up axis name of a signed unit vector of the input's frame. */
const axisName = (v: readonly number[]): UpAxis => {
  const k = v.findIndex((x) => x !== 0);
  return `${v[k]! > 0 ? '+' : '-'}${'xyz'[k]!}` as UpAxis;
};

/** One stored turn of a character, read off its measures: what decideOrientation needs besides the model. */
export interface StoredTurn {
  /** Candidate c of the file is candidate map[c] of the file as held. */
  map: number[];
  legsAsFiled: number;
  /** Per up axis of the file (UP_AXES order): standing legs of it stood up that way. */
  standingWhenStood: number[];
  /** The file's candidates that stand it up. */
  right: Set<number>;
  /** --lateral: the file's axis across its clearly best axis-aligned mirror plane (what rigMesh keeps left-right). */
  lateral?: 'x' | 'y' | 'z';
}

const unit = (up: UpAxis): number[] => [0, 1, 2].map((i) => (i === 'xyz'.indexOf(up[1]!) ? (up[0] === '+' ? 1 : -1) : 0));

/** The 24 files a character may be stored as (stored +y/0 first: its upright file). */
export function storedTurns(s: Measured, lateralAsHeld?: 'x' | 'y' | 'z'): StoredTurn[] {
  const stands = (s.right ?? [0]).map((i) => TURNS[i]!);
  return ORIENTATION_CANDIDATES.map((_, k) => {
    // The file stored as candidate k: input → file is invert(turn(k)) · stands[0].
    const fileFromInput = multiplyTurns(invertTurn(TURNS[k]!), stands[0]!);
    const inputFromFile = invertTurn(fileFromInput);
    const legsOf = (fileAxis: readonly number[]): { legs: number; standingLegs: number } => {
      const inInput = [0, 1, 2].map((i) => inputFromFile[i]![0]! * fileAxis[0]! + inputFromFile[i]![1]! * fileAxis[1]! + inputFromFile[i]![2]! * fileAxis[2]!);
      return s.legs[UP_AXES.indexOf(axisName(inInput))]!;
    };
    const right = new Set<number>();
    ORIENTATION_CANDIDATES.forEach((_, c) => {
      if (stands.some((st) => sameTurn(multiplyTurns(TURNS[c]!, fileFromInput), st))) right.add(c);
    });
    // The input's lateral axis k is the file's axis j where fileFromInput[j][k] is not 0.
    const k0 = lateralAsHeld === undefined ? -1 : 'xyz'.indexOf(lateralAsHeld);
    const lateral = k0 < 0 ? undefined : (['x', 'y', 'z'] as const)[[0, 1, 2].find((j) => fileFromInput[j]![k0] !== 0)!];
    return {
      ...(lateral ? { lateral } : {}),
      map: ORIENTATION_CANDIDATES.map((_, c) => candidateOfTurn(multiplyTurns(TURNS[c]!, fileFromInput))),
      legsAsFiled: legsOf([0, 1, 0]).legs,
      standingWhenStood: UP_AXES.map((up) => legsOf(unit(up)).standingLegs),
      right,
    };
  });
}

/** --lateral-renorm: the finder's probabilities renormalised over the candidates that keep the lateral axis left-right. */
const RENORM = process.argv.includes('--lateral-renorm');
function inPlane(p: number[], lateral?: 'x' | 'y' | 'z'): number[] {
  if (!RENORM || lateral === undefined) return p;
  const k = 'xyz'.indexOf(lateral);
  const kept = p.map((v, c) => (candidateFrame(ORIENTATION_CANDIDATES[c]!).axis[0] === k ? v : 0));
  const total = kept.reduce((a, b) => a + b, 0);
  return total > 0 ? kept.map((v) => v / total) : p;
}

/** Right turned files of one character under its probabilities (of the file as held) and gates; upright: its stored +y/0 file right. */
export function replayCharacter(turns: StoredTurn[], probs: number[], gates: FindOrientationOptions): { right: number; upright: boolean } {
  let right = 0, upright = false;
  turns.forEach((t, k) => {
    const found = decideOrientation(() => inPlane(t.map.map((d) => probs[d]!), t.lateral), {
      asFiled: () => t.legsAsFiled,
      standingWhenStood: (up) => t.standingWhenStood[UP_AXES.indexOf(up)]!,
    }, t.lateral ? { ...gates, lateralAxis: t.lateral } : gates);
    const c = ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === found.upAxis && q.rotationY === found.rotationY);
    if (t.right.has(c)) { right++; if (k === 0) upright = true; }
  });
  return { right, upright };
}

export async function measure(dir: string, cache?: string): Promise<Measured[]> {
  try {
    if (cache) return JSON.parse(readFileSync(cache, 'utf8')) as Measured[];
  } catch { /* measure below */ }
  // The legs tests as findOrientation reads them: standing legs paired across the left-right axis
  // rigMesh keeps (an unrolled file's: unrolledGateAxes), else either way (standingPairing).
  const legsOf = (mesh: Parameters<typeof rotateMeshUp>[0]): Measured['legs'] => {
    const { lateralAxis } = unrolledGateAxes(mesh);
    return UP_AXES.map((up) => {
      const pairedAcross = FIND_ORIENTATION_DEFAULTS.legsEitherFacing ? standingPairing(up, lateralAxis) : 'x';
      const f = measureBodyPlanFeatures(analyzeShape(rotateMeshUp(mesh, up), FIND_ORIENTATION_DEFAULTS.legsResolution), { pairedAcross });
      return { legs: f.legs, standingLegs: f.standingLegs };
    });
  };
  const out: Measured[] = [];
  for (const plan of BODY_PLANS) {
    const mesh = buildCreature(plan).mesh;
    out.push({ id: `harness-${plan}`, artist: HARNESS_ARTIST, plan, features: measureAllOrientationFeatures(mesh), legs: legsOf(mesh) });
  }
  for (const c of readManifest(dir)) {
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    out.push({ id: c.id, artist: c.artist, plan: c.bodyPlan, features: measureAllOrientationFeatures(mesh), legs: legsOf(mesh) });
  }
  if (cache) writeFileSync(cache, JSON.stringify(out));
  return out;
}

/**
 * --lateral: each file's left-right axis as rigMesh reads it (lateralAxisOf of the file's axis-aligned
 * mirror planes; the samples turn with the file, so a turned file's axis is the held file's turned),
 * kept left-right by the gates (FindOrientationOptions.lateralAxis). Measured once per character.
 */
export async function measureLaterals(dir: string, set: Measured[], cache?: string): Promise<Map<string, 'x' | 'y' | 'z' | undefined>> {
  let planes: Record<string, Pick<MirrorPlanes, 'axisScores' | 'extent'>> = {};
  try {
    if (cache) planes = JSON.parse(readFileSync(cache, 'utf8')) as typeof planes;
  } catch { /* measure below */ }
  for (const s of set) {
    if (planes[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    const p = findMirrorPlanes(mesh, { search: false });
    if (p) planes[s.id] = { axisScores: p.axisScores, extent: p.extent };
  }
  if (cache) writeFileSync(cache, JSON.stringify(planes));
  const out = new Map<string, 'x' | 'y' | 'z' | undefined>();
  for (const s of set) {
    const p = planes[s.id];
    const lateral = p ? lateralAxisOf({ ...p, centre: [0, 0, 0], best: { normal: [1, 0, 0], score: 0 }, axisAligned: { normal: [1, 0, 0], score: 0, axis: 0 } }, arg('--clear-ratio') ? { clearRatio: Number(arg('--clear-ratio')) } : {}) : undefined;
    // Right: the axis the file's stood-up turn carries onto x (the stood model's left-right).
    const stand = TURNS[(s.right ?? [0])[0]!]!;
    const want = 'xyz'[[0, 1, 2].find((k) => stand[0]![k] !== 0)!];
    console.error(`lateral ${s.id}: ${lateral ?? '-'} (right ${want}) scores ${p?.axisScores.map((v) => v.toFixed(4)).join(' ')}`);
    out.set(s.id, lateral);
  }
  return out;
}

/**
 * --ends-veto (an experiment, packages/rig/docs/orientation.md "Eighth round"): a rule, not a fitted weight: a
 * candidate whose head-end and tail-end cues both say it faces backwards (frontThickerSection and
 * backFlatter both below 0, which they are only on a body long along its facing) is struck out of
 * the finder's 24 and the rest renormalised. No constant to choose, so nothing is fitted in sample.
 */
const ENDS_VETO = process.argv.includes('--ends-veto');
const FRONT_SECTION = ORIENTATION_FEATURE_NAMES.indexOf('frontThickerSection');
const BACK_FLATTER = ORIENTATION_FEATURE_NAMES.indexOf('backFlatter');
function endsVeto(features: number[][], probs: number[]): number[] {
  if (!ENDS_VETO) return probs;
  const kept = probs.map((p, c) => (features[c]![FRONT_SECTION]! < 0 && features[c]![BACK_FLATTER]! < 0 ? 0 : p));
  const total = kept.reduce((a, b) => a + b, 0);
  return total > 0 ? kept.map((p) => p / total) : probs;
}

const UP_BARS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.01];
// minKeptUpConfidence: every artist left out chose 0 over 0..0.2 (packages/rig/docs/orientation.md), so only 0 is
// replayed (--kept-up-grid puts the old grid back).
const KEPT_UP_BARS = process.argv.includes('--kept-up-grid') ? [0, 0.02, 0.05, 0.1, 0.15, 0.2] : [0];
const FACING_BARS = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01];
/** The facing bars of a file that keeps its +Y (the finder's probability of that one of the 24). */
const KEPT_FACING_BARS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01];
const STANDING_FACING_BARS = [0.8, 0.85, 0.9, 0.95, 1.01];
/** Another up axis over a file standing on its legs as filed (off, 1.01, unless --standing-up-grid). */
const STANDING_UP_BARS = process.argv.includes('--standing-up-grid') ? [0.8, 0.85, 0.9, 0.95, 0.98, 1.01] : [1.01];

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels');
  if (!dir || !labelsFile) throw new Error('usage: orientation-gates-loao.ts <dev-set dir> --labels file.json [--cache measures.json] [--l2 0.03]');
  const l2 = Number(arg('--l2') ?? '0.03');
  const names = fittedFeatureNames();
  const labels = readOrientationLabels(labelsFile);
  const samples = await measure(dir, arg('--cache'));
  applyOrientationLabels(samples, labels);
  const set = devSetSamples(samples);
  const artists = [...new Set(set.map((s) => s.artist))];
  // Models fitted without one artist, and without two (for choosing the bars with one left out).
  const models = new Map<string, OrientationModel>();
  const modelWithout = (out: string[]): OrientationModel => {
    const key = [...out].sort().join('|');
    if (!models.has(key)) {
      const t0 = performance.now();
      models.set(key, fitModelOfArgs(samples.filter((s) => !out.includes(s.artist)), l2, names));
      console.error(`fitted without ${key} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    return models.get(key)!;
  };
  // Ordered safest first (high up bar, low kept-up bar, high facing bar), so ties keep the safer bars.
  // --standing-up-only: the other bars stay the shipped ones and only minStandingUpConfidence is chosen.
  const grid: FindOrientationOptions[] = process.argv.includes('--standing-up-only')
    ? [...STANDING_UP_BARS].reverse().map((su) => ({ ...FIND_ORIENTATION_DEFAULTS, ungated: false, minStandingUpConfidence: su }))
    : [...UP_BARS].reverse().flatMap((u) => KEPT_UP_BARS.flatMap((k) => [...FACING_BARS].reverse().flatMap((f) =>
    [...STANDING_FACING_BARS].reverse().flatMap((sf) => [...KEPT_FACING_BARS].reverse().flatMap((kf) => [...STANDING_UP_BARS].reverse().map((su) => ({
      minUpConfidence: u, minKeptUpConfidence: k, minFacingConfidence: f, minStandingFacingConfidence: sf, minKeptFacingConfidence: kf, minStandingUpConfidence: su,
    })))))));
  const show = (g: FindOrientationOptions): string => `up ${g.minUpConfidence} f ${g.minFacingConfidence} kf ${g.minKeptFacingConfidence} sf ${g.minStandingFacingConfidence} su ${g.minStandingUpConfidence}`;
  /** Totals of a pool of characters under each gate setting, each character read by `modelOf`. */
  const shippedBefore = (): FindOrientationOptions => ({
    minUpConfidence: Number(arg('--up') ?? FIND_ORIENTATION_DEFAULTS.minUpConfidence), minKeptUpConfidence: Number(arg('--kept-up') ?? FIND_ORIENTATION_DEFAULTS.minKeptUpConfidence),
    minFacingConfidence: Number(arg('--facing') ?? FIND_ORIENTATION_DEFAULTS.minFacingConfidence),
    minKeptFacingConfidence: Number(arg('--kept-facing') ?? FIND_ORIENTATION_DEFAULTS.minKeptFacingConfidence),
    minStandingFacingConfidence: Number(arg('--standing-facing') ?? FIND_ORIENTATION_DEFAULTS.minStandingFacingConfidence),
    minStandingUpConfidence: Number(arg('--standing-up') ?? FIND_ORIENTATION_DEFAULTS.minStandingUpConfidence),
    standOpposite: (arg('--stand-opposite') ?? (FIND_ORIENTATION_DEFAULTS.standOpposite ? 'on' : 'off')) === 'on',
  });
  const laterals = process.argv.includes('--lateral') ? await measureLaterals(dir, set, arg('--lateral-cache')) : new Map<string, 'x' | 'y' | 'z' | undefined>();
  const turnsOf = new Map(set.map((s) => [s.id, storedTurns(s, laterals.get(s.id))]));
  const probsCache = new Map<string, number[]>();
  const probsOf = (s: Measured, m: OrientationModel): number[] => {
    const key = `${s.id}@${[...models.entries()].find(([, v]) => v === m)![0]}`;
    if (!probsCache.has(key)) probsCache.set(key, endsVeto(s.features, orientationProbabilities(s.features, m)));
    return probsCache.get(key)!;
  };
  const tally = (pool: Measured[], modelOf: (s: Measured) => OrientationModel, gates: FindOrientationOptions): { right: number; uprights: number } => {
    let right = 0, uprights = 0;
    for (const s of pool) {
      const r = replayCharacter(turnsOf.get(s.id)!, probsOf(s, modelOf(s)), gates);
      right += r.right; if (r.upright) uprights++;
    }
    return { right, uprights };
  };
  // Upright files of the pool the bars may turn (--uprights-may-turn; 0, the rule, by default):
  // how much of the set's held-out figure the rule costs (packages/rig/docs/orientation.md, "the bars held out").
  const mayTurn = Number(arg('--uprights-may-turn') ?? '0');
  /** `keepingOf`: a second reading (the model shipped) under which every upright file must stay upright too. */
  const choose = (pool: Measured[], modelOf: (s: Measured) => OrientationModel, keepingOf?: (s: Measured) => OrientationModel): FindOrientationOptions => {
    let best: FindOrientationOptions | undefined, bestRight = -1;
    // With --standing-up-only the other bars are the shipped ones, which may already turn an upright
    // file of the pool: the one bar chosen must turn none that they keep (its grid's first is off).
    const standingUpOnly = process.argv.includes('--standing-up-only');
    const upright0 = standingUpOnly ? tally(pool, modelOf, grid[0]!).uprights : pool.length;
    const kept0 = standingUpOnly && keepingOf ? tally(pool, keepingOf, grid[0]!).uprights : pool.length;
    for (const g of grid) {
      const t = tally(pool, modelOf, g);
      if (t.uprights < upright0 - mayTurn) continue;
      if (keepingOf && tally(pool, keepingOf, g).uprights < kept0) continue;
      if (t.right > bestRight) { best = g; bestRight = t.right; }
    }
    return best ?? { minUpConfidence: 1.01, minKeptUpConfidence: 0, minFacingConfidence: 1.01, minKeptFacingConfidence: 1.01, minStandingFacingConfidence: 1.01, minStandingUpConfidence: 1.01 };
  };
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  // First the shipped model (fitted on all, in sample: what score-orientation.ts measures end to
  // end) under the bars before and the bars given (--new-up, --new-kept-up, --new-facing).
  const shippedModel = model as OrientationModel;
  const given = {
    minUpConfidence: Number(arg('--new-up') ?? FIND_ORIENTATION_DEFAULTS.minUpConfidence), minKeptUpConfidence: Number(arg('--new-kept-up') ?? FIND_ORIENTATION_DEFAULTS.minKeptUpConfidence),
    minFacingConfidence: Number(arg('--new-facing') ?? FIND_ORIENTATION_DEFAULTS.minFacingConfidence),
    minKeptFacingConfidence: Number(arg('--new-kept-facing') ?? FIND_ORIENTATION_DEFAULTS.minKeptFacingConfidence),
    minStandingFacingConfidence: Number(arg('--new-standing-facing') ?? FIND_ORIENTATION_DEFAULTS.minStandingFacingConfidence),
    minStandingUpConfidence: Number(arg('--new-standing-up') ?? FIND_ORIENTATION_DEFAULTS.minStandingUpConfidence),
    minInPlaneUpConfidence: Number(arg('--new-in-plane-up') ?? FIND_ORIENTATION_DEFAULTS.minInPlaneUpConfidence),
    standOpposite: (arg('--new-stand-opposite') ?? (FIND_ORIENTATION_DEFAULTS.standOpposite ? 'on' : 'off')) === 'on',
  };
  console.log(`shipped model, in sample, bars before -> given (${JSON.stringify(given)}):`);
  let tb = 0, ta = 0, ub = 0, ua = 0;
  for (const artist of artists) {
    const held = set.filter((s) => s.artist === artist);
    const rows = held.map((s) => [replayCharacter(turnsOf.get(s.id)!, orientationProbabilities(s.features, shippedModel), shippedBefore()), replayCharacter(turnsOf.get(s.id)!, orientationProbabilities(s.features, shippedModel), given)] as const);
    const b = rows.reduce((t, r) => t + r[0].right, 0), a = rows.reduce((t, r) => t + r[1].right, 0);
    const bu = rows.filter((r) => r[0].upright).length, au = rows.filter((r) => r[1].upright).length;
    tb += b; ta += a; ub += bu; ua += au;
    console.log(`  ${artist.padEnd(20)} ${pct(b, held.length * 24)} -> ${pct(a, held.length * 24)}   uprights ${bu}/${held.length} -> ${au}/${held.length}`);
  }
  console.log(`  ${'all'.padEnd(20)} ${pct(tb, set.length * 24)} -> ${pct(ta, set.length * 24)}   uprights ${ub} -> ${ua}`);
  if (process.argv.includes('--misses')) {
    // Each miss of the shipped model under the given bars: what the gates took against a right
    // answer (same up axis: the facing; the up axis upside down, or a quarter off), and whether the
    // finder's own best (with the lateral axis kept) was right.
    const kinds = new Map<string, number>();
    for (const s of set) {
      const probs = orientationProbabilities(s.features, shippedModel);
      turnsOf.get(s.id)!.forEach((t) => {
        const p = inPlane(t.map.map((d) => probs[d]!), t.lateral);
        const found = decideOrientation(() => p, { asFiled: () => t.legsAsFiled, standingWhenStood: (up) => t.standingWhenStood[UP_AXES.indexOf(up)]! }, t.lateral ? { ...given, lateralAxis: t.lateral } : given);
        const c = ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === found.upAxis && q.rotationY === found.rotationY);
        if (t.right.has(c)) return;
        const r = [...t.right][0]!;
        const want = candidateFrame(ORIENTATION_CANDIDATES[r]!), got = candidateFrame(ORIENTATION_CANDIDATES[c]!);
        const up = want.axis[1] === got.axis[1] ? (want.sign[1] === got.sign[1] ? 'up right, facing wrong' : 'upside down') : 'up a quarter off';
        const lat = want.axis[0] === got.axis[0] ? 'lateral kept' : 'lateral lost';
        const ungated = found.best && t.right.has(ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === found.best!.upAxis && q.rotationY === found.best!.rotationY)) ? 'finder right (gated)' : 'finder wrong';
        const key = `${s.artist.padEnd(18)} ${up}; ${lat}; ${ungated}; ${found.upAxisReason}; lateral ${t.lateral ?? '-'}`;
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      });
    }
    [...kinds.entries()].sort((a, b) => b[1] - a[1]).forEach(([k, n]) => console.log(`  ${String(n).padStart(4)}  ${k}`));
  }
  if (process.argv.includes('--shipped-only')) return;
  if (process.argv.includes('--in-plane-up-grid')) {
    // minInPlaneUpConfidence chosen with one artist left out (the other bars the given ones): on the
    // other artists, each read by a model fitted without it and the one left out, the bar that
    // stands the most turned files right among those that turn no upright file the bar off keeps;
    // then scored on the artist left out (read by the model fitted without it).
    models.set('(shipped)', shippedModel); // probsOf names a model by its key
    const shippedModelKey = (): OrientationModel => shippedModel;
    const bars = [1.01, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5];
    const at = (bar: number): FindOrientationOptions => ({ ...given, minInPlaneUpConfidence: bar });
    console.log(`minInPlaneUpConfidence chosen without each artist (given bars otherwise): left out, off -> chosen`);
    let b = 0, a = 0, ub = 0, ua = 0;
    for (const artist of artists) {
      const held = set.filter((s) => s.artist === artist);
      const others = set.filter((s) => s.artist !== artist);
      const modelOf = (s: Measured): OrientationModel => modelWithout([artist, s.artist]);
      const off = tally(others, modelOf, at(1.01));
      const shippedOff = tally(others, () => shippedModelKey(), at(1.01)).uprights;
      let chosen = 1.01, chosenRight = off.right;
      for (const bar of bars) {
        const t = tally(others, modelOf, at(bar));
        // The shipped model (in sample: surer of its own set) must keep the others' upright files too.
        if (t.uprights >= off.uprights && t.right > chosenRight && tally(others, () => shippedModelKey(), at(bar)).uprights >= shippedOff) { chosen = bar; chosenRight = t.right; }
      }
      const m = modelWithout([artist]);
      const x = tally(held, () => m, at(1.01)), y = tally(held, () => m, at(chosen));
      b += x.right; a += y.right; ub += x.uprights; ua += y.uprights;
      console.log(`  ${artist.padEnd(20)} bar ${chosen}   ${pct(x.right, held.length * 24)} -> ${pct(y.right, held.length * 24)}   uprights ${x.uprights}/${held.length} -> ${y.uprights}/${held.length}`);
    }
    console.log(`  ${'all (left out)'.padEnd(20)} ${pct(b, set.length * 24)} -> ${pct(a, set.length * 24)}   uprights ${ub} -> ${ua}`);
    return;
  }
  if (process.argv.includes('--held-out-only')) {
    // Each artist read by the model fitted without it, under the given bars (no bars chosen), the
    // files as before (no lateral axis) -> as run (with --lateral, each file's kept left-right).
    console.log(`held out (each artist read by the model fitted without it), given bars, no lateral axis -> as run:`);
    let b = 0, a = 0, ub = 0, ua = 0;
    for (const artist of artists) {
      const held = set.filter((s) => s.artist === artist);
      const m = modelWithout([artist]);
      let rb = 0, ra = 0, hb = 0, ha = 0;
      for (const s of held) {
        const probs = probsOf(s, m);
        const x = replayCharacter(storedTurns(s), probs, given), y = replayCharacter(turnsOf.get(s.id)!, probs, given);
        rb += x.right; ra += y.right; if (x.upright) hb++; if (y.upright) ha++;
      }
      b += rb; a += ra; ub += hb; ua += ha;
      console.log(`  ${artist.padEnd(20)} ${pct(rb, held.length * 24)} -> ${pct(ra, held.length * 24)}   uprights ${hb}/${held.length} -> ${ha}/${held.length}`);
    }
    console.log(`  ${'all'.padEnd(20)} ${pct(b, set.length * 24)} -> ${pct(a, set.length * 24)}   uprights ${ub} -> ${ua}`);
    return;
  }
  const chooseOnAll = (): void => {
    const all = choose(set, (s) => modelWithout([s.artist]));
    console.log(`bars chosen on all artists (each read left out): ${show(all)}`);
    // The shipped model is surer of its own set than the left-out ones: bars it turns an upright
    // file with are not shipped (the in-sample figure keeps every upright file upright).
    models.set('(shipped)', shippedModel); // probsOf names a model by its key
    const kept = choose(set, (s) => modelWithout([s.artist]), () => shippedModel);
    console.log(`bars chosen on all artists (each read left out), every upright file kept by the shipped model too: ${show(kept)}`);
  };
  // The shipped bars alone (one choice, not one per artist left out).
  if (process.argv.includes('--all-only')) { chooseOnAll(); return; }
  const shipped = shippedBefore();
  console.log(`artist               n   bars chosen without it   left out: shipped bars -> chosen bars (turned files right, uprights kept)`);
  let before = 0, after = 0, n = 0, upBefore = 0, upAfter = 0;
  for (const artist of artists) {
    const held = set.filter((s) => s.artist === artist);
    const others = set.filter((s) => s.artist !== artist);
    const g = choose(others, (s) => modelWithout([artist, s.artist]));
    const m = modelWithout([artist]);
    const b = tally(held, () => m, shipped), a = tally(held, () => m, g);
    before += b.right; after += a.right; n += held.length * 24; upBefore += b.uprights; upAfter += a.uprights;
    console.log(`${artist.padEnd(20)} ${String(held.length).padStart(2)}   ${show(g)}`.padEnd(62)
      + `${pct(b.right, held.length * 24)} -> ${pct(a.right, held.length * 24)}   uprights ${b.uprights}/${held.length} -> ${a.uprights}/${held.length}`);
  }
  console.log(`${'all (left out)'.padEnd(46)}  ${pct(before, n)} -> ${pct(after, n)}   uprights ${upBefore} -> ${upAfter}`);
  chooseOnAll();
}

// Run when invoked, not when another script imports the replay.
if (require.main === module) {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

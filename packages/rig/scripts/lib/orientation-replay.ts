/**
 * The replay of what findOrientation runs, over the development set's 24 stored turns per character,
 * from measures taken once (shared by scripts/orientation-bars-loao.ts and
 * scripts/orientation-up-loao.ts): orientation-gates-loao.ts's measures and mirror planes, and per
 * character its exemplar descriptors, the shipped exemplars' up scores and the facing cue of the 24
 * candidates (`--cue-cache`, made when missing); the left-out models and exemplar votes, and the
 * gates then the facing cue for one stored turn.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { decideOrientation, FIND_ORIENTATION_DEFAULTS, orientationProbabilities, type FindOrientationOptions, type FoundOrientation, type OrientationModel } from '../../src/find-orientation';
import { shippedExemplarViews } from '../../src/orientation-exemplar-cue';
import { exemplarUpScores, exemplarVotes, measureExemplarDescriptors, type LabelledView } from '../../src/orientation-exemplars';
import { FACING_CUE_DEFAULTS, facingCueOf, facingCueVerdict, halfTurn, measureFacingSurface, type FacingCue } from '../../src/orientation-facing-cue';
import { ORIENTATION_CANDIDATES } from '../../src/orientation-features';
import { UP_AXES, type UpAxis } from '../../src/rotate-mesh-up';
import model from '../../src/orientation-model.json';
import exemplarData from '../../src/orientation-exemplars.json';
import { devSetSamples, fitModelOfArgs, fittedFeatureNames, rightOf } from './orientation-fit';
import { applyOrientationLabels, readOrientationLabels } from './orientation-labels';
import { measure, measureLaterals, storedTurns, type Measured, type StoredTurn } from '../orientation-gates-loao';

/** Per character: its exemplar descriptors, the shipped exemplars' up scores, the facing cue of the 24 candidates. */
export interface ReplayExtra { desc: number[][]; shippedUp: number[]; cues: FacingCue[] }

export interface Replay {
  /** The development set's characters (the harness creatures left out), labels applied. */
  set: Measured[];
  /** The measures of every sample (the harness creatures too: the models are fitted on them). */
  samples: Measured[];
  artists: string[];
  turnsOf: Map<string, StoredTurn[]>;
  extra: Record<string, ReplayExtra>;
  /** Per candidate its up axis's exemplar vote, by the exemplars of no artist in `out`. */
  upScoresOf: (s: Measured, out: string[]) => number[];
  /** The model fitted without `artist` (cached). */
  modelWithout: (artist: string) => OrientationModel;
  /** Per character: its probabilities by the model fitted without its artist, and by the shipped model. */
  heldProbs: Map<string, number[]>;
  shippedProbs: Map<string, number[]>;
}

/** Loads (measuring what is not cached) everything the replay reads; `arg` reads a command-line flag. */
export async function loadReplay(dir: string, labelsFile: string, cueFile: string, arg: (name: string) => string | undefined): Promise<Replay> {
  const labels = readOrientationLabels(labelsFile);
  const samples = await measure(dir, arg('--cache'));
  applyOrientationLabels(samples, labels);
  const set = devSetSamples(samples);
  const artists = [...new Set(set.map((s) => s.artist))];
  const laterals = await measureLaterals(dir, set, arg('--lateral-cache'));
  const turnsOf = new Map(set.map((s) => [s.id, storedTurns(s, laterals.get(s.id))]));
  const extra: Record<string, ReplayExtra> = existsSync(cueFile) ? JSON.parse(readFileSync(cueFile, 'utf8')) as Record<string, ReplayExtra> : {};
  for (const s of set) {
    if (extra[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    const desc = measureExemplarDescriptors(mesh);
    const surface = measureFacingSurface(mesh);
    extra[s.id] = { desc, shippedUp: exemplarUpScores(desc, shippedExemplarViews(), exemplarData.neighbours), cues: ORIENTATION_CANDIDATES.map((c) => facingCueOf(surface, c)) };
    console.error(`measured ${s.id}`);
  }
  writeFileSync(cueFile, JSON.stringify(extra, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v)));
  for (const s of set) extra[s.id]!.cues = extra[s.id]!.cues.map((q) => ({ eyes: q.eyes ?? NaN, eyePieces: q.eyePieces, feet: q.feet ?? NaN, knees: q.knees ?? NaN, detail: q.detail ?? NaN, height: q.height ?? NaN, length: q.length ?? NaN }));

  // The exemplars' views as fit-orientation-exemplars.ts writes them: characters whose labels name
  // one up axis only.
  const oneUpAxis = (s: Measured): boolean => new Set(rightOf(s).map((c) => ORIENTATION_CANDIDATES[c]!.upAxis)).size === 1;
  const viewCache = new Map<string, LabelledView[]>();
  const viewsWithout = (out: string[]): LabelledView[] => {
    const key = [...out].sort().join('|');
    if (!viewCache.has(key)) viewCache.set(key, set.filter((s) => !out.includes(s.artist) && oneUpAxis(s)).flatMap((s) => extra[s.id]!.desc.map((descriptor, c) => ({
      group: artists.indexOf(s.artist), descriptor, right: rightOf(s).includes(c),
      upRight: rightOf(s).some((r) => ORIENTATION_CANDIDATES[r]!.upAxis === ORIENTATION_CANDIDATES[c]!.upAxis),
    }))));
    return viewCache.get(key)!;
  };
  const upCache = new Map<string, number[]>();
  const upScoresOf = (s: Measured, out: string[]): number[] => {
    const key = `${s.id}@${[...out].sort().join('|')}`;
    if (!upCache.has(key)) {
      const votes = exemplarVotes(extra[s.id]!.desc, viewsWithout(out), { neighbours: exemplarData.neighbours, by: 'up' });
      upCache.set(key, votes.map((_, c) => Math.max(...votes.filter((__, d) => ORIENTATION_CANDIDATES[d]!.upAxis === ORIENTATION_CANDIDATES[c]!.upAxis))));
    }
    return upCache.get(key)!;
  };

  const names = fittedFeatureNames();
  // --models-cache: the left-out models (by artist left out), fitted when missing; the cache is for
  // one --without and --l2 (delete it after changing either).
  const modelsFile = arg('--models-cache');
  const models = new Map<string, OrientationModel>(modelsFile && existsSync(modelsFile) ? Object.entries(JSON.parse(readFileSync(modelsFile, 'utf8')) as Record<string, OrientationModel>) : []);
  const modelWithout = (artist: string): OrientationModel => {
    if (!models.has(artist)) {
      const t0 = performance.now();
      models.set(artist, fitModelOfArgs(samples.filter((s) => s.artist !== artist), Number(arg('--l2') ?? '0.03'), names));
      console.error(`fitted without ${artist} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    return models.get(artist)!;
  };
  const heldProbs = new Map(set.map((s) => [s.id, orientationProbabilities(s.features, modelWithout(s.artist))]));
  if (modelsFile) writeFileSync(modelsFile, JSON.stringify(Object.fromEntries(models)));
  const shippedProbs = new Map(set.map((s) => [s.id, orientationProbabilities(s.features, model as OrientationModel)]));
  return { set, samples, artists, turnsOf, extra, upScoresOf, modelWithout, heldProbs, shippedProbs };
}

/**
 * The gates on one stored turn: the facing bars read `probs` (the finder's, of the file as held),
 * the up gates `weighed` (the exemplar-weighted ones) when given; `gates` as findOrientation's
 * options (the turn's lateral axis added).
 */
export function gateTurn(t: StoredTurn, probs: readonly number[], weighed: readonly number[] | undefined, gates: FindOrientationOptions): FoundOrientation {
  return decideOrientation(() => t.map.map((d) => probs[d]!), {
    asFiled: () => t.legsAsFiled,
    standingWhenStood: (up) => t.standingWhenStood[UP_AXES.indexOf(up)]!,
  }, { ...FIND_ORIENTATION_DEFAULTS, ...gates, ...(t.lateral ? { lateralAxis: t.lateral } : {}) }, weighed ? () => t.map.map((d) => weighed[d]!) : undefined);
}

/** The candidate (of the file) of a found up axis and facing. */
export function candidateOf(found: { upAxis: string; rotationY: number }): number {
  return ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === found.upAxis && q.rotationY === found.rotationY);
}

/** After the gates, the shipped facing cue: the candidate `c` of the file turned a half turn when the cue says so. */
export function withFacingCue(t: StoredTurn, c: number, cues: readonly FacingCue[]): number {
  const q = ORIENTATION_CANDIDATES[c]!;
  return facingCueVerdict(cues[t.map[c]!]!, FACING_CUE_DEFAULTS) < 0 ? candidateOf({ upAxis: q.upAxis, rotationY: halfTurn(q.rotationY) }) : c;
}

/** A candidate's up axis. */
export const upOfCandidate = (c: number): UpAxis => ORIENTATION_CANDIDATES[c]!.upAxis;
/** An up axis's probability (its four candidates summed), in the file's frame. */
export const upMass = (p: readonly number[], up: UpAxis): number => ORIENTATION_CANDIDATES.reduce((a, q, c) => a + (q.upAxis === up ? p[c]! : 0), 0);
/** The up axis with the largest `f` (the first of UP_AXES on a tie). */
export const argmaxUp = (f: (up: UpAxis) => number): UpAxis => UP_AXES.reduce((a, b) => (f(b) > f(a) ? b : a));

/**
 * The leave-one-artist-out choice of the LOAO scripts: of `family`, the setting under which
 * `replayOne` stands the most of `pool`'s turned files right with every upright file kept (the first
 * such setting on ties); `off` when no setting keeps them all.
 */
export function chooseSetting<S, M>(pool: readonly M[], family: readonly S[], off: S, replayOne: (s: M, setting: S) => { right: number; uprights: number }): S {
  let best = off, bestRight = -1;
  for (const g of family) {
    let right = 0, ok = true;
    for (const s of pool) {
      const x = replayOne(s, g);
      if (x.uprights < 1) { ok = false; break; }
      right += x.right;
    }
    if (ok && right > bestRight) { best = g; bestRight = right; }
  }
  return best;
}

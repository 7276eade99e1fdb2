/**
 * Measures the anatomy facing cue (src/orientation-facing-cue.ts: a half turn when the eyes or the
 * feet of the model stood up the chosen way say it faces backwards) over the replay of the gates
 * (scripts/orientation-gates-loao.ts: every character of the development set in its 24 stored
 * turns, decideOrientation from cached measures), and chooses its two constants leaving one artist
 * out: for each artist left out, the (minEyes, minFeet) that stand the most turned files of the
 * other artists right, each read by a model fitted without it and the one left out, with every
 * upright file of theirs kept upright (ties to the higher bars); then scored on the artist left out,
 * read by the model fitted without it. Also the shipped model in sample (what rigMesh does), and the
 * constants chosen on all artists (each read left out).
 *
 *   npx tsx packages/rig/scripts/facing-cue-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cue.json [--models-cache models.json] --without <features>
 *     [--eyes B --feet B (the in-sample row's bars; default the shipped)] [--list (per character: held-out files facing backwards, its cue)]
 *
 * `--cache`/`--lateral-cache` are orientation-gates-loao.ts's (run it once with --lateral to make
 * them); `--without` as there (the shipped 26 features: leave out the other ten).
 * A script, not a test: the set never enters the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { decideOrientation, FIND_ORIENTATION_DEFAULTS, orientationProbabilities, type FindOrientationOptions, type OrientationModel } from '../src/find-orientation';
import { lateralAxisOf, type MirrorPlanes } from '../src/mirror-plane';
import { FACING_CUE_DEFAULTS, facingCueOf, facingCueVerdict, halfTurn, measureFacingSurface, type FacingCue, type FacingCueOptions } from '../src/orientation-facing-cue';
import { candidateFrame, ORIENTATION_CANDIDATES, type OrientationCandidate } from '../src/orientation-features';
import { UP_AXES } from '../src/rotate-mesh-up';
import model from '../src/orientation-model.json';
import { devSetSamples, fitModelOfArgs, fittedFeatureNames, type Sample } from './lib/orientation-fit';
import { applyOrientationLabels, readOrientationLabels } from './lib/orientation-labels';
import { storedTurns } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

interface Measured extends Sample { legs: { legs: number; standingLegs: number }[] }
type Turn = ReturnType<typeof storedTurns>[number];

/** The cue's bars tried, highest (safest) first; 9 is off. */
const EYES_BARS = [9, 0.3, 0.2, 0.15, 0.1, 0.05];
const FEET_BARS = [9, 0.2, 0.15, 0.1, 0.08, 0.06, 0.04];

/** One stored turn under the gates and, with `cue`, the facing cue: its found candidate (the file's). */
function decide(t: Turn, probs: number[], cues: FacingCue[], cue: FacingCueOptions | undefined): { c: number; before: number } {
  const found = decideOrientation(() => t.map.map((d) => probs[d]!), {
    asFiled: () => t.legsAsFiled,
    standingWhenStood: (up) => t.standingWhenStood[UP_AXES.indexOf(up)]!,
  }, { ...FIND_ORIENTATION_DEFAULTS, ...(t.lateral ? { lateralAxis: t.lateral } : {}) } as FindOrientationOptions);
  const at = (rotationY: OrientationCandidate['rotationY']): number => ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === found.upAxis && q.rotationY === rotationY);
  const before = at(found.rotationY);
  if (!cue) return { c: before, before };
  // The file's candidate c is the held file's t.map[c]: the same model stood the same way.
  const says = facingCueVerdict(cues[t.map[before]!]!, cue);
  return { c: says < 0 ? at(halfTurn(found.rotationY)) : before, before };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cacheFile = arg('--cache'), planesFile = arg('--lateral-cache'), cueFile = arg('--cue-cache');
  if (!dir || !labelsFile || !cacheFile || !planesFile || !cueFile) throw new Error('usage: facing-cue-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cue.json [--models-cache models.json] --without <features>');
  const labels = readOrientationLabels(labelsFile);
  const samples = JSON.parse(readFileSync(cacheFile, 'utf8')) as Measured[];
  applyOrientationLabels(samples, labels);
  const set = devSetSamples(samples);
  const artists = [...new Set(set.map((s) => s.artist))];
  const planes = JSON.parse(readFileSync(planesFile, 'utf8')) as Record<string, Pick<MirrorPlanes, 'axisScores' | 'extent'>>;
  const lateralOf = (id: string): 'x' | 'y' | 'z' | undefined => {
    const p = planes[id];
    return p ? lateralAxisOf({ ...p, centre: [0, 0, 0], best: { normal: [1, 0, 0], score: 0 }, axisAligned: { normal: [1, 0, 0], score: 0, axis: 0 } }) : undefined;
  };
  const turnsOf = new Map(set.map((s) => [s.id, storedTurns(s, lateralOf(s.id))]));
  // The cue of each held file's 24 candidates (read once per character).
  const cues: Record<string, FacingCue[]> = existsSync(cueFile) ? JSON.parse(readFileSync(cueFile, 'utf8')) as Record<string, FacingCue[]> : {};
  for (const s of set) {
    if (cues[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    const surface = measureFacingSurface(mesh);
    cues[s.id] = ORIENTATION_CANDIDATES.map((c) => facingCueOf(surface, c));
  }
  writeFileSync(cueFile, JSON.stringify(cues, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v)));
  for (const s of set) cues[s.id] = cues[s.id]!.map((q) => ({ eyes: q.eyes ?? NaN, eyePieces: q.eyePieces, feet: q.feet ?? NaN, knees: q.knees ?? NaN, detail: q.detail ?? NaN, height: q.height ?? NaN, length: q.length ?? NaN }));

  // Models fitted without one or two artists (cached: a fit is 10-20 s).
  const names = fittedFeatureNames();
  const modelsFile = arg('--models-cache');
  const models: Record<string, OrientationModel> = modelsFile && existsSync(modelsFile) ? JSON.parse(readFileSync(modelsFile, 'utf8')) as Record<string, OrientationModel> : {};
  const modelWithout = (out: string[]): OrientationModel => {
    const key = [...new Set(out)].sort().join('|');
    if (!models[key]) {
      models[key] = fitModelOfArgs(samples.filter((s) => !out.includes(s.artist)), Number(arg('--l2') ?? '0.03'), names);
      console.error(`fitted without ${key}`);
      if (modelsFile) writeFileSync(modelsFile, JSON.stringify(models));
    }
    return models[key]!;
  };
  const probsCache = new Map<string, number[]>();
  const probsOf = (s: Measured, out: string[]): number[] => {
    const key = `${s.id}@${[...new Set(out)].sort().join('|')}`;
    if (!probsCache.has(key)) probsCache.set(key, orientationProbabilities(s.features, out.length ? modelWithout(out) : model as OrientationModel));
    return probsCache.get(key)!;
  };
  /** Right turned files, uprights kept, and files facing backwards with the up axis right, of a pool. */
  const tally = (pool: Measured[], outOf: (s: Measured) => string[], cue: FacingCueOptions | undefined): { right: number; uprights: number; backwards: number } => {
    let right = 0, uprights = 0, backwards = 0;
    for (const s of pool) {
      const probs = probsOf(s, outOf(s));
      turnsOf.get(s.id)!.forEach((t, k) => {
        const { c } = decide(t, probs, cues[s.id]!, cue);
        if (t.right.has(c)) { right++; if (k === 0) uprights++; return; }
        const want = candidateFrame(ORIENTATION_CANDIDATES[[...t.right][0]!]!), got = candidateFrame(ORIENTATION_CANDIDATES[c]!);
        if (want.axis[1] === got.axis[1] && want.sign[1] === got.sign[1] && want.axis[2] === got.axis[2]) backwards++;
      });
    }
    return { right, uprights, backwards };
  };
  if (process.argv.includes('--list')) {
    // Per character: its files facing backwards under the gates (held out, no cue), and the cue of its right candidate.
    for (const s of set) {
      const t = tally([s], () => [s.artist], undefined);
      const q = cues[s.id]![[...turnsOf.get(s.id)![0]!.right][0]!]!;
      console.log(`${s.id.padEnd(36)} ${s.artist.padEnd(18)} ${s.plan.padEnd(10)} backwards ${String(t.backwards).padStart(2)} right ${String(t.right).padStart(2)}  eyes ${q.eyes.toFixed(3)} (${q.eyePieces})  feet ${q.feet.toFixed(3)}`);
    }
    return;
  }
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const grid: FacingCueOptions[] = EYES_BARS.flatMap((minEyes) => FEET_BARS.map((minFeet) => ({ minEyes, minFeet })));
  const show = (g: FacingCueOptions): string => `eyes ${g.minEyes === 9 ? 'off' : g.minEyes} feet ${g.minFeet === 9 ? 'off' : g.minFeet}`;
  const choose = (pool: Measured[], outOf: (s: Measured) => string[]): FacingCueOptions => {
    const base = tally(pool, outOf, undefined);
    let best: FacingCueOptions = grid[0]!, bestRight = -1;
    for (const g of grid) {
      const t = tally(pool, outOf, g);
      if (t.uprights < base.uprights) continue;
      if (t.right > bestRight) { best = g; bestRight = t.right; }
    }
    return best;
  };
  // The bars of the in-sample row: the shipped ones unless --eyes / --feet give others.
  const given: FacingCueOptions = { minEyes: Number(arg('--eyes') ?? FACING_CUE_DEFAULTS.minEyes), minFeet: Number(arg('--feet') ?? FACING_CUE_DEFAULTS.minFeet) };
  const row = (label: string, n: number, b: ReturnType<typeof tally>, a: ReturnType<typeof tally>, extra = ''): void => console.log(
    `  ${label.padEnd(20)} ${String(n).padStart(2)} ${extra.padEnd(20)} ${pct(b.right, n * 24)} -> ${pct(a.right, n * 24)}   backwards ${b.backwards} -> ${a.backwards}   uprights ${b.uprights}/${n} -> ${a.uprights}/${n}`);
  const sum = (xs: ReturnType<typeof tally>[]): ReturnType<typeof tally> => xs.reduce((t, x) => ({ right: t.right + x.right, uprights: t.uprights + x.uprights, backwards: t.backwards + x.backwards }), { right: 0, uprights: 0, backwards: 0 });

  console.log(`shipped model, in sample, no cue -> cue (${show(given)}):`);
  const inB: ReturnType<typeof tally>[] = [], inA: ReturnType<typeof tally>[] = [];
  for (const artist of artists) {
    const held = set.filter((s) => s.artist === artist);
    const b = tally(held, () => [], undefined), a = tally(held, () => [], given);
    inB.push(b); inA.push(a); row(artist, held.length, b, a);
  }
  row('all', set.length, sum(inB), sum(inA));

  console.log(`held out, the cue's bars chosen without the artist (others read by models fitted without them and it): no cue -> cue`);
  const hoB: ReturnType<typeof tally>[] = [], hoA: ReturnType<typeof tally>[] = [];
  for (const artist of artists) {
    const held = set.filter((s) => s.artist === artist);
    const g = choose(set.filter((s) => s.artist !== artist), (s) => [artist, s.artist]);
    const b = tally(held, () => [artist], undefined), a = tally(held, () => [artist], g);
    hoB.push(b); hoA.push(a); row(artist, held.length, b, a, show(g));
  }
  row('all (left out)', set.length, sum(hoB), sum(hoA));
  const all = choose(set, (s) => [s.artist]);
  console.log(`bars chosen on all artists (each read left out): ${show(all)}`);
  // The set's files as held (the stored turn that is the file itself), read by the shipped model:
  // the ones whose orientation the cue at those bars changes (their rigs change).
  const moved = set.filter((s) => {
    const held = turnsOf.get(s.id)!.find((t) => t.map.every((d, c) => d === c))!;
    const probs = probsOf(s, []);
    return decide(held, probs, cues[s.id]!, undefined).c !== decide(held, probs, cues[s.id]!, all).c;
  });
  console.log(`files as held whose orientation the cue (bars chosen on all) changes: ${moved.length}${moved.length ? ` (${moved.map((s) => s.artist).join(', ')})` : ''}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

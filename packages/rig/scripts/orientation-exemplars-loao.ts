/**
 * Measures the exemplar cue (src/orientation-exemplars.ts) leaving one artist out, by the same
 * replay of the gated decision as scripts/orientation-gates-loao.ts (its caches are shared): each
 * artist's characters, turned into the 24 quarter-turn orientations, are read by the model fitted
 * without that artist, their probabilities weighed by the distances to the upright exemplars of the
 * OTHER artists only, then gated (the shipped bars, the file's lateral axis kept as rigMesh keeps
 * it). The weight is chosen with one artist left out: for each artist left out, the weight that
 * stands the most turned files of the others right (each other artist read by its own left-out
 * model and by exemplars of neither it nor the artist left out) with every upright file of theirs
 * kept upright; then scored on the artist left out.
 *
 *   npx tsx packages/rig/scripts/orientation-exemplars-loao.ts <dev-set dir> --labels file.json
 *     --cache m.json --lateral-cache planes.json --desc-cache desc.json [--without f1,f2] [--l2 0.03]
 *     [--cue vote-up|vote|nearest] [--pool-up] [--up-only] [--why] [--descriptor silhouettes|cells] [--neighbours 10] [--proportion 0.25 (cells)] [--weights 0,0.25,0.5,0.75,1] [--show 0.75 (per artist at that weight, before -> after)]
 *
 * A script, not a test: the set never enters the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { decideOrientation, FIND_ORIENTATION_DEFAULTS, orientationProbabilities, type FindOrientationOptions, type OrientationModel } from '../src/find-orientation';
import { exemplarDistances, exemplarVotes, measureExemplarDescriptors, weighByCue, type LabelledView, type OrientationExemplar } from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { UP_AXES } from '../src/rotate-mesh-up';
import model from '../src/orientation-model.json';
import { devSetSamples, fitModelOfArgs, fittedFeatureNames, rightOf } from './lib/orientation-fit';
import { applyOrientationLabels, readOrientationLabels } from './lib/orientation-labels';
import { measure, measureLaterals, storedTurns, type Measured, type StoredTurn } from './orientation-gates-loao';
import { missKind } from './lib/orientation-tally';
import { arg } from './lib/cli-args';

/** Descriptors with proportionWeight 1 (the last three entries), cached per character. */
async function descriptorsOf(dir: string, set: Measured[], cache?: string): Promise<Map<string, number[][]>> {
  let stored: Record<string, number[][]> = {};
  try {
    if (cache) stored = JSON.parse(readFileSync(cache, 'utf8')) as typeof stored;
  } catch { /* measure below */ }
  for (const s of set) {
    if (stored[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    stored[s.id] = measureExemplarDescriptors(mesh, { descriptor: DESCRIPTOR, proportionWeight: 1 });
  }
  if (cache) writeFileSync(cache, JSON.stringify(stored));
  return new Map(Object.entries(stored));
}

const DESCRIPTOR = arg('--descriptor') === 'cells' ? 'cells' : 'silhouettes';
/** A descriptor with its proportions reweighed (they were measured at weight 1; the silhouettes have none). */
const reweigh = (d: readonly number[], w: number): number[] => (DESCRIPTOR === 'cells' ? d.map((v, i) => (i >= d.length - 3 ? v * w : v)) : [...d]);

/** Kind of a miss (lib/orientation-tally.ts missKind) with the facing's half and quarter turns as one: the up axis a quarter off, upside down, or right with the facing wrong. */
const coarseMissKind = (t: StoredTurn, c: number): string => {
  const kind = missKind(t, c);
  return kind === 'facing 180' || kind === 'facing 90' ? 'facing' : kind;
};

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels');
  if (!dir || !labelsFile) throw new Error('usage: orientation-exemplars-loao.ts <dev-set dir> --labels file.json --cache m.json --lateral-cache planes.json --desc-cache desc.json');
  const l2 = Number(arg('--l2') ?? '0.03');
  const neighbours = Number(arg('--neighbours') ?? '10');
  const proportion = Number(arg('--proportion') ?? '0.25');
  const weights = (arg('--weights') ?? '0,0.25,0.5,0.75,1,1.25,1.5').split(',').map(Number);
  const names = fittedFeatureNames();
  const labels = readOrientationLabels(labelsFile);
  const samples = await measure(dir, arg('--cache'));
  applyOrientationLabels(samples, labels);
  const set = devSetSamples(samples);
  const artists = [...new Set(set.map((s) => s.artist))];
  const laterals = await measureLaterals(dir, set, arg('--lateral-cache'));
  const turnsOf = new Map(set.map((s) => [s.id, storedTurns(s, laterals.get(s.id))]));
  const raw = await descriptorsOf(dir, set, arg('--desc-cache'));
  const desc = new Map([...raw.entries()].map(([id, d]) => [id, d.map((row) => reweigh(row, proportion))]));
  const exemplarsOf = new Map(set.map((s) => [s.id, rightOf(s).map((c) => ({ group: artists.indexOf(s.artist), descriptor: desc.get(s.id)![c]! }))]));
  /** Upright exemplars of every character whose artist is not in `out`. */
  const exemplarsWithout = (out: string[]): OrientationExemplar[] => set.filter((s) => !out.includes(s.artist)).flatMap((s) => exemplarsOf.get(s.id)!);
  const CUE = arg('--cue') ?? 'vote-up';
  // An exemplar stands one way up: a character whose right orientations name more than one up axis
  // (a flat flyer either side up, a fish between two axes) says nothing about which is up.
  const oneUpAxis = (s: Measured): boolean => new Set(rightOf(s).map((c) => ORIENTATION_CANDIDATES[c]!.upAxis)).size === 1;
  /** Every orientation of every character whose artist is not in `out`, labelled. */
  const viewsWithout = (out: string[]): LabelledView[] => set.filter((s) => !out.includes(s.artist) && oneUpAxis(s)).flatMap((s) => desc.get(s.id)!.map((descriptor, c) => ({
    group: artists.indexOf(s.artist), descriptor, right: rightOf(s).includes(c),
    upRight: rightOf(s).some((r) => ORIENTATION_CANDIDATES[r]!.upAxis === ORIENTATION_CANDIDATES[c]!.upAxis),
  })));
  const viewCache = new Map<string, LabelledView[]>();
  const cueCache = new Map<string, number[]>();
  /** The cue's per-candidate scores (higher likelier) for s, exemplars of no artist in `out`. */
  const cueOf = (s: Measured, out: string[]): number[] => {
    const key = [...out].sort().join('|');
    if (!cueCache.has(`${s.id}@${key}`)) {
      let v: number[];
      if (CUE === 'nearest') v = exemplarDistances(desc.get(s.id)!, exemplarsWithout(out), { neighbours }).map((d) => -d);
      else {
        if (!viewCache.has(key)) viewCache.set(key, viewsWithout(out));
        v = exemplarVotes(desc.get(s.id)!, viewCache.get(key)!, { neighbours, by: CUE === 'vote' ? 'orientation' : 'up' });
      }
      // --pool-up: one score per up axis (the best of its four facings), so the cue weighs up axes
      // only and leaves the finder's facing among the four as it was.
      if (process.argv.includes('--pool-up')) {
        const u = v;
        v = u.map((_, c) => Math.max(...u.filter((__, d) => ORIENTATION_CANDIDATES[d]!.upAxis === ORIENTATION_CANDIDATES[c]!.upAxis)));
      }
      cueCache.set(`${s.id}@${key}`, v);
    }
    return cueCache.get(`${s.id}@${key}`)!;
  };
  const models = new Map<string, OrientationModel>();
  const modelWithout = (artist: string): OrientationModel => {
    if (!models.has(artist)) {
      const t0 = performance.now();
      models.set(artist, fitModelOfArgs(samples.filter((s) => s.artist !== artist), l2, names));
      console.error(`fitted without ${artist} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    return models.get(artist)!;
  };
  const gates: FindOrientationOptions = { ...FIND_ORIENTATION_DEFAULTS, ungated: false };
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;

  // Exemplar cue alone: the rank of a right candidate among the 24 by distance (exemplars of other artists).
  let top1 = 0, top1Up = 0;
  for (const s of set) {
    const d = cueOf(s, [s.artist]);
    const best = d.indexOf(Math.max(...d));
    if (rightOf(s).includes(best)) top1++;
    if (rightOf(s).some((c) => ORIENTATION_CANDIDATES[c]!.upAxis === ORIENTATION_CANDIDATES[best]!.upAxis)) top1Up++;
  }
  console.log(`cue ${CUE} alone (other artists' exemplars, ${neighbours} nearest, ${DESCRIPTOR}, proportions x${proportion}): nearest candidate right ${top1}/${set.length}, up axis right ${top1Up}/${set.length}`);

  // Per artist left out A, per character: its probabilities by its left-out model; per weight the replay.
  // right[a][b][w]: artist b's turned files right, b read by its left-out model with exemplars of neither a nor b (a = b: held out).
  type Cell = { right: number; uprights: number; kinds: Map<string, number> };
  // --up-only: the cue judges the up axis alone (decideOrientation's upProbabilities), the facing
  // bars read the finder's own probabilities.
  const UP_ONLY = process.argv.includes('--up-only');
  const decide = (t: StoredTurn, probs: number[], weighed: number[]): number => {
    const f = decideOrientation(() => t.map.map((d) => (UP_ONLY ? probs : weighed)[d]!), { asFiled: () => t.legsAsFiled, standingWhenStood: (up) => t.standingWhenStood[UP_AXES.indexOf(up)]! },
      t.lateral ? { ...gates, lateralAxis: t.lateral } : gates, UP_ONLY ? () => t.map.map((d) => weighed[d]!) : undefined);
    return ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === f.upAxis && q.rotationY === f.rotationY);
  };
  const replay = (s: Measured, probs: number[], cue: number[], w: number, kinds?: Map<string, number>): { right: number; upright: boolean } => {
    const p = weighByCue(probs, cue, w);
    let right = 0, upright = false;
    turnsOf.get(s.id)!.forEach((t, k) => {
      const c = decide(t, probs, p);
      if (t.right.has(c)) { right++; if (k === 0) upright = true; }
      else if (kinds) { const kind = coarseMissKind(t, c); kinds.set(kind, (kinds.get(kind) ?? 0) + 1); }
    });
    return { right, upright };
  };
  const probsOf = new Map(set.map((s) => [s.id, orientationProbabilities(s.features, modelWithout(s.artist))]));
  const cell = (b: string, out: string[], w: number, kinds = false): Cell => {
    const c: Cell = { right: 0, uprights: 0, kinds: new Map() };
    for (const s of set.filter((q) => q.artist === b)) {
      const r = replay(s, probsOf.get(s.id)!, cueOf(s, out), w, kinds ? c.kinds : undefined);
      c.right += r.right; if (r.upright) c.uprights++;
    }
    return c;
  };
  const count = (a: string): number => set.filter((s) => s.artist === a).length;

  console.log(`\nheld out at each weight (each artist: model and exemplars without it; shipped bars, lateral axis kept):`);
  const heldAt = new Map(weights.map((w) => [w, new Map(artists.map((a) => [a, cell(a, [a], w, true)]))]));
  for (const w of weights) {
    const row = heldAt.get(w)!;
    const r = [...row.values()].reduce((t, c) => t + c.right, 0), u = [...row.values()].reduce((t, c) => t + c.uprights, 0);
    const kinds = new Map<string, number>();
    for (const c of row.values()) for (const [k, n] of c.kinds) kinds.set(k, (kinds.get(k) ?? 0) + n);
    console.log(`  weight ${String(w).padEnd(5)} ${pct(r, set.length * 24)}  uprights ${u}/${set.length}  misses ${[...kinds.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }

  console.log(`\nweight chosen without each artist (the others' turned files right, every upright of theirs kept), scored on it: off -> chosen`);
  let b0 = 0, b1 = 0, u0 = 0, u1 = 0;
  const chosenWeights: number[] = [];
  for (const a of artists) {
    const others = artists.filter((o) => o !== a);
    let chosen = 0, chosenRight = -1;
    for (const w of weights) {
      const cells = others.map((o) => cell(o, [a, o], w));
      if (cells.some((c, i) => c.uprights < count(others[i]!))) continue;
      const r = cells.reduce((t, c) => t + c.right, 0);
      if (r > chosenRight) { chosen = w; chosenRight = r; }
    }
    chosenWeights.push(chosen);
    const x = heldAt.get(weights[0]!)!.get(a)!, y = cell(a, [a], chosen);
    b0 += x.right; b1 += y.right; u0 += x.uprights; u1 += y.uprights;
    console.log(`  ${a.padEnd(20)} ${String(count(a)).padStart(2)}  weight ${String(chosen).padEnd(5)} ${pct(x.right, count(a) * 24)} -> ${pct(y.right, count(a) * 24)}   uprights ${x.uprights}/${count(a)} -> ${y.uprights}/${count(a)}`);
  }
  console.log(`  ${'all (left out)'.padEnd(34)} ${pct(b0, set.length * 24)} -> ${pct(b1, set.length * 24)}   uprights ${u0} -> ${u1}`);

  const show = arg('--show');
  if (show !== undefined) {
    // Per artist at one weight, before (off) -> after: held out (model and exemplars without the
    // artist) and in sample (the shipped model and every exemplar, the artist's own included: what
    // rigMesh does with the shipped data on the set itself).
    const w = Number(show);
    console.log(`\nper artist, weight 0 -> ${w}:        held out                          in sample (shipped model, all exemplars)`);
    const sums = [0, 0, 0, 0, 0, 0, 0, 0];
    for (const a of artists) {
      const held = set.filter((s) => s.artist === a);
      const r = [0, 0, 0, 0], u = [0, 0, 0, 0];
      for (const s of held) {
        const rows = [
          replay(s, probsOf.get(s.id)!, cueOf(s, [a]), 0), replay(s, probsOf.get(s.id)!, cueOf(s, [a]), w),
          replay(s, orientationProbabilities(s.features, model as OrientationModel), cueOf(s, []), 0), replay(s, orientationProbabilities(s.features, model as OrientationModel), cueOf(s, []), w),
        ];
        rows.forEach((x, i) => { r[i]! += x.right; if (x.upright) u[i]!++; });
      }
      r.forEach((v, i) => { sums[i]! += v; sums[4 + i]! += u[i]!; });
      console.log(`  ${a.padEnd(20)} ${String(held.length).padStart(2)}  ${pct(r[0]!, held.length * 24)} -> ${pct(r[1]!, held.length * 24)}  uprights ${u[0]}/${held.length} -> ${u[1]}/${held.length}     ${pct(r[2]!, held.length * 24)} -> ${pct(r[3]!, held.length * 24)}  uprights ${u[2]}/${held.length} -> ${u[3]}/${held.length}`);
    }
    console.log(`  ${'all'.padEnd(23)} ${pct(sums[0]!, set.length * 24)} -> ${pct(sums[1]!, set.length * 24)}  uprights ${sums[4]} -> ${sums[5]}     ${pct(sums[2]!, set.length * 24)} -> ${pct(sums[3]!, set.length * 24)}  uprights ${sums[6]} -> ${sums[7]}`);
  }

  // In sample: the shipped model, with exemplars of the other artists (what rigMesh's shipped data
  // would give a new artist's file) and with all (the shipped data on the set itself: inflated).
  const shipped = model as OrientationModel;
  for (const [title, outOf] of [['other artists', (s: Measured) => [s.artist]], ['all, own included', () => []]] as const) {
    console.log(`\nshipped model (in sample), exemplars of ${title}, per weight:`);
    for (const w of weights) {
      let r = 0, u = 0;
      const kinds = new Map<string, number>();
      for (const s of set) {
        const x = replay(s, orientationProbabilities(s.features, shipped), cueOf(s, outOf(s)), w, kinds);
        r += x.right; if (x.upright) u++;
        else if (process.argv.includes('--why')) {
          const t = turnsOf.get(s.id)![0]!;
          const q = orientationProbabilities(s.features, shipped);
          const p0 = weighByCue(q, cueOf(s, outOf(s)), w);
          const f = decideOrientation(() => t.map.map((d) => (UP_ONLY ? q : p0)[d]!), { asFiled: () => t.legsAsFiled, standingWhenStood: (up) => t.standingWhenStood[UP_AXES.indexOf(up)]! },
            t.lateral ? { ...gates, lateralAxis: t.lateral } : gates, UP_ONLY ? () => t.map.map((d) => p0[d]!) : undefined);
          console.log(`    upright turned: ${s.id} (${s.plan}) -> ${f.upAxis}/${f.rotationY} ${f.upAxisReason} p ${f.confidence?.toFixed(2)} up ${f.upConfidence?.toFixed(2)}, legs as filed ${t.legsAsFiled}`);
        }
      }
      console.log(`  weight ${String(w).padEnd(5)} ${pct(r, set.length * 24)}  uprights ${u}/${set.length}  misses ${[...kinds.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

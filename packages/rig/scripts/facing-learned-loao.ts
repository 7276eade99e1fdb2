/**
 * Two learned facing cues chosen leaving one artist out, by a replay of what findOrientation runs
 * over every character of the development set in its 24 stored turns: the gates (decideOrientation,
 * shipped bars, the up axis read with the exemplar up cue), the anatomy facing cue (eyes, feet),
 * then a learned cue: the nearest upright exemplar views' facing (scripts/lib/facing-exemplar-votes.ts)
 * or the side profile's logistic score (scripts/lib/facing-profile.ts). Also the breakdown of the
 * misses by kind (up axis a quarter off, upside down, right up axis facing a half or a quarter
 * turn off), per artist and per body plan.
 *
 * For each artist left out: every setting of the grid (neighbours, margin, when it speaks) is tried
 * on the other artists, each read by the model fitted without it and by exemplars (up and facing)
 * of neither it nor the artist left out, keeping only settings under which every upright file of
 * theirs stays upright; the one standing the most turned files right (ties to the earlier, "off"
 * first) is scored on the artist left out (its model and exemplars without it). Then the same
 * choice on all artists, read in sample (the shipped model, every exemplar): per artist and plan,
 * and which files as held it turns.
 *
 *   npx tsx packages/rig/scripts/facing-learned-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --profile-cache profiles.json --without <features>
 *     [--models-cache models.json] [--list] [--grid] [--cue exemplars|profile|both (default: exemplars and profile, each alone)] [--family silent,turned,tall] [--subsets all,feet,lower,toes] [--side-top (the exemplar votes' distance without the front view)]
 *
 * `--cache`, `--lateral-cache` and `--cue-cache` are orientation-bars-loao.ts's (run it first to
 * make the cue cache); `--profile-cache` holds each character's 24 profiles (made when missing);
 * `--models-cache` keeps the models fitted without each artist. A script, not
 * a test: the set never enters the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { decideOrientation, FIND_ORIENTATION_DEFAULTS, type FindOrientationOptions } from '../src/find-orientation';
import { DESCRIPTOR_CELLS } from '../src/orientation-exemplar-counts';
import { weighByCue } from '../src/orientation-exemplars';
import { FACING_CUE_DEFAULTS, facingCueVerdict, measureFacingSurface, type FacingCue } from '../src/orientation-facing-cue';
import { facingProfileOf, facingProfileScore, fitFacingProfile, PROFILE_FEATURE_NAMES, type FacingProfileModel } from './lib/facing-profile';
import { facingViewsOfCounts, facingVotesOf, halfTurnOf, nearestFacings, type FacingViews } from './lib/facing-exemplar-votes';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { UP_AXES } from '../src/rotate-mesh-up';
import { rightOf } from './lib/orientation-fit';
import { loadReplay } from './lib/orientation-replay';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { MISS_KINDS, sumTallies, tallyTurns, type TurnTally } from './lib/orientation-tally';
import { arg } from './lib/cli-args';

/**
 * Which cue and when it speaks: 'silent' only where the anatomy cue (eyes, feet) says nothing of
 * the facing the gates chose; 'after' on the facing after the anatomy cue, whatever it said.
 * `turned`: only where the gates turned the up axis (a file that keeps its +Y keeps its facing).
 * Exemplars: `neighbours` nearest views, the half turn taken when its vote beats the facing's by
 * `margin`; `weigh`: instead, the finder's probabilities among each up axis's four facings are
 * weighed by exp(margin · (vote − best vote)) before the gates' facing bar. Profile: weights fitted
 * with L2 `l2` (on `tall` exemplars only, and read on tall candidates only, when set), the half
 * turn taken when the facing's score is at most −margin.
 */
interface Setting { cue: 'off' | 'exemplars' | 'profile' | 'both'; neighbours: number; margin: number; when: 'silent' | 'after' | 'weigh'; turned: boolean; l2: number; tall: boolean; subset: string }
const MAX_NEIGHBOURS = 20;
const OFF: Setting = { cue: 'off', neighbours: 0, margin: 0, when: 'silent', turned: true, l2: 0, tall: false, subset: 'all' };
/** The profile's features a fit may weigh (the others weigh 0): all, the feet's two bands, the lowest three, the toes' reach alone. */
const SUBSETS: Record<string, (name: string) => boolean> = {
  all: () => true,
  feet: (n) => n.endsWith('0') || n.endsWith('1'),
  lower: (n) => n.endsWith('0') || n.endsWith('1') || n.endsWith('2'),
  toes: (n) => n === 'reach0',
};
const subsets = process.argv.includes('--subsets') ? process.argv[process.argv.indexOf('--subsets') + 1]!.split(',') : Object.keys(SUBSETS);
const GRID: Setting[] = [OFF];
const only = process.argv.includes('--cue') ? process.argv[process.argv.indexOf('--cue') + 1] : undefined;
for (const when of ['silent', 'after'] as const) {
  for (const turned of [true, false]) {
    if (only !== 'profile') for (const neighbours of [5, 10, 20]) for (const margin of [0.5, 1, 1.5, 2, 2.5]) GRID.push({ ...OFF, cue: 'exemplars', neighbours, margin, when, turned });
    if (only !== 'exemplars') {
      for (const subset of subsets) for (const tall of [true, false]) for (const l2 of [0.01, 0.1]) for (const margin of [0, 0.5, 1, 2, 3]) GRID.push({ ...OFF, cue: 'profile', margin, when, turned, l2, tall, subset });
    }
  }
}
if (only !== 'profile' && only !== 'both') for (const neighbours of [5, 10, 20]) for (const margin of [0.25, 0.5, 1, 2]) GRID.push({ ...OFF, cue: 'exemplars', neighbours, margin, when: 'weigh', turned: false });
// --cue both: the half turn only where both learned cues say backwards (the profile at its margin, the votes by 0.5 of 20 neighbours' log share).
if (only === 'both') {
  GRID.length = 1;
  for (const subset of subsets) for (const tall of [true, false]) for (const l2 of [0.01, 0.1]) for (const margin of [0, 0.5, 1]) for (const neighbours of [10, 20]) GRID.push({ ...OFF, cue: 'both', neighbours, margin, when: 'silent', turned: true, l2, tall, subset });
}
// --family silent,turned,tall: only settings of that kind (the grid's others dropped; off stays first).
const family = process.argv.includes('--family') ? process.argv[process.argv.indexOf('--family') + 1]!.split(',') : [];
for (let i = GRID.length - 1; i > 0; i--) {
  const g = GRID[i]!;
  if ((family.includes('silent') && g.when !== 'silent') || (family.includes('turned') && !g.turned) || (family.includes('tall') && !g.tall)) GRID.splice(i, 1);
}
const show = (g: Setting): string => (g.cue === 'off' ? 'off'
  : g.cue === 'both' ? `both ${g.subset}${g.tall ? ' tall' : ''} l2 ${g.l2} margin ${g.margin} k ${g.neighbours}`
  : g.cue === 'exemplars' ? `exemplars ${g.when}${g.turned ? ' turned-only' : ''} k ${g.neighbours} ${g.when === 'weigh' ? 'weight' : 'margin'} ${g.margin}`
    : `profile ${g.subset} ${g.when}${g.turned ? ' turned-only' : ''}${g.tall ? ' tall' : ''} l2 ${g.l2} margin ${g.margin}`);


async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache');
  if (!dir || !labelsFile || !cueFile || !existsSync(cueFile)) throw new Error('usage: facing-learned-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json (orientation-bars-loao.ts\'s) --without <features>');
  const { set, artists, turnsOf, extra, upScoresOf, heldProbs, shippedProbs } = await loadReplay(dir, labelsFile, cueFile, arg);
  // The silhouettes as counts (the cache holds them over 16, exact).
  const countsOf = new Map(set.map((s) => [s.id, Uint8Array.from(extra[s.id]!.desc.flat(), (v) => Math.round(v * 16))]));
  for (const s of set) if (countsOf.get(s.id)!.length !== 24 * DESCRIPTOR_CELLS) throw new Error(`cue cache: ${s.id} has no silhouettes`);

  // Exemplars as fit-orientation-exemplars.ts takes them: characters whose labels name one up axis.
  const oneUpAxis = (s: Measured): boolean => new Set(rightOf(s).map((c) => ORIENTATION_CANDIDATES[c]!.upAxis)).size === 1;
  const key = (out: string[]): string => [...new Set(out)].sort().join('|');
  const facingViewCache = new Map<string, FacingViews>();
  const facingViewsWithout = (out: string[]): FacingViews => {
    const k = key(out);
    if (!facingViewCache.has(k)) {
      const ex = set.filter((s) => !out.includes(s.artist) && oneUpAxis(s));
      facingViewCache.set(k, facingViewsOfCounts(ex.map((s) => countsOf.get(s.id)!), ex.map((s) => rightOf(s))));
    }
    return facingViewCache.get(k)!;
  };
  const nearCache = new Map<string, Uint8Array[]>();
  const nearOf = (s: Measured, out: string[]): Uint8Array[] => {
    const k = `${s.id}@${key(out)}`;
    if (!nearCache.has(k)) nearCache.set(k, nearestFacings(countsOf.get(s.id)!, facingViewsWithout(out), MAX_NEIGHBOURS, process.argv.includes('--side-top')));
    return nearCache.get(k)!;
  };

  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;

  // The profiles of each character's 24 candidates (measured once; cached).
  const profileFile = arg('--profile-cache');
  const profiles: Record<string, { features: number[]; tall: boolean }[]> = profileFile && existsSync(profileFile) ? JSON.parse(readFileSync(profileFile, 'utf8')) as Record<string, { features: number[]; tall: boolean }[]> : {};
  for (const s of set) {
    if (profiles[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    const surface = measureFacingSurface(mesh);
    profiles[s.id] = ORIENTATION_CANDIDATES.map((c) => facingProfileOf(surface, c));
    console.error(`profiled ${s.id}`);
  }
  if (profileFile) writeFileSync(profileFile, JSON.stringify(profiles));
  const profileModels = new Map<string, FacingProfileModel>();
  /** The profile weights fitted on the upright characters of no artist in `out` (tall ones only with `tall`). */
  const profileModelWithout = (out: string[], g: Setting): FacingProfileModel => {
    const k = `${key(out)}@${g.l2}@${g.tall}@${g.subset}`;
    if (!profileModels.has(k)) {
      const rows = set.filter((s) => !out.includes(s.artist) && oneUpAxis(s)).map((s) => profiles[s.id]![rightOf(s)[0]!]!).filter((p) => !g.tall || p.tall);
      const keep = PROFILE_FEATURE_NAMES.map((n) => SUBSETS[g.subset]!(n));
      profileModels.set(k, fitFacingProfile(rows.map((p) => p.features.map((v, i) => (keep[i] ? v : 0))), g.l2));
    }
    return profileModels.get(k)!;
  };

  /** The gates and the anatomy cue of one stored turn (they do not depend on the learned cue unless it weighs): cached. */
  const gateCache = new Map<string, { c0: number; verdict: number; keeps: boolean }>();
  const gatesOf = (t: StoredTurn, probs: number[], up: number[], cues: FacingCue[], cacheKey: string | undefined): { c0: number; verdict: number; keeps: boolean } => {
    if (cacheKey && gateCache.has(cacheKey)) return gateCache.get(cacheKey)!;
    const gates: FindOrientationOptions = { ...FIND_ORIENTATION_DEFAULTS, ...(t.lateral ? { lateralAxis: t.lateral } : {}) };
    const weighed = weighByCue(probs, t.map.map((d) => up[d]!), weight);
    const found = decideOrientation(() => probs, {
      asFiled: () => t.legsAsFiled,
      standingWhenStood: (ax) => t.standingWhenStood[UP_AXES.indexOf(ax)]!,
    }, gates, () => weighed);
    const c0 = ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === found.upAxis && q.rotationY === found.rotationY);
    const r = { c0, verdict: facingCueVerdict(cues[t.map[c0]!]!, FACING_CUE_DEFAULTS), keeps: found.upAxisReason === 'kept' || found.upAxisReason === 'stands-as-filed' };
    if (cacheKey) gateCache.set(cacheKey, r);
    return r;
  };
  /** One stored turn (file-frame candidates; the held file's per-candidate inputs read through t.map). */
  const decide = (s: Measured, t: StoredTurn, k: number, probs: number[], up: number[], near: Uint8Array[], out: string[], g: Setting, probsKey: string): number => {
    let p = t.map.map((d) => probs[d]!);
    const votes = g.cue === 'exemplars' || g.cue === 'both' ? facingVotesOf(t.map.map((d) => near[d]!), g.neighbours) : [];
    const weighs = g.cue === 'exemplars' && g.when === 'weigh';
    if (weighs) {
      // Each up axis keeps its mass; its four facings are weighed by their votes.
      const w8 = [...p];
      for (const ax of UP_AXES) {
        const group = ORIENTATION_CANDIDATES.flatMap((q, i) => (q.upAxis === ax ? [i] : []));
        const best = Math.max(...group.map((i) => votes[i]!));
        const mass = group.reduce((a, i) => a + p[i]!, 0);
        const w = group.map((i) => p[i]! * Math.exp(g.margin * (votes[i]! - best)));
        const sw = w.reduce((a, b) => a + b, 0);
        group.forEach((i, j) => (w8[i] = sw > 0 ? (mass * w[j]!) / sw : p[i]!));
      }
      p = w8;
    }
    const { c0, verdict, keeps } = gatesOf(t, p, up, extra[s.id]!.cues, weighs ? undefined : `${s.id}@${probsKey}@${k}`);
    const c1 = verdict < 0 ? halfTurnOf(c0) : c0;
    if (g.cue === 'off' || weighs) return c1;
    if (g.turned && keeps) return c1;
    if (g.when === 'silent' && verdict !== 0) return c1;
    if (g.cue === 'exemplars') return votes[halfTurnOf(c1)]! - votes[c1]! >= g.margin ? halfTurnOf(c1) : c1;
    const profile = profiles[s.id]![t.map[c1]!]!;
    if (g.tall && !profile.tall) return c1;
    const back = facingProfileScore(profile.features, profileModelWithout(out, g)) <= -g.margin;
    if (g.cue === 'both') return back && votes[halfTurnOf(c1)]! - votes[c1]! >= 0.5 ? halfTurnOf(c1) : c1;
    return back ? halfTurnOf(c1) : c1;
  };
  type Tally = TurnTally;
  const replay = (s: Measured, probs: number[], up: number[], near: Uint8Array[], out: string[], g: Setting, probsKey: string): Tally =>
    tallyTurns(turnsOf.get(s.id)!, (t, k) => decide(s, t, k, probs, up, near, out, g, probsKey));
  const sum = sumTallies;
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const kinds = (t: Tally): string => MISS_KINDS.map((k) => `${k} ${t.kinds.get(k) ?? 0}`).join(', ');

  const inSample = (s: Measured, g: Setting): Tally => replay(s, shippedProbs.get(s.id)!, extra[s.id]!.shippedUp, nearOf(s, []), [], g, 'shipped');
  const heldOut = (s: Measured, out: string, g: Setting): Tally => replay(s, heldProbs.get(s.id)!, upScoresOf(s, [out, s.artist]), nearOf(s, [out, s.artist]), [out, s.artist], g, key([out, s.artist]));
  const off = OFF;
  const breakdown = (title: string, of: (s: Measured) => Tally): void => {
    console.log(`\n${title}: right, then the misses by kind`);
    for (const [label, groupOf] of [['artist', (s: Measured) => s.artist], ['plan', (s: Measured) => s.plan]] as const) {
      const groups = [...new Set(set.map(groupOf))];
      for (const gname of groups) {
        const t = sum(set.filter((s) => groupOf(s) === gname).map(of));
        console.log(`  ${label.padEnd(6)} ${gname.padEnd(20)} ${String(t.n / 24).padStart(2)}  ${pct(t.right, t.n).padStart(6)}  ${kinds(t)}`);
      }
    }
    const t = sum(set.map(of));
    console.log(`  all ${''.padEnd(23)} ${String(t.n / 24).padStart(2)}  ${pct(t.right, t.n).padStart(6)}  ${kinds(t)}  uprights ${t.uprights}/${set.length}`);
  };
  breakdown('in sample (shipped model and exemplars: what score-orientation.ts measures), the cue off', (s) => inSample(s, off));
  if (process.argv.includes('--list')) {
    for (const s of set) {
      const t = inSample(s, off);
      if (t.kinds.size) console.log(`    ${s.id.padEnd(36)} ${s.artist.padEnd(18)} ${s.plan.padEnd(10)} ${kinds(t)}`);
    }
  }
  breakdown('held out (model and exemplars without the artist), the cue off', (s) => heldOut(s, s.artist, off));

  /** The setting standing the most of `pool` right (each read without itself and `out`), every upright kept. */
  const choose = (pool: Measured[], out: string): Setting => {
    let best = off, bestRight = -1;
    for (const g of GRID) {
      let right = 0, ok = true;
      for (const s of pool) {
        const r = heldOut(s, out || s.artist, g);
        if (r.uprights < 1) { ok = false; break; }
        right += r.right;
      }
      if (ok && right > bestRight) { best = g; bestRight = right; }
    }
    return best;
  };
  console.log('\nheld out: off -> the setting chosen without the artist');
  const before: Tally[] = [], after: Tally[] = [];
  const chosen = new Map<string, Setting>();
  for (const a of artists) {
    const mine = set.filter((s) => s.artist === a);
    const g = choose(set.filter((s) => s.artist !== a), a);
    chosen.set(a, g);
    const x = sum(mine.map((s) => heldOut(s, a, off))), y = sum(mine.map((s) => heldOut(s, a, g)));
    before.push(x); after.push(y);
    console.log(`  ${a.padEnd(20)} ${String(mine.length).padStart(2)}  ${show(g).padEnd(34)} ${pct(x.right, x.n)} -> ${pct(y.right, y.n)}   facing 180 ${x.kinds.get('facing 180') ?? 0} -> ${y.kinds.get('facing 180') ?? 0}   uprights ${x.uprights}/${mine.length} -> ${y.uprights}/${mine.length}`);
  }
  const b = sum(before), c = sum(after);
  console.log(`  ${'all (left out)'.padEnd(24)} ${''.padEnd(34)} ${pct(b.right, b.n)} -> ${pct(c.right, c.n)}   uprights ${b.uprights}/${set.length} -> ${c.uprights}/${set.length}`);
  console.log(`  misses before: ${kinds(b)}\n  misses after:  ${kinds(c)}`);
  // Per body plan, held out.
  for (const plan of [...new Set(set.map((s) => s.plan))]) {
    const mine = set.filter((s) => s.plan === plan);
    const x = sum(mine.map((s) => heldOut(s, s.artist, off))), y = sum(mine.map((s) => heldOut(s, s.artist, chosen.get(s.artist)!)));
    console.log(`  plan ${plan.padEnd(15)} ${String(mine.length).padStart(2)}  ${pct(x.right, x.n)} -> ${pct(y.right, y.n)}`);
  }

  const all = choose(set, '');
  console.log(`\nsetting chosen on all artists (each read left out): ${show(all)}`);
  // Every setting's total on all artists (each read left out), for the README's table.
  if (process.argv.includes('--grid')) {
    for (const g of GRID) {
      const t = sum(set.map((s) => heldOut(s, s.artist, g)));
      console.log(`  ${show(g).padEnd(34)} ${pct(t.right, t.n)}  uprights ${t.uprights}/${set.length}  ${kinds(t)}`);
    }
  }
  // The characters the setting chosen on all changes, each read left out.
  for (const s of set) {
    const x = heldOut(s, s.artist, off), y = heldOut(s, s.artist, all);
    if (x.right !== y.right || x.uprights !== y.uprights) console.log(`  changed: ${s.id.padEnd(34)} ${s.artist.padEnd(18)} ${s.plan.padEnd(10)} ${x.right} -> ${y.right} of 24, upright ${x.uprights} -> ${y.uprights}`);
  }
  breakdown(`in sample, the cue at the setting chosen on all (${show(all)})`, (s) => inSample(s, all));
  const moved = set.filter((s) => {
    const k = turnsOf.get(s.id)!.findIndex((t) => t.map.every((d, i) => d === i));
    const t = turnsOf.get(s.id)![k]!;
    const at = (g: Setting): number => decide(s, t, k, shippedProbs.get(s.id)!, extra[s.id]!.shippedUp, nearOf(s, []), [], g, 'shipped');
    return at(off) !== at(all);
  });
  console.log(`files as held whose orientation the chosen setting changes: ${moved.length}${moved.length ? ` (${moved.map((s) => `${s.artist} ${s.plan}`).join(', ')})` : ''}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Anatomy facing cues after the shipped ones (issue 23, the facing round), chosen leaving one artist
 * out by a replay of what findOrientation runs over every character of the development set in its 24
 * stored turns: the gates (decideOrientation, shipped bars, the up axis read with the exemplar up
 * cue), the shipped eyes/feet/knees cue (`--no-knees`: eyes and feet only) and its quarter turn to
 * feet reaching forward (`--no-quarter`: without), then one cue of scripts/lib/facing-anatomy.ts (knee, shin, toes,
 * chest, head, kneeBeyond): the half turn is taken when the chosen candidate's cue is at most −bar
 * (below 0 at bar 0).
 *
 * For each artist left out: every setting (cue, bar, whether only where the eyes/feet cue is silent,
 * only where the gates turned the up axis, only on candidates taller than long) is tried on the
 * other artists, each read by the model fitted without it and exemplars of neither it nor the artist
 * left out, keeping only settings under which every upright file of theirs stays upright; the one
 * standing the most turned files right (ties to the earlier, "off" first) is scored on the artist
 * left out. Then one setting for all (chosen on all artists, each read left out: optimistic) and in
 * sample (the shipped model and exemplars), per artist and per character.
 *
 *   npx tsx packages/rig/scripts/facing-anatomy-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --anatomy-cache anatomy.json \
 *     --without <features> [--cues knee,shin,..] [--list] [--show "knee 0.08 silent turned tall"] [--no-knees] [--no-quarter]
 *
 * The caches are orientation-bars-loao.ts's; `--anatomy-cache` holds each character's 24 candidates'
 * cues (made when missing). A script, not a test: the set never enters the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { weighByCue } from '../src/orientation-exemplars';
import { FACING_CUE_DEFAULTS, facingCueVerdict, measureFacingSurface } from '../src/orientation-facing-cue';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { ANATOMY_CUE_NAMES, anatomyCuesOf, type AnatomyCueName, type AnatomyCues } from './lib/facing-anatomy';
import { halfTurnOf } from './lib/facing-exemplar-votes';
import { candidateOf, gateTurn, loadReplay } from './lib/orientation-replay';
import type { Measured } from './orientation-gates-loao';
import { MISS_KINDS, sumTallies, tallyTurns, type TurnTally } from './lib/orientation-tally';
import { arg } from './lib/cli-args';

interface Setting { cue: AnatomyCueName | 'quarterFeet' | 'off'; bar: number; silent: boolean; turned: boolean; tall: boolean }
const OFF: Setting = { cue: 'off', bar: 0, silent: true, turned: true, tall: true };
const BARS = [0, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15, 0.2, 0.3];
const cueNames = (arg('--cues')?.split(',') ?? [...ANATOMY_CUE_NAMES]) as (AnatomyCueName | 'quarterFeet')[];
const GRID: Setting[] = [OFF];
for (const cue of cueNames) for (const silent of [true, false]) for (const turned of [true, false]) for (const tall of [true, false]) for (const bar of BARS) GRID.push({ cue, bar, silent, turned, tall });
const show = (g: Setting): string => (g.cue === 'off' ? 'off' : `${g.cue} ${g.bar}${g.silent ? ' silent' : ''}${g.turned ? ' turned' : ''}${g.tall ? ' tall' : ''}`);
const parse = (x: string): Setting => {
  const w = x.split(' ');
  return w[0] === 'off' ? OFF : { cue: w[0] as AnatomyCueName, bar: Number(w[1]), silent: w.includes('silent'), turned: w.includes('turned'), tall: w.includes('tall') };
};

/** --no-knees: the shipped cue without its knees (the tree before the twenty-first round). */
const NO_KNEES = process.argv.includes('--no-knees');
/** --no-quarter: without the shipped quarter turn to feet reaching forward (orientation-facing-turn.ts). */
const NO_QUARTER = process.argv.includes('--no-quarter');

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache'), anatomyFile = arg('--anatomy-cache');
  if (!dir || !labelsFile || !cueFile || !anatomyFile) throw new Error('usage: facing-anatomy-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --anatomy-cache anatomy.json --without <features>');
  const { set, artists, turnsOf, extra, upScoresOf, heldProbs, shippedProbs } = await loadReplay(dir, labelsFile, cueFile, arg);
  const anatomy: Record<string, AnatomyCues[]> = existsSync(anatomyFile) ? JSON.parse(readFileSync(anatomyFile, 'utf8')) as Record<string, AnatomyCues[]> : {};
  for (const s of set) {
    if (anatomy[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    const surface = measureFacingSurface(mesh);
    anatomy[s.id] = ORIENTATION_CANDIDATES.map((c) => anatomyCuesOf(surface, c));
    console.error(`anatomy ${s.id}`);
  }
  writeFileSync(anatomyFile, JSON.stringify(anatomy, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v)));
  const cueOf = (s: Measured, c: number, name: AnatomyCueName): number => anatomy[s.id]![c]!.cues[name] ?? NaN;

  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;
  /** The gates and the shipped eyes/feet cue of one stored turn: cached per reading. */
  const baseCache = new Map<string, { c1: number; verdict: number; keeps: boolean }>();
  const baseOf = (s: Measured, k: number, probs: number[], up: number[], key: string): { c1: number; verdict: number; keeps: boolean } => {
    const ck = `${s.id}@${key}@${k}`;
    const hit = baseCache.get(ck);
    if (hit) return hit;
    const t = turnsOf.get(s.id)![k]!;
    const found = gateTurn(t, probs, weighByCue(probs, up, weight), {});
    const c0 = candidateOf(found);
    const cues = extra[s.id]!.cues;
    const verdict = facingCueVerdict(cues[t.map[c0]!]!, { ...FACING_CUE_DEFAULTS, knees: !NO_KNEES });
    let c1 = verdict < 0 ? halfTurnOf(c0) : c0;
    // The shipped quarter turn (orientation-facing-turn.ts): all three silent, no left-right axis
    // kept, the facing's feet under the feet bar, a quarter-turned facing's feet over it.
    const feetOf = (c: number): number => cues[t.map[c]!]!.feet;
    if (!NO_QUARTER && verdict === 0 && !t.lateral && Math.abs(feetOf(c0)) < FACING_CUE_DEFAULTS.minFeet) {
      const q = ORIENTATION_CANDIDATES[c0]!;
      const quarters = ORIENTATION_CANDIDATES.flatMap((x, i) => (x.upAxis === q.upAxis && Math.abs(x.rotationY - q.rotationY) % 180 === 90 ? [i] : []));
      const best = quarters.reduce((a, b) => (feetOf(b) > feetOf(a) ? b : a));
      if (feetOf(best) >= FACING_CUE_DEFAULTS.minFeet) c1 = best;
    }
    const r = { c1, verdict, keeps: found.upAxisReason === 'kept' || found.upAxisReason === 'stands-as-filed' };
    baseCache.set(ck, r);
    return r;
  };
  const decide = (s: Measured, k: number, probs: number[], up: number[], key: string, g: Setting): number => {
    const { c1, verdict, keeps } = baseOf(s, k, probs, up, key);
    if (g.cue === 'off' || (g.turned && keeps) || (g.silent && verdict !== 0)) return c1;
    const t = turnsOf.get(s.id)![k]!, held = t.map[c1]!;
    if (g.cue === 'quarterFeet') {
      // A quarter turn: where no left-right axis is kept and the facing's own feet say nothing,
      // the quarter-turned facing whose feet reach forward by the bar.
      if (t.lateral) return c1;
      const q = ORIENTATION_CANDIDATES[c1]!;
      const quarters = ORIENTATION_CANDIDATES.flatMap((x, i) => (x.upAxis === q.upAxis && Math.abs(x.rotationY - q.rotationY) % 180 === 90 ? [i] : []));
      const feetOf = (c: number): number => extra[s.id]!.cues[t.map[c]!]!.feet;
      if (!(Math.abs(feetOf(c1)) < g.bar)) return c1;
      const best = quarters.reduce((a, b) => (feetOf(b) > feetOf(a) ? b : a));
      return feetOf(best) >= g.bar ? best : c1;
    }
    if (g.tall && !anatomy[s.id]![held]!.tall) return c1;
    const v = cueOf(s, held, g.cue);
    // Bar 0: the cue's sign alone (strictly below 0).
    return (g.bar > 0 ? v <= -g.bar : v < 0) ? halfTurnOf(c1) : c1;
  };
  type Tally = TurnTally;
  const replay = (s: Measured, probs: number[], up: number[], key: string, g: Setting): Tally => tallyTurns(turnsOf.get(s.id)!, (_, k) => decide(s, k, probs, up, key, g));
  const sum = sumTallies;
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const kinds = (t: Tally): string => MISS_KINDS.map((k) => t.kinds.get(k) ?? 0).join(' / ');
  const outKey = (out: string[]): string => [...new Set(out)].sort().join('|');
  /** Each character of `pool` read by the model fitted without its artist and exemplars of neither it nor `out`. */
  const readLeftOut = (s: Measured, out: string[], g: Setting): Tally => replay(s, heldProbs.get(s.id)!, upScoresOf(s, [...out, s.artist]), `held@${outKey([...out, s.artist])}`, g);
  const readInSample = (s: Measured, g: Setting): Tally => replay(s, shippedProbs.get(s.id)!, extra[s.id]!.shippedUp, 'shipped', g);

  const choose = (pool: Measured[], out: string[]): Setting => {
    let best = OFF, bestRight = -1;
    for (const g of GRID) {
      let right = 0, ok = true;
      for (const s of pool) {
        const r = readLeftOut(s, out, g);
        if (r.uprights < 1) { ok = false; break; }
        right += r.right;
      }
      if (ok && right > bestRight) { best = g; bestRight = right; }
    }
    return best;
  };

  console.log(`cues ${cueNames.join(',')}; grid ${GRID.length} settings`);
  console.log('held out (each artist read by the model and exemplars without it), off -> the setting chosen without the artist:');
  const before: Tally[] = [], after: Tally[] = [];
  for (const a of artists) {
    const mine = set.filter((s) => s.artist === a), n = mine.length;
    const g = choose(set.filter((s) => s.artist !== a), [a]);
    const x = sum(mine.map((s) => readLeftOut(s, [], OFF))), y = sum(mine.map((s) => readLeftOut(s, [], g)));
    before.push(x); after.push(y);
    console.log(`  ${a.padEnd(20)} ${String(n).padStart(2)}  ${show(g).padEnd(32)} ${pct(x.right, n * 24)} -> ${pct(y.right, n * 24)}   uprights ${x.uprights}/${n} -> ${y.uprights}/${n}   misses ${kinds(x)} -> ${kinds(y)}`);
  }
  const b = sum(before), c = sum(after);
  console.log(`  ${'all (left out)'.padEnd(23)} ${''.padEnd(32)} ${pct(b.right, set.length * 24)} -> ${pct(c.right, set.length * 24)}   uprights ${b.uprights}/${set.length} -> ${c.uprights}/${set.length}   misses ${kinds(b)} -> ${kinds(c)}`);

  const all = choose(set, []);
  const shown = [all, ...(arg('--show') ?? '').split(',').filter(Boolean).map(parse)];
  for (const g of shown) {
    console.log(`one setting for all: ${show(g)}${g === all ? ' (chosen on all artists, each read left out)' : ''}`);
    for (const [label, read] of [['held out', (s: Measured, h: Setting) => readLeftOut(s, [], h)], ['in sample', readInSample]] as const) {
      const rows = set.map((s) => ({ s, x: read(s, OFF), y: read(s, g) }));
      const x = sum(rows.map((r) => r.x)), y = sum(rows.map((r) => r.y));
      console.log(`  ${label}: ${pct(x.right, set.length * 24)} -> ${pct(y.right, set.length * 24)}  uprights ${x.uprights}/${set.length} -> ${y.uprights}/${set.length}  misses ${kinds(x)} -> ${kinds(y)}`);
      for (const a of artists) {
        const ra = rows.filter((r) => r.s.artist === a), n = ra.length;
        const xa = sum(ra.map((r) => r.x)), ya = sum(ra.map((r) => r.y));
        if (xa.right !== ya.right || xa.uprights !== ya.uprights) console.log(`    ${a.padEnd(20)} ${String(n).padStart(2)}  ${pct(xa.right, n * 24)} -> ${pct(ya.right, n * 24)}  uprights ${xa.uprights}/${n} -> ${ya.uprights}/${n}`);
      }
      for (const r of rows) if (r.x.right !== r.y.right) console.log(`      ${r.s.id.padEnd(30)} ${r.s.artist.padEnd(18)} ${r.x.right} -> ${r.y.right}`);
    }
  }
  if (process.argv.includes('--list')) {
    console.log('per character (held out, off): right, misses (quarter off / upside down / facing 180 / facing 90); the right candidate\'s cues');
    for (const s of set) {
      const r = readLeftOut(s, [], OFF), right = (s.right ?? [0])[0]!;
      const q = anatomy[s.id]![right]!;
      console.log(`  ${s.id.padEnd(30)} ${s.artist.padEnd(18)} ${s.plan.padEnd(9)} ${String(r.right).padStart(2)}  ${kinds(r).padEnd(16)} ${q.tall ? 'tall' : '    '} ${ANATOMY_CUE_NAMES.map((n) => `${n} ${(q.cues[n] ?? NaN).toFixed(3)}`).join('  ')}`);
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

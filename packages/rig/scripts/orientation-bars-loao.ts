/**
 * Chooses the up bar, the facing bar and the exemplar weight together, leaving one artist out, by
 * a replay of what findOrientation now runs: the gates (decideOrientation) read the finder's
 * probabilities for the facing and the exemplar-weighted ones for the up axis
 * (src/orientation-exemplars.ts, exemplarWeight), and the anatomy facing cue
 * (src/orientation-facing-cue.ts, shipped bars) turns the facing a half turn after them. Every
 * character of the development set in its 24 stored turns (orientation-gates-loao.ts's caches).
 *
 * For each artist left out: every (minUpConfidence, minFacingConfidence, exemplarWeight) of the grid
 * is tried on the other artists, each read by the model fitted without it and the exemplars of
 * neither it nor the artist left out, keeping only settings under which every upright file of theirs
 * stays upright; the one standing the most turned files right (ties to the earlier, the shipped
 * first) is scored on the artist left out (its model and exemplars without it). Then the same choice
 * on all artists, and the shipped model with the shipped exemplars in sample (what rigMesh does):
 * which files as held the chosen setting turns.
 *
 *   npx tsx packages/rig/scripts/orientation-bars-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --without <features> [--no-facing-cue] [--kinds (per file)]
 *     [--weak-lateral (a fallback facing keeps the best mirror plane's axis left-right where none is clearly best)]
 *     [--vary up,facing,weight (which are chosen; the others stay shipped)] [--also up:facing:weight,.. (more in-sample rows)]
 *
 * `--cache`/`--lateral-cache` as orientation-gates-loao.ts's (made when missing); `--cue-cache`
 * holds per character the exemplar descriptors, the shipped exemplars' up scores and the facing
 * cue of the 24 candidates (made when missing). A script, not a test: the set never enters the
 * repository.
 */
import { readFileSync } from 'node:fs';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { weighByCue } from '../src/orientation-exemplars';
import { lateralAxisOf, type MirrorPlanes } from '../src/mirror-plane';
import type { FacingCue } from '../src/orientation-facing-cue';
import { candidateFrame, ORIENTATION_CANDIDATES, type OrientationCandidate } from '../src/orientation-features';
import { candidateOf, gateTurn, loadReplay, withFacingCue } from './lib/orientation-replay';
import { storedTurns, type Measured, type StoredTurn } from './orientation-gates-loao';
import { missKind } from './lib/orientation-tally';
import { arg } from './lib/cli-args';

const UP_BARS = [0.75, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8, 0.85, 0.9, 0.95, 1.01];
const FACING_BARS = [0.6, 0.4, 0.5, 0.7, 0.8, 0.9, 1.01, 0.3, 0.2, 0];
const WEIGHTS = [0.75, 0, 0.25, 0.5, 1, 1.5];

interface Setting { up: number; facing: number; weight: number }


async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache');
  if (!dir || !labelsFile || !cueFile) throw new Error('usage: orientation-bars-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --without <features>');
  const facingCueOn = !process.argv.includes('--no-facing-cue');
  const { set, artists, turnsOf, extra, upScoresOf, heldProbs, shippedProbs } = await loadReplay(dir, labelsFile, cueFile, arg);
  // --weak-lateral: where no mirror plane is clearly best, the best one (clear ratio 1) still names
  // a left-right axis; the fallback facing (the finder under its bar) keeps it left-right.
  const WEAK = process.argv.includes('--weak-lateral');
  const planes = JSON.parse(readFileSync(arg('--lateral-cache')!, 'utf8')) as Record<string, Pick<MirrorPlanes, 'axisScores' | 'extent'>>;
  const weakOf = (id: string): 'x' | 'y' | 'z' | undefined => {
    const q = planes[id];
    return q ? lateralAxisOf({ ...q, centre: [0, 0, 0], best: { normal: [1, 0, 0], score: 0 }, axisAligned: { normal: [1, 0, 0], score: 0, axis: 0 } }, { clearRatio: 1 }) : undefined;
  };
  const weakTurnsOf = new Map(set.map((s) => [s.id, storedTurns(s, weakOf(s.id)).map((t) => t.lateral)]));

  /** One stored turn: the gates (facing on `probs`, up axis on `weighed`), then the facing cue. */
  const decide = (t: StoredTurn, probs: number[], weighed: number[] | undefined, g: Setting, cues: FacingCue[], weak?: 'x' | 'y' | 'z'): number => {
    const found = gateTurn(t, probs, weighed, { minUpConfidence: g.up, minFacingConfidence: g.facing });
    const at = (rotationY: OrientationCandidate['rotationY']): number => candidateOf({ upAxis: found.upAxis, rotationY });
    let c = at(found.rotationY);
    if (WEAK && !t.lateral && weak) {
      // The facing the gates fell back to (the finder under its bar): the likeliest of the up
      // axis's facings that keep the weak left-right axis left-right, when it does not.
      const mine = ORIENTATION_CANDIDATES.map((q, i) => (q.upAxis === found.upAxis ? i : -1)).filter((i) => i >= 0);
      const pf = mine.map((i) => probs[t.map[i]!]!), total = pf.reduce((a, v) => a + v, 0);
      const keeps = found.upAxisReason === 'kept' || found.upAxisReason === 'stands-as-filed';
      const bar = g.facing;
      const top = Math.max(...pf);
      // Only where the gates turned the up axis (a file that keeps its +Y keeps its facing).
      const under = !keeps && top / total < bar;
      const k = 'xyz'.indexOf(weak);
      if (under && candidateFrame(ORIENTATION_CANDIDATES[c]!).axis[0] !== k) {
        const keep = mine.filter((i) => candidateFrame(ORIENTATION_CANDIDATES[i]!).axis[0] === k);
        if (keep.length) c = keep.reduce((a, b) => (probs[t.map[b]!]! > probs[t.map[a]!]! ? b : a));
      }
    }
    return facingCueOn ? withFacingCue(t, c, cues) : c;
  };
  type Tally = { right: number; uprights: number; kinds: Map<string, number>; files: number[] };
  /** One character under a setting: right turned files, its upright file kept, misses by kind. */
  const replay = (s: Measured, probs: number[], up: number[], g: Setting): Tally => {
    const weighed = g.weight > 0 ? weighByCue(probs, up, g.weight) : undefined;
    const r: Tally = { right: 0, uprights: 0, kinds: new Map(), files: [] };
    const weak = weakTurnsOf.get(s.id)!;
    turnsOf.get(s.id)!.forEach((t, k) => {
      const c = decide(t, probs, weighed, g, extra[s.id]!.cues, weak[k]);
      if (t.right.has(c)) { r.right++; if (k === 0) r.uprights++; return; }
      const kind = missKind(t, c);
      r.kinds.set(kind, (r.kinds.get(kind) ?? 0) + 1);
      r.files.push(k);
    });
    return r;
  };
  const sum = (xs: Tally[]): Tally => xs.reduce((a, x) => {
    for (const [k, n] of x.kinds) a.kinds.set(k, (a.kinds.get(k) ?? 0) + n);
    return { right: a.right + x.right, uprights: a.uprights + x.uprights, kinds: a.kinds, files: [] };
  }, { right: 0, uprights: 0, kinds: new Map<string, number>(), files: [] as number[] });
  const shipped: Setting = { up: FIND_ORIENTATION_DEFAULTS.minUpConfidence, facing: FIND_ORIENTATION_DEFAULTS.minFacingConfidence, weight: FIND_ORIENTATION_DEFAULTS.exemplarWeight };
  // --vary facing,weight: only those are chosen, the others stay the shipped ones.
  const vary = (arg('--vary') ?? 'up,facing,weight').split(',');
  const grid: Setting[] = (vary.includes('weight') ? WEIGHTS : [shipped.weight]).flatMap((weight) => (vary.includes('up') ? UP_BARS : [shipped.up])
    .flatMap((up) => (vary.includes('facing') ? FACING_BARS : [shipped.facing]).map((facing) => ({ up, facing, weight }))));
  const show = (g: Setting): string => `up ${g.up} facing ${g.facing} weight ${g.weight}`;
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const kinds = (t: Tally): string => [...t.kinds.entries()].sort().map(([k, n]) => `${k} ${n}`).join(', ');

  /** The setting standing the most of `pool` right, each read by its own left-out model and exemplars of neither it nor `out`, uprights all kept. */
  const choose = (pool: Measured[], out: string[]): Setting => {
    let best: Setting = shipped, bestRight = -1;
    for (const g of grid) {
      let right = 0, ok = true;
      for (const s of pool) {
        const r = replay(s, heldProbs.get(s.id)!, upScoresOf(s, [...out, s.artist]), g);
        if (r.uprights < 1) { ok = false; break; }
        right += r.right;
      }
      if (ok && right > bestRight) { best = g; bestRight = right; }
    }
    return best;
  };
  const heldOut = (a: string, g: Setting): Tally => sum(set.filter((s) => s.artist === a).map((s) => replay(s, heldProbs.get(s.id)!, upScoresOf(s, [a]), g)));

  console.log(`facing cue after the gates: ${facingCueOn ? 'on (shipped bars)' : 'off'}`);
  console.log(`held out, the shipped setting (${show(shipped)}) -> the setting chosen without the artist:`);
  const before: Tally[] = [], after: Tally[] = [];
  for (const a of artists) {
    const n = set.filter((s) => s.artist === a).length;
    const g = choose(set.filter((s) => s.artist !== a), [a]);
    const x = heldOut(a, shipped), y = heldOut(a, g);
    before.push(x); after.push(y);
    console.log(`  ${a.padEnd(20)} ${String(n).padStart(2)}  ${show(g).padEnd(30)} ${pct(x.right, n * 24)} -> ${pct(y.right, n * 24)}   uprights ${x.uprights}/${n} -> ${y.uprights}/${n}`);
  }
  const b = sum(before), c = sum(after);
  console.log(`  ${'all (left out)'.padEnd(23)} ${''.padEnd(30)} ${pct(b.right, set.length * 24)} -> ${pct(c.right, set.length * 24)}   uprights ${b.uprights}/${set.length} -> ${c.uprights}/${set.length}`);
  console.log(`  misses before: ${kinds(b)}\n  misses after:  ${kinds(c)}`);

  const all = choose(set, []);
  console.log(`setting chosen on all artists (each read left out): ${show(all)}`);
  // In sample: the shipped model and the shipped exemplars (what rigMesh does on the set itself).
  // --also up:facing:weight,..: more settings read in sample (e.g. 0.75:0.6:0, the exemplar cue off).
  const also = (arg('--also') ?? '').split(',').filter(Boolean).map((x) => { const [up, facing, weight] = x.split(':').map(Number); return { up: up!, facing: facing!, weight: weight! }; });
  for (const g of [...also, shipped, ...(show(all) === show(shipped) ? [] : [all])]) {
    const rows = set.map((s) => ({ s, r: replay(s, shippedProbs.get(s.id)!, extra[s.id]!.shippedUp, g) }));
    const t = sum(rows.map((x) => x.r));
    console.log(`in sample (shipped model and exemplars), ${show(g)}: ${pct(t.right, set.length * 24)}  uprights ${t.uprights}/${set.length}  misses ${kinds(t)}`);
    for (const a of artists) {
      const n = set.filter((s) => s.artist === a).length;
      const ta = sum(rows.filter((x) => x.s.artist === a).map((x) => x.r));
      console.log(`    ${a.padEnd(20)} ${String(n).padStart(2)}  ${pct(ta.right, n * 24)}  uprights ${ta.uprights}/${n}`);
    }
    if (process.argv.includes('--kinds')) {
      for (const { s, r } of rows) if (r.kinds.size) console.log(`    ${s.id.padEnd(36)} ${s.plan.padEnd(10)} ${kinds(r)}  (turns ${r.files.join(' ')})`);
    }
  }
  if (WEAK) {
    // The files as held whose orientation the weak left-right axis changes (shipped setting).
    const moved = set.filter((s) => {
      const held = turnsOf.get(s.id)!.find((t) => t.map.every((d, k) => d === k))!;
      const p = shippedProbs.get(s.id)!, w = weighByCue(p, extra[s.id]!.shippedUp, shipped.weight);
      const k = turnsOf.get(s.id)!.indexOf(held);
      return decide(held, p, w, shipped, extra[s.id]!.cues) !== decide(held, p, w, shipped, extra[s.id]!.cues, weakTurnsOf.get(s.id)![k]);
    });
    console.log(`files as held whose orientation the weak left-right axis changes (shipped setting): ${moved.length}${moved.length ? ` (${moved.map((s) => `${s.artist} ${s.plan}`).join(', ')})` : ''}`);
  }
  // The files as held (the stored turn that is the file itself): do their orientations change?
  if (show(all) !== show(shipped)) {
    const moved = set.filter((s) => {
      const held = turnsOf.get(s.id)!.find((t) => t.map.every((d, k) => d === k))!;
      const p = shippedProbs.get(s.id)!, u = extra[s.id]!.shippedUp;
      const k = turnsOf.get(s.id)!.indexOf(held);
      const at = (g: Setting): number => decide(held, p, g.weight > 0 ? weighByCue(p, u, g.weight) : undefined, g, extra[s.id]!.cues, weakTurnsOf.get(s.id)![k]);
      return at(shipped) !== at(all);
    });
    console.log(`files as held whose orientation the setting chosen on all changes: ${moved.length}${moved.length ? ` (${moved.map((s) => `${s.artist} ${s.plan}`).join(', ')})` : ''}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

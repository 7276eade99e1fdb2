/**
 * The files the gates keep on their +Y although another up axis is likelier (reason `kept`: no legs
 * as filed, the likeliest up axis under the 0.75 up bar, its model standing on no legs), replayed
 * (scripts/lib/orientation-replay.ts) with one more rule that takes the likeliest up axis there, its
 * constant chosen leaving one artist out: `bar` (the likeliest's probability, as the up gates read
 * it, at least b: the up bar for these files alone), `margin` (at least R times the file's own +Y),
 * `agree` (the finder's own best up axis and the exemplar vote's both the likeliest, and it at least
 * b), `agree-margin` (both agree, and the likeliest at least R times the file's +Y). For each artist left out, the setting standing the most turned files of the others right
 * (each read by the model fitted without it and the exemplars of neither, every upright of theirs
 * kept; ties to off) is scored on the artist left out; then each setting on all (held out and in
 * sample), and the class itself (`--list`).
 *
 *   npx tsx packages/rig/scripts/orientation-kept-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features> [--list]
 *
 * A script, not a test: the set never enters the repository.
 */
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { weighByCue } from '../src/orientation-exemplars';
import { argmaxUp, candidateOf, chooseSetting, gateTurn, loadReplay, upMass, upOfCandidate, withFacingCue } from './lib/orientation-replay';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

type Setting = { kind: 'off' } | { kind: 'bar' | 'agree'; b: number } | { kind: 'margin' | 'agree-margin'; r: number };
const show = (g: Setting): string => (g.kind === 'off' ? 'off' : 'r' in g ? `${g.kind} ${g.r}` : `${g.kind} ${g.b}`);


async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache');
  if (!dir || !labelsFile || !cueFile) throw new Error('usage: orientation-kept-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features>');
  const r = await loadReplay(dir, labelsFile, cueFile, arg);
  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;

  /** One stored turn: the shipped gates, then (a `kept` file under another likelier up axis) the rule; the facing cue last. */
  const one = (s: Measured, t: StoredTurn, probs: number[], up: number[], g: Setting) => {
    const weighed = weighByCue(probs, up, weight);
    let found = gateTurn(t, probs, weighed, {});
    const file = (p: readonly number[]): number[] => t.map.map((d) => p[d]!);
    const fp = file(probs), fw = file(weighed), fu = file(up);
    const likeliest = argmaxUp((u) => upMass(fw, u));
    const finderUp = argmaxUp((u) => upMass(fp, u));
    const exemplarUp = argmaxUp((u) => Math.max(...fu.filter((_, d) => upOfCandidate(d) === u)));
    const pl = upMass(fw, likeliest), py = upMass(fw, '+y');
    const inClass = found.upAxisReason === 'kept' && likeliest !== '+y';
    const fires = inClass && (g.kind === 'bar' ? pl >= g.b : g.kind === 'margin' ? pl >= g.r * py : g.kind === 'agree' ? finderUp === likeliest && exemplarUp === likeliest && pl >= g.b
      : g.kind === 'agree-margin' ? finderUp === likeliest && exemplarUp === likeliest && pl >= g.r * py : false);
    // Taking the likeliest there is the gates with the up bar just under its probability (the rules after the gates unchanged).
    if (fires) found = gateTurn(t, probs, weighed, { minUpConfidence: pl * (1 - 1e-9) });
    const c = withFacingCue(t, candidateOf(found), r.extra[s.id]!.cues);
    const rightUp = new Set([...t.right].map(upOfCandidate));
    return { pf: upMass(fp, finderUp), pfy: upMass(fp, '+y'), pe: Math.max(...fu.filter((_, d) => upOfCandidate(d) === exemplarUp)), pey: Math.max(...fu.filter((_, d) => upOfCandidate(d) === '+y')), right: t.right.has(c), inClass, fires, pl, py, likeliestRight: rightUp.has(likeliest), finderRight: rightUp.has(finderUp), exemplarRight: rightUp.has(exemplarUp), agree: finderUp === likeliest && exemplarUp === likeliest };
  };
  type Tally = { right: number; uprights: number };
  const replay = (s: Measured, probs: number[], up: number[], g: Setting): Tally => {
    const x: Tally = { right: 0, uprights: 0 };
    r.turnsOf.get(s.id)!.forEach((t, k) => { if (one(s, t, probs, up, g).right) { x.right++; if (k === 0) x.uprights++; } });
    return x;
  };
  const sum = (xs: Tally[]): Tally => xs.reduce((a, b) => ({ right: a.right + b.right, uprights: a.uprights + b.uprights }), { right: 0, uprights: 0 });
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;

  const grid: Setting[] = [{ kind: 'off' }];
  for (const b of [0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4]) grid.push({ kind: 'bar', b });
  for (const rr of [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 100]) grid.push({ kind: 'margin', r: rr });
  for (const b of [0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0]) grid.push({ kind: 'agree', b });
  for (const rr of [2, 4, 8, 16, 32, 64]) grid.push({ kind: 'agree-margin', r: rr });
  const kinds = (arg('--kinds') ?? 'bar,margin,agree,agree-margin').split(',');
  const family = grid.filter((g) => g.kind === 'off' || kinds.includes(g.kind));

  if (process.argv.includes('--list')) {
    console.log('held out, the kept class (likeliest up axis as the gates read it, not +Y):');
    for (const s of r.set) r.turnsOf.get(s.id)!.forEach((t, k) => {
      const o = one(s, t, r.heldProbs.get(s.id)!, r.upScoresOf(s, [s.artist]), { kind: 'off' });
      if (o.inClass) console.log(`  ${s.artist.padEnd(18)} ${s.id.padEnd(28)} ${s.plan.padEnd(9)} turn ${String(k).padStart(2)} p ${o.pl.toFixed(3)} +y ${o.py.toFixed(3)} ratio ${(o.pl / Math.max(o.py, 1e-9)).toFixed(1).padStart(7)} likeliest ${o.likeliestRight ? 'R' : '-'} finder ${o.finderRight ? 'R' : '-'} exemplar ${o.exemplarRight ? 'R' : '-'} agree ${o.agree ? 'Y' : '-'} ${o.right ? 'right' : 'wrong'} finder ${o.pf.toFixed(3)} +y ${o.pfy.toFixed(3)} exemplar ${o.pe.toFixed(2)} +y ${o.pey.toFixed(2)}`);
    });
  }

  const choose = (pool: Measured[], out: string[]): Setting =>
    chooseSetting(pool, family, { kind: 'off' }, (s, g) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [...out, s.artist]), g));
  const heldOut = (a: string, g: Setting): Tally => sum(r.set.filter((s) => s.artist === a).map((s) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [a]), g)));
  console.log(`\nheld out, off -> the setting chosen without the artist (families ${kinds.join(', ')}):`);
  const b0: Tally[] = [], b1: Tally[] = [];
  for (const a of r.artists) {
    const g = choose(r.set.filter((s) => s.artist !== a), [a]);
    const x = heldOut(a, { kind: 'off' }), y = heldOut(a, g), n = r.set.filter((s) => s.artist === a).length;
    b0.push(x); b1.push(y);
    console.log(`  ${a.padEnd(20)} ${String(n).padStart(2)}  ${show(g).padEnd(14)} ${pct(x.right, n * 24)} -> ${pct(y.right, n * 24)}   uprights ${x.uprights}/${n} -> ${y.uprights}/${n}`);
  }
  const x0 = sum(b0), x1 = sum(b1), n = r.set.length;
  console.log(`  ${'all (left out)'.padEnd(24)} ${''.padEnd(14)} ${pct(x0.right, n * 24)} -> ${pct(x1.right, n * 24)}   uprights ${x0.uprights}/${n} -> ${x1.uprights}/${n}`);

  console.log('\neach setting on all: held out (each artist read without it) | in sample (shipped model and exemplars); per artist of 3+ held out');
  const big = r.artists.filter((a) => r.set.filter((s) => s.artist === a).length >= 3);
  for (const g of family) {
    const h = r.artists.map((a) => heldOut(a, g));
    const i = sum(r.set.map((s) => replay(s, r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, g)));
    const hs = sum(h);
    console.log(`  ${show(g).padEnd(14)} ${pct(hs.right, n * 24)} ${hs.uprights}/${n} | ${pct(i.right, n * 24)} ${i.uprights}/${n} | ${big.map((a) => `${a} ${h[r.artists.indexOf(a)]!.right}`).join(' ')} | ${r.artists.filter((a) => !big.includes(a)).map((a) => `${a} ${h[r.artists.indexOf(a)]!.right}`).join(' ')}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

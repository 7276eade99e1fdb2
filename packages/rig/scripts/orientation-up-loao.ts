/**
 * The up-axis decision, replayed (scripts/lib/orientation-replay.ts: what findOrientation runs, over
 * the development set's 24 stored turns per character): first the misses whose up axis is wrong,
 * sorted per artist, body plan, pose of the stored file and gate reason, and whether the finder's
 * own best up axis, the exemplar vote's and the weighed one were right (a gate refused it) or not;
 * then the legs rule (src/orientation-up-legs.ts, `standOnLegs`) off and on, held out (each artist
 * read by the model fitted without it and the exemplars of the others) and in sample, per artist
 * and body plan, with the upright files kept.
 *
 *   npx tsx packages/rig/scripts/orientation-up-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features> [--list]
 *     [--legs off (the breakdown without the legs rule)]
 *
 * The caches are orientation-bars-loao.ts's (made when missing). A script, not a test: the set
 * never enters the repository.
 */
import { FIND_ORIENTATION_DEFAULTS, type FindOrientationOptions } from '../src/find-orientation';
import { weighByCue } from '../src/orientation-exemplars';
import { candidateFrame, ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { argmaxUp, candidateOf, gateTurn, loadReplay, upMass, upOfCandidate, withFacingCue } from './lib/orientation-replay';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

/** How a stored file lies: the character's direction along the file's +Y (the right candidate's frame). */
function poseOf(t: StoredTurn): string {
  const f = candidateFrame(ORIENTATION_CANDIDATES[[...t.right][0]!]!);
  // Character axis k is the file's axis f.axis[k] (sign f.sign[k]); which character axis is the file's y?
  const k = [0, 1, 2].find((i) => f.axis[i] === 1)!;
  const sign = f.sign[k]!;
  if (k === 1) return sign > 0 ? 'upright' : 'upside down';
  if (k === 2) return sign > 0 ? 'on its back' : 'on its front';
  return 'on its side';
}


async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache');
  if (!dir || !labelsFile || !cueFile) throw new Error('usage: orientation-up-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features>');
  const r = await loadReplay(dir, labelsFile, cueFile, arg);
  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;

  /** One stored turn under `gates`: the candidate taken (gates, then the facing cue) and what the up decision read. */
  const one = (s: Measured, t: StoredTurn, probs: number[], up: number[], gates: FindOrientationOptions) => {
    const weighed = weighByCue(probs, up, weight);
    const found = gateTurn(t, probs, weighed, gates);
    const c = withFacingCue(t, candidateOf(found), r.extra[s.id]!.cues);
    const file = (p: readonly number[]): number[] => t.map.map((d) => p[d]!);
    const fp = file(probs), fw = file(weighed), fu = file(up);
    const rightUp = new Set([...t.right].map(upOfCandidate));
    return {
      c, found, right: t.right.has(c), upRight: rightUp.has(upOfCandidate(c)), rightUp,
      finderUp: argmaxUp((u) => upMass(fp, u)), weighedUp: argmaxUp((u) => upMass(fw, u)),
      exemplarUp: argmaxUp((u) => Math.max(...fu.filter((_, d) => upOfCandidate(d) === u))),
      rightUpP: Math.max(...[...rightUp].map((u) => upMass(fw, u))),
    };
  };

  // 1. The misses with the up axis wrong, held out (model and exemplars without the artist) and in sample.
  for (const [title, probsOf, upOf] of [
    ['held out (model and exemplars without the artist)', (s: Measured) => r.heldProbs.get(s.id)!, (s: Measured) => r.upScoresOf(s, [s.artist])],
    ['in sample (shipped model and exemplars)', (s: Measured) => r.shippedProbs.get(s.id)!, (s: Measured) => r.extra[s.id]!.shippedUp],
  ] as const) {
    const rows = new Map<string, number[]>();
    const add = (key: string, v: number[]): void => { const a = rows.get(key) ?? v.map(() => 0); v.forEach((x, i) => (a[i]! += x)); rows.set(key, a); };
    const list: string[] = [];
    for (const s of r.set) {
      r.turnsOf.get(s.id)!.forEach((t, k) => {
        const o = one(s, t, probsOf(s), upOf(s), arg('--legs') === 'off' ? { standOnLegs: false } : {});
        const pose = poseOf(t);
        // files, wrong, up wrong, of them: finder's best up right, exemplar's right, weighed right, facing wrong
        const v = [1, o.right ? 0 : 1, o.upRight ? 0 : 1, !o.upRight && o.rightUp.has(o.finderUp) ? 1 : 0, !o.upRight && o.rightUp.has(o.exemplarUp) ? 1 : 0,
          !o.upRight && o.rightUp.has(o.weighedUp) ? 1 : 0, !o.upRight && o.rightUp.has(o.finderUp) && o.rightUp.has(o.exemplarUp) ? 1 : 0, o.upRight && !o.right ? 1 : 0];
        for (const key of ['all', `artist ${s.artist}`, `plan ${s.plan}`, `pose ${pose}`, ...(o.upRight ? [] : [`reason ${o.found.upAxisReason}`])]) add(key, v);
        if (!o.upRight) list.push(`  ${s.id.padEnd(30)} ${s.plan.padEnd(10)} turn ${String(k).padStart(2)} ${pose.padEnd(12)} ${o.found.upAxisReason.padEnd(18)} finder ${o.rightUp.has(o.finderUp) ? 'R' : '-'} exemplar ${o.rightUp.has(o.exemplarUp) ? 'R' : '-'} weighed ${o.rightUp.has(o.weighedUp) ? 'R' : '-'} p(right up) ${o.rightUpP.toFixed(2)}`);
      });
    }
    console.log(`\n${title}: files, wrong, up wrong (of them: finder's best up right, exemplar's right, weighed right, finder and exemplar both right), up right facing wrong`);
    for (const [key, v] of [...rows.entries()].sort((a, b) => a[0].localeCompare(b[0]))) console.log(`  ${key.padEnd(32)} ${v.map((x) => String(x).padStart(5)).join(' ')}`);
    if (process.argv.includes('--list')) console.log(list.join('\n'));
  }

  // 2. The legs rule (standOnLegs: a rule, no constant), off -> on.
  type Tally = { right: number; uprights: number; upWrong: number };
  const tally = (s: Measured, probs: number[], up: number[], on: boolean): Tally => {
    const t0: Tally = { right: 0, uprights: 0, upWrong: 0 };
    r.turnsOf.get(s.id)!.forEach((t, k) => {
      const o = one(s, t, probs, up, { standOnLegs: on });
      if (o.right) { t0.right++; if (k === 0) t0.uprights++; }
      if (!o.upRight) t0.upWrong++;
    });
    return t0;
  };
  const add = (a: Tally, b: Tally): Tally => ({ right: a.right + b.right, uprights: a.uprights + b.uprights, upWrong: a.upWrong + b.upWrong });
  const zero = (): Tally => ({ right: 0, uprights: 0, upWrong: 0 });
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  for (const [title, probsOf, upOf] of [
    ['held out (model and exemplars without the artist)', (s: Measured) => r.heldProbs.get(s.id)!, (s: Measured) => r.upScoresOf(s, [s.artist])],
    ['in sample (shipped model and exemplars)', (s: Measured) => r.shippedProbs.get(s.id)!, (s: Measured) => r.extra[s.id]!.shippedUp],
  ] as const) {
    const rows = r.set.map((s) => ({ s, off: tally(s, probsOf(s), upOf(s), false), on: tally(s, probsOf(s), upOf(s), true) }));
    const line = (k: string, xs: typeof rows): string => {
      const off = xs.map((q) => q.off).reduce(add, zero()), on = xs.map((q) => q.on).reduce(add, zero()), m = xs.length;
      return `    ${k.padEnd(20)} ${String(m).padStart(2)}  ${pct(off.right, m * 24)} -> ${pct(on.right, m * 24)}   up wrong ${off.upWrong} -> ${on.upWrong}   uprights ${off.uprights}/${m} -> ${on.uprights}/${m}`;
    };
    console.log(`\nthe legs rule (standOnLegs), off -> on, ${title}:`);
    for (const a of r.artists) console.log(line(a, rows.filter((q) => q.s.artist === a)));
    for (const p of [...new Set(r.set.map((s) => s.plan))]) console.log(line(`plan ${p}`, rows.filter((q) => q.s.plan === p)));
    console.log(line('all', rows));
    const moved = rows.filter((q) => q.off.right !== q.on.right).map((q) => `${q.s.artist} ${q.s.plan} ${q.off.right} -> ${q.on.right}`);
    console.log(`    characters moved: ${moved.join('; ') || 'none'}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

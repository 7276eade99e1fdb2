/**
 * Up-axis rules on the legs tests, replayed (scripts/lib/orientation-replay.ts: what findOrientation
 * runs, over the development set's 24 stored turns per character, the shipped sheet rule in and, with
 * `--length`, rigMesh's lies-along-length step for the aquatic plan), each against the shipped gates:
 * per character, turned files right before -> after, held out (each artist read by the model fitted
 * without it and the exemplars of the others) and in sample (the shipped model and exemplars), with
 * every upright file kept or not. A rule has no constant to choose, so held out is the rule applied
 * with every artist read without it (as the eighteenth round's `standOnLegs`).
 *
 *   npx tsx packages/rig/scripts/orientation-kept-legs-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features> \
 *     [--rules keptLegs,...] [--length] [--every]
 *
 * The caches are orientation-up-loao.ts's. A script, not a test: the set never enters the repository.
 */
import { readFileSync } from 'node:fs';
import { FIND_ORIENTATION_DEFAULTS, type FindOrientationOptions } from '../src/find-orientation';
import { LENGTH_AXIS_DEFAULTS } from '../src/length-axis';
import { weighByCue } from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { sheetAxisOf } from '../src/orientation-up-sheet';
import type { UpAxis } from '../src/up-axis';
import { candidateOf, gateTurn, loadReplay, upOfCandidate, withFacingCue } from './lib/orientation-replay';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

/** The rules measured, each as findOrientation's options off and on. */
const RULES: Record<string, { off: FindOrientationOptions; on: FindOrientationOptions }> = {
  keptLegs: { off: { keptStandsOnLegs: false }, on: { keptStandsOnLegs: true } },
  // Every shipped rule against the gates without the two legs rules on kept and turned files.
  legsRules: { off: { keptStandsOnLegs: false, standOnLegs: false }, on: {} },
};

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache');
  if (!dir || !labelsFile || !cueFile) throw new Error('usage: orientation-kept-legs-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features>');
  const r = await loadReplay(dir, labelsFile, cueFile, arg);
  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;
  const planes = JSON.parse(readFileSync(arg('--lateral-cache')!, 'utf8')) as Record<string, { extent: [number, number, number] }>;
  const sheetAxes = new Map(r.set.map((s) => [s.id, planes[s.id] ? sheetAxisOf(planes[s.id]!) : undefined]));
  const longAxis = (s: Measured): 'x' | 'y' | 'z' | undefined => {
    const e = planes[s.id]?.extent;
    if (!e) return undefined;
    const k = e.indexOf(Math.max(...e));
    return e.every((x, j) => j === k || e[k]! >= LENGTH_AXIS_DEFAULTS.minRatio * x) ? (['x', 'y', 'z'] as const)[k] : undefined;
  };
  // A file's up axis in the frame of the file as held (the planes are measured there).
  const heldUp = (t: StoredTurn, up: UpAxis): UpAxis => upOfCandidate(t.map[ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === up)]!);
  const fileAxis = (t: StoredTurn, held: 'x' | 'y' | 'z'): 'x' | 'y' | 'z' => (['x', 'y', 'z'] as const).find((j) => heldUp(t, `+${j}`)[1] === held)!;

  /** One stored turn under `rule`: the candidate taken (the gates with the sheet rule, the length step, then the facing cue). */
  const one = (s: Measured, t: StoredTurn, probs: number[], up: number[], rule: FindOrientationOptions): { right: boolean; upRight: boolean; reason: string } => {
    const weighed = weighByCue(probs, up, weight);
    const thin = sheetAxes.get(s.id);
    const gates: FindOrientationOptions = { ...rule, ...(thin === undefined ? {} : { sheetAxis: fileAxis(t, thin) }) };
    let found = gateTurn(t, probs, weighed, gates);
    const lengthHeld = process.argv.includes('--length') && s.plan === 'aquatic' ? longAxis(s) : undefined;
    if (lengthHeld !== undefined && heldUp(t, found.upAxis)[1] === lengthHeld) found = gateTurn(t, probs, weighed, { ...gates, lengthAxis: fileAxis(t, lengthHeld) });
    const c = withFacingCue(t, candidateOf(found), r.extra[s.id]!.cues);
    const rightUp = new Set([...t.right].map(upOfCandidate));
    return { right: t.right.has(c), upRight: rightUp.has(upOfCandidate(c)), reason: found.upAxisReason };
  };
  type Tally = { right: number; upright: boolean; upWrong: number };
  const replay = (s: Measured, probs: number[], up: number[], rule: FindOrientationOptions): Tally => {
    const x: Tally = { right: 0, upright: false, upWrong: 0 };
    r.turnsOf.get(s.id)!.forEach((t, k) => {
      const o = one(s, t, probs, up, rule);
      if (o.right) { x.right++; if (k === 0) x.upright = true; }
      if (!o.upRight) x.upWrong++;
    });
    return x;
  };
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const names = (arg('--rules') ?? Object.keys(RULES).join(',')).split(',');
  for (const name of names) {
    const rule = RULES[name];
    if (!rule) throw new Error(`unknown rule ${name} (${Object.keys(RULES).join(', ')})`);
    for (const [title, probsOf, upOf] of [
      ['held out (model and exemplars without the artist)', (s: Measured) => r.heldProbs.get(s.id)!, (s: Measured) => r.upScoresOf(s, [s.artist])],
      ['in sample (shipped model and exemplars)', (s: Measured) => r.shippedProbs.get(s.id)!, (s: Measured) => r.extra[s.id]!.shippedUp],
    ] as const) {
      const rows = r.set.map((s) => ({ s, off: replay(s, probsOf(s), upOf(s), rule.off), on: replay(s, probsOf(s), upOf(s), rule.on) }));
      console.log(`\n${name}, off -> on, ${title}:`);
      const line = (k: string, xs: typeof rows): string => {
        const add = (f: (q: (typeof rows)[number]) => Tally): Tally => xs.map(f).reduce((a, b) => ({ right: a.right + b.right, upright: false, upWrong: a.upWrong + b.upWrong }), { right: 0, upright: false, upWrong: 0 });
        const off = add((q) => q.off), on = add((q) => q.on), m = xs.length;
        const up = (f: (q: (typeof rows)[number]) => Tally): number => xs.filter((q) => f(q).upright).length;
        return `  ${k.padEnd(20)} ${String(m).padStart(2)}  ${pct(off.right, m * 24).padStart(6)} -> ${pct(on.right, m * 24).padStart(6)}   up wrong ${off.upWrong} -> ${on.upWrong}   uprights ${up((q) => q.off)}/${m} -> ${up((q) => q.on)}/${m}`;
      };
      for (const a of r.artists) console.log(line(a, rows.filter((q) => q.s.artist === a)));
      console.log(line('all', rows));
      // --every: each character's count (to compare runs on caches measured another way), else the moved ones.
      const moved = rows.filter((q) => process.argv.includes('--every') || q.off.right !== q.on.right || q.off.upright !== q.on.upright);
      for (const q of moved) console.log(`    ${q.s.artist} ${q.s.id}: ${q.off.right} -> ${q.on.right}${q.off.upright !== q.on.upright ? ` (upright ${q.off.upright} -> ${q.on.upright})` : ''}`);
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

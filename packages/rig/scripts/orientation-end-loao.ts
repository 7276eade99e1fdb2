/**
 * The on-its-end rule (src/orientation-up-end.ts, findOrientation's `minEndUpConfidence`) with its
 * bar chosen leaving one artist out (packages/rig/docs/orientation.md, "Orientation: measured", twenty-sixth round
 * (quarter)). Only a mesh whose box is clearly longest on one side (length-axis.ts lengthAxisOf)
 * can move, so only those characters are read again: each stood up (its label), written turned to
 * the 24 quarter-turn orientations (as score-orientation.ts writes them) and given to findOrientation
 * as score-orientation does (the gate axes rigMesh keeps for a file it does not roll, the facing cue
 * on), with the rule off and always on; a file whose answer the two give alike is the same at every
 * bar, the others are read at each bar. Every other character's files are read off a
 * score-orientation.ts dump of the tree (`--dump`, the rule on or off alike: it cannot move them).
 * For each artist left out, the bar standing the most turned files of the others right (every
 * upright file of theirs kept right; ties to off, then to the lowest bar: the least a standing
 * model's +Y may be given and still be turned) is scored on the one left out.
 *
 *   npx tsx packages/rig/scripts/orientation-end-loao.ts <dev set> --labels <labels.json> --dump <score-orientation dump.jsonl> \
 *     [--cache end.json] [--rule end|head-up|across-wings]
 *
 * `--rule head-up`: the same for the big-end-up rule (src/orientation-up-head.ts, findOrientation's
 * `headUp` and `minHeadAbove`; 27th round): it can only move a file the gates keep on its +Y, so the
 * characters read again are those with a `kept` line in the dump; its bars are tried highest first
 * (a tie goes to off, then to the highest bar: the fewest files turned).
 *
 * `--rule across-wings`: the flyer-across-its-wings rule (src/orientation-up-wings.ts, findOrientation's
 * `acrossWings` and `wingPlates.maxFlatness`; 28th round (wings)): it reads only a body whose clear length is
 * its best mirror plane's axis, so only those characters are read again; its bars (how flat the paired
 * plates must be) are tried lowest first (a tie goes to off, then to the flattest).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { join } from 'node:path';
import { readMesh, writeGlb } from '@rigforge/mesh';
import { findOrientation, type FindOrientationOptions } from '../src/find-orientation';
import { lengthAxisOf } from '../src/length-axis';
import { findMirrorPlanes } from '../src/mirror-plane';
import { unrolledGateAxes } from '../src/mirror-roll';
import { ORIENTATION_CANDIDATES, type OrientationCandidate } from '../src/orientation-features';
import { invertTurn, multiplyTurns, sameTurn, turnMesh, turnOf, type Turn } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';
import { measuredOrCached } from './lib/stood-frame-replay';

/** A rule replayed: its bars in the order ties go (after off), the options at a bar, off and always on. */
interface Rule { bars: number[]; at: (bar: number) => FindOrientationOptions; off: FindOrientationOptions; always: FindOrientationOptions }
const RULES: Record<string, Rule> = {
  // Lowest first: a tie goes to the lowest bar (after off).
  end: { bars: [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 0.9], at: (b) => ({ minEndUpConfidence: b }), off: { minEndUpConfidence: 0 }, always: { minEndUpConfidence: 1.01 } },
  // Highest first: a tie goes to the highest bar (after off).
  // The flattest plates first: a tie goes to the lowest bar (after off), the fewest bodies read as flyers.
  'across-wings': { bars: [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1], at: (b) => ({ acrossWings: true, wingPlates: { maxFlatness: b } }), off: { acrossWings: false }, always: { acrossWings: true, wingPlates: { maxFlatness: 1 } } },
  'head-up': { bars: [0.2, 0.15, 0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0], at: (b) => ({ headUp: true, minHeadAbove: b }), off: { headUp: false }, always: { headUp: true, minHeadAbove: -1 } },
};
const ruleName = arg('--rule') ?? 'end';
const ruleFound = RULES[ruleName];
if (!ruleFound) throw new Error(`--rule: unknown rule ${ruleName}`);
const RULE: Rule = ruleFound;
const BARS = RULE.bars;

/** One turned file (`stored`, or `as held`): right at each setting (index 0 off, then BARS). */
const fileReadSchema = z.object({ id: z.string(), artist: z.string(), stored: z.string(), right: z.array(z.boolean()) });
type FileRead = z.output<typeof fileReadSchema>;
/** What this script reads of a dump line: which files the gates kept on their +Y. */
const keptLineSchema = z.looseObject({ id: z.string(), gated: z.looseObject({ upAxisReason: z.string().optional() }).optional(), shipped: z.looseObject({ upAxisReason: z.string().optional() }) });

const candidate = (s: string): OrientationCandidate => ORIENTATION_CANDIDATES.find((c) => `${c.upAxis}/${c.rotationY}` === s)!;

/**
 * Whether the rule can move a character's files: the end rule a body clearly longest on one side, the
 * head-up rule one with a file the gates kept, the wings rule one whose clear length is its best mirror
 * plane's axis (a wingspan; the rule's first test, which a quarter turn does not change).
 */
function canMove(stood: Parameters<typeof lengthAxisOf>[0], id: string, kept: Set<string>): boolean {
  if (ruleName === 'head-up') return kept.has(id);
  const length = lengthAxisOf(stood);
  if (ruleName === 'end' || length === undefined) return length !== undefined;
  const scores = findMirrorPlanes(stood, { search: false })?.axisScores;
  return scores !== undefined && 'xyz'[scores.indexOf(Math.min(...scores))] === length;
}

async function readLong(dir: string, labels: Map<string, number[]>, kept: Set<string>): Promise<FileRead[]> {
  const out: FileRead[] = [];
  for (const c of readManifest(dir)) {
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const stands = (labels.get(c.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    const stood = turnMesh(input, stands[0]!);
    if (!canMove(stood, c.id, kept)) continue;
    for (const stored of ['as held', ...ORIENTATION_CANDIDATES.map((q) => `${q.upAxis}/${q.rotationY}`)]) {
      const toFile = stored === 'as held' ? invertTurn(stands[0]!) : invertTurn(turnOf(candidate(stored)));
      const file = stored === 'as held' ? input : (await readMesh(await writeGlb(turnMesh(stood, toFile)))).mesh;
      const fileFromInput = multiplyTurns(toFile, stands[0]!);
      const isRight = (o: OrientationCandidate): boolean => stands.some((s) => sameTurn(multiplyTurns(turnOf(o), fileFromInput), s));
      const axes = unrolledGateAxes(file);
      const at = (bar: number): OrientationCandidate => findOrientation(file, { ...axes, ...RULE.at(bar) });
      const off = findOrientation(file, { ...axes, ...RULE.off }), always = findOrientation(file, { ...axes, ...RULE.always });
      const alike = off.upAxis === always.upAxis && off.rotationY === always.rotationY;
      out.push({ id: c.id, artist: c.artist, stored, right: [isRight(off), ...BARS.map((b) => (alike ? isRight(off) : isRight(at(b))))] });
    }
    console.error(`read ${c.id}`);
  }
  return out;
}

/** Every file of the dump (score-orientation.ts --dump): right as the dump answered it, at every setting. */
function readDump(path: string, dir: string, labels: Map<string, number[]>): FileRead[] {
  const artist = new Map(readManifest(dir).map((c) => [c.id, c.artist]));
  return readFileSync(path, 'utf8').trim().split('\n').map((line) => {
    const row = JSON.parse(line) as { id: string; stored: string; shipped: OrientationCandidate };
    const stands: Turn[] = (labels.get(row.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    // A turned file is right when its answer, after the turn that wrote it, stands the input as a label does.
    const fileFromInput = row.stored === 'as held' ? undefined : multiplyTurns(invertTurn(turnOf(candidate(row.stored))), stands[0]!);
    const ok = stands.some((s) => sameTurn(fileFromInput ? multiplyTurns(turnOf(row.shipped), fileFromInput) : turnOf(row.shipped), s));
    return { id: row.id, artist: artist.get(row.id)!, stored: row.stored, right: Array<boolean>(BARS.length + 1).fill(ok) };
  });
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const labels = readOrientationLabels(arg('--labels')!);
  const cachePath = arg('--cache');
  // The characters the head-up rule can move: a file of theirs the gates kept on its +Y.
  const kept = new Set(readFileSync(arg('--dump')!, 'utf8').trim().split('\n').map((line) => keptLineSchema.parse(JSON.parse(line)))
    .filter((row) => (row.gated ?? row.shipped).upAxisReason === 'kept').map((row) => row.id));
  const long = await measuredOrCached(cachePath, z.array(fileReadSchema), () => readLong(dir, labels, kept));
  const moved = new Set(long.map((f) => f.id));
  const files = [...long, ...readDump(arg('--dump')!, dir, labels).filter((f) => !moved.has(f.id))];
  const name = (k: number): string => (k === 0 ? 'off' : `bar ${BARS[k - 1]}`);
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  const score = (pick: (f: FileRead) => boolean, k: number): { right: number; n: number; uprights: number; uprightN: number; held: number; per: Map<string, number> } => {
    const s = { right: 0, n: 0, uprights: 0, uprightN: 0, held: 0, per: new Map<string, number>() };
    for (const f of files) {
      if (!pick(f)) continue;
      if (f.stored === 'as held') { if (f.right[k]) s.held++; continue; }
      s.n++;
      if (f.right[k]) { s.right++; s.per.set(f.id, (s.per.get(f.id) ?? 0) + 1); }
      if (f.stored === '+y/0') { s.uprightN++; if (f.right[k]) s.uprights++; }
    }
    return s;
  };
  console.log('setting on all (in sample): turned files right / uprights / the set as held');
  for (let k = 0; k <= BARS.length; k++) {
    const s = score(() => true, k);
    console.log(`${name(k).padEnd(10)} ${pct(s.right, s.n).padStart(6)} ${s.right}/${s.n}  ${s.uprights}/${s.uprightN}  held ${s.held}`);
  }
  console.log('\nleft out: the bar chosen on the others (every upright of theirs kept), scored on the one left out');
  let off = 0, out = 0, n = 0;
  for (const a of [...new Set(files.map((f) => f.artist))]) {
    let best = 0, bestRight = -1;
    for (let k = 0; k <= BARS.length; k++) {
      const s = score((f) => f.artist !== a, k);
      if (s.uprights < s.uprightN) continue;
      if (s.right > bestRight) { best = k; bestRight = s.right; }
    }
    const before = score((f) => f.artist === a, 0), after = score((f) => f.artist === a, best);
    off += before.right; out += after.right; n += after.n;
    const ids = [...new Set(files.filter((f) => f.artist === a).map((f) => f.id))].filter((id) => (before.per.get(id) ?? 0) !== (after.per.get(id) ?? 0));
    console.log(`${a.padEnd(20)} chose ${name(best).padEnd(10)} ${pct(before.right, before.n).padStart(6)} -> ${pct(after.right, after.n).padStart(6)}  uprights ${after.uprights}/${after.uprightN}  ${ids.map((id) => `${id} ${before.per.get(id) ?? 0}->${after.per.get(id) ?? 0}`).join(', ')}`);
  }
  console.log(`${'all'.padEnd(37)} ${pct(off, n).padStart(6)} -> ${pct(out, n).padStart(6)}`);
}

void main().catch((e: unknown) => { console.error(e); process.exit(1); });

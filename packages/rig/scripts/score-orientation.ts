/**
 * Scores the orientation step end to end: every character of the development set, stood up (its
 * file, or its label where the file does not stand +Y up facing +Z), is turned into each of the
 * 24 quarter-turn orientations a file may store it in (6 up axes × 4 facings), written as a GLB,
 * read back and given to findOrientation; right when the orientation found stands it up again.
 * Reports per artist and per body plan, with the shipped confidence gate (what rigMesh does)
 * and without it (the finder alone). With --cdj2j it also rigs a few characters turned and upright
 * (auto orientation) and compares their CD-J2J in the file's frame. It ends with the median time
 * of one findOrientation call, ungated and shipped (the machine is shared: compare same-run ratios).
 *
 *   npx tsx packages/rig/scripts/score-orientation.ts <dev-set dir> [--labels file.json] [--turns 24]
 *     [--artist name] [--only id,id] [--fins-below off|"<scope> <bar>"] [--head-up off|<bar>] [--head-end off|<bar>] [--off-its-side] [--across-wings] [--no-legs-off-its-end] [--reaching-up <bar>] [--cdj2j 4] [--exemplar-weight 0.75 (the shipped; 0: off)] [--dump out.jsonl]
 *
 * `--dump out.jsonl`: one JSON line per file (each set file as held, then each turned file): what the
 * finder, the gates (cue off) and the shipped call found, with their reasons and probabilities, so
 * two versions of the code can be compared file by file (a speed change must leave every line as
 * it was: `cmp` the two dumps).
 *
 * The model it scores was fitted on the whole set (in sample); the leave-one-artist-out figure of
 * the same model is fit-orientation-model.ts's. A script, not a test: the set never enters the
 * repository.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh, writeGlb, type Mesh } from '@rigforge/mesh';
import type { BodyPlan } from '../src/body-plan';
import { findOrientation, legsWhenStood, type FindOrientationOptions } from '../src/find-orientation';
import { unrolledGateAxes } from '../src/mirror-roll';
import { FACING_CUE_ON } from '../src/orientation-facing-cue';
import { facingCueRotation } from '../src/orientation-facing-turn';
import { FINS_BELOW_REASONS, type FinsBelowScope } from '../src/orientation-up-fins';
import { ORIENTATION_CANDIDATES, type OrientationCandidate } from '../src/orientation-features';
import { rigMesh } from '../src/rig-mesh';
import { measureJointError } from '../testing/measure-joint-error';
import { invertTurn, multiplyTurns, sameTurn, turnMesh, turnOf, turnSkeleton, type Turn } from '../testing/orientation-turns';
import { artistSkeleton, readGtJoints, readManifest, readWrittenRig } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';

interface Tally { n: number; right: number; upRight: number; kept: number; misses: Map<MissKind, number> }
const tally = (): Tally => ({ n: 0, right: 0, upRight: 0, kept: 0, misses: new Map() });

/** Kinds of a shipped miss: the up axis a quarter off or upside down, or right with the facing a half or a quarter turn off. */
type MissKind = 'quarter off' | 'upside down' | 'facing 180' | 'facing 90';
const MISS_KINDS: readonly MissKind[] = ['quarter off', 'upside down', 'facing 180', 'facing 90'];

/** The kind of a wrong answer `got` (file → upright) against the right ones `wants`: the closest of them. */
function missKind(got: Turn, wants: readonly Turn[]): MissKind {
  const same = (a: readonly number[], b: readonly number[]): boolean => a.every((v, j) => v === b[j]);
  const neg = (a: readonly number[], b: readonly number[]): boolean => a.every((v, j) => v === -b[j]!);
  const up = wants.find((w) => same(w[1]!, got[1]!));
  if (up) return neg(up[2]!, got[2]!) ? 'facing 180' : 'facing 90';
  return wants.some((w) => neg(w[1]!, got[1]!)) ? 'upside down' : 'quarter off';
}

/**
 * The shipped misses sorted (per artist, body plan and pose of the file): the up axis wrong with the
 * finder's own best up axis right (a gate refused it or a later rule moved it) or wrong too (the
 * finder), or the up axis right and the facing wrong.
 */
interface Misses { n: number; wrong: number; upGated: number; upFinder: number; facing: number; reasons: Map<string, number> }
const misses = (): Misses => ({ n: 0, wrong: 0, upGated: 0, upFinder: 0, facing: 0, reasons: new Map() });

/** How a file stored in `fileToUpright` lies: the character's direction along the file's +Y. */
function poseOf(fileToUpright: Turn): string {
  const [x, y, z] = [fileToUpright[0]![1]!, fileToUpright[1]![1]!, fileToUpright[2]![1]!];
  if (y > 0) return 'upright';
  if (y < 0) return 'upside down';
  if (z > 0) return 'on its back';
  if (z < 0) return 'on its front';
  return x !== 0 ? 'on its side' : '?';
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: score-orientation.ts <dev-set dir> [--labels file.json] [--turns 24] [--artist name] [--cdj2j 3]');
  const labels = arg('--labels') ? readOrientationLabels(arg('--labels')!) : new Map<string, number[]>();
  const turns = Math.min(24, Number(arg('--turns') ?? '24'));
  const onlyArtist = arg('--artist');
  // --only id,id: those characters alone (a rule that reads a few characters checked quickly).
  const only = arg('--only')?.split(',');
  const cdj2j = Number(arg('--cdj2j') ?? '0');
  const byArtist = new Map<string, Tally>(), byPlan = new Map<string, Tally>();
  const all = tally(), upright = tally();
  const missAll = misses(), missBy = new Map<string, Misses>();
  const countMiss = (keys: string[], up: 'right' | 'gated' | 'finder', reason: string): void => {
    for (const key of ['all', ...keys]) {
      const m = key === 'all' ? missAll : (missBy.get(key) ?? missBy.set(key, misses()).get(key)!);
      m.n++;
      if (up === 'right' && reason === '') continue;
      m.wrong++;
      if (up === 'right') m.facing++;
      else {
        if (up === 'gated') m.upGated++; else m.upFinder++;
        m.reasons.set(reason, (m.reasons.get(reason) ?? 0) + 1);
      }
    }
  };
  const cdRows: string[] = [];
  // Time of one call per turned file (a loaded machine: compare runs of the same session).
  const finderMs: number[] = [], shippedMs: number[] = [];
  let heldOk = 0;
  const noCueRight = new Map<string, number>();
  const heldTurned: string[] = [];
  const manifest = readManifest(dir);
  const dumpPath = arg('--dump');
  if (dumpPath) writeFileSync(dumpPath, '');
  const dump = (row: Record<string, unknown>): void => { if (dumpPath) appendFileSync(dumpPath, `${JSON.stringify(row)}\n`); };
  // The CD-J2J spot check takes characters spread over the manifest (several artists and plans).
  const spot = new Set(cdj2j > 0 ? Array.from({ length: cdj2j }, (_, i) => manifest[Math.floor((i * manifest.length) / cdj2j)]!.id) : []);
  for (const c of manifest) {
    if (onlyArtist && c.artist !== onlyArtist) continue;
    if (only && !only.includes(c.id)) continue;
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    // The ways the input stands up (usually one: as filed).
    const stands: Turn[] = (labels.get(c.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    const stood = turnMesh(input, stands[0]!);
    // What rigMesh's auto orientation does with the file as the set holds it.
    const asHeld = findOrientation(input, rigsLateral(input));
    const heldRight = stands.some((st) => sameTurn(turnOf(asHeld), st));
    const heldNote = `as held: ${asHeld.upAxis}/${asHeld.rotationY} (${asHeld.upAxisReason}${heldRight ? ', right' : ', wrong'})`;
    if (heldRight) heldOk++;
    dump({ id: c.id, stored: 'as held', shipped: asHeld });
    if (asHeld.upAxis !== '+y' || asHeld.rotationY !== 0) heldTurned.push(`${c.id} ${heldNote}`);
    let misses = 0, shippedRight = 0;
    const marks: string[] = [];
    // Spread the turns evenly over the 24 when fewer are asked for.
    for (let k = 0; k < turns; k++) {
      const stored = ORIENTATION_CANDIDATES[Math.floor((k * 24) / turns)]!;
      // A file stored `stored`: standing it up with `stored` gives the upright mesh back.
      const toFile = invertTurn(turnOf(stored));
      const file = (await readMesh(await writeGlb(turnMesh(stood, toFile)))).mesh;
      // input → file is toFile · stands[0]; found is right if turnOf(found) · toFile · stands[0] is one of `stands`.
      const fileFromInput = multiplyTurns(toFile, stands[0]!);
      const isRight = (o: OrientationCandidate): boolean => stands.some((s) => sameTurn(multiplyTurns(turnOf(o), fileFromInput), s));
      let t0 = performance.now();
      const finder = findOrientation(file, { ungated: true });
      finderMs.push(performance.now() - t0);
      // The mirror planes are read before the timed call: rigMesh reads them anyway (its roll).
      const lateral = rigsLateral(file);
      t0 = performance.now();
      // Without the facing cue (FindOrientationOptions.facingCue), then with it as findOrientation
      // applies it by default: one call, the cue's half turn read after it (the same rule).
      const noCue = findOrientation(file, { ...lateral, facingCue: false });
      shippedMs.push(performance.now() - t0);
      const shipped = FACING_CUE_ON ? { ...noCue, rotationY: facingCueRotation(file, noCue, FACING_CUE_ON, { ...lateral, legsWhenStood: legsWhenStood(file) }) } : noCue;
      dump({ id: c.id, stored: `${stored.upAxis}/${stored.rotationY}`, finder, gated: noCue, shipped: { upAxis: shipped.upAxis, rotationY: shipped.rotationY } });
      if (isRight(noCue)) noCueRight.set(c.artist, (noCueRight.get(c.artist) ?? 0) + 1);
      const ok = isRight(finder);
      // Up right: the found up axis carries the same file direction onto +Y as a right answer does.
      const upOk = stands.some((s) => {
        const want = multiplyTurns(s, invertTurn(fileFromInput)); // file → upright, a right one
        const got = turnOf(finder);
        return want[1]!.every((v, j) => v === got[1]![j]);
      });
      const keptOk = isRight(shipped);
      // The misses' breakdown: is the shipped up axis right, and if not, was the finder's own best?
      const upOf = (o: OrientationCandidate): boolean => stands.some((st) => {
        const want = multiplyTurns(st, invertTurn(fileFromInput));
        const got = turnOf(o);
        return want[1]!.every((v, j) => v === got[1]![j]);
      });
      const pose = poseOf(multiplyTurns(stands[0]!, invertTurn(fileFromInput)));
      const keys = [`artist ${c.artist}`, `plan ${c.bodyPlan}`, `pose ${pose}`];
      if (keptOk) countMiss(keys, 'right', '');
      else if (upOf(shipped)) countMiss(keys, 'right', 'facing');
      else countMiss(keys, noCue.best && upOf(noCue.best) ? 'gated' : 'finder', `${noCue.upAxisReason}`);
      if (keptOk) shippedRight++;
      const kind = keptOk ? undefined : missKind(turnOf(shipped), stands.map((st) => multiplyTurns(st, invertTurn(fileFromInput))));
      if (!byArtist.has(c.artist)) byArtist.set(c.artist, tally());
      if (!byPlan.has(c.bodyPlan)) byPlan.set(c.bodyPlan, tally());
      for (const t of [all, byArtist.get(c.artist)!, byPlan.get(c.bodyPlan)!]) {
        t.n++; if (ok) t.right++; if (upOk) t.upRight++; if (keptOk) t.kept++;
        if (kind) t.misses.set(kind, (t.misses.get(kind) ?? 0) + 1);
      }
      if (k === 0) {
        upright.n++; if (ok) upright.right++; if (keptOk) upright.kept++;
      }
      if (!ok) { misses++; marks.push(`${stored.upAxis}/${stored.rotationY}→${finder.upAxis}/${finder.rotationY}`); }
    }
    console.log(`${misses ? 'X' : ' '} ${c.artist.padEnd(18)} ${c.bodyPlan.padEnd(10)} ${c.id.padEnd(28)} ${turns - misses}/${turns} (shipped ${shippedRight})${misses ? `  e.g. ${marks.slice(0, 3).join(', ')}` : ''}  ${heldNote}`);
    if (spot.has(c.id)) {
      cdRows.push(await compareRigs(c.id, c.bodyPlan, input, stands[0]!, readGtJoints(dir, c.id)));
    }
  }
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`.padStart(7);
  const table = (title: string, rows: Map<string, Tally>): void => {
    console.log(`\n${title.padEnd(20)}  turns   finder   up axis   shipped (turns only when confident)`);
    for (const [k, t] of [...rows.entries()].sort((a, b) => a[1].right / a[1].n - b[1].right / b[1].n)) {
      console.log(`${k.padEnd(20)} ${String(t.n).padStart(6)} ${pct(t.right, t.n)}  ${pct(t.upRight, t.n)}   ${pct(t.kept, t.n)}`);
    }
    console.log(`${'all'.padEnd(20)} ${String(all.n).padStart(6)} ${pct(all.right, all.n)}  ${pct(all.upRight, all.n)}   ${pct(all.kept, all.n)}`);
    // The shipped misses by kind: which have the up axis right and the facing wrong.
    console.log(`${title.padEnd(20)}  shipped misses: ${MISS_KINDS.join(' / ')}`);
    for (const [k, t] of [...rows.entries(), ['all', all] as const]) {
      if (t.n > t.kept) console.log(`${k.padEnd(20)} ${String(t.n - t.kept).padStart(6)}   ${MISS_KINDS.map((m) => String(t.misses.get(m) ?? 0).padStart(4)).join(' / ')}`);
    }
  };
  table('artist', byArtist);
  console.log(`shipped without the facing cue: ${[...byArtist.entries()].map(([k, t]) => `${k} ${pct(noCueRight.get(k) ?? 0, t.n).trim()}`).join(', ')}; all ${pct([...noCueRight.values()].reduce((a, b) => a + b, 0), all.n).trim()}`);
  table('body plan', byPlan);
  console.log('\nshipped misses      files  wrong  up wrong: finder right (gated)  finder wrong   up right, facing wrong   up-wrong reasons');
  const missRow = (k: string, m: Misses): void => console.log(`${k.padEnd(26)} ${String(m.n).padStart(5)} ${String(m.wrong).padStart(6)} ${String(m.upGated).padStart(12)} ${String(m.upFinder).padStart(24)} ${String(m.facing).padStart(14)}   ${[...m.reasons.entries()].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ')}`);
  for (const [k, m] of [...missBy.entries()].sort((a, b) => a[0].localeCompare(b[0]))) missRow(k, m);
  missRow('all', missAll);
  console.log(`\nstood up, stored +y/0: finder right ${upright.right}/${upright.n}, shipped right ${upright.kept}/${upright.n}`);
  console.log(`the set's files as held: shipped right ${heldOk}/${upright.n}; turned by auto: ${heldTurned.length ? heldTurned.join('; ') : 'none'}`);
  const median = (v: number[]): string => (v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0) : '-');
  console.log(`median ms per file: finder ${median(finderMs)}, shipped ${median(shippedMs)} (${finderMs.length} files)`);
  if (cdRows.length) console.log(`\nCD-J2J, rigged upright vs turned (auto orientation), in the file's frame:\n${cdRows.join('\n')}`);
}

/**
 * The gate axes rigMesh keeps for a file it does not roll (unrolledGateAxes: the left-right axis and
 * a sheet's thickness); a file it rolls (its mirror plane between two axes) is stood by quarter turns
 * after the roll, which this script cannot score, so such a file is read as before, without them.
 */
function rigsLateral(mesh: Mesh): FindOrientationOptions {
  const { sheetAxis, ...axes } = unrolledGateAxes(mesh);
  // --no-sheet: the sheet rule off (the twentieth round's "before").
  const sheet = sheetAxis && !process.argv.includes('--no-sheet') ? { sheetAxis } : {};
  // --exemplar-weight W: the exemplar cue's weight (0: off, the fifteenth round's "before").
  const w = arg('--exemplar-weight');
  // --fins-below off | "<scope> <bar>": the paired-fins rule off, or at another scope and bar (the
  // twenty-sixth round "(up)"'s held-out runs).
  const fb = arg('--fins-below');
  const fins: FindOrientationOptions = fb === undefined ? {} : fb === 'off' ? { finsBelow: false }
    : { finsBelowScope: finsBelowScopeOf(fb.split(' ')[0]), minPairedFinsAbove: Number(fb.split(' ')[1]) };
  // --head-up off | <bar>: the big-end-up rule off, or on at a bar (the 27th round's runs).
  const hu = arg('--head-up');
  const head: FindOrientationOptions = hu === undefined ? {} : hu === 'off' ? { headUp: false } : { headUp: true, minHeadAbove: Number(hu) };
  // --head-end off | <bar>: the head-end facing off, or at another bar (the 28th round (fish)'s runs).
  const he = arg('--head-end');
  const headEnd: FindOrientationOptions = he === undefined ? {} : he === 'off' ? { headEnd: false } : { headEnd: true, minHeadEndOffset: Number(he) };
  // --off-its-side: the long body kept on its side stood across it (the 28th round (fish)'s measured rule).
  const side: FindOrientationOptions = process.argv.includes('--off-its-side') ? { offItsSide: true } : {};
  // --across-wings: a flyer stood across its wings (the 28th round (wings)'s runs; off by default).
  const wings: FindOrientationOptions = process.argv.includes('--across-wings') ? { acrossWings: true } : {};
  // --no-legs-off-its-end: the legs rules may stand a body on the ends the end bar takes it off (the 30th round (ends)'s "before").
  const ends: FindOrientationOptions = process.argv.includes('--no-legs-off-its-end') ? { legsOffItsEnd: false } : {};
  // --reaching-up <bar>: limbs that reach the floor as filed but do not stand hold +Y only up to this bar (the 31st round's runs).
  const ru = arg('--reaching-up');
  const reach: FindOrientationOptions = ru === undefined ? {} : { minReachingUpConfidence: Number(ru) };
  return { ...axes, ...sheet, ...fins, ...head, ...headEnd, ...side, ...wings, ...ends, ...reach, ...(w !== undefined ? { exemplarWeight: Number(w) } : {}) };
}

function finsBelowScopeOf(name: string | undefined): FinsBelowScope {
  const scope = (Object.keys(FINS_BELOW_REASONS) as FinsBelowScope[]).find((k) => k === name);
  if (!scope) throw new Error(`--fins-below: unknown scope ${String(name)}`);
  return scope;
}

/** Rigs the character as filed and turned three ways (auto orientation), all scored in the input's frame. */
async function compareRigs(id: string, plan: BodyPlan, input: Mesh, stand: Turn, gt: ReturnType<typeof readGtJoints>): Promise<string> {
  const truth = artistSkeleton(gt, 'placedPosition');
  const scores: string[] = [];
  for (const stored of [ORIENTATION_CANDIDATES[0]!, { upAxis: '+z', rotationY: 0 } as const, { upAxis: '-x', rotationY: 90 } as const, { upAxis: '-y', rotationY: 180 } as const]) {
    const toFile = multiplyTurns(invertTurn(turnOf(stored)), stand);
    const result = await rigMesh(await writeGlb(turnMesh(input, toFile)), { rigType: plan, thumbnailSize: 64 });
    const o = result.report.orientation;
    const written = await readWrittenRig(result.model);
    // Rig frame → file frame → input frame.
    const found = ORIENTATION_CANDIDATES.find((q) => q.upAxis === o.upAxis && q.rotationY === o.rotationY)!;
    const back = multiplyTurns(invertTurn(toFile), invertTurn(turnOf(found)));
    scores.push(`${stored.upAxis}/${stored.rotationY}: ${measureJointError(truth, turnSkeleton(written.skeleton, back), input).toFixed(4)} (found ${o.upAxis}/${o.rotationY})`);
  }
  return `  ${id.padEnd(28)} ${scores.join('  ')}`;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

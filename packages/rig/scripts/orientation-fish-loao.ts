/**
 * The 28th orientation round (fish; packages/rig/docs/orientation.md, "Orientation: measured") replayed over
 * score-orientation.ts's dump: every turned file's shipped answer is mapped to the stood model's
 * frame (its label), and two rules are applied after it as findOrientation does:
 *
 * - `off-its-end` (the paired-fins roll of src/orientation-up-fins.ts also reading an up axis the end
 *   bar chose: `finsBelowScope` 'unlegged' now holds the reason `off-its-end`): where the gates' reason
 *   is `off-its-end`, the model stood up the answer's way and the opposite way stands on fewer than two
 *   legs each, lies along its length across its left-right axis and its paired thin parts lie above
 *   its core by more than the shipped bar, it rolls over about its facing;
 * - the head end (src/orientation-facing-head-end.ts): where the answer's up axis lies across the
 *   box's clear length and the model stands on fewer than two legs either way along it, the facing
 *   turns along the length toward the end its core lies nearer, when that offset is at least the bar.
 *
 * The setting (each rule on or off, the head-end bar 0.02–0.15) is chosen for each artist left out on
 * the others' turned files (every upright file of theirs kept right; ties to off, then to the
 * fins-below scope alone, then the higher bar) and scored on the one left out. The facing cue read
 * after the rules is not replayed (the end to end run is the check). Measures cached per character.
 *
 *   npx tsx packages/rig/scripts/orientation-fish-loao.ts <dev set> --labels <labels.json> --dump <dump.jsonl> \
 *     [--cache fish.json] [--show "<off-its-end 0|1> <bar|off>"]
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { openSolid } from '../src/fit/open-solid';
import { analyzeShape } from '../src/fit/shape-analysis';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { lengthAxisOf } from '../src/length-axis';
import { findMirrorPlanes } from '../src/mirror-plane';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { finsLateralAxis, pairedFinsLow } from '../src/orientation-up-fins';
import { coreOffsetAlong } from '../src/orientation-facing-head-end';
import { rotateMeshUp, UP_AXES, type UpAxis } from '../src/rotate-mesh-up';
import { multiplyTurns, sameTurn, turnMesh, turnOf } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { chooseSetting } from './lib/orientation-replay';
import { answerInStoodFrame, cueArraySchema, dirOf, measuredOrCached, opposite, readTurnedRows, rightTurns, ROLL } from './lib/stood-frame-replay';
import { arg } from './lib/cli-args';

/** Per up direction of the stood model (UP_AXES order): the fins cue (NaN: not read) and its standing legs; the core's offset along the length. */
const characterSchema = z.object({
  id: z.string(), artist: z.string(), length: z.enum(['x', 'y', 'z']).nullable(), fins: cueArraySchema, standing: z.array(z.number()), offset: z.number(),
});
type Character = z.output<typeof characterSchema>;
interface Setting { offEnd: boolean; head: number | null }
const OFF: Setting = { offEnd: false, head: null };
const show = (g: Setting): string => `${g.offEnd ? 'off-its-end' : 'no-end'} head ${g.head ?? 'off'}`;

async function measure(dir: string, labels: Map<string, number[]>): Promise<Character[]> {
  const out: Character[] = [];
  for (const c of readManifest(dir)) {
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const stood = turnMesh(input, turnOf(ORIENTATION_CANDIDATES[(labels.get(c.id) ?? [0])[0]!]!));
    const length = lengthAxisOf(stood);
    const solid = length ? openSolid(stood) : undefined;
    const scores = length ? findMirrorPlanes(stood, { search: false })?.axisScores : undefined;
    const side = (up: UpAxis): 'x' | 'y' | 'z' | undefined => (length && scores ? finsLateralAxis(scores, up, length) : undefined);
    out.push({
      id: c.id, artist: c.artist, length: length ?? null,
      fins: UP_AXES.map((up) => (solid && side(up) ? pairedFinsLow(solid, up, side(up)!) : NaN)),
      standing: UP_AXES.map((up) => measureBodyPlanFeatures(analyzeShape(rotateMeshUp(stood, up), 48), { pairedAcross: 'either' }).standingLegs),
      offset: solid && length ? coreOffsetAlong(solid, length) : 0,
    });
    console.error(`measured ${c.id}: long ${length ?? '-'}, core offset ${out[out.length - 1]!.offset.toFixed(3)}`);
  }
  return out;
}

async function main(): Promise<void> {
  const dir = process.argv[2], labelsFile = arg('--labels'), dumpFile = arg('--dump');
  if (!dir || !labelsFile || !dumpFile) throw new Error('usage: orientation-fish-loao.ts <dev set> --labels f.json --dump d.jsonl [--cache c.json]');
  const labels = readOrientationLabels(labelsFile);
  const cache = arg('--cache');
  const set = await measuredOrCached(cache, z.array(characterSchema), () => measure(dir, labels));
  const rows = readTurnedRows(dumpFile);
  const unit = (a: number, s: number): number[] => [0, 1, 2].map((k) => (k === a ? s : 0));
  const cross = (u: readonly number[], v: readonly number[]): number[] => [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  const finsBar = FIND_ORIENTATION_DEFAULTS.minPairedFinsAbove;
  const replayOne = (s: Character, g: Setting): { right: number; uprights: number; moved: number } => {
    const rights = rightTurns(labels, s.id);
    let right = 0, uprights = 0, moved = 0;
    (rows.get(s.id) ?? []).forEach((r, k) => {
      // The stood model's frame → the answer's stood frame (rows: the answer's axes in stood coordinates).
      let m = answerInStoodFrame(r);
      const before = m;
      const legless = (up: UpAxis): boolean => s.standing[UP_AXES.indexOf(up)]! < 2 && s.standing[UP_AXES.indexOf(opposite(up))]! < 2;
      if (g.offEnd && r.gated.upAxisReason === 'off-its-end') {
        const up = dirOf(m[1]!);
        if (legless(up) && s.fins[UP_AXES.indexOf(up)]! < -finsBar) m = multiplyTurns(ROLL, m);
      }
      if (g.head !== null && s.length !== null) {
        const up = dirOf(m[1]!), L = 'xyz'.indexOf(s.length);
        if (up[1] !== s.length && legless(up) && Math.abs(s.offset) >= g.head) {
          const fwd = unit(L, s.offset > 0 ? 1 : -1);
          m = [cross(m[1]!, fwd), [...m[1]!], fwd];
        }
      }
      if (!sameTurn(before, m)) moved++;
      if (rights.some((w) => sameTurn(w, m))) { right++; if (k === 0) uprights++; }
    });
    return { right, uprights, moved };
  };
  const family: Setting[] = [OFF, { offEnd: true, head: null }];
  for (const offEnd of [false, true]) for (const head of [0.15, 0.12, 0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.02]) family.push({ offEnd, head });
  const artists = [...new Set(set.map((s) => s.artist))];
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const n = set.reduce((t, s) => t + (rows.get(s.id)?.length ?? 0), 0);
  let heldRight = 0, heldUprights = 0, offRight = 0;
  console.log('artist (left out)      chosen on the others          turned files right: off -> held out   uprights');
  for (const a of artists) {
    const mine = set.filter((s) => s.artist === a), others = set.filter((s) => s.artist !== a);
    const g = chooseSetting(others, family, OFF, replayOne);
    const off = mine.reduce((t, s) => t + replayOne(s, OFF).right, 0);
    const got = mine.map((s) => replayOne(s, g));
    const right = got.reduce((t, x) => t + x.right, 0), ups = got.reduce((t, x) => t + x.uprights, 0);
    heldRight += right; heldUprights += ups; offRight += off;
    console.log(`${a.padEnd(22)} ${show(g).padEnd(29)} ${String(off).padStart(4)} -> ${String(right).padStart(4)} of ${mine.length * 24}   ${ups}/${mine.length}`);
  }
  console.log(`all (held out)         ${pct(offRight, n)} -> ${pct(heldRight, n)} (${offRight} -> ${heldRight} of ${n})   uprights ${heldUprights}/${set.length}`);
  console.log('\none setting on all (in sample): turned files right, uprights, files moved');
  for (const g of family) {
    const got = set.map((s) => replayOne(s, g));
    console.log(`${show(g).padEnd(24)} ${pct(got.reduce((t, x) => t + x.right, 0), n)} (${got.reduce((t, x) => t + x.right, 0)})  ${got.reduce((t, x) => t + x.uprights, 0)}/${set.length}  ${got.reduce((t, x) => t + x.moved, 0)}`);
  }
  const shown = arg('--show');
  if (shown) {
    const [e, bar] = shown.split(' ');
    const g: Setting = { offEnd: e === '1', head: bar === 'off' || bar === undefined ? null : Number(bar) };
    console.log(`\nper character, off -> ${show(g)} (long axis; core offset; standing legs up/down)`);
    for (const s of set) {
      const a = replayOne(s, OFF), b = replayOne(s, g);
      if (a.right !== b.right || b.moved > 0 || s.length) console.log(`${a.right !== b.right ? '*' : ' '} ${s.artist.padEnd(18)} ${s.id.padEnd(28)} ${String(a.right).padStart(2)} -> ${String(b.right).padStart(2)}  moved ${String(b.moved).padStart(2)}  long ${s.length ?? '-'} offset ${s.offset.toFixed(3).padStart(6)}  legs ${s.standing[UP_AXES.indexOf('+y')]}/${s.standing[UP_AXES.indexOf('-y')]}`);
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

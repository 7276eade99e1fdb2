/**
 * The paired-fins roll (src/orientation-up-fins.ts; packages/rig/docs/orientation.md, "Orientation: measured",
 * twenty-sixth round "(up)") replayed over score-orientation.ts's dump: every turned file's shipped
 * answer is mapped to the stood model's frame (its label), and the rule is applied after it as
 * findOrientation does: where the gates' reason is in the scope, the model stood up the answer's way
 * and the opposite way stands on fewer than two legs each (the legs test, paired either way), the
 * body lies along its box's clear length (length-axis.ts) across the up axis and its left-right axis (the
 * better mirror plane across the up axis: finsLateralAxis), and its paired thin
 * parts lie above its core by more than the bar (pairedFinsLow < −bar), it rolls over about its
 * facing. The scope and the bar are chosen for each artist left out on the others' turned files
 * (every upright file of theirs kept right; ties to off, then the narrower scope, the higher bar)
 * and scored on the one left out. The facing cue read after the roll is not replayed (the long
 * legless bodies it reaches are read by neither the feet, the knees nor the detail), so the end to
 * end run is the check. The measures are cached per character (delete the cache after a change of
 * the cue).
 *
 *   npx tsx packages/rig/scripts/orientation-fins-below-loao.ts <dev set> --labels <labels.json> --dump <dump.jsonl> \
 *     [--cache fins-below.json] [--objective up] [--show "<scope> <bar>"]
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
import { FINS_BELOW_REASONS, finsLateralAxis, pairedFinsLow, type FinsBelowScope } from '../src/orientation-up-fins';
import { rotateMeshUp, UP_AXES, type UpAxis } from '../src/rotate-mesh-up';
import { multiplyTurns, sameTurn, turnMesh, turnOf } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { chooseSetting } from './lib/orientation-replay';
import { answerInStoodFrame, cueArraySchema, dirOf, measuredOrCached, opposite, readTurnedRows, rightTurns, ROLL } from './lib/stood-frame-replay';
import { arg } from './lib/cli-args';

/** Per up direction of the stood model (UP_AXES order): the cue (NaN along the length) and its standing legs. */
const characterSchema = z.object({ id: z.string(), artist: z.string(), cue: cueArraySchema, standing: z.array(z.number()), long: z.boolean() });
type Character = z.output<typeof characterSchema>;
type Scope = FinsBelowScope;
const SCOPES = FINS_BELOW_REASONS;
type Setting = { scope: Scope; bar: number } | 'off';
const show = (g: Setting): string => (g === 'off' ? 'off' : `${g.scope} ${g.bar}`);

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
      id: c.id, artist: c.artist, long: length !== undefined,
      cue: UP_AXES.map((up) => (solid && side(up) ? pairedFinsLow(solid, up, side(up)!) : NaN)),
      standing: UP_AXES.map((up) => measureBodyPlanFeatures(analyzeShape(rotateMeshUp(stood, up), 48), { pairedAcross: 'either' }).standingLegs),
    });
    console.error(`measured ${c.id}: long ${length ?? '-'}, cue up ${out[out.length - 1]!.cue[UP_AXES.indexOf('+y')]!.toFixed(3)}`);
  }
  return out;
}

async function main(): Promise<void> {
  const dir = process.argv[2], labelsFile = arg('--labels'), dumpFile = arg('--dump');
  if (!dir || !labelsFile || !dumpFile) throw new Error('usage: orientation-fins-below-loao.ts <dev set> --labels f.json --dump d.jsonl [--cache c.json]');
  const labels = readOrientationLabels(labelsFile);
  const cache = arg('--cache');
  // No cue (NaN): not long, or up along the length.
  const set = await measuredOrCached(cache, z.array(characterSchema), () => measure(dir, labels));
  const rows = readTurnedRows(dumpFile);
  const upOnly = arg('--objective') === 'up';
  // Per character and setting: turned files right, and whether its stored +y/0 file is.
  const replayOne = (s: Character, g: Setting): { right: number; uprights: number; moved: number } => {
    const rights = rightTurns(labels, s.id);
    let right = 0, uprights = 0, moved = 0;
    (rows.get(s.id) ?? []).forEach((r, k) => {
      // The stood model's frame → the answer's stood frame.
      let m = answerInStoodFrame(r);
      const up = dirOf(m[1]!), i = UP_AXES.indexOf(up), j = UP_AXES.indexOf(opposite(up));
      if (g !== 'off' && SCOPES[g.scope].includes(r.gated.upAxisReason) && s.standing[i]! < 2 && s.standing[j]! < 2 && s.cue[i]! < -g.bar) { m = multiplyTurns(ROLL, m); moved++; }
      // `--objective up`: the up axis right (the facing is chosen again after the roll, which this replay
      // cannot: findOrientation reads the finder's facing among the four of the new up axis).
      const ok = upOnly ? rights.some((w) => w[1]!.every((v, c) => v === m[1]![c])) : rights.some((w) => sameTurn(w, m));
      if (ok) { right++; if (k === 0) uprights++; }
    });
    return { right, uprights, moved };
  };
  const family: Setting[] = ['off'];
  for (const scope of ['kept', 'unlegged', 'filed'] as const) for (const bar of [0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.02, 0.01, 0]) family.push({ scope, bar });
  const artists = [...new Set(set.map((s) => s.artist))];
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  const n = set.reduce((t, s) => t + (rows.get(s.id)?.length ?? 0), 0);
  let heldRight = 0, heldUprights = 0, offRight = 0;
  console.log('artist (left out)      chosen on the others        turned files right: off -> held out   uprights');
  for (const a of artists) {
    const mine = set.filter((s) => s.artist === a), others = set.filter((s) => s.artist !== a);
    const g = chooseSetting(others, family, 'off', replayOne);
    const off = mine.reduce((t, s) => t + replayOne(s, 'off').right, 0);
    const got = mine.map((s) => replayOne(s, g));
    const right = got.reduce((t, x) => t + x.right, 0), ups = got.reduce((t, x) => t + x.uprights, 0);
    heldRight += right; heldUprights += ups; offRight += off;
    console.log(`${a.padEnd(22)} ${show(g).padEnd(27)} ${String(off).padStart(4)} -> ${String(right).padStart(4)} of ${mine.length * 24}   ${ups}/${mine.length}`);
  }
  console.log(`all (held out)         ${pct(offRight, n)} -> ${pct(heldRight, n)}   uprights ${heldUprights}/${set.length}`);
  console.log('\none setting on all (in sample): turned files right, uprights, files rolled');
  for (const g of family) {
    const got = set.map((s) => replayOne(s, g));
    console.log(`${show(g).padEnd(16)} ${pct(got.reduce((t, x) => t + x.right, 0), n)}  ${got.reduce((t, x) => t + x.uprights, 0)}/${set.length}  ${got.reduce((t, x) => t + x.moved, 0)}`);
  }
  const shown = arg('--show');
  if (shown) {
    const [scope, bar] = shown.split(' ');
    const g: Setting = scope === 'off' ? 'off' : { scope: scope as Scope, bar: Number(bar) };
    console.log(`\nper character, off -> ${show(g)} (long; cue stood up right; standing legs up/down)`);
    for (const s of set) {
      const a = replayOne(s, 'off'), b = replayOne(s, g);
      const up = UP_AXES.indexOf('+y'), down = UP_AXES.indexOf('-y');
      if (a.right !== b.right || b.moved > 0 || s.long) console.log(`${a.right !== b.right ? '*' : ' '} ${s.id.padEnd(28)} ${String(a.right).padStart(2)} -> ${String(b.right).padStart(2)}  rolled ${String(b.moved).padStart(2)}  ${s.long ? 'long' : '    '} cue ${s.cue[up]!.toFixed(3).padStart(6)}  legs ${s.standing[up]}/${s.standing[down]}`);
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Chooses a rule's bar leaving one artist out from two end-to-end dumps of score-orientation.ts: the
 * tree before (`--before`, the rule off) and the rule on at the lowest bar of the grid (`--after`). A
 * file the rule moves carries its gate reason (`--reason`) and the probability it was read at
 * (`gated.upConfidence`), so the rule at any higher bar moves exactly the files read at or above it;
 * every other line is the tree's. For each artist left out, the bar standing the most of the other
 * artists' turned files right with every upright file of theirs (stored +y/0) kept right (ties to
 * off, then to the higher bar), scored on the one left out. Lines the rule moves under another
 * reason (a later rule turned them again) are listed and counted at every bar.
 *
 *   npx tsx packages/rig/scripts/orientation-dump-bar-loao.ts <dev set> --labels <labels.json> \
 *     --before before.jsonl --after after.jsonl --reason sure-over-reach [--bars 0.6,0.65,...]
 */
import { readFileSync } from 'node:fs';
import { ORIENTATION_CANDIDATES, type OrientationCandidate } from '../src/orientation-features';
import { invertTurn, multiplyTurns, sameTurn, turnOf } from '../testing/orientation-turns';
import { arg } from './lib/cli-args';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';

interface Line { id: string; stored: string; shipped: OrientationCandidate; gated?: { upAxisReason: string; upConfidence?: number } }

function readDump(path: string): Map<string, Line> {
  return new Map(readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line).map((r) => [`${r.id} ${r.stored}`, r]));
}

function main(): void {
  const dir = process.argv[2];
  const [beforePath, afterPath, reason] = [arg('--before'), arg('--after'), arg('--reason')];
  if (!dir || !beforePath || !afterPath || !reason) throw new Error('usage: orientation-dump-bar-loao.ts <dev set> --labels file --before a.jsonl --after b.jsonl --reason r [--bars ...]');
  const labels = arg('--labels') ? readOrientationLabels(arg('--labels')!) : new Map<string, number[]>();
  const bars = (arg('--bars') ?? '0.6,0.65,0.7,0.75,0.8,0.85,0.9,0.95').split(',').map(Number).sort((a, b) => a - b);
  const artistOf = new Map(readManifest(dir).map((c) => [c.id, c.artist]));
  const before = readDump(beforePath), after = readDump(afterPath);
  const right = (r: Line): boolean => {
    const stands = (labels.get(r.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    if (r.stored === 'as held') return stands.some((s) => sameTurn(turnOf(r.shipped), s));
    const [u, ry] = r.stored.split('/');
    const fileFromInput = multiplyTurns(invertTurn(turnOf({ upAxis: u, rotationY: Number(ry) } as OrientationCandidate)), stands[0]!);
    return stands.some((s) => sameTurn(multiplyTurns(turnOf(r.shipped), fileFromInput), s));
  };
  // Per turned file: right before, right with the rule, and the lowest bar that moves it (Infinity: none).
  const files: { artist: string; upright: boolean; was: boolean; now: boolean; from: number }[] = [];
  for (const [key, b] of before) {
    if (b.stored === 'as held') continue;
    const a = after.get(key);
    if (!a) throw new Error(`--after has no line ${key}`);
    const moved = `${a.shipped.upAxis}/${a.shipped.rotationY}` !== `${b.shipped.upAxis}/${b.shipped.rotationY}`;
    let from = Infinity;
    if (a.gated?.upAxisReason === reason) from = a.gated.upConfidence ?? 0;
    else if (moved) { from = 0; console.log(`moved under another reason (counted at every bar): ${key} ${a.gated?.upAxisReason}`); }
    if (!moved && from < Infinity && right(a) === right(b)) from = Infinity;
    files.push({ artist: artistOf.get(b.id)!, upright: b.stored === '+y/0', was: right(b), now: right(a), from });
  }
  const at = (bar: number, f: (typeof files)[number]): boolean => (f.from >= bar ? f.now : f.was);
  const settings = [Infinity, ...[...bars].reverse()]; // off first, then the higher bars (ties keep the first)
  const name = (bar: number): string => (bar === Infinity ? 'off' : String(bar));
  const artists = [...new Set(files.map((f) => f.artist))];
  console.log(`in sample:  ${settings.map((b) => `${name(b)} ${files.filter((f) => at(b, f)).length}`).join(', ')} (of ${files.length})`);
  let heldOut = 0, beforeAll = 0;
  for (const left of artists) {
    const others = files.filter((f) => f.artist !== left), own = files.filter((f) => f.artist === left);
    let best = Infinity, bestRight = -1;
    for (const bar of settings) {
      if (others.some((f) => f.upright && !at(bar, f))) continue;
      const n = others.filter((f) => at(bar, f)).length;
      if (n > bestRight) { best = bar; bestRight = n; }
    }
    const was = own.filter((f) => f.was).length, now = own.filter((f) => at(best, f)).length;
    heldOut += now; beforeAll += was;
    console.log(`${left.padEnd(20)} fold's bar ${name(best).padEnd(5)} held out ${was} -> ${now} of ${own.length}${own.some((f) => f.upright && !at(best, f)) ? ' (an upright lost)' : ''}`);
  }
  const pct = (n: number): string => `${((100 * n) / files.length).toFixed(1)}%`;
  console.log(`all held out: ${beforeAll} -> ${heldOut} of ${files.length} (${pct(beforeAll)} -> ${pct(heldOut)})`);
}

main();

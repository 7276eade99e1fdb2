/**
 * The "detail" facing rule replayed over score-orientation.ts's dump (packages/rig/docs/orientation.md, "Orientation:
 * measured", twenty-fourth round): a model's head end carries more of its triangles than its area
 * alone would (faces, eyes, mouths, antlers, mandibles against a plain back or rump), so the
 * triangle-count centroid lies in front of the area centroid along the fore-aft axis.
 *
 * Per character, the 24 candidates of the model stood up (its label) are read once: the shipped
 * facing cue's verdict, the detail offset (over the fore-aft length), the candidate's height and
 * length, and the ground-reaching legs stood along its up axis. The shipped answer of every turned
 * file (the dump) is mapped to the candidate of the stood model it stands it in, and the rule is
 * applied after it, as findOrientation would: where the shipped cue says nothing there and the scope
 * holds, a detail offset at or below −bar turns it a half turn. The scope and the bar are chosen for
 * each artist left out on the others' turned files (every upright file of theirs kept right, ties to
 * off, then to the narrower scope, then to the higher bar) and scored on the one left out.
 * `--scopes quarter` replays the quarter turn instead (read on a dump made with the half turn in):
 * where the cue and the detail say nothing and no left-right axis is kept, a quarter turn to the
 * standing candidate whose detail says forward by the bar. The measures (the cache) are made by the
 * tree's src/, so a cache made before a change of the cue is stale: delete it.
 *
 *   npx tsx packages/rig/scripts/facing-detail-loao.ts <dev set> --labels <labels.json> --dump <score-orientation dump.jsonl> \
 *     [--cache detail.json] [--scopes tall,tall|long4x3 | quarter] [--show "<scope> <bar>"]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { facingCueOf, facingCueVerdict, halfTurn, measureFacingSurface } from '../src/orientation-facing-cue';
import { facingDetailOf } from '../src/orientation-facing-detail';
import { ORIENTATION_CANDIDATES, candidateFrame, type OrientationCandidate } from '../src/orientation-features';
import { unrolledGateAxes } from '../src/mirror-roll';
import { rotateMeshUp, UP_AXES } from '../src/rotate-mesh-up';
import { invertTurn, multiplyTurns, sameTurn, turnMesh, turnOf, type Turn } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';

interface Read { verdict: number; detail: number; height: number; length: number; width: number; legs: number }
interface Character { id: string; artist: string; plan: string; reads: Read[]; lateral: boolean }

const candIndex = (t: Turn): number => ORIENTATION_CANDIDATES.findIndex((c) => sameTurn(turnOf(c), t));

async function measure(dir: string, labels: Map<string, number[]>): Promise<Character[]> {
  const out: Character[] = [];
  for (const c of readManifest(dir)) {
    const stands = (labels.get(c.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const stood = turnMesh(input, stands[0]!);
    const surface = measureFacingSurface(stood);
    const legs = new Map(UP_AXES.map((up) => [up, measureBodyPlanFeatures(analyzeShape(rotateMeshUp(stood, up), 48)).legs]));
    const reads = ORIENTATION_CANDIDATES.map((q) => {
      const { axis } = candidateFrame(q);
      const ext = (k: number): number => surface.hi[axis[k]!]! - surface.lo[axis[k]!]!;
      return { verdict: facingCueVerdict(facingCueOf(surface, q)), detail: facingDetailOf(surface, q), height: ext(1), length: ext(2), width: ext(0), legs: legs.get(q.upAxis)! };
    });
    // Whether the gates keep a left-right axis (the quarter turn is read only where none is kept): the
    // mirror planes turn with the mesh, so the stood model's answer is every turned file's.
    out.push({ id: c.id, artist: c.artist, plan: c.bodyPlan, reads, lateral: unrolledGateAxes(stood).lateralAxis !== undefined });
    console.error(`measured ${c.id}`);
  }
  return out;
}

type Scope = (r: Read) => boolean;
// A standing model (taller than long), or a walker on four or more ground-reaching legs whose body
// lies along its length (at least r times as long as high; r chosen with the bar). Listed from the
// narrowest scope to the widest: a tie goes to the narrower (as to the higher bar).
const LENGTH_RATIOS = [3, 2, 1.5, 1.25, 1];
const SCOPES: Record<string, Scope> = {
  tall: (r) => r.height > r.length,
  ...Object.fromEntries(LENGTH_RATIOS.map((k) => [`tall|long4x${k}`, (r: Read) => r.height > r.length || (r.legs >= 4 && r.length >= k * r.height)])),
  ...Object.fromEntries(LENGTH_RATIOS.map((k) => [`long4x${k}`, (r: Read) => r.legs >= 4 && r.length >= k * r.height])),
  all: () => true,
  // The quarter turn (--quarter; read on a dump the half turn was applied in): see `after`.
  quarter: () => true,
};
/** Scopes the left-out choice is made among (the others are printed on all artists only); `--scopes a,b` names them. */
const CHOICE_SCOPES = arg('--scopes')?.split(',') ?? ['tall', ...LENGTH_RATIOS.map((k) => `tall|long4x${k}`)];
// Highest first: a tie goes to the higher bar.
const BARS = [0.1, 0.08, 0.06, 0.05, 0.04, 0.03, 0.02, 0.015, 0.01, 0.005, 0];

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const labels = readOrientationLabels(arg('--labels')!);
  const cachePath = arg('--cache');
  const chars: Character[] = cachePath && existsSync(cachePath) ? JSON.parse(readFileSync(cachePath, 'utf8')) : await measure(dir, labels);
  if (cachePath && !existsSync(cachePath)) writeFileSync(cachePath, JSON.stringify(chars));
  const rows = readFileSync(arg('--dump')!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; stored: string; shipped: OrientationCandidate });
  // Per character: the candidate of the stood model each turned file's shipped answer stands it in, and whether it is upright (+y/0 stored).
  interface File { artist: string; id: string; stored: string; eff: number; held: boolean }
  const files: File[] = [];
  const byId = new Map(chars.map((c) => [c.id, c]));
  const rights = new Map<string, Turn[]>();
  for (const c of chars) {
    const stands = (labels.get(c.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    // Right candidates of the stood model: those whose turn maps stands[0] onto a stand.
    rights.set(c.id, stands.map((s) => multiplyTurns(s, invertTurn(stands[0]!))));
  }
  for (const r of rows) {
    const c = byId.get(r.id)!;
    const stands = (labels.get(c.id) ?? [0]).map((i) => turnOf(ORIENTATION_CANDIDATES[i]!));
    const toStood = r.stored === 'as held' ? invertTurn(stands[0]!) : invertTurn(turnOf(ORIENTATION_CANDIDATES.find((q) => `${q.upAxis}/${q.rotationY}` === r.stored)!));
    const eff = candIndex(multiplyTurns(turnOf(r.shipped), toStood));
    files.push({ artist: c.artist, id: c.id, stored: r.stored, eff, held: r.stored === 'as held' });
  }
  const isRight = (id: string, k: number): boolean => rights.get(id)!.some((t) => sameTurn(turnOf(ORIENTATION_CANDIDATES[k]!), t));
  const after = (f: File, scope: string | undefined, bar: number): number => {
    if (!scope) return f.eff;
    const r = byId.get(f.id)!.reads[f.eff]!;
    if (scope === 'quarter') {
      // Where every cue says nothing of the facing found (the detail under the bar too) and no
      // left-right axis is kept: a quarter turn to a standing candidate whose detail says forward by the bar.
      if (r.verdict !== 0 || byId.get(f.id)!.lateral || !(Math.abs(r.detail) < bar)) return f.eff;
      const q = ORIENTATION_CANDIDATES[f.eff]!;
      const turns = (q.rotationY === 0 || q.rotationY === 180 ? [90, -90] : [0, 180]).map((rotationY) => ORIENTATION_CANDIDATES.findIndex((x) => x.upAxis === q.upAxis && x.rotationY === rotationY));
      const best = turns.map((k) => ({ k, r: byId.get(f.id)!.reads[k]! })).filter((t) => t.r.height > t.r.length && t.r.verdict >= 0).sort((a, b) => b.r.detail - a.r.detail)[0];
      return best && best.r.detail >= bar ? best.k : f.eff;
    }
    if (r.verdict !== 0 || !SCOPES[scope]!(r) || !(r.detail <= -bar)) return f.eff;
    const q = ORIENTATION_CANDIDATES[f.eff]!;
    return ORIENTATION_CANDIDATES.findIndex((x) => x.upAxis === q.upAxis && x.rotationY === halfTurn(q.rotationY));
  };
  interface Score { right: number; n: number; uprights: number; uprightN: number; held: number; perChar: Map<string, number> }
  const score = (pick: (f: File) => boolean, scope: string | undefined, bar: number): Score => {
    const s: Score = { right: 0, n: 0, uprights: 0, uprightN: 0, held: 0, perChar: new Map() };
    for (const f of files) {
      if (!pick(f)) continue;
      const ok = isRight(f.id, after(f, scope, bar));
      if (f.held) { if (ok) s.held++; continue; }
      s.n++; if (ok) { s.right++; s.perChar.set(f.id, (s.perChar.get(f.id) ?? 0) + 1); }
      if (f.stored === '+y/0') { s.uprightN++; if (ok) s.uprights++; }
    }
    return s;
  };
  const settings: [string | undefined, number][] = [[undefined, 0], ...Object.keys(SCOPES).flatMap((s) => BARS.map((b) => [s, b] as [string, number]))];
  const name = (s: [string | undefined, number]): string => (s[0] ? `${s[0]} ${s[1]}` : 'off');
  const artists = [...new Set(chars.map((c) => c.artist))];
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log('setting on all (in sample): right / uprights / as held');
  for (const s of settings) {
    const sc = score(() => true, s[0], s[1]);
    console.log(`${name(s).padEnd(24)} ${pct(sc.right, sc.n).padStart(6)} ${sc.right}  ${sc.uprights}/${sc.uprightN}  held ${sc.held}`);
  }
  console.log('\nleft out: the setting chosen on the others (every upright of theirs kept), scored on the one left out');
  let offAll = 0, outAll = 0, nAll = 0, upAll = 0;
  for (const a of artists) {
    let best: [string | undefined, number] = [undefined, 0];
    let bestRight = -1;
    for (const s of settings) {
      const sc = score((f) => f.artist !== a, s[0], s[1]);
      if (sc.uprights < sc.uprightN) continue;
      if (s[0] !== undefined && !CHOICE_SCOPES.includes(s[0])) continue;
      // Ties: off first, then the narrower scope, then the higher bar (the order settings are listed in).
      if (sc.right > bestRight) { best = s; bestRight = sc.right; }
    }
    const off = score((f) => f.artist === a, undefined, 0), out = score((f) => f.artist === a, best[0], best[1]);
    offAll += off.right; outAll += out.right; nAll += out.n; upAll += out.uprights;
    const moved = [...new Set(files.filter((f) => f.artist === a).map((f) => f.id))].filter((id) => (off.perChar.get(id) ?? 0) !== (out.perChar.get(id) ?? 0)).map((id) => `${id} ${off.perChar.get(id) ?? 0}->${out.perChar.get(id) ?? 0}`);
    console.log(`${a.padEnd(20)} chose ${name(best).padEnd(20)} ${pct(off.right, off.n).padStart(6)} -> ${pct(out.right, out.n).padStart(6)}  uprights ${out.uprights}/${out.uprightN}  ${moved.join(', ')}`);
  }
  console.log(`${'all'.padEnd(20)} ${' '.repeat(26)} ${pct(offAll, nAll).padStart(6)} -> ${pct(outAll, nAll).padStart(6)}  uprights ${upAll}`);
  const show = arg('--show');
  if (show) {
    const [sc, b] = show.split(' ');
    const on = score(() => true, sc, Number(b)), off = score(() => true, undefined, 0);
    for (const c of chars) {
      const x = off.perChar.get(c.id) ?? 0, y = on.perChar.get(c.id) ?? 0;
      const right = c.reads[0]!;
      console.log(`${x !== y ? '*' : ' '} ${c.artist.padEnd(18)} ${c.id.padEnd(28)} ${x} -> ${y}  detail ${right.detail.toFixed(3)} verdict ${right.verdict} ${right.height > right.length ? 'tall' : 'long'} legs ${right.legs}`);
    }
  }
}

void main().catch((e: unknown) => { console.error(e); process.exit(1); });

/**
 * The dorsal-fin cue (scripts/lib/fin-anatomy.ts: a thin plate ON the mirror plane marks the back,
 * paired plates OFF it hang lower; measured, not shipped) replayed over the development set's 24
 * stored turns per character (scripts/lib/orientation-replay.ts: what findOrientation runs, with
 * the sheet rule, the knees and the quarter turn as shipped), in the two forms and four scopes of
 * orientation-legless-loao.ts (`weigh`: the up gates read the up probabilities times exp(w · cue);
 * `flip`: after every rule an up axis whose cue is below −m gives way to its opposite, optionally
 * only under a finder's up probability b; scopes noLegs, all, kept, pair). For each artist left
 * out, the setting standing the most turned files of the others right (every upright of theirs
 * kept; ties to off) is scored on the artist left out; then each setting on all.
 *
 *   npx tsx packages/rig/scripts/orientation-fins-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache replay.json --models-cache models.json --without <features> \
 *     --fin-cache fins.json [--length] [--facing-median m] [--sheet-share 0.2] [--paired-share 0.2] [--kinds weigh,flip] [--scopes noLegs,all,kept,pair]
 *     [--flip-bars] [--list <setting,...>] [--peek <id,...>] [--no-table] [--no-choice]
 *
 * A script, not a test: the set never enters the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { weighByCue } from '../src/orientation-exemplars';
import { candidateFrame, ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { halfTurn } from '../src/orientation-facing-cue';
import { LENGTH_AXIS_DEFAULTS } from '../src/length-axis';
import { sheetAxisOf } from '../src/orientation-up-sheet';
import { UP_AXES, type UpAxis } from '../src/rotate-mesh-up';
import { candidateOf, chooseSetting, gateTurn, loadReplay, upMass, upOfCandidate, withFacingCue } from './lib/orientation-replay';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { finCues as upAnatomyCues, FIN_CUES as UP_ANATOMY_CUES, FIN_CUES as NAMES, measureFinAnatomy, type FinAnatomy } from './lib/fin-anatomy';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

type Scope = 'noLegs' | 'all' | 'kept' | 'pair' | 'long' | 'longNoLegs';
type Setting = { kind: 'off' } | { kind: 'weigh'; cue: number; w: number; scope: Scope } | { kind: 'flip'; cue: number; m: number; scope: Scope; b?: number };
const show = (g: Setting): string => (g.kind === 'off' ? 'off' : g.kind === 'weigh' ? `weigh ${NAMES[g.cue]} ${g.w} ${g.scope}` : `flip ${NAMES[g.cue]} ${g.m} ${g.scope}${g.b === undefined ? '' : ` b${g.b}`}`);

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache'), anatomyFile = arg('--fin-cache');
  if (!dir || !labelsFile || !cueFile || !anatomyFile) throw new Error('usage: orientation-legless-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features> --fin-cache fins.json');
  const r = await loadReplay(dir, labelsFile, cueFile, arg);
  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;
  const planes = JSON.parse(readFileSync(arg('--lateral-cache')!, 'utf8')) as Record<string, { extent: [number, number, number]; axisScores: [number, number, number] }>;
  // The fin cues per character as held (measured when missing; the cache is per setting of the shares).
  const anatomy: Record<string, FinAnatomy & { thinShare: number }> = existsSync(anatomyFile) ? JSON.parse(readFileSync(anatomyFile, 'utf8')) as Record<string, FinAnatomy & { thinShare: number }> : {};
  const shares = { sheetShare: Number(arg('--sheet-share') ?? 0.2), pairedShare: Number(arg('--paired-share') ?? 0.2) };
  let changed = false;
  for (const s of r.set) {
    if (anatomy[s.id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, s.id, 'input.glb'))))).mesh;
    const a = measureFinAnatomy(mesh, planes[s.id]?.axisScores ?? [0, 0, 0], shares);
    anatomy[s.id] = { ...a, thinShare: a.shares[2]![0]! };
    changed = true;
    console.error(`measured ${s.id}`);
  }
  if (changed) writeFileSync(anatomyFile, JSON.stringify(anatomy));
  const sheetAxes = new Map(r.set.map((s) => [s.id, planes[s.id] ? sheetAxisOf(planes[s.id]!) : undefined]));
  const noLegs = (s: Measured): boolean => s.legs.every((l) => l.standingLegs < 2);
  const longAxis = (s: Measured): 'x' | 'y' | 'z' | undefined => {
    const e = planes[s.id]?.extent;
    if (!e) return undefined;
    const k = e.indexOf(Math.max(...e));
    return e.every((x, j) => j === k || e[k]! >= LENGTH_AXIS_DEFAULTS.minRatio * x) ? (['x', 'y', 'z'] as const)[k] : undefined;
  };
  const long = (s: Measured): boolean => longAxis(s) !== undefined;
  const withLength = process.argv.includes('--length');
  const facingMedian = arg('--facing-median') === undefined ? undefined : Number(arg('--facing-median'));
  // A file's up axis in the frame of the file as held (the cues are measured there).
  const heldUp = (t: StoredTurn, up: UpAxis): UpAxis => upOfCandidate(t.map[ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === up)]!);
  const opposite = (up: UpAxis): UpAxis => UP_AXES.find((a) => a[1] === up[1] && a !== up)!;

  const one = (s: Measured, t: StoredTurn, probs: number[], up: number[], g: Setting): { right: boolean; upRight: boolean } => {
    // The sheet rule as shipped (src/orientation-up-sheet.ts, `sheetAxis`): the held file's sheet
    // axis carried to the file's frame; every setting reads it.
    const thin = sheetAxes.get(s.id);
    const gates = thin === undefined ? {} : { sheetAxis: (['x', 'y', 'z'] as const).find((j) => heldUp(t, `+${j}`)[1] === thin)! };
    let weighed = weighByCue(probs, up, weight);
    // `--length`: rigMesh's lies-along-length step (src/orient-for-rig.ts) for a body whose plan is
    // aquatic (the set's plan, where rigMesh reads checkMesh's): an up axis found along the box's
    // clear long axis is found again with that axis ruled out.
    const lengthHeld = withLength && s.plan === 'aquatic' ? longAxis(s) : undefined;
    const regate = (f: ReturnType<typeof gateTurn>, extra: Parameters<typeof gateTurn>[3]): ReturnType<typeof gateTurn> => {
      if (lengthHeld === undefined || heldUp(t, f.upAxis)[1] !== lengthHeld) return f;
      const lengthAxis = (['x', 'y', 'z'] as const).find((j) => heldUp(t, `+${j}`)[1] === lengthHeld)!;
      return gateTurn(t, probs, weighed, { ...gates, ...extra, lengthAxis });
    };
    let found = regate(gateTurn(t, probs, weighed, gates), {});
    // 'pair': the model stood up the chosen way and the opposite way stands on no legs (what
    // standOpposite already reads); 'noLegs': no way up stands on legs; 'kept': the gates kept +Y.
    const standing = (up: UpAxis): number => t.standingWhenStood[UP_AXES.indexOf(up)]!;
    // 'long': the body's box is clearly longest along one axis (src/length-axis.ts's 1.5, the
    // aquatic plan's gate), as a swimmer's; 'longNoLegs': that and no way up stands on legs.
    const inScope = (g.kind === 'weigh' || g.kind === 'flip') && (g.scope === 'all' || (g.scope === 'kept' ? found.upAxisReason === 'kept'
      : g.scope === 'pair' ? standing(found.upAxis) < 2 && standing(opposite(found.upAxis)) < 2
        : g.scope === 'long' ? long(s) : g.scope === 'longNoLegs' ? long(s) && noLegs(s) : noLegs(s)));
    const cueOf = (heldAxis: UpAxis, k: number): number => upAnatomyCues(anatomy[s.id]!, heldAxis)[k]!;
    if (inScope && g.kind === 'weigh') {
      weighed = weighByCue(weighed, ORIENTATION_CANDIDATES.map((q) => cueOf(q.upAxis, g.cue)), g.w);
      found = regate(gateTurn(t, probs, weighed, gates), {});
    }
    if (inScope && g.kind === 'flip' && found.upAxisReason !== 'stands-as-filed' && cueOf(heldUp(t, found.upAxis), g.cue) < -g.m && (g.b === undefined || (found.upConfidence ?? 1) < g.b)) {
      found = regate(gateTurn(t, probs, weighed, { ...gates, upAxis: opposite(found.upAxis) }), {});
    }
    let c = withFacingCue(t, candidateOf(found), r.extra[s.id]!.cues);
    // `--facing-median m`: last, a long legless body facing along its length turns a half turn when
    // its median plates (tail fin, dorsal and anal fins) lie ahead of its core by more than m.
    if (facingMedian !== undefined && long(s) && noLegs(s)) {
      const { axis, sign } = candidateFrame(ORIENTATION_CANDIDATES[t.map[c]!]!);
      const front = UP_AXES.find((u) => u[0] === (sign[2] > 0 ? '+' : '-') && u[1] === 'xyz'[axis[2]])!;
      if (front[1] === longAxis(s) && upAnatomyCues(anatomy[s.id]!, front)[1]! > facingMedian) {
        const q = ORIENTATION_CANDIDATES[c]!;
        c = candidateOf({ upAxis: q.upAxis, rotationY: halfTurn(q.rotationY) });
      }
    }
    const rightUp = new Set([...t.right].map(upOfCandidate));
    return { right: t.right.has(c), upRight: rightUp.has(upOfCandidate(c)) };
  };
  type Tally = { right: number; uprights: number; upWrong: number };
  const replay = (s: Measured, probs: number[], up: number[], g: Setting): Tally => {
    const x: Tally = { right: 0, uprights: 0, upWrong: 0 };
    r.turnsOf.get(s.id)!.forEach((t, k) => { const o = one(s, t, probs, up, g); if (o.right) { x.right++; if (k === 0) x.uprights++; } if (!o.upRight) x.upWrong++; });
    return x;
  };
  const sum = (xs: Tally[]): Tally => xs.reduce((a, b) => ({ right: a.right + b.right, uprights: a.uprights + b.uprights, upWrong: a.upWrong + b.upWrong }), { right: 0, uprights: 0, upWrong: 0 });
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;

  const family: Setting[] = [{ kind: 'off' }];
  const scopes = (arg('--scopes') ?? 'noLegs,all,kept').split(',') as Scope[];
  for (const scope of scopes) for (let cue = 0; cue < UP_ANATOMY_CUES.length; cue++) {
    const kinds = (arg('--kinds') ?? 'weigh,flip').split(',');
    if (kinds.includes('weigh')) for (const w of [1, 2, 4, 8, 16, 32, 64]) family.push({ kind: 'weigh', cue, w, scope });
    if (kinds.includes('flip')) for (const m of [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3]) family.push({ kind: 'flip', cue, m, scope });
    if (process.argv.includes('--flip-bars')) for (const m of [0, 0.02, 0.05, 0.1]) for (const b of [0.5, 0.6, 0.7, 0.8, 0.9]) family.push({ kind: 'flip', cue, m, scope, b });
  }

  const heldOut = (a: string, g: Setting): Tally => sum(r.set.filter((s) => s.artist === a).map((s) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [a]), g)));
  const n = r.set.length;
  console.log('each setting on all: held out (each artist read without it) | in sample (shipped model and exemplars); right turned files per artist held out');
  for (const g of process.argv.includes('--no-table') ? [] : family) {
    const h = r.artists.map((a) => heldOut(a, g));
    const i = sum(r.set.map((s) => replay(s, r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, g)));
    const hs = sum(h);
    console.log(`  ${show(g).padEnd(28)} ${pct(hs.right, n * 24)} (${hs.right}) ${hs.uprights}/${n} up-wrong ${hs.upWrong} | ${pct(i.right, n * 24)} ${i.uprights}/${n} up-wrong ${i.upWrong} | ${r.artists.map((a) => `${a.slice(0, 6)} ${h[r.artists.indexOf(a)]!.right}`).join(' ')}`);
  }
  const listed = arg('--list');
  if (listed) {
    const gs = family.filter((g) => listed.split(',').includes(show(g).replace(/ /g, '_')));
    console.log(`\nper character that moves, right turned files held out | in sample: off -> ${gs.map(show).join(' / ')}`);
    for (const s of r.set) {
      const h = [{ kind: 'off' } as Setting, ...gs].map((g) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [s.artist]), g));
      const i = [{ kind: 'off' } as Setting, ...gs].map((g) => replay(s, r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, g));
      if (h.some((x) => x.right !== h[0]!.right || x.uprights !== h[0]!.uprights) || i.some((x) => x.right !== i[0]!.right || x.uprights !== i[0]!.uprights)) {
        console.log(`  ${s.artist.padEnd(18)} ${s.id.padEnd(28)} ${s.plan.padEnd(10)} ${h.map((x) => `${x.right}/${24 - x.upWrong}${x.uprights ? '' : '*'}`).join(' -> ')} | ${i.map((x) => `${x.right}${x.uprights ? '' : '*'}`).join(' -> ')}`);
      }
    }
  }
  const peek = arg('--peek');
  if (peek) for (const s of r.set.filter((q) => peek.split(',').includes(q.id))) {
    const held = weighByCue(r.heldProbs.get(s.id)!, r.upScoresOf(s, [s.artist]), weight);
    const ins = weighByCue(r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, weight);
    const rightUps = new Set((s.right ?? [0]).map(upOfCandidate));
    console.log(`${s.id} (lateral as held ${r.turnsOf.get(s.id)![0]!.lateral ?? '-'}; median/paired share along y ${anatomy[s.id]!.shares[2]!.map((x) => x.toFixed(3)).join('/')})`);
    for (const u of UP_AXES) {
      console.log(`   ${rightUps.has(u) ? '*' : ' '}${u}  held ${upMass(held, u).toFixed(3)} in ${upMass(ins, u).toFixed(3)}  ${upAnatomyCues(anatomy[s.id]!, u).map((x, k) => `${NAMES[k]} ${x.toFixed(3).padStart(6)}`).join('  ')}`);
    }
  }
  if (process.argv.includes('--no-choice')) return;

  const choose = (pool: Measured[], out: string[]): Setting =>
    chooseSetting(pool, family, { kind: 'off' }, (s, g) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [...out, s.artist]), g));
  console.log('\nheld out, off -> the setting chosen without the artist:');
  const b0: Tally[] = [], b1: Tally[] = [];
  for (const a of r.artists) {
    const g = choose(r.set.filter((s) => s.artist !== a), [a]);
    const x = heldOut(a, { kind: 'off' }), y = heldOut(a, g), m = r.set.filter((s) => s.artist === a).length;
    b0.push(x); b1.push(y);
    console.log(`  ${a.padEnd(20)} ${String(m).padStart(2)}  ${show(g).padEnd(28)} ${pct(x.right, m * 24)} -> ${pct(y.right, m * 24)}   uprights ${x.uprights}/${m} -> ${y.uprights}/${m}`);
  }
  const x0 = sum(b0), x1 = sum(b1);
  console.log(`  ${'all (left out)'.padEnd(24)} ${''.padEnd(28)} ${pct(x0.right, n * 24)} -> ${pct(x1.right, n * 24)}   uprights ${x0.uprights}/${n} -> ${x1.uprights}/${n}   up wrong ${x0.upWrong} -> ${x1.upWrong}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

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
import { candidateOf, gateTurn, loadReplay, upOfCandidate, withFacingCue } from './lib/orientation-replay';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { finCues as upAnatomyCues, FIN_CUES as UP_ANATOMY_CUES, FIN_CUES as NAMES, measureFinAnatomy, type FinAnatomy } from './lib/fin-anatomy';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { arg } from './lib/cli-args';
import { cueSettingName, cueSettings, reportUpSettings, type CueSetting } from './lib/up-setting-report';

type Scope = 'noLegs' | 'all' | 'kept' | 'pair' | 'long' | 'longNoLegs';
type Setting = { kind: 'off' } | CueSetting<Scope>;
const show = (g: Setting): string => (g.kind === 'off' ? 'off' : cueSettingName(g, NAMES));

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
  const family: Setting[] = [{ kind: 'off' }];
  family.push(...cueSettings<Scope>(UP_ANATOMY_CUES.length, 'noLegs,all,kept', { weights: [1, 2, 4, 8, 16, 32, 64], margins: [0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3] }, arg));

  reportUpSettings(r, {
    family,
    off: { kind: 'off' },
    show,
    one,
    arg,
    listUpRight: true,
    peek: { weight, names: NAMES, header: (s) => `median/paired share along y ${anatomy[s.id]!.shares[2]!.map((x) => x.toFixed(3)).join('/')}`, cues: (s, u) => upAnatomyCues(anatomy[s.id]!, u) },
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

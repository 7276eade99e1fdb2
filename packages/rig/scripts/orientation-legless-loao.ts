/**
 * Up-axis rules for bodies that stand on no legs, replayed over the development set's 24 stored
 * turns per character (scripts/lib/orientation-replay.ts: what findOrientation runs):
 *
 * - `--sheet`: the shipped sheet rule (src/orientation-up-sheet.ts, `sheetAxis`) on and off;
 * - the cues of scripts/lib/up-anatomy.ts (the solid's mass low, thin parts — fins, wings — and
 *   their roots high, the thick core low; measured, not shipped) as one more step, in two forms:
 *
 * - `weigh`: the up gates read the up probabilities weighed by exp(w · cue) (as the exemplar cue
 *   weighs them), every rule after the gates as shipped;
 * - `flip`: after every rule, an up axis whose cue is below −m gives way to its opposite (the cue
 *   is antisymmetric: the opposite reads +m).
 *
 *   (`--flip-bars`: also only when the finder's up probability is under b).
 *
 * Each only for a model that stands on no legs stood up any way (`noLegs`: `standingWhenStood` < 2
 * along all six), a file the gates keep on +Y (`kept`), a model standing on no legs either way along
 * the chosen axis (`pair`), or every file (`all`). For each artist left out, the
 * setting standing the most turned files of the others right (each read by the model fitted without
 * it and the exemplars of neither, every upright of theirs kept; ties to off) is scored on the artist
 * left out; then each setting on all, held out and in sample.
 *
 *   npx tsx packages/rig/scripts/orientation-legless-loao.ts <dev-set dir> --labels file.json --cache m.json \
 *     --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features> \
 *     --anatomy-cache up.json [--kinds weigh,flip] [--scopes noLegs,all,kept,pair] [--flip-bars] [--sheet]
 *     [--list <setting,...> (per character, spaces as _)] [--peek <id,...>] [--no-table] [--no-choice]
 *
 * A script, not a test: the set never enters the repository.
 */
import { readFileSync } from 'node:fs';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { weighByCue } from '../src/orientation-exemplars';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { sheetAxisOf } from '../src/orientation-up-sheet';
import { UP_AXES, type UpAxis } from '../src/rotate-mesh-up';
import { candidateOf, gateTurn, loadReplay, upOfCandidate, withFacingCue } from './lib/orientation-replay';
import { upAnatomyCues, UP_ANATOMY_CUES, UP_ANATOMY_CUES as NAMES } from './lib/up-anatomy';
import { upAnatomyOf } from './measure-up-anatomy';
import type { Measured, StoredTurn } from './orientation-gates-loao';
import { arg } from './lib/cli-args';
import { cueSettingName, cueSettings, reportUpSettings, type CueSetting } from './lib/up-setting-report';

type Scope = 'noLegs' | 'all' | 'kept' | 'pair';
type Setting = { kind: 'off' } | { kind: 'sheet' } | CueSetting<Scope>;
const show = (g: Setting): string => (g.kind === 'off' ? 'off' : g.kind === 'sheet' ? 'sheet' : cueSettingName(g, NAMES));

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cueFile = arg('--cue-cache'), anatomyFile = arg('--anatomy-cache');
  if (!dir || !labelsFile || !cueFile || !anatomyFile) throw new Error('usage: orientation-legless-loao.ts <dev-set dir> --labels f.json --cache m.json --lateral-cache planes.json --cue-cache cues.json --models-cache models.json --without <features> --anatomy-cache up.json');
  const r = await loadReplay(dir, labelsFile, cueFile, arg);
  const anatomy = await upAnatomyOf(dir, r.set.map((s) => s.id), anatomyFile);
  const weight = FIND_ORIENTATION_DEFAULTS.exemplarWeight;
  const planes = JSON.parse(readFileSync(arg('--lateral-cache')!, 'utf8')) as Record<string, { extent: [number, number, number] }>;
  const sheetAxes = new Map(r.set.map((s) => [s.id, planes[s.id] ? sheetAxisOf(planes[s.id]!) : undefined]));
  const noLegs = (s: Measured): boolean => s.legs.every((l) => l.standingLegs < 2);
  // A file's up axis in the frame of the file as held (the cues are measured there).
  const heldUp = (t: StoredTurn, up: UpAxis): UpAxis => upOfCandidate(t.map[ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === up)]!);
  const opposite = (up: UpAxis): UpAxis => UP_AXES.find((a) => a[1] === up[1] && a !== up)!;

  const one = (s: Measured, t: StoredTurn, probs: number[], up: number[], g: Setting): { right: boolean; upRight: boolean } => {
    let weighed = weighByCue(probs, up, weight);
    let found = gateTurn(t, probs, weighed, {});
    // 'pair': the model stood up the chosen way and the opposite way stands on no legs (what
    // standOpposite already reads); 'noLegs': no way up stands on legs; 'kept': the gates kept +Y.
    const standing = (up: UpAxis): number => t.standingWhenStood[UP_AXES.indexOf(up)]!;
    const inScope = (g.kind === 'weigh' || g.kind === 'flip') && (g.scope === 'all' || (g.scope === 'kept' ? found.upAxisReason === 'kept'
      : g.scope === 'pair' ? standing(found.upAxis) < 2 && standing(opposite(found.upAxis)) < 2 : noLegs(s)));
    const cueOf = (heldAxis: UpAxis, k: number): number => upAnatomyCues(anatomy[s.id]!, heldAxis)[k]!;
    if (inScope && g.kind === 'weigh') {
      weighed = weighByCue(weighed, ORIENTATION_CANDIDATES.map((q) => cueOf(q.upAxis, g.cue)), g.w);
      found = gateTurn(t, probs, weighed, {});
    }
    // 'sheet' (src/orientation-up-sheet.ts, what findOrientation runs with `sheetAxis`): the held
    // file's sheet axis carried to the file's frame.
    const thin = sheetAxes.get(s.id);
    if (g.kind === 'sheet' && thin !== undefined) {
      const sheetAxis = (['x', 'y', 'z'] as const).find((j) => heldUp(t, `+${j}`)[1] === thin)!;
      found = gateTurn(t, probs, weighed, { sheetAxis });
    }
    if (inScope && g.kind === 'flip' && found.upAxisReason !== 'stands-as-filed' && cueOf(heldUp(t, found.upAxis), g.cue) < -g.m && (g.b === undefined || (found.upConfidence ?? 1) < g.b)) {
      found = gateTurn(t, probs, weighed, { upAxis: opposite(found.upAxis) });
    }
    const c = withFacingCue(t, candidateOf(found), r.extra[s.id]!.cues);
    const rightUp = new Set([...t.right].map(upOfCandidate));
    return { right: t.right.has(c), upRight: rightUp.has(upOfCandidate(c)) };
  };
  const family: Setting[] = [{ kind: 'off' }];
  if (process.argv.includes('--sheet')) family.push({ kind: 'sheet' });
  family.push(...cueSettings<Scope>(UP_ANATOMY_CUES.length, 'noLegs,all,kept', { weights: [1, 2, 4, 8, 16, 32], margins: [0, 0.02, 0.05, 0.1, 0.15, 0.2] }, arg));

  reportUpSettings(r, {
    family,
    off: { kind: 'off' },
    show,
    one,
    arg,
    peek: { weight, names: NAMES, header: (s) => `thin ${anatomy[s.id]!.thinShare.toFixed(2)}`, cues: (s, u) => upAnatomyCues(anatomy[s.id]!, u) },
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

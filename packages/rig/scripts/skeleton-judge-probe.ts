/**
 * The skeleton fit as the judge of a stand (packages/rig/docs/orientation.md, "Orientation: measured", 30th round):
 * per character, its model stood up as labelled and stood up each other way (the six up axes, each by
 * the least rotation, `rotateMeshUp`; with `--dump` also each distinct wrong answer score-orientation's
 * dump holds for it, in the stood model's frame), the body plan's skeleton fitted in each stand (the
 * engine's own `fitSkeleton`, the character's named plan; the plan the classifier reads in that stand,
 * its score and the named plan's, and the matchScore of the classified plan's fit, `auto`: what a
 * `rigType: 'auto'` rig would fit there) and measures of how well the named plan's fit embeds:
 *
 * - `match`: the fit's own matchScore (template extremities found, spare limbs, plausibility checks);
 *   `warn`: its warnings;
 * - `feet`: the highest foot (`*_foot`, `*_toe(s)`, a `tarsus`) over the ground, over the height
 *   (legs that reach the ground read ~0);
 * - `drop`: the leg chains' mean (hip − foot height) over their straight length (legs hanging down: 1);
 * - `spine`: (head − hips height) over their distance (a biped's spine upright: 1; a fish's level: 0);
 * - `bend`: the spine path hips → head over its chord (straight: 1);
 * - `sym`: the left/right limb chains' mean length difference over the longer (mirror limbs: 0).
 *
 * Read to see whether one bar on a measure tells the stands the finder confuses from the right ones
 * across artists.
 *   npx tsx packages/rig/scripts/skeleton-judge-probe.ts <dev-set dir> --labels labels.json [--dump out.jsonl] [--only id,id] [--json rows.json]
 */
import { writeFileSync } from 'node:fs';
import type { Skeleton } from '@rigforge/mesh';
import type { BodyPlan } from '../src/body-plan';
import { classifyBodyPlan } from '../src/fit/classify-body-plan';
import { analyzeShape } from '../src/fit/shape-analysis';
import { FIT_SKELETON_DEFAULTS, fitSkeleton } from '../src/fit-skeleton';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { UP_AXES, type UpAxis } from '../src/up-axis';
import { sameTurn, turnMesh, type Turn } from '../testing/orientation-turns';
import { arg } from './lib/cli-args';
import { readOrientationLabels } from './lib/orientation-labels';
import { answerInStoodFrame, dirOf, readTurnedRows, rightTurns } from './lib/stood-frame-replay';
import { stoodCharacters } from './lib/stood-characters';

export interface JudgeRow {
  artist: string; id: string; plan: BodyPlan; stand: string; upRight: boolean; misses: number;
  classified: BodyPlan; planScore: number; classifiedScore: number; autoMatch: number; match: number; warn: number;
  feet: number; drop: number; spine: number; bend: number; sym: number;
}

const at = (s: Skeleton, name: string): [number, number, number] | undefined => s.joints.find((j) => j.name === name)?.position;
const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** The chain of joints from `root` down its first children to a leaf, as positions. */
function chainFrom(s: Skeleton, root: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let j = root; j >= 0;) {
    out.push(s.joints[j]!.position);
    j = s.joints.findIndex((c) => c.parent === j);
  }
  return out;
}
const pathLength = (c: readonly (readonly number[])[]): number => c.slice(1).reduce((t, p, i) => t + dist(p, c[i]!), 0);

/** The fit-quality measures of a skeleton fitted in a stand whose ground is `minY` and height `height`. */
function measures(s: Skeleton, minY: number, height: number): Pick<JudgeRow, 'feet' | 'drop' | 'spine' | 'bend' | 'sym'> {
  const feetJ = s.joints.filter((j) => /(_foot|_toes?)$/.test(j.name) || /tarsus/.test(j.name));
  const feet = feetJ.length ? Math.max(...feetJ.map((j) => (j.position[1] - minY) / height)) : NaN;
  const legRoots = s.joints.flatMap((j, i) => (/upper_leg$|coxa|femur/.test(j.name) && !/femur/.test(s.joints[j.parent]?.name ?? '') && !/coxa/.test(s.joints[j.parent]?.name ?? '') ? [i] : []));
  const drops = legRoots.map((i) => {
    const c = chainFrom(s, i);
    const d = dist(c[0]!, c[c.length - 1]!);
    return d > 0 ? (c[0]![1] - c[c.length - 1]![1]) / d : NaN;
  }).filter((v) => Number.isFinite(v));
  const drop = drops.length ? drops.reduce((a, b) => a + b, 0) / drops.length : NaN;
  const hips = at(s, 'hips') ?? at(s, 'thorax') ?? at(s, 'cephalothorax') ?? s.joints[0]?.position;
  const head = at(s, 'head');
  let spine = NaN, bend = NaN;
  if (hips && head) {
    const d = dist(hips, head);
    spine = d > 0 ? (head[1] - hips[1]) / d : NaN;
    const path: number[][] = [];
    for (let j = s.joints.findIndex((x) => x.name === 'head'); j >= 0; j = s.joints[j]!.parent) {
      path.push(s.joints[j]!.position);
      if (s.joints[j]!.position === hips) break;
    }
    bend = d > 0 ? pathLength(path) / d : NaN;
  }
  // Left/right limb chains: every joint named left_* whose parent is not left_* starts one.
  const diffs: number[] = [];
  s.joints.forEach((j, i) => {
    if (!/(^|_)left(_|$)/.test(j.name) || /(^|_)left(_|$)/.test(s.joints[j.parent]?.name ?? '')) return;
    const r = s.joints.findIndex((k) => k.name === j.name.replace(/left/, 'right'));
    if (r < 0) return;
    const a = pathLength(chainFrom(s, i)), b = pathLength(chainFrom(s, r));
    if (Math.max(a, b) > 0) diffs.push(Math.abs(a - b) / Math.max(a, b));
  });
  const sym = diffs.length ? diffs.reduce((a, b) => a + b, 0) / diffs.length : NaN;
  return { feet, drop, spine, bend, sym };
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const labels = arg('--labels') ? readOrientationLabels(arg('--labels')!) : new Map<string, number[]>();
  const dump = arg('--dump') ? readTurnedRows(arg('--dump')!) : undefined;
  const rows: JudgeRow[] = [];
  for await (const { character: c, stood } of stoodCharacters(dir, arg)) {
    const rights = rightTurns(labels, c.id);
    const rightUps = new Set(rights.map((t) => dirOf(t[1]!)));
    // The stands: each up axis by the least rotation, then the dump's distinct wrong answers.
    const stands: { stand: string; mesh: typeof stood; turn?: Turn; misses: number }[] = UP_AXES.map((up: UpAxis) => ({ stand: `up ${up}`, mesh: up === '+y' ? stood : rotateMeshUp(stood, up), misses: 0 }));
    for (const r of dump?.get(c.id) ?? []) {
      const t = answerInStoodFrame(r);
      if (rights.some((w) => sameTurn(w, t))) continue;
      const seen = stands.find((s) => s.turn && sameTurn(s.turn, t));
      if (seen) { seen.misses++; continue; }
      stands.push({ stand: `answer ${dirOf(t[1]!)} fwd ${dirOf(t[2]!)} (${r.gated.upAxisReason})`, mesh: turnMesh(stood, t), turn: t, misses: 1 });
    }
    for (const st of stands) {
      const up = st.turn ? dirOf(st.turn[1]!) : (st.stand.slice(3) as UpAxis);
      const shape = analyzeShape(st.mesh, FIT_SKELETON_DEFAULTS.resolution);
      const cls = classifyBodyPlan(shape);
      const analysed = { mesh: st.mesh, resolution: FIT_SKELETON_DEFAULTS.resolution, shape };
      const fit = fitSkeleton(st.mesh, c.bodyPlan, {}, undefined, analysed);
      // What an auto rig would fit in this stand: the plan the classifier reads, and how well it fits.
      const auto = cls.recommended === c.bodyPlan ? fit : fitSkeleton(st.mesh, cls.recommended, {}, undefined, analysed);
      const row: JudgeRow = {
        artist: c.artist, id: c.id, plan: c.bodyPlan, stand: st.stand, upRight: rightUps.has(up), misses: st.misses,
        classified: cls.recommended, planScore: cls.scores[c.bodyPlan], classifiedScore: cls.scores[cls.recommended], autoMatch: auto.report.matchScore, match: fit.report.matchScore, warn: fit.report.warnings.length,
        ...measures(fit.skeleton, shape.min[1], shape.size[1]),
      };
      rows.push(row);
      const f = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : '  - ').padStart(5);
      console.log(`${row.upRight ? 'R' : ' '} ${c.artist.padEnd(18)} ${c.id.padEnd(26)} ${st.stand.padEnd(40)} ${String(st.misses).padStart(2)} cls ${cls.recommended.padEnd(10)} ${f(row.classifiedScore)} auto ${f(row.autoMatch)} p ${f(row.planScore)} match ${f(row.match)} warn ${row.warn} feet ${f(row.feet)} drop ${f(row.drop)} spine ${f(row.spine)} bend ${f(row.bend)} sym ${f(row.sym)}`);
    }
  }
  if (arg('--json')) writeFileSync(arg('--json')!, JSON.stringify(rows));
  if (dump) summarize(rows, dump);
}

/** Which way each measure is better (+1 higher, −1 lower). */
const BETTER: Partial<Record<keyof JudgeRow, 1 | -1>> = { match: 1, autoMatch: 1, planScore: 1, classifiedScore: 1, warn: -1, feet: -1, drop: 1, spine: 1, bend: -1, sym: -1 };

/**
 * Per measure: over the dump's files whose up axis is wrong, whether the character's right stand reads
 * better, the same or worse than the wrong one (a judge between the two), and the range of the right
 * stands of all characters against the wrong stands' (one bar for every character). Then the judge
 * the probe suggests, replayed on the files the gates keep on +Y for lack of a likelier axis (`kept`):
 * the named plan's fit taken in the up axis (of the six) where it matches best, when by 0.1 more
 * than in the answer's (ties keep the answer).
 */
function summarize(rows: readonly JudgeRow[], dump: ReturnType<typeof readTurnedRows>): void {
  const f = (v: number): string => v.toFixed(2);
  console.log('\nmeasure          over the up-wrong files: right stand better / same / worse (n/a)   right stands (all)   wrong stands (dump)');
  for (const [key, sign] of Object.entries(BETTER) as [keyof JudgeRow, 1 | -1][]) {
    let better = 0, same = 0, worse = 0, na = 0;
    const rights: number[] = [], wrongs: number[] = [];
    for (const r of rows) if (r.stand === 'up +y' && Number.isFinite(r[key])) rights.push(Number(r[key]));
    for (const w of rows) {
      if (!w.stand.startsWith('answer') || w.upRight) continue;
      const right = rows.find((r) => r.id === w.id && r.stand === 'up +y')!;
      const a = Number(right[key]), b = Number(w[key]);
      if (!Number.isFinite(a) || !Number.isFinite(b)) { na += w.misses; continue; }
      wrongs.push(b);
      const d = sign * (a - b);
      if (d > 1e-9) better += w.misses; else if (d < -1e-9) worse += w.misses; else same += w.misses;
    }
    const range = (v: number[]): string => (v.length ? `${f(Math.min(...v))}..${f(Math.max(...v))}` : '-');
    console.log(`${key.padEnd(16)} ${String(better).padStart(4)} / ${String(same).padStart(3)} / ${String(worse).padStart(3)} (${na})`.padEnd(84) + `${range(rights).padEnd(20)} ${range(wrongs)}`);
  }
  console.log('\nthe kept files judged by the named plan\'s fit (best of the six up axes by 0.1): up axis right before -> after');
  for (const [id, turned] of dump) {
    const six = new Map(rows.filter((r) => r.id === id && r.stand.startsWith('up ')).map((r) => [r.stand.slice(3), r]));
    const kept = turned.filter((t) => t.gated.upAxisReason === 'kept');
    if (kept.length === 0 || six.size === 0) continue;
    let before = 0, after = 0;
    for (const t of kept) {
      const up = dirOf(answerInStoodFrame(t)[1]!);
      let judged = up;
      for (const [axis, r] of six) if (r.match > six.get(judged)!.match + 1e-9) judged = axis as UpAxis;
      if (six.get(judged)!.match < six.get(up)!.match + 0.1) judged = up;
      if (six.get(up)!.upRight) before++;
      if (six.get(judged)!.upRight) after++;
    }
    if (before !== after) console.log(`${id.padEnd(28)} kept ${kept.length}: ${before} -> ${after}`);
  }
}

void main();

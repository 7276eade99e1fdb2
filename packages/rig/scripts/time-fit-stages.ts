/**
 * CPU time of the rig's stages before the skinning, per dev-set character: what `rigMesh` runs
 * (read, the orientation, the fit) and, timed on their own, the orientation's parts (the mirror
 * search, the 24 candidates' features, the exemplar cue, the 48-cell legs analysis, the facing cue)
 * and the fit's (the 80-cell body analysis, the fingers as the fit less it); `untimed`, the orientation
 * less its five parts (its other legs analyses, opened solid, ...). Each stage is run
 * `--reps` times (default 3) and its least CPU kept, so a loaded machine's noise matters less than
 * in `time-dev-set.ts`; the skinning, the write and the thumbnail are not timed here.
 *
 *   npx tsx packages/rig/scripts/time-fit-stages.ts <dev-set dir> [--reps 3] [--only id,id]
 *       [--base <copy of src>] [--json out.json]
 *
 * `--base <dir>`: a copy of `src/` made before a change (`cp -r packages/rig/src
 * packages/rig/.base-src`, git-ignored): every stage is timed with the copy and with this tree,
 * alternating, and the two orientations and skeletons are compared (the check a speed change must
 * pass). Prints one row per character and stage, then per stage the median and sum over the set.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { boundMeshWorkload, readMesh, type Mesh } from '@rigforge/mesh';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { FIT_SKELETON_DEFAULTS } from '../src/fit-skeleton';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

/** The engine's entry points a stage calls, from this tree or from a copy of its `src/`. */
interface Engine {
  orientForRig: typeof import('../src/orient-for-rig').orientForRig;
  fitSkeleton: typeof import('../src/fit-skeleton').fitSkeleton;
  findMirrorPlanes: typeof import('../src/mirror-plane').findMirrorPlanes;
  measureOrientationCandidates: typeof import('../src/find-orientation').measureOrientationCandidates;
  shippedExemplarUpScores: typeof import('../src/orientation-exemplar-cue').shippedExemplarUpScores;
  analyzeShape: typeof import('../src/fit/shape-analysis').analyzeShape;
  measureBodyPlanFeatures: typeof import('../src/fit/classify-body-plan').measureBodyPlanFeatures;
  facingCueHalfTurn: typeof import('../src/orientation-facing-cue').facingCueHalfTurn;
}

async function loadEngine(src: string): Promise<Engine> {
  const [o, f, m, fo, ex, sa, cb, fc] = await Promise.all([
    import(join(src, 'orient-for-rig.ts')), import(join(src, 'fit-skeleton.ts')), import(join(src, 'mirror-plane.ts')),
    import(join(src, 'find-orientation.ts')), import(join(src, 'orientation-exemplar-cue.ts')), import(join(src, 'fit/shape-analysis.ts')),
    import(join(src, 'fit/classify-body-plan.ts')), import(join(src, 'orientation-facing-cue.ts')),
  ]);
  // The copy is this source at another revision: its signatures are this tree's.
  return {
    orientForRig: o.orientForRig, fitSkeleton: f.fitSkeleton, findMirrorPlanes: m.findMirrorPlanes,
    measureOrientationCandidates: fo.measureOrientationCandidates, shippedExemplarUpScores: ex.shippedExemplarUpScores,
    analyzeShape: sa.analyzeShape, measureBodyPlanFeatures: cb.measureBodyPlanFeatures, facingCueHalfTurn: fc.facingCueHalfTurn,
  } as Engine;
}

const STAGES = ['orient', 'mirror', 'features', 'exemplar', 'legs48', 'facingCue', 'untimed', 'fit', 'body80', 'rest'] as const;
type Stage = (typeof STAGES)[number];

/** One rig's stages with one engine: CPU ms of each, and what they answered (for the A/B check). */
function runStages(e: Engine, bounded: Mesh, plan: Parameters<Engine['fitSkeleton']>[1]): { ms: Record<Stage, number>; answer: string } {
  const preset = RIG_ENGINE_PRESETS.fast;
  const ms = {} as Record<Stage, number>;
  const time = <T>(stage: Stage, f: () => T): T => {
    const c0 = process.cpuUsage();
    const out = f();
    const c = process.cpuUsage(c0);
    ms[stage] = (c.user + c.system) / 1000;
    return out;
  };
  const oriented = time('orient', () => e.orientForRig(bounded, { rigType: plan, upAxis: 'auto', rotationY: 'auto', autoRigTypeMinConfidence: 0.6, resolution: FIT_SKELETON_DEFAULTS.resolution }));
  time('mirror', () => e.findMirrorPlanes(bounded));
  time('features', () => e.measureOrientationCandidates(oriented.filed));
  time('exemplar', () => e.shippedExemplarUpScores(oriented.filed));
  time('legs48', () => e.measureBodyPlanFeatures(e.analyzeShape(oriented.filed, FIND_ORIENTATION_DEFAULTS.legsResolution)));
  const { upAxis, rotationY } = oriented.orientation;
  const found = ORIENTATION_CANDIDATES.find((c) => c.upAxis === upAxis && c.rotationY === rotationY) ?? ORIENTATION_CANDIDATES[0]!;
  time('facingCue', () => e.facingCueHalfTurn(oriented.filed, found));
  ms.untimed = 0; // worked out from the stages' least CPU over the reps (main: withUntimed)
  const fitted = time('fit', () => e.fitSkeleton(oriented.mesh, plan, preset.fit));
  time('body80', () => e.analyzeShape(oriented.mesh, FIT_SKELETON_DEFAULTS.resolution));
  ms.rest = ms.fit - ms.body80;
  const answer = JSON.stringify({ o: oriented.orientation, j: fitted.skeleton.joints.map((j) => [j.name, j.parent, ...j.position]), r: fitted.report });
  return { ms, answer };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: time-fit-stages.ts <dev-set dir> [--reps 3] [--only id,id] [--base <copy of src>] [--json out.json]');
    process.exit(2);
  }
  const reps = Math.max(1, Number(arg('--reps') ?? 3));
  const only = arg('--only')?.split(',');
  const tree = await loadEngine(resolve(__dirname, '../src'));
  const baseDir = arg('--base');
  const base = baseDir ? await loadEngine(resolve(baseDir)) : undefined;
  const rows: Array<{ id: string; now: Record<Stage, number>; base?: Record<Stage, number>; identical?: boolean }> = [];
  console.log(`| character | ${STAGES.join(' | ')} |${base ? ' answers |' : ''}\n|---|${STAGES.map(() => '---:').join('|')}|${base ? '---|' : ''}`);
  for (const c of readManifest(dir).filter((ch) => !only || only.includes(ch.id))) {
    const read = await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))), {});
    const bounded = boundMeshWorkload(read.mesh).mesh;
    // What the orientation spends outside its five timed parts: the legs gate's other up axes (each
    // another 48-cell analysis of a turned copy), the opened solid of the fins and head-end rules,
    // the facing cue's other facings and detail, the box's length axis (packages/rig/docs/speed.md,
    // Round 53). From the least of each (the least of a difference per rep would read low).
    const withUntimed = (r: Record<Stage, number>): Record<Stage, number> => ({ ...r, untimed: r.orient - r.mirror - r.features - r.exemplar - r.legs48 - r.facingCue });
    const least = (prev: Record<Stage, number> | undefined, next: Record<Stage, number>): Record<Stage, number> =>
      withUntimed(prev ? Object.fromEntries(STAGES.map((s) => [s, Math.min(prev[s], next[s])])) as Record<Stage, number> : next);
    let now: Record<Stage, number> | undefined, was: Record<Stage, number> | undefined;
    let same = true;
    for (let k = 0; k < reps; k++) {
      // Alternate which version goes first, so neither always runs on the other's warm caches.
      const b1 = base && k % 2 === 0 ? runStages(base, bounded, c.bodyPlan) : undefined;
      const t = runStages(tree, bounded, c.bodyPlan);
      const b2 = base && k % 2 === 1 ? runStages(base, bounded, c.bodyPlan) : undefined;
      now = least(now, t.ms);
      const b = b1 ?? b2;
      if (b) { was = least(was, b.ms); same &&= b.answer === t.answer; }
    }
    const cell = (s: Stage): string => (was ? `${was[s].toFixed(0)} → ${now![s].toFixed(0)}` : now![s].toFixed(1));
    console.log(`| ${c.id} | ${STAGES.map(cell).join(' | ')} |${was ? ` ${same ? 'identical' : 'DIFFER'} |` : ''}`);
    rows.push({ id: c.id, now: now!, ...(was ? { base: was, identical: same } : {}) });
  }
  const stat = (pick: (r: (typeof rows)[number]) => number): string => {
    const v = rows.map(pick).sort((a, b) => a - b);
    return `${v[Math.floor((v.length - 1) / 2)]!.toFixed(1)} / ${v.reduce((a, b) => a + b, 0).toFixed(0)}`;
  };
  console.log(`\nper stage, CPU ms median / sum over ${rows.length} characters${base ? ' (base → now)' : ''}:`);
  for (const s of STAGES) console.log(`${s.padEnd(10)} ${base ? `${stat((r) => r.base![s])} → ` : ''}${stat((r) => r.now[s])}`);
  if (base) console.log(`answers identical: ${rows.filter((r) => r.identical).length} of ${rows.length}`);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
}

void main();

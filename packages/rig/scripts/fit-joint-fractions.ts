/**
 * Fits the joint fractions (src/fit/joint-fractions.json): where, along the paths the fitters
 * trace (a limb's medial path from its root to its extremity, the spine from the hips to the
 * neck, a fish's centre line from the snout), the artists of the development set put their
 * joints. Every body plan's fitter reads its fractions from that table; this script learns them.
 *
 *   npx tsx packages/rig/scripts/fit-joint-fractions.ts <dev-set dir> [--plans biped,quadruped]
 *       [--cache /tmp/fractions-cache.json] [--shrink 0.05] [--min-joint-ratio 0.6] [--write]
 *
 * How: each character is fitted once (fast engine, the orientation the engine finds) with a trace
 * of every placement by fraction (the path, the fixed lead fractions, the bend tolerance, and what
 * the placement gave). A candidate table is scored by replaying the placements with its fractions
 * (each joint keeps the correction the fit made after placing it: mirroring, snapping inside) and
 * measuring CD-J2J against the artist's deforming joints. Coordinate descent, one fraction at a
 * time over a grid around the current value, keeping each site's fractions in order, and a change
 * only when it lowers the objective by more than MIN_GAIN. The objective is the mean over a plan's
 * characters, each weighted 1/sqrt(its artist's characters in the plan), so one prolific artist's
 * conventions do not outvote everyone else's, plus a shrinkage towards the prior fractions; rigs
 * with far fewer joints than ours are scored but not fitted on (see MIN_JOINT_RATIO).
 *
 * Validation is leave one artist out: for each artist, the table fitted on the other artists,
 * scored on the left-out one: the figure to quote. `--write` writes the table fitted on all
 * artists. Replays approximate the engine (a moved joint's later corrections are carried over,
 * not recomputed): check the written table with scripts/score-dev-set.ts.
 *
 * A script, not a test: the set never enters the repository (the cache holds per-character data:
 * keep it outside the repository).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundMeshWorkload, readMesh } from '@rigforge/mesh';
import type { BodyPlan } from '../src/body-plan';
import { findOrientation } from '../src/find-orientation';
import { FRACTION_SITES, placeFractions, type FractionSite, type JointFractions, type SitePlacement } from '../src/fit/joint-fractions';
import type { Vec3 } from '../src/fit/vec3';
import { fitSkeleton } from '../src/fit-skeleton';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { meshDiagonal } from '../testing/measure-joint-error';
import { applyTurn, turnOf } from '../testing/orientation-turns';
import { artistSkeleton, readGtJoints, readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

/** Smallest fall of the objective (CD-J2J / diagonal) worth moving a fraction for. */
const MIN_GAIN = 2e-5;
/** Fractions tried around the current one, and how far apart adjacent joints of a site stay. */
const STEPS = [-0.12, -0.08, -0.05, -0.03, -0.02, -0.01, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12];
const MIN_GAP = 0.04;
const ROUNDS = 3;
/**
 * Shrinkage towards the anatomical fractions the fitters were written with (PRIOR below): a
 * fraction moves only as far as the set's evidence pays for (CD per squared fraction).
 */
const SHRINK = Number(arg('--shrink') ?? 0.05);
/**
 * Plans whose fractions are fitted by default: those where the table fitted leave one artist out
 * beat the prior. The biped (its elbow frozen), aquatic (two artists, one of them a single fish)
 * and avian (four characters) tables did not; their fitters keep the prior.
 */
const DEFAULT_PLANS = 'quadruped';
/**
 * Only rigs with about as many joints as ours say where a joint between two others lies: a rig of
 * six rigid parts has no elbow, and against it the nearest-joint score pulls every elbow toward
 * the shoulder. Such characters are scored, never fitted on.
 */
const MIN_JOINT_RATIO = Number(arg('--min-joint-ratio') ?? 0.6);
/**
 * Sites kept at the prior: the finger fit (fit-fingers.ts) measures the hand from the elbow and
 * the wrist, which a replay cannot follow; moved elbows lost the fingers of realistic hands.
 */
const FROZEN = new Set<FractionSite>(['biped.elbow']);
/** The fractions before any fit: anatomy and the fitters' authors' reading of artist rigs. */
const JOINT_FRACTIONS_PRIOR: Record<FractionSite, readonly number[]> = {
  'biped.spine': [0.25, 0.5, 0.75], 'biped.elbow': [0.43], 'biped.knee': [0.5], 'biped.toes': [0.6],
  'quadruped.spine': [0.3333, 0.6667], 'quadruped.head': [0.45], 'quadruped.tail': [0.33, 0.66, 0.92], 'quadruped.leg': [0.42, 0.82, 0.95],
  'aquatic.axis': [0.12, 0.26, 0.4, 0.53, 0.65, 0.76, 0.85, 0.93], 'aquatic.fin': [0.25], 'aquatic.flipper': [0.15, 0.6],
  'avian.spine': [0.4, 0.75], 'avian.head': [0.5], 'avian.tail': [0.8], 'avian.wing': [0.35, 0.68, 0.95], 'avian.leg': [0.45, 0.8, 0.95],
};

interface Sample {
  id: string;
  artist: string;
  plan: BodyPlan;
  diag: number;
  truth: Vec3[];
  joints: Record<string, Vec3>;
  placements: SitePlacement[];
}

async function measure(dir: string, plans: Set<string>): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const c of readManifest(dir)) {
    if (!plans.has(c.bodyPlan)) continue;
    const read = await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))));
    const bounded = boundMeshWorkload(read.mesh).mesh;
    // The frame the engine stands the model in (rig-mesh.ts: orientation, then the fit).
    const o = findOrientation(bounded);
    const stood = ORIENTATION_CANDIDATES.find((q) => q.upAxis === o.upAxis && q.rotationY === o.rotationY);
    if (!stood) throw new Error(`${c.id}: no quarter turn for ${o.upAxis}/${o.rotationY}`);
    const mesh = rotateMeshY(rotateMeshUp(bounded, o.upAxis), o.rotationY);
    // Measured from the prior fractions, whatever the engine ships now.
    const tuning = { fractions: JOINT_FRACTIONS_PRIOR, placements: [] as SitePlacement[] };
    const fitted = fitSkeleton(mesh, c.bodyPlan, RIG_ENGINE_PRESETS.fast.fit, tuning);
    const turn = turnOf(stood);
    const truth = artistSkeleton(readGtJoints(dir, c.id), 'placedPosition').joints.map((j) => applyTurn(turn, j.position));
    const joints = Object.fromEntries(fitted.skeleton.joints.map((j) => [j.name, [...j.position] as Vec3]));
    samples.push({ id: c.id, artist: c.artist, plan: c.bodyPlan, diag: meshDiagonal(read.mesh) || 1, truth, joints, placements: tuning.placements });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return samples;
}

const d3 = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** CD-J2J of a sample with its placements replayed at `fractions`. */
function replay(s: Sample, fractions: JointFractions): number {
  const ours = Object.values(moved(s, fractions));
  const nearest = (from: Vec3[], to: Vec3[]): number => from.reduce((sum, a) => sum + Math.min(...to.map((b) => d3(a, b))), 0) / from.length;
  return (nearest(s.truth, ours) + nearest(ours, s.truth)) / 2 / s.diag;
}

/** The sample's joints with its placements replayed at `fractions`. */
function moved(s: Sample, fractions: JointFractions): Record<string, Vec3> {
  const joints = { ...s.joints };
  for (const p of s.placements) {
    const own = fractions[p.site] ?? JOINT_FRACTIONS_PRIOR[p.site];
    const again = placeFractions(p.points, [...p.lead, ...own, ...p.trail], p.bendTolerance);
    p.names.forEach((name, i) => {
      const final = s.joints[name];
      if (!final) return;
      const a = again[i]!, was = p.placed[i]!;
      joints[name] = [a[0] + final[0] - was[0], a[1] + final[1] - was[1], a[2] + final[2] - was[2]];
    });
  }
  return joints;
}

/** Objective: mean CD, each character weighted 1/sqrt(its artist's count in the sample list), plus the shrinkage. */
function objective(samples: Sample[], fractions: JointFractions): number {
  let penalty = 0;
  for (const site of FRACTION_SITES) {
    const f = fractions[site];
    if (f) f.forEach((v, k) => { penalty += SHRINK * (v - JOINT_FRACTIONS_PRIOR[site][k]!) ** 2; });
  }
  return penalty + fitError(samples, fractions);
}

function fitError(samples: Sample[], fractions: JointFractions): number {
  const count = new Map<string, number>();
  for (const s of samples) count.set(s.artist, (count.get(s.artist) ?? 0) + 1);
  let sum = 0, w = 0;
  for (const s of samples) {
    const ws = 1 / Math.sqrt(count.get(s.artist)!);
    sum += ws * replay(s, fractions);
    w += ws;
  }
  return w ? sum / w : 0;
}

/** Coordinate descent over the fractions of the sites the samples use. */
function fit(all: Sample[]): JointFractions {
  const samples = all.filter((s) => s.truth.length >= MIN_JOINT_RATIO * Object.keys(s.joints).length);
  const sites = FRACTION_SITES.filter((site) => !FROZEN.has(site) && samples.some((s) => s.placements.some((p) => p.site === site)));
  const table: Record<string, number[]> = Object.fromEntries(sites.map((site) => [site, [...JOINT_FRACTIONS_PRIOR[site]]]));
  let best = objective(samples, table);
  for (let round = 0; round < ROUNDS; round++) {
    let moved = false;
    for (const site of sites) {
      const fr = table[site]!;
      for (let k = 0; k < fr.length; k++) {
        const lo = k > 0 ? fr[k - 1]! + MIN_GAP : 0.02, hi = k < fr.length - 1 ? fr[k + 1]! - MIN_GAP : 0.98;
        const start = fr[k]!;
        let pick = start, pickScore = best;
        for (const step of STEPS) {
          const v = Math.round((start + step) * 100) / 100;
          if (v < lo || v > hi) continue;
          fr[k] = v;
          const score = objective(samples, table);
          if (score < pickScore - MIN_GAIN) { pick = v; pickScore = score; }
        }
        fr[k] = pick;
        if (pick !== start) { best = pickScore; moved = true; }
      }
    }
    if (!moved) break;
  }
  return table as JointFractions;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: fit-joint-fractions.ts <dev-set dir> [--plans biped,...] [--cache file] [--write]');
  const plans = new Set((arg('--plans') ?? DEFAULT_PLANS).split(','));
  const cache = arg('--cache');
  const samples: Sample[] = cache && existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8')) as Sample[] : await measure(dir, new Set(['biped', 'quadruped', 'aquatic', 'avian']));
  if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(samples));
  const artists = [...new Set(samples.map((s) => s.artist))];
  const full: JointFractions = {};
  const rows: { artist: string; n: number; before: number; loao: number; all: number }[] = [];
  const perChar = new Map<string, { before: number; loao: number }>();
  for (const plan of plans) {
    const ofPlan = samples.filter((s) => s.plan === plan);
    if (ofPlan.length === 0) continue;
    Object.assign(full, fit(ofPlan));
    for (const a of new Set(ofPlan.map((s) => s.artist))) {
      const left = ofPlan.filter((s) => s.artist === a);
      const rest = ofPlan.filter((s) => s.artist !== a);
      const table = rest.length ? fit(rest) : JOINT_FRACTIONS_PRIOR;
      for (const s of left) perChar.set(s.id, { before: replay(s, JOINT_FRACTIONS_PRIOR), loao: replay(s, table) });
    }
  }
  // Plans not fitted keep the prior: their characters score as before.
  for (const s of samples) if (!perChar.has(s.id)) perChar.set(s.id, { before: replay(s, JOINT_FRACTIONS_PRIOR), loao: replay(s, JOINT_FRACTIONS_PRIOR) });
  for (const a of artists) {
    const mine = samples.filter((s) => s.artist === a);
    rows.push({
      artist: a, n: mine.length,
      before: mean(mine.map((s) => perChar.get(s.id)!.before)),
      loao: mean(mine.map((s) => perChar.get(s.id)!.loao)),
      all: mean(mine.map((s) => replay(s, full))),
    });
  }
  console.log('| artist | characters | before | leave-one-artist-out | fitted on all |\n|---|---:|---:|---:|---:|');
  for (const r of rows.sort((x, y) => y.n - x.n)) console.log(`| ${r.artist} | ${r.n} | ${r.before.toFixed(4)} | ${r.loao.toFixed(4)} | ${r.all.toFixed(4)} |`);
  const all = samples.map((s) => perChar.get(s.id)!);
  console.log(`| **all** | ${samples.length} | ${mean(all.map((x) => x.before)).toFixed(4)} | ${mean(all.map((x) => x.loao)).toFixed(4)} | ${mean(samples.map((s) => replay(s, full))).toFixed(4)} |`);
  for (const p of plans) {
    const ofPlan = samples.filter((s) => s.plan === p);
    if (ofPlan.length) console.log(`plan ${p} (${ofPlan.length}): before ${mean(ofPlan.map((s) => perChar.get(s.id)!.before)).toFixed(4)}, LOAO ${mean(ofPlan.map((s) => perChar.get(s.id)!.loao)).toFixed(4)}`);
  }
  const table = { ...JOINT_FRACTIONS_PRIOR, ...full };
  console.log(JSON.stringify(table));
  if (process.argv.includes('--write')) {
    const lines = FRACTION_SITES.map((site) => ` "${site}": [${table[site].map((v) => +v.toFixed(4)).join(', ')}]`);
    writeFileSync(join(__dirname, '../src/fit/joint-fractions.json'), `{\n${lines.join(',\n')}\n}\n`);
    console.log('wrote src/fit/joint-fractions.json');
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

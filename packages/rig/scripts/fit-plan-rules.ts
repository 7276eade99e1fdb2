/**
 * Chooses the thresholds of the body-plan rules that read the solid itself (src/fit/plan-rules.json:
 * feet at the ground, an upright body, wings as sheets) and validates them leave one artist out.
 *
 *   npx tsx packages/rig/scripts/fit-plan-rules.ts <dev-set dir> [--write] [--no-prior] [--cache file.json]
 *
 * Samples: the artist-rigged development set (the manifest names each character's plan) and the
 * procedural creatures of every plan (testing/build-creature; each also turned a quarter and a
 * half turn; the biped variants), which always train. Features are measured as the pre-rig check
 * measures them (orientForCheck), once; the rules are then pure functions of them.
 *
 * Fitting: coordinate ascent over a grid per threshold, maximising the number of characters right
 * with every procedural creature right; among the grid values that reach the best count, the one
 * nearest the prior (PRIOR: what the plans' meaning suggests), or with `--no-prior` the middle of
 * the widest run of them (a threshold no sample constrains then drifts to the middle of its range). Leave one artist out: for each artist the thresholds are chosen on the others
 * and that artist's characters are classified with them; the per-artist and overall figures are
 * the ones to quote. `--write` saves the thresholds chosen on everything. `--cache` keeps the
 * measured features in a file outside the repository (delete it when the features change). The
 * output names artists and plans, never a character. A script, not a test: the set never enters
 * the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundMeshWorkload, readMesh, type Mesh } from '@rigforge/mesh';
import { BODY_PLANS, type BodyPlan } from '../src/body-plan';
import { CHECK_MESH_DEFAULTS, orientForCheck } from '../src/check-mesh';
import type { BodyPlanFeatures } from '../src/fit/body-plan-features';
import { classifyFeatures, measureBodyPlanFeatures } from '../src/fit/classify-body-plan';
import { PLAN_RULES, type PlanRules } from '../src/fit/plan-rules';
import { measureShapeFeatures, type ShapeFeatures } from '../src/fit/shape-features';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { buildAPoseBiped, buildChibiBiped, buildClothedBiped, buildCreature, buildFingeredBiped, type Creature } from '../testing/build-creature';
import { readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

interface Sample { artist: string; plan: BodyPlan; f: BodyPlanFeatures; s: ShapeFeatures }

const PROCEDURAL = 'procedural';

/**
 * The thresholds the plans' meaning suggests, before any data: feet at the ground count from six
 * (an insect's); upright from about as tall as the widest span, under ~0.7 of the height front to
 * back, on a base under ~0.6 of the span; a sheet from 85% of the solid skin-deep, wider than a
 * quarter of its length; wings with 70% of the lateral solid skin-deep, as sheets filling 15% of
 * their front view; a body longer than tall. The search keeps each where the samples do not prefer another value.
 */
const PRIOR: PlanRules = {
  groundFeet: 6, uprightHeight: 0.75, uprightLength: 0.7, uprightFootprint: 0.6, sheetThinShare: 0.85, sheetWidth: 0.25,
  wingThin: 0.7, wingFill: 0.15, longBody: 1,
};

/** Grid of each threshold (inclusive range and step). */
const GRID: Record<keyof PlanRules, [number, number, number]> = {
  groundFeet: [3, 10, 1],
  uprightHeight: [0.4, 1.4, 0.05],
  uprightLength: [0.2, 1.6, 0.05],
  uprightFootprint: [0.2, 1.4, 0.05],
  sheetThinShare: [0.5, 1.0, 0.01],
  sheetWidth: [0, 1, 0.05],
  wingThin: [0.4, 0.9, 0.01],
  wingFill: [0, 0.5, 0.01],
  longBody: [0.4, 2.5, 0.05],
};

const countRight = (samples: readonly Sample[], rules: PlanRules): number =>
  samples.filter((x) => classifyFeatures(x.f, x.s, rules).recommended === x.plan).length;

/**
 * What the grid search maximises: characters right, each procedural creature counting as all the
 * characters together (every plan's creature must stay right whatever the set says).
 */
const objective = (samples: readonly Sample[], rules: PlanRules): number =>
  samples.reduce((t, x) => t + (classifyFeatures(x.f, x.s, rules).recommended === x.plan ? (x.artist === PROCEDURAL ? 1000 : 1) : 0), 0);

function fitRules(samples: readonly Sample[], prior: PlanRules | undefined): PlanRules {
  let rules: PlanRules = { ...(prior ?? PLAN_RULES) };
  for (let round = 0; round < 3; round++) {
    for (const key of Object.keys(GRID) as (keyof PlanRules)[]) {
      const [lo, hi, step] = GRID[key];
      const values: number[] = [];
      for (let v = lo; v <= hi + 1e-9; v += step) values.push(Math.round(v * 1000) / 1000);
      const scores = values.map((v) => objective(samples, { ...rules, [key]: v }));
      const best = Math.max(...scores);
      // The widest run of best values; its middle.
      let runStart = -1, bestStart = 0, bestLength = 0;
      for (let i = 0; i <= values.length; i++) {
        if (i < values.length && scores[i] === best) { if (runStart < 0) runStart = i; continue; }
        if (runStart >= 0 && i - runStart > bestLength) { bestLength = i - runStart; bestStart = runStart; }
        runStart = -1;
      }
      // With a prior, the best value nearest it; without, the middle of the widest best run.
      const pick = prior
        ? values.filter((_, i) => scores[i] === best).reduce((a, b) => (Math.abs(b - prior[key]) < Math.abs(a - prior[key]) ? b : a))
        : values[bestStart + Math.floor((bestLength - 1) / 2)]!;
      rules = { ...rules, [key]: pick };
    }
  }
  return rules;
}

function measureMesh(mesh: Mesh): { f: BodyPlanFeatures; s: ShapeFeatures } {
  // As checkMesh reads it: the rig's work budget, then its orientation and shape.
  const { planShape } = orientForCheck(boundMeshWorkload(mesh).mesh, CHECK_MESH_DEFAULTS.resolution);
  return { f: measureBodyPlanFeatures(planShape), s: measureShapeFeatures(planShape) };
}

async function measure(dir: string): Promise<Sample[]> {
  const samples: Sample[] = [];
  const creatures: Creature[] = [
    ...BODY_PLANS.map((p) => buildCreature(p)),
    buildChibiBiped(), buildAPoseBiped(), buildFingeredBiped(), buildClothedBiped('shorts'), buildClothedBiped('skirt'),
  ];
  for (const c of creatures) {
    for (const turn of [0, 90, 180]) samples.push({ artist: PROCEDURAL, plan: c.bodyPlan, ...measureMesh(turn ? rotateMeshY(c.mesh, turn) : c.mesh) });
  }
  for (const c of readManifest(dir)) {
    const read = await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))), { maxTriangles: CHECK_MESH_DEFAULTS.maxTriangles, boundWorkload: true });
    samples.push({ artist: c.artist, plan: c.bodyPlan, ...measureMesh(read.mesh) });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return samples;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: fit-plan-rules.ts <dev-set dir> [--write] [--no-prior] [--cache file.json]');
  const cache = arg('--cache');
  const prior = process.argv.includes('--no-prior') ? undefined : PRIOR;
  let samples: Sample[];
  if (cache && existsSync(cache)) samples = JSON.parse(readFileSync(cache, 'utf8')) as Sample[];
  else {
    samples = await measure(dir);
    if (cache) writeFileSync(cache, JSON.stringify(samples));
  }
  const dev = samples.filter((x) => x.artist !== PROCEDURAL);
  const artists = [...new Set(dev.map((x) => x.artist))];
  const confusion = new Map<string, number>();
  let right = 0, shippedRight = 0;
  console.log('leave one artist out (thresholds chosen on the other artists and the procedural creatures):');
  console.log(`  ${'artist'.padEnd(20)} ${'n'.padStart(3)}  shipped  left out`);
  for (const artist of artists) {
    const held = dev.filter((x) => x.artist === artist);
    const rules = fitRules(samples.filter((x) => x.artist !== artist), prior);
    let r = 0;
    for (const x of held) {
      const got = classifyFeatures(x.f, x.s, rules).recommended;
      confusion.set(`${x.plan}>${got}`, (confusion.get(`${x.plan}>${got}`) ?? 0) + 1);
      if (got === x.plan) r++;
    }
    const shipped = countRight(held, PLAN_RULES);
    right += r; shippedRight += shipped;
    console.log(`  ${artist.padEnd(20)} ${String(held.length).padStart(3)}  ${String(shipped).padStart(7)}  ${String(r).padStart(8)}   ${JSON.stringify(rules)}`);
  }
  console.log('\nconfusion, left out (rows: manifest plan, columns: recommended):');
  console.log(''.padEnd(11) + BODY_PLANS.map((p) => p.slice(0, 6).padStart(7)).join(''));
  for (const want of BODY_PLANS) {
    const row = BODY_PLANS.map((got) => confusion.get(`${want}>${got}`) ?? 0);
    if (row.every((n) => n === 0)) continue;
    console.log(want.padEnd(11) + row.map((n) => String(n || '.').padStart(7)).join(''));
  }
  const pct = (n: number): string => `${n}/${dev.length} = ${((100 * n) / dev.length).toFixed(1)}%`;
  console.log(`\nleave one artist out: ${pct(right)}; shipped thresholds on the whole set: ${pct(shippedRight)}`);
  const procedural = samples.filter((x) => x.artist === PROCEDURAL);
  const all = fitRules(samples, prior);
  console.log(`chosen on everything: ${JSON.stringify(all)} (dev set ${pct(countRight(dev, all))}, procedural ${countRight(procedural, all)}/${procedural.length})`);
  if (process.argv.includes('--write')) {
    const out = join(__dirname, '../src/fit/plan-rules.json');
    writeFileSync(out, `${JSON.stringify(all, null, 1)}\n`);
    console.log(`wrote ${out}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Measures whether the parts of a front picture (`src/body-parts.ts`) should each get their own
 * depth ratio, from the dev set's true meshes, relative to the view's depth prior (`depth-priors.json`).
 *
 *   npx tsx packages/generate/scripts/fit-part-depth.ts ../shared/rig-dev-set [--plan biped]
 *
 * For every character pictured from the front (the benchmark's most informative view), stood 1 tall:
 * the true mesh is rasterised orthographically (GRID cells on the longer side), recording per covered
 * cell the nearest and farthest surface; the cell's true half-depth t (picture heights) is paired
 * with the engine's part depths there: the sphere height of the medial balls of the core, the limbs
 * and the legs (`splitParts` / `ballsByKind`, the engine's own code, on this grid's silhouette),
 * times the view's prior c. The model: t̂ = c · max(k_core · B_core, k_limb · B_limb, k_leg · B_leg).
 * k = (1, 1, 1) is the engine as it is (the whole silhouette's balls).
 *
 * Chosen how: the ratios (a grid of 0.1 steps) with the least mean |t − t̂|, every character weighing
 * the same; reported leaving one artist out (fitted without the artist, scored on its characters),
 * per artist and per plan. A ratio enters the engine only if it beats k = 1 left out (it did not: see
 * packages/generate/docs/shape.md).
 */
import { ballHeights, medialBalls } from '../src/ball-depth';
import { ballsByKind, splitParts, type PartKind } from '../src/body-parts';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { distanceTransform } from '../src/mask-ops';
import { mostInformativeView, rasterDepth, sampleDepthCells, turnToView, mean, readManifest, readCharacterMesh } from './dev-set-views';

/** Grid cells along the longer side of the picture. */
const GRID = 192;
/** Cells kept per character (evenly strided) so every character weighs the same and the fit is quick. */
const SAMPLES = 800;
/** Depth of each kind of part over the view's prior (1: the whole silhouette's balls, as the engine builds it). */
type PartRatios = Record<PartKind, number>;
const STEPS = process.argv.includes('--wide') ? Array.from({ length: 20 }, (_, i) => 0.1 + i * 0.1) : Array.from({ length: 17 }, (_, i) => 0.6 + i * 0.1);

interface Sample { id: string; artist: string; plan: string; t: Float64Array; core: Float64Array; limb: Float64Array; leg: Float64Array }

function samples(positions: Float32Array, indices: Uint32Array, c: number, legs: boolean, exponent: number): Pick<Sample, 't' | 'core' | 'limb' | 'leg'> {
  const r = rasterDepth(positions, indices, GRID, 2);
  const { w, h } = r;
  const mask = Uint8Array.from(r.near, (z) => (Number.isFinite(z) ? 1 : 0));
  const distance = distanceTransform(mask, w, h);
  const byKind = ballsByKind(medialBalls(distance, w, h), splitParts(mask, distance, w, h, legs), w);
  const { centres, t, scaled } = sampleDepthCells(r, mask, SAMPLES, c);
  return {
    t,
    core: scaled(ballHeights(centres, byKind.core, exponent)),
    limb: scaled(ballHeights(centres, byKind.limb, exponent)),
    leg: scaled(ballHeights(centres, byKind.leg, exponent)),
  };
}

function error(s: Sample, k: PartRatios): number {
  let sum = 0;
  for (let i = 0; i < s.t.length; i++) sum += Math.abs(s.t[i]! - Math.max(k.core * s.core[i]!, k.limb * s.limb[i]!, k.leg * s.leg[i]!));
  return sum / Math.max(1, s.t.length);
}

function fit(set: Sample[]): PartRatios {
  let best: PartRatios = { core: 1, limb: 1, leg: 1 }, bestErr = Infinity;
  const limbOnly = process.argv.includes('--limb-only');
  for (const core of limbOnly ? [1] : STEPS) {
    for (const limb of STEPS) {
      for (const leg of limbOnly ? [1] : STEPS) {
        const e = mean(set.map((s) => error(s, { core, limb, leg })));
        if (e < bestErr) [best, bestErr] = [{ core, limb, leg }, e];
      }
    }
  }
  return best;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: fit-part-depth.ts <dev-set dir> [--plan <plan>]');
    process.exit(2);
  }
  const manifest = readManifest(dir);
  const set: Sample[] = [];
  const plans0 = process.argv.includes('--plan') ? process.argv[process.argv.indexOf('--plan') + 1]!.split(',') : undefined;
  const allViews = process.argv.includes('--all-views');
  for (const c of manifest.filter((m) => !plans0 || plans0.includes(m.bodyPlan))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const view = mostInformativeView(mesh);
    // Parts are built for front pictures (side pictures of legged bodies layer their legs instead).
    if (view !== 'front' && !allViews) continue;
    const turned = turnToView(mesh, view);
    set.push({ id: c.id, artist: c.artist, plan: c.bodyPlan, ...samples(turned.positions, turned.indices, depthPrior(c.bodyPlan, view).c, view === 'front', ballExponent(view)) });
  }
  const artists = [...new Set(set.map((s) => s.artist))];
  const plans = [...new Set(set.map((s) => s.plan))];
  const one: PartRatios = { core: 1, limb: 1, leg: 1 };
  console.log('| | ' + artists.join(' | ') + ' | all |');
  console.log('|---|' + artists.map(() => '---:').join('|') + '|---:|');
  const row = (name: string, ratiosFor: (artist: string) => PartRatios): void => {
    const per = artists.map((a) => set.filter((s) => s.artist === a).map((s) => error(s, ratiosFor(a))));
    console.log(`| ${name} | ${per.map((e) => mean(e).toFixed(4)).join(' | ')} | ${mean(per.flat()).toFixed(4)} |`);
  };
  row('one part (k = 1, 1, 1)', () => one);
  const held = new Map(artists.map((a) => [a, fit(set.filter((s) => s.artist !== a))]));
  row('parts, left out', (a) => held.get(a)!);
  for (const [a, k] of held) console.log(`  without ${a}: core ${k.core.toFixed(2)}, limb ${k.limb.toFixed(2)}, leg ${k.leg.toFixed(2)}`);
  const all = fit(set);
  row('parts, in sample', () => all);
  console.log(`\nall: core ${all.core.toFixed(2)}, limb ${all.limb.toFixed(2)}, leg ${all.leg.toFixed(2)}`);
  for (const p of plans) {
    const mine = set.filter((s) => s.plan === p);
    console.log(`  ${p} (${mine.length}): one part ${mean(mine.map((s) => error(s, one))).toFixed(4)}, parts left out ${mean(mine.map((s) => error(s, held.get(s.artist)!))).toFixed(4)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

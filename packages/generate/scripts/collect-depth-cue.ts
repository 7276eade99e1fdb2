/**
 * Collects, per dev-set character of the given plans at its most informative view, the picture the
 * shape benchmark sends (saved as PNG, for the cue fit `fit-depth-cue.ts` to read) and the
 * benchmark's CD of the engine's model with its depth scaled by k and leaned by β on a grid.
 *
 *   npx tsx packages/generate/scripts/collect-depth-cue.ts ../shared/rig-dev-set --plans aquatic,avian --out /tmp/gd [--only id,id] [--samples 4000]
 *
 * The model is generated once with the plan and view hints and lean 0; scaling its depth by k is the
 * engine at `thickness` k·0.5 (but for the one-pixel least height), as in `fit-plan-view-depth.ts`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { distanceTransform } from '../src/mask-ops';
import { arg, bounds, centred, diagonal, extent, mostInformativeView, rasterDepth, turnToView, scaledLeaned, benchmarkPicture, unitHeight, readManifest, readCharacterMesh, type View } from './dev-set-views';
import { meanNearest, sampleSurface } from './shape-distance';

export const CUE_SCALES = [0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.4, 1.6, 1.8, 2];
export const CUE_LEANS = [-0.5, -0.25, 0, 0.25, 0.5, 0.75];
const GRID = 128;

/**
 * The least-absolute-error scale c of the true half-depth t ≈ c · B over the covered cells of the
 * true mesh's depth raster (B: the medial balls' height there), as `fit-flatness.ts` computes it.
 */
function ownScale(truth: Mesh, view: View): number {
  const { w, h, near, far } = rasterDepth(truth.positions, truth.indices, GRID, 1);
  const inside = Uint8Array.from(near, (z) => (Number.isFinite(z) ? 1 : 0));
  const centres: number[] = [], t: number[] = [];
  for (let p = 0; p < w * h; p++) {
    if (!inside[p]) continue;
    centres.push((p % w) + 0.5, Math.floor(p / w) + 0.5);
    t.push((far[p]! - near[p]!) / 2);
  }
  const scale = GRID / Math.max(1e-12, Math.max(...[0, 1].map((k) => extent(bounds(truth.positions), k))));
  const b = ballHeights(centres, medialBalls(distanceTransform(inside, w, h), w, h), ballExponent(view));
  const pairs = Array.from(b, (bh, i): [number, number] => [t[i]! * scale / Math.max(bh, 1e-9), bh]).filter(([, bh]) => bh > 1e-6).sort((x, y) => x[0] - y[0]);
  const total = pairs.reduce((s, [, wt]) => s + wt, 0);
  let acc = 0;
  for (const [ratio, wt] of pairs) { acc += wt; if (acc >= total / 2) return ratio; }
  return 1;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  const out = arg('--out');
  if (!dir || dir.startsWith('--') || !out) {
    console.error('usage: collect-depth-cue.ts <dev-set dir> --plans a,b --out <dir> [--only id,id] [--samples 4000]');
    process.exit(2);
  }
  mkdirSync(out, { recursive: true });
  const plans = (arg('--plans') ?? 'aquatic,avian').split(',');
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const ownOnly = process.argv.includes('--own-only');
  for (const c of readManifest(dir).filter((x) => (plans.includes('all') || plans.includes(x.bodyPlan)) && (!only || only.includes(x.id)))) {
    const rowFile = join(out, `${c.id}.json`);
    if (existsSync(rowFile)) continue;
    const mesh = await readCharacterMesh(dir, c.id);
    const view = mostInformativeView(mesh);
    const turned = turnToView(mesh, view);
    const truth = unitHeight(turned);
    const picture = benchmarkPicture(truth);
    writeFileSync(join(out, `${c.id}.png`), picture);
    if (ownOnly) {
      // No model: the character's own best depth scale over its view's prior, from its true depth.
      writeFileSync(rowFile, JSON.stringify({ id: c.id, plan: c.bodyPlan, artist: c.artist, view, own: ownScale(truth, view) / depthPrior(c.bodyPlan, view).c }));
      console.log(`${c.id} (${view}): own ${(ownScale(truth, view) / depthPrior(c.bodyPlan, view).c).toFixed(3)}`);
      continue;
    }
    const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view, lean: 0 })).mesh;
    const tp = centred(truth.positions);
    const ts = sampleSurface(tp, truth.indices, samples), unitDiagonal = diagonal(bounds(tp));
    const cd = CUE_SCALES.map((k) => CUE_LEANS.map((beta) => {
      const ms = sampleSurface(centred(scaledLeaned(made.positions, k, beta)), made.indices, samples);
      return (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / unitDiagonal;
    }));
    writeFileSync(rowFile, JSON.stringify({ id: c.id, plan: c.bodyPlan, artist: c.artist, view, cd }));
    const flat = cd.flat();
    console.log(`${c.id} (${view}): (1, 0) ${cd[CUE_SCALES.indexOf(1)]![CUE_LEANS.indexOf(0)]!.toFixed(4)}, best ${Math.min(...flat).toFixed(4)}`);
  }
}

// Run only as a script (fit-depth-cue.ts imports the grid).
if (process.argv[1]?.endsWith('collect-depth-cue.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

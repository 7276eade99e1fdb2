/**
 * Fits the flatness cue (`src/shading-relief.ts`) to depth: does the picture's shading tell a flat
 * subject (a fish from the side, a butterfly from above) from a round one, where the hints and the
 * outline cannot (see packages/generate/docs/depth-priors.md, *Depth priors*)?
 *
 *   npx tsx packages/generate/scripts/fit-flatness.ts ../shared/rig-dev-set [--cache /tmp/flat.json] [--write]
 *
 * For every character of the rig development set, at its most informative view, pictured as the
 * shape benchmark pictures it (512 px, orthographic, the repository's own renderer), the script
 * computes the cue from the picture and the character's own best depth scale (the medial-ball
 * prior fitted on its true depth alone, as `fit-depth-priors.ts` prints it) over its view's prior.
 * The model, log(own / view) = β · min(0, log(relief / r0)) (only a picture whose shading is flatter
 * than r0 is made shallower; never deeper), is chosen leaving one artist out: fitted without the artist, scored on the
 * artist's characters by the depth error (mean |t − ĉ · B| in picture heights, as the depth-prior
 * fit scores). `--write` stores the constants fitted on all characters in `src/flatness.json`.
 *
 * Caveat: the pictures are this repository's renders (one key light, hemisphere ambient, a rim
 * term): the cue is learned on that shading. Real pictures are lit otherwise; the model only reads
 * how much shading the balloon's normals explain, whatever the light's direction.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { decodeImage } from '../src/decode-image';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { distanceTransform } from '../src/mask-ops';
import { segmentSubject } from '../src/segment-subject';
import { shadingRelief } from '../src/shading-relief';
import { charactersInBestView, rasterDepth, type View, arg, benchmarkPicture, PICTURE_PX } from './dev-set-views';


const GRID = 128;

interface Row { id: string; plan: string; artist: string; view: View; relief: number; explained: number; rim: number; t: number[]; bq: number[] }
const cacheSchema = z.array(z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.enum(['front', 'side', 'top']), relief: z.number(), explained: z.number(), rim: z.number(), t: z.array(z.number()), bq: z.array(z.number()) }));


/** True half-depth t and the medial-ball height bq per covered cell, in picture heights. */
function depthPairs(positions: Float32Array, indices: Uint32Array, view: View): { t: number[]; bq: number[] } {
  const { w, h, scale, height, near, far } = rasterDepth(positions, indices, GRID, 1);
  const inside = Uint8Array.from(near, (z) => (Number.isFinite(z) ? 1 : 0));
  const centres: number[] = [], t: number[] = [];
  for (let p = 0; p < w * h; p++) {
    if (!inside[p]) continue;
    centres.push((p % w) + 0.5, Math.floor(p / w) + 0.5);
    t.push((far[p]! - near[p]!) / 2 / height);
  }
  const balls = ballHeights(centres, medialBalls(distanceTransform(inside, w, h), w, h), ballExponent(view));
  const px = height * scale;
  return { t, bq: Array.from(balls, (b) => b / px) };
}

/** The least-absolute-error scale c of t ≈ c · bq: the bq-weighted median of t / bq. */
function ownScale(r: Row): number {
  const pairs = r.bq.map((b, i): [number, number] => [r.t[i]! / Math.max(b, 1e-9), b]).filter(([, b]) => b > 1e-6).sort((a, b) => a[0] - b[0]);
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [ratio, w] of pairs) { acc += w; if (acc >= total / 2) return ratio; }
  return 1;
}

/** Mean |t − c · bq| (picture heights). */
function depthError(r: Row, c: number): number {
  let s = 0;
  for (let i = 0; i < r.t.length; i++) s += Math.abs(r.t[i]! - c * r.bq[i]!);
  return s / Math.max(1, r.t.length);
}

interface Model { r0: number; beta: number }
const factor = (m: Model, relief: number): number => Math.exp(m.beta * Math.min(0, Math.log(Math.max(relief, 1e-4) / m.r0)));
/** The cue the model reads (`--cue`, default 'relief'): 'relief', 'explained' or 'rim'. */
const CUE = z.enum(['relief', 'explained', 'rim']).parse(arg('--cue') ?? 'relief');
const cueOf = (r: Row): number => r[CUE];
const viewScale = (r: Row): number => depthPrior(r.plan, r.view).c;

/** The model with the least mean depth error over `rows` (each character weighing the same), on a grid. */
function fitModel(rows: Row[]): Model {
  let best: Model = { r0: 1, beta: 0 }, bestErr = Infinity;
  const reliefs = rows.map(cueOf).sort((a, b) => a - b);
  for (const r0 of reliefs) {
    for (let beta = 0; beta <= 1.5001; beta += 0.05) {
      const m = { r0, beta };
      const e = rows.reduce((s, r) => s + depthError(r, viewScale(r) * factor(m, cueOf(r))), 0) / rows.length;
      if (e < bestErr - 1e-9) [best, bestErr] = [m, e];
    }
  }
  return best;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: fit-flatness.ts <dev-set dir> [--cache file.json] [--write]');
    process.exit(2);
  }
  const cachePath = arg('--cache');
  let rows: Row[] = cachePath && existsSync(cachePath) ? cacheSchema.parse(JSON.parse(readFileSync(cachePath, 'utf8'))) : [];
  if (!rows.length) {
    for await (const c of charactersInBestView(dir)) {
      const truth = c.mesh, view = c.view;
      const picture = benchmarkPicture(truth);
      const decoded = await decodeImage(picture, { maxSide: PICTURE_PX, maxPixels: PICTURE_PX * PICTURE_PX });
      const subject = segmentSubject(decoded, { hasAlpha: decoded.hasAlpha });
      const cue = shadingRelief(decoded, subject.mask, distanceTransform(subject.mask, subject.width, subject.height));
      rows.push({ id: c.id, plan: c.bodyPlan, artist: c.artist, view, relief: cue.relief, explained: cue.explained, rim: cue.rim, ...depthPairs(truth.positions, truth.indices, view) });
      console.error(`${c.id}: relief ${cue.relief.toFixed(3)}`);
    }
    if (cachePath) writeFileSync(cachePath, JSON.stringify(rows));
  }
  rows = rows.filter((r) => r.t.length > 0);
  const log = (x: number) => Math.log(Math.max(x, 1e-3));
  const own = rows.map((r) => log(ownScale(r) / viewScale(r)));
  const corr = (xs: number[], ys: number[]) => {
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length, my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let sxy = 0, sxx = 0, syy = 0;
    xs.forEach((x, i) => { sxy += (x - mx) * (ys[i]! - my); sxx += (x - mx) ** 2; syy += (ys[i]! - my) ** 2; });
    return sxy / Math.sqrt(sxx * syy);
  };
  console.log('| plan | view | artist | relief | explained | rim | own scale / view prior |\n|---|---|---|---:|---:|---:|---:|');
  for (const [i, r] of rows.entries()) console.log(`| ${r.plan} | ${r.view} | ${r.artist} | ${r.relief.toFixed(3)} | ${r.explained.toFixed(3)} | ${r.rim.toFixed(3)} | ${Math.exp(own[i]!).toFixed(2)} |`);
  console.log(`\ncorrelation with log(own / view prior): log relief ${corr(rows.map((r) => log(r.relief)), own).toFixed(2)}, explained ${corr(rows.map((r) => r.explained), own).toFixed(2)}, log rim ${corr(rows.map((r) => log(r.rim)), own).toFixed(2)}`);

  // Leave one artist out: the model fitted without the artist, scored on the artist's characters.
  const artists = [...new Set(rows.map((r) => r.artist))];
  const plans = [...new Set(rows.map((r) => r.plan))];
  const before = new Map<Row, number>(), after = new Map<Row, number>();
  for (const a of artists) {
    const m = fitModel(rows.filter((r) => r.artist !== a));
    console.log(`without ${a}: r0 ${m.r0.toFixed(3)}, beta ${m.beta.toFixed(2)}`);
    for (const r of rows.filter((x) => x.artist === a)) {
      before.set(r, depthError(r, viewScale(r)));
      after.set(r, depthError(r, viewScale(r) * factor(m, cueOf(r))));
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const line = (name: string, of: Row[]) =>
    `| ${name} | ${of.length} | ${mean(of.map((r) => before.get(r)!)).toFixed(4)} | ${mean(of.map((r) => after.get(r)!)).toFixed(4)} |`;
  console.log('\nleft-out depth error (mean |t − ĉ·B|, picture heights):\n| group | characters | view prior | with the cue |\n|---|---:|---:|---:|---:|');
  for (const a of artists) console.log(line(a, rows.filter((r) => r.artist === a)));
  for (const p of plans) console.log(line(p, rows.filter((r) => r.plan === p)));
  console.log(line('all', rows));
  const chosen = fitModel(rows);
  console.log(`\nfitted on all: r0 ${chosen.r0.toFixed(4)}, beta ${chosen.beta.toFixed(2)}`);
  if (process.argv.includes('--write')) {
    const out = join(__dirname, '../src/flatness.json');
    writeFileSync(out, `${JSON.stringify({ fittedBy: 'packages/generate/scripts/fit-flatness.ts', r0: Number(chosen.r0.toFixed(4)), beta: Number(chosen.beta.toFixed(2)) }, null, 1)}\n`);
    console.log(`wrote ${out}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The profile the medial balls are lifted to (`ballHeights`' exponent p: 2 a sphere, larger boxier),
 * with the depth prior's per-view scale refitted for each p, left out by artist.
 *
 *   npx tsx packages/generate/scripts/fit-ball-profile.ts ../shared/rig-dev-set [--cache /tmp/profile.json] [--write] [--p 2.25]
 *
 * For every character at its most informative view (stood 1 tall), the true mesh is rasterised
 * (`rasterDepth`, 128 cells on the longer side); each covered cell's true half-depth t (picture
 * heights) is paired with the balls' height B_p there for each p. The model is t̂ = c_view · B_p with
 * c_view fitted on the characters pictured from that view (least absolute error, each character
 * weighing the same), as `fit-depth-priors.ts` fits the shipped prior. The error is mean |t − t̂|,
 * left out by artist (fitted without the artist, scored on its characters), per artist and per plan.
 * `--write` stores the chosen p in `src/depth-priors.json` and moves each shipped scale by this fit's
 * ratio of the p scale to the sphere's (run it once on the sphere table `fit-depth-priors.ts --write` writes).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { distanceTransform } from '../src/mask-ops';
import { z } from 'zod';
import { charactersInBestView, rasterDepth, type View, arg, mean } from './dev-set-views';

const GRID = 128;
const priorsFileSchema = z.object({ fittedBy: z.string(), form: z.string(), leftOutError: z.number(), ballExponent: z.number().optional(), priors: z.record(z.string(), z.object({ a: z.number(), b: z.number(), c: z.number() })) });
/** Cells kept per character (evenly strided). */
const SAMPLES = 1500;
const EXPONENTS = [2, 2.25, 2.5, 2.75, 3, 4];

interface Row { id: string; plan: string; artist: string; view: View; t: number[]; b: Record<string, number[]> }
const cacheSchema = z.array(z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.enum(['front', 'side', 'top']), t: z.array(z.number()), b: z.record(z.string(), z.array(z.number())) }));

function pairs(positions: Float32Array, indices: Uint32Array): Pick<Row, 't' | 'b'> {
  const { w, h, scale, height, near, far } = rasterDepth(positions, indices, GRID, 1);
  const inside = Uint8Array.from(near, (z) => (Number.isFinite(z) ? 1 : 0));
  const covered: number[] = [];
  for (let p = 0; p < w * h; p++) if (inside[p]) covered.push(p);
  const stride = Math.max(1, covered.length / SAMPLES);
  const picked: number[] = [];
  for (let i = 0; i < covered.length; i += stride) picked.push(covered[Math.floor(i)]!);
  const centres = picked.flatMap((p) => [(p % w) + 0.5, Math.floor(p / w) + 0.5]);
  const balls = medialBalls(distanceTransform(inside, w, h), w, h);
  const px = height * scale;
  return {
    t: picked.map((p) => (far[p]! - near[p]!) / 2 / height),
    b: Object.fromEntries(EXPONENTS.map((e) => [String(e), Array.from(ballHeights(centres, balls, e), (v) => v / px)])),
  };
}

/** Least absolute error scale over `rows` (each weighing the same): weighted median of t / b. */
function fitScale(rows: Row[], p: number): number {
  const items: Array<[number, number]> = [];
  for (const r of rows) {
    const b = r.b[String(p)]!;
    for (let i = 0; i < b.length; i++) if (b[i]! > 1e-6) items.push([r.t[i]! / b[i]!, b[i]! / b.length]);
  }
  items.sort((x, y) => x[0] - y[0]);
  const total = items.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [ratio, w] of items) { acc += w; if (acc >= total / 2) return ratio; }
  return 1;
}

function error(r: Row, p: number, c: number): number {
  const b = r.b[String(p)]!;
  let s = 0;
  for (let i = 0; i < b.length; i++) s += Math.abs(r.t[i]! - c * b[i]!);
  return s / Math.max(1, b.length);
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: fit-ball-profile.ts <dev-set dir> [--cache file.json] [--write]');
    process.exit(2);
  }
  const cachePath = arg('--cache');
  const rows: Row[] = cachePath && existsSync(cachePath) ? cacheSchema.parse(JSON.parse(readFileSync(cachePath, 'utf8'))) : [];
  if (!rows.length) {
    for await (const c of charactersInBestView(dir)) {
      rows.push({ id: c.id, plan: c.bodyPlan, artist: c.artist, view: c.view, ...pairs(c.mesh.positions, c.mesh.indices) });
    }
    if (cachePath) writeFileSync(cachePath, JSON.stringify(rows));
  }
  const artists = [...new Set(rows.map((r) => r.artist))];
  const plans = [...new Set(rows.map((r) => r.plan))];
  const views: View[] = ['front', 'side', 'top'];
  const scales = (train: Row[], p: number) => Object.fromEntries(views.map((v) => [v, fitScale(train.filter((r) => r.view === v), p)]));
  console.log(`| p | ${artists.join(' | ')} | ${plans.join(' | ')} | all (left out) |`);
  console.log(`|---|${[...artists, ...plans].map(() => '---:').join('|')}|---:|`);
  let chosen = 2, chosenErr = Infinity;
  const leftOutErrors = new Map<number, number>();
  for (const p of EXPONENTS) {
    const left = new Map<Row, number>();
    for (const a of artists) {
      const s = scales(rows.filter((r) => r.artist !== a), p);
      for (const r of rows.filter((x) => x.artist === a)) left.set(r, error(r, p, s[r.view]!));
    }
    const by = (f: (r: Row) => boolean) => mean(rows.filter(f).map((r) => left.get(r)!)).toFixed(4);
    const all = mean(rows.map((r) => left.get(r)!));
    console.log(`| ${p} | ${artists.map((a) => by((r) => r.artist === a)).join(' | ')} | ${plans.map((q) => by((r) => r.plan === q)).join(' | ')} | ${all.toFixed(5)} |`);
    leftOutErrors.set(p, all);
    if (all < chosenErr) [chosen, chosenErr] = [p, all];
  }
  // `--p` writes another exponent of the table instead of the least left-out one (e.g. the smallest
  // change within the noise of the best), reported as such.
  const forced = arg('--p');
  if (forced !== undefined) {
    if (!EXPONENTS.includes(Number(forced))) throw new Error(`--p must be one of ${EXPONENTS.join(', ')}`);
    console.log(`\nleft-out choice p = ${chosen}; --p ${forced} written instead`);
    chosen = Number(forced);
    chosenErr = leftOutErrors.get(chosen)!;
  }
  // The shipped scales were fitted for spheres by `fit-depth-priors.ts` (its own weighting); the
  // chosen p moves each by this fit's ratio of the p scale to the sphere's, so only the profile changes.
  const anyScale = (q: number) => fitScale(rows, q);
  const ratio: Record<string, number> = Object.fromEntries([
    ...views.map((v) => [`any/${v}`, fitScale(rows.filter((r) => r.view === v), chosen) / fitScale(rows.filter((r) => r.view === v), 2)]),
    ['any/any', anyScale(chosen) / anyScale(2)],
  ]);
  console.log(`\nchosen p = ${chosen} (left out ${chosenErr.toFixed(5)}); scale ratios to the sphere's: ${Object.entries(ratio).map(([k, v]) => `${k} ${v.toFixed(4)}`).join(', ')}`);
  if (process.argv.includes('--write')) {
    const path = join(__dirname, '../src/depth-priors.json');
    const json = priorsFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    if (json.ballExponent !== undefined && json.ballExponent !== 2) throw new Error('depth-priors.json already has a ball exponent: refit the scales with fit-depth-priors.ts --write first');
    const priors = Object.fromEntries(Object.entries(json.priors).map(([k, p]) => [k, { ...p, c: Number((p.c * (ratio[k] ?? 1)).toFixed(4)) }]));
    const out = { fittedBy: json.fittedBy, form: json.form, leftOutError: json.leftOutError, ballExponent: chosen, ballExponentFittedBy: 'packages/generate/scripts/fit-ball-profile.ts', ballExponentLeftOutError: Number(chosenErr.toFixed(5)), priors };
    writeFileSync(path, `${JSON.stringify(out, null, 1)}\n`);
    console.log(`wrote ${path}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The head's and the torso's depth for figures pictured from the front (`src/head-torso.ts`),
 * learned from the dev set's true meshes and chosen leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-head-torso.ts ../shared/rig-dev-set [--plan biped] [--write]
 *   npx tsx packages/generate/scripts/fit-head-torso.ts ../shared/rig-dev-set --cd [--only ids] [--samples 4000] --json rows.json
 *   npx tsx packages/generate/scripts/fit-head-torso.ts --merge a.json,b.json
 *   npx tsx packages/generate/scripts/fit-head-torso.ts ../shared/rig-dev-set --write-rest      (the limbs' factor from the true meshes into head-torso.json)
 *   npx tsx packages/generate/scripts/fit-head-torso.ts ../shared/rig-dev-set --cd-rest [--rests 1,1.1,1.2] [--only ids] --json rows.json
 *   npx tsx packages/generate/scripts/fit-head-torso.ts --merge-rest a.json,b.json
 *
 * For every character of the plan the benchmark pictures from the front, stood 1 tall: the true mesh
 * is rasterised orthographically (GRID cells on the longer side), recording per covered cell the
 * nearest and farthest surface; the cell's true half-depth t (picture heights) is paired with the
 * engine's sphere heights there of the head's, the torso's and the other balls (`headTorsoBalls`, the
 * engine's own code, on this grid's silhouette), times the view's prior c. The model:
 * t̂ = c · max(head · B_head, torso · B_torso, B_rest); (1, 1) is the engine without the rule.
 * Chosen how: the pair on a grid with the least mean |t − t̂| (every character weighing the same),
 * left out by artist (fitted without the artist, scored on its characters). `--write` puts the pair
 * fitted on all into `src/head-torso.json` only if left out it beats (1, 1) for the set and for every
 * artist with 3+ characters.
 *
 * `--cd` scores the benchmark's own CD instead: each character pictured as the benchmark does,
 * generated with each (head, torso) of CD_GRID (the engine's option `headTorso`), CD at `--samples`;
 * The limbs (`rest`: arms, legs, every ball neither the head's nor the torso's): each character's own
 * ratio is the median of true half-depth over the sphere height where those balls give the depth,
 * above the feet (`FEET_BAND`: a foot seen from the front is as deep as it is long, `feet-forward.ts`
 * builds that); the table's value is the median over the characters (left out by artist: over the
 * others'), `--write-rest` writes it. `--cd-rest` scores the benchmark's CD at each `--rests` with the
 * shipped head and torso, `--merge-rest` reports it per artist.
 *
 * `--merge` then reports, per artist, the CD at each pair and at the pair the per-cell fit chose
 * without the artist, and the pair the CD itself would choose left out (geometric mean over (1, 1)).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { generateModel } from '../src';
import { join } from 'node:path';
import { ballHeights } from '../src/ball-depth';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { headTorsoBalls, learnedHeadTorso, neckRow, type HeadTorsoDepth } from '../src/head-torso';
import { distanceTransform } from '../src/mask-ops';
import { arg, benchmarkPicture, mean, mostInformativeView, rasterDepth, readRows, sampleDepthCells, turnToView, unitHeight, readManifest, readCharacterMesh } from './dev-set-views';
import { artistGrid } from './artist-grid';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

/** Grid cells along the longer side of the picture. */
const GRID = 192;
/** Cells kept per character (evenly strided) so every character weighs the same and the fit is quick. */
const SAMPLES = 1200;
/** The engine's ball profile for front pictures (`ballExponent`). */
const FRONT_EXPONENT = ballExponent('front');
const HEADS = Array.from({ length: 15 }, (_, i) => 0.8 + i * 0.1);
const TORSOS = Array.from({ length: 13 }, (_, i) => 0.5 + i * 0.05);

/** Cells lower than this share of the height are the feet (a foot is as deep as it is long): not read for the limbs' ratio. */
const FEET_BAND = 0.1;

interface Sample { id: string; artist: string; neck: boolean; t: Float64Array; head: Float64Array; torso: Float64Array; rest: Float64Array; feet: Uint8Array }

function samples(positions: Float32Array, indices: Uint32Array, c: number): Omit<Sample, 'id' | 'artist'> {
  const r = rasterDepth(positions, indices, GRID, 2);
  const { w, h } = r;
  const mask = Uint8Array.from(r.near, (z) => (Number.isFinite(z) ? 1 : 0));
  const distance = distanceTransform(mask, w, h);
  const parts = headTorsoBalls(mask, distance, w, h);
  const { centres, t, scaled } = sampleDepthCells(r, mask, SAMPLES, c);
  const heightCells = r.height * r.scale;
  return {
    feet: Uint8Array.from(t, (_, i) => (1 - (centres[i * 2 + 1]! - 2) / heightCells < FEET_BAND ? 1 : 0)),
    neck: neckRow(mask, w, h) !== undefined,
    t,
    head: scaled(ballHeights(centres, parts.head, FRONT_EXPONENT)),
    torso: scaled(ballHeights(centres, parts.torso, FRONT_EXPONENT)),
    rest: scaled(ballHeights(centres, parts.rest, FRONT_EXPONENT)),
  };
}

function error(s: Sample, k: HeadTorsoDepth): number {
  let sum = 0;
  for (let i = 0; i < s.t.length; i++) sum += Math.abs(s.t[i]! - Math.max(s.rest[i]!, k.head * s.head[i]!, k.torso * s.torso[i]!));
  return sum / Math.max(1, s.t.length);
}

/**
 * The anatomy of one character: over the cells whose depth the torso's (head's) balls give, the
 * median of the true half-depth over that sphere height (1: as deep as the balls make it).
 */
export function ownRatios(s: Sample): HeadTorsoDepth {
  const ratio = (mine: Float64Array, other: (i: number) => number): number => {
    const r: number[] = [];
    for (let i = 0; i < s.t.length; i++) if (mine[i]! > 0 && mine[i]! >= other(i)) r.push(s.t[i]! / mine[i]!);
    r.sort((a, b) => a - b);
    return r.length ? r[r.length >> 1]! : NaN;
  };
  return { head: ratio(s.head, (i) => Math.max(s.torso[i]!, s.rest[i]!)), torso: ratio(s.torso, (i) => Math.max(s.head[i]!, s.rest[i]!)) };
}

/**
 * The limbs' own ratio: over the cells above the feet whose depth the other balls (arms, legs) give,
 * the median of the true half-depth over that sphere height (`headTorso`'s `rest`; 1: as deep as wide).
 */
export function ownRest(s: Sample): number {
  const r: number[] = [];
  for (let i = 0; i < s.t.length; i++) if (!s.feet[i] && s.rest[i]! > 0 && s.rest[i]! > Math.max(s.head[i]!, s.torso[i]!)) r.push(s.t[i]! / s.rest[i]!);
  r.sort((a, b) => a - b);
  return r.length ? r[r.length >> 1]! : NaN;
}

function fit(set: Sample[]): HeadTorsoDepth {
  let best: HeadTorsoDepth = { head: 1, torso: 1 }, bestErr = Infinity;
  for (const head of HEADS) for (const torso of TORSOS) {
    const e = mean(set.map((s) => error(s, { head, torso })));
    if (e < bestErr) [best, bestErr] = [{ head, torso }, e];
  }
  return best;
}

/** The (head, torso) pairs `--cd` generates: no rule, the per-cell fit's choices and a flatter torso. */
export const CD_GRID: HeadTorsoDepth[] = [{ head: 1, torso: 1 }, { head: 1.1, torso: 1 }, { head: 1.2, torso: 1 }, { head: 1.1, torso: 0.9 }, { head: 1.1, torso: 0.8 }];

const cdRowSchema = z.object({ id: z.string(), artist: z.string(), cd: z.array(z.number()) });
type CdRow = z.infer<typeof cdRowSchema>;

async function cdRows(dir: string, plan: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const manifest = readManifest(dir);
  const rows: CdRow[] = [];
  for (const c of manifest.filter((m) => m.bodyPlan === plan && (!only || only.includes(m.id)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    if (mostInformativeView(mesh) !== 'front') continue;
    const truth = unitHeight(turnToView(mesh, 'front'));
    const picture = benchmarkPicture(truth);
    const cd: number[] = [];
    for (const k of CD_GRID) cd.push(compare(truth, (await generateModel(picture, { height: 1, bodyPlan: plan, view: 'front', headTorso: k })).mesh, samples).cd);
    rows.push({ id: c.id, artist: c.artist, cd });
    console.log(`${c.id} (${c.artist}): ${cd.map((v) => v.toFixed(4)).join(' ')}`);
    const out = arg('--json');
    if (out) writeFileSync(out, JSON.stringify(rows));
  }
}

/** `--cd-rest`: the benchmark's CD with the shipped head and torso and each limbs' factor of `--rests` (1 first: the balls as they are). */
const restRowSchema = z.object({ id: z.string(), artist: z.string(), rests: z.array(z.number()), cd: z.array(z.number()) });
type RestRow = z.infer<typeof restRowSchema>;

async function restRows(dir: string, plan: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const rests = (arg('--rests') ?? '1,1.1,1.2,1.3').split(',').map(Number);
  const base = learnedHeadTorso(plan, 'front') ?? { head: 1, torso: 1 };
  const rows: RestRow[] = [];
  for (const c of readManifest(dir).filter((m) => m.bodyPlan === plan && (!only || only.includes(m.id)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    if (mostInformativeView(mesh) !== 'front') continue;
    const truth = unitHeight(turnToView(mesh, 'front'));
    const picture = benchmarkPicture(truth);
    const cd: number[] = [];
    for (const rest of rests) cd.push(compare(truth, (await generateModel(picture, { height: 1, bodyPlan: plan, view: 'front', headTorso: { ...base, rest }, textureSize: 16, thumbnailSize: 16 })).mesh, samples).cd);
    rows.push({ id: c.id, artist: c.artist, rests, cd });
    console.log(`${c.id} (${c.artist}): ${cd.map((v) => v.toFixed(4)).join(' ')}`);
    const out = arg('--json');
    if (out) writeFileSync(out, JSON.stringify(rows));
  }
}

/** `--merge-rest`: per artist, CD at each limbs' factor over CD at the first (geometric mean), and the factor the CD chooses left out. */
function restReport(rows: RestRow[]): void {
  const { values: rests, artists, of, ratio, chosen } = artistGrid(rows, { values: (r) => r.rests, flag: '--rests', column: 'limbs' });
  console.log(`| left out by CD | ${artists.map((a) => `${ratio(of(a).map((r) => ({ ...r, cd: [r.cd[0]!, r.cd[chosen.get(a)!]!] })), 1).toFixed(3)} (${rests[chosen.get(a)!]})`).join(' | ')} | | ${mean(rows.map((r) => r.cd[chosen.get(r.artist)!]!)).toFixed(5)} |`);
}

function cdReport(rows: CdRow[]): void {
  const artists = [...new Set(rows.map((r) => r.artist))];
  const label = (k: number) => `(${CD_GRID[k]!.head}, ${CD_GRID[k]!.torso})`;
  const ratio = (f: (r: CdRow) => boolean, k: (r: CdRow) => number) => Math.exp(mean(rows.filter(f).map((r) => Math.log(r.cd[k(r)]! / r.cd[0]!))));
  const cdOf = (f: (r: CdRow) => boolean, k: (r: CdRow) => number) => mean(rows.filter(f).map((r) => r.cd[k(r)]!));
  const best = (train: CdRow[]) => { const t = CD_GRID.map((_, k) => mean(train.map((r) => Math.log(r.cd[k]! / r.cd[0]!)))); return t.indexOf(Math.min(...t)); };
  console.log(`| head, torso | ${artists.map((a) => `${a} (${rows.filter((r) => r.artist === a).length})`).join(' | ')} | all (${rows.length}) | mean CD |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  CD_GRID.forEach((_, k) => console.log(`| ${label(k)} | ${artists.map((a) => ratio((r) => r.artist === a, () => k).toFixed(3)).join(' | ')} | ${ratio(() => true, () => k).toFixed(3)} | ${cdOf(() => true, () => k).toFixed(5)} |`));
  const chosen = new Map(artists.map((a) => [a, best(rows.filter((r) => r.artist !== a))]));
  console.log(`| left out by CD | ${artists.map((a) => ratio((r) => r.artist === a, (r) => chosen.get(r.artist)!).toFixed(3)).join(' | ')} | ${ratio(() => true, (r) => chosen.get(r.artist)!).toFixed(3)} | ${cdOf(() => true, (r) => chosen.get(r.artist)!).toFixed(5)} |`);
  console.log(`\nchosen by CD without each artist: ${artists.map((a) => `${a} ${label(chosen.get(a)!)}`).join(', ')}; on all ${label(best(rows))}`);
  console.log(`mean CD per artist: ${artists.map((a) => `${a} ${CD_GRID.map((_, k) => cdOf((r) => r.artist === a, () => k).toFixed(5)).join(' / ')}`).join('; ')}`);
}

/** Measures the dev set at `dir`: `--cd` the CD rows, otherwise the anatomy fit (its table, `--write` the JSON). */
async function measure(dir: string): Promise<void> {
  const plan = arg('--plan') ?? 'biped';
  if (process.argv.includes('--cd-rest')) {
    await restRows(dir, plan);
    return;
  }
  if (process.argv.includes('--cd')) {
    await cdRows(dir, plan);
    return;
  }
  const manifest = readManifest(dir);
  const set: Sample[] = [];
  for (const c of manifest.filter((m) => m.bodyPlan === plan)) {
    const mesh = await readCharacterMesh(dir, c.id);
    if (mostInformativeView(mesh) !== 'front') continue;
    const turned = turnToView(mesh, 'front');
    const s = { id: c.id, artist: c.artist, ...samples(turned.positions, turned.indices, depthPrior(plan, 'front').c) };
    set.push(s);
    console.log(`${c.id} (${c.artist}): neck ${s.neck ? 'found' : 'none'}, own best ${JSON.stringify(fit([s]))}, own ratios ${JSON.stringify(ownRatios(s))}, limbs ${ownRest(s).toFixed(3)}`);
  }
  const artists = [...new Set(set.map((s) => s.artist))];
  const med = (xs: number[]) => { const v = xs.filter(Number.isFinite).sort((a, b) => a - b); return v.length ? (v[(v.length - 1) >> 1]! + v[v.length >> 1]!) / 2 : NaN; };
  const anatomy = (train: Sample[]): HeadTorsoDepth => ({ head: med(train.map((s) => ownRatios(s).head)), torso: med(train.map((s) => ownRatios(s).torso)) });
  console.log(`\nanatomy (median of the characters' own ratios): without each artist ${artists.map((a) => `${a} ${JSON.stringify(anatomy(set.filter((s) => s.artist !== a)))}`).join(', ')}; on all ${JSON.stringify(anatomy(set))}`);
  // The limbs (`--rest`): each character's own ratio above the feet, the median over the others' left out by artist.
  const rests = (train: Sample[]) => med(train.map(ownRest));
  const restAll = Math.round(rests(set) * 100) / 100;
  console.log(`limbs (median of the characters' own ratios above the feet): without each artist ${artists.map((a) => `${a} ${rests(set.filter((s) => s.artist !== a)).toFixed(3)}`).join(', ')}; on all ${rests(set).toFixed(3)}`);
  if (process.argv.includes('--write-rest')) {
    const file = join(__dirname, '../src/head-torso.json');
    const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const fittedBy = `packages/generate/scripts/fit-head-torso.ts --write-rest (${plan}s pictured from the front: the true half-depth of the arms and legs above the feet over their spheres, the median per character, the median over the characters; left out by artist ${Math.min(...artists.map((a) => rests(set.filter((s) => s.artist !== a)))).toFixed(2)}-${Math.max(...artists.map((a) => rests(set.filter((s) => s.artist !== a)))).toFixed(2)})`;
    writeFileSync(file, `${JSON.stringify({ ...table, restFittedBy: fittedBy, rests: { ...(table.rests as object | undefined), [`${plan}/front`]: restAll } }, null, 1)}\n`);
    console.log(`wrote ${file} (rests ${plan}/front ${restAll})`);
  }
  const one: HeadTorsoDepth = { head: 1, torso: 1 };
  const held = new Map(artists.map((a) => [a, fit(set.filter((s) => s.artist !== a))]));
  const all = fit(set);
  const errs = (f: (a: string) => HeadTorsoDepth) => artists.map((a) => mean(set.filter((s) => s.artist === a).map((s) => error(s, f(a)))));
  const total = (f: (a: string) => HeadTorsoDepth) => mean(set.map((s) => error(s, f(s.artist))));
  console.log(`\n| | ${artists.map((a) => `${a} (${set.filter((s) => s.artist === a).length})`).join(' | ')} | all (${set.length}) |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|`);
  console.log(`| balls as they are (1, 1) | ${errs(() => one).map((e) => e.toFixed(4)).join(' | ')} | ${total(() => one).toFixed(4)} |`);
  console.log(`| head and torso, left out | ${errs((a) => held.get(a)!).map((e) => e.toFixed(4)).join(' | ')} | ${total((a) => held.get(a)!).toFixed(4)} |`);
  console.log(`| head and torso, in sample (${all.head.toFixed(2)}, ${all.torso.toFixed(2)}) | ${errs(() => all).map((e) => e.toFixed(4)).join(' | ')} | ${total(() => all).toFixed(4)} |`);
  console.log(`\nchosen without each artist: ${[...held].map(([a, k]) => `${a} (head ${k.head.toFixed(2)}, torso ${k.torso.toFixed(2)})`).join(', ')}; on all: head ${all.head.toFixed(2)}, torso ${all.torso.toFixed(2)}`);
  const before = errs(() => one), after = errs((a) => held.get(a)!);
  const big = artists.map((a, i) => [a, i] as const).filter(([a]) => set.filter((s) => s.artist === a).length >= 3);
  const gains = total((a) => held.get(a)!) < total(() => one) && big.every(([, i]) => after[i]! <= before[i]!);
  console.log(`left out beats the balls as they are for the set and every artist with 3+ characters: ${gains ? 'yes' : 'no'}`);
  if (process.argv.includes('--write') && gains) {
    const file = join(__dirname, '../src/head-torso.json');
    writeFileSync(file, `${JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), fittedBy: `packages/generate/scripts/fit-head-torso.ts (${plan}s pictured from the front: the true half-depth behind each cell against c · max(head · B_head, torso · B_torso, B_rest), least mean |error|, left out by artist better for every artist with 3+ characters)`, depths: { [`${plan}/front`]: { head: Math.round(all.head * 100) / 100, torso: Math.round(all.torso * 100) / 100 } } }, null, 1)}\n`);
    console.log(`wrote ${file}`);
  }
}

if (process.argv.includes('--merge-rest')) {
  const files = arg('--merge-rest');
  if (!files) {
    console.error('usage: fit-head-torso.ts --merge-rest a.json,b.json');
    process.exit(2);
  }
  restReport(readRows(files, restRowSchema));
} else {
  runFitScript({
    usage: 'usage: fit-head-torso.ts <dev-set dir> [--plan biped] [--write] [--write-rest] | --cd | --cd-rest [--rests 1,1.1,1.2] [--only ids] --json rows.json',
    measure,
    merge: { schema: cdRowSchema, report: cdReport },
  });
}

/**
 * The trunk's depth of a four-legged body pictured from the side (`src/side-trunk.ts`), learned from
 * the dev set's true meshes and chosen leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-side-trunk.ts <dev set> [--plan quadruped] [--only ids] [--json rows.json]
 *   npx tsx packages/generate/scripts/fit-side-trunk.ts <dev set> --cd [--only ids] [--samples 4000] --json cd.json
 *   npx tsx packages/generate/scripts/fit-side-trunk.ts --merge a.json,b.json
 *
 * For every character of the plan the benchmark pictures from the side, stood 1 tall: the true mesh
 * is rasterised orthographically (GRID cells on the longer side), per covered cell the nearest and
 * farthest surface; the legs are taken off as the engine takes them (`findSideLegs`), and on the body
 * that is left each cell's true half-depth t (picture heights) is paired with the engine's sphere
 * heights there of the core's balls and the limbs' (`splitParts`, `ballsByKind`), times the view's
 * prior c. The character's own **trunk** ratio is the median t / (c · B_core) over the cells the core's
 * spheres give the depth of (and its **limb** ratio likewise, printed alongside); the factor for an
 * artist is the median of the other artists' characters' own ratios (left out), the shipped one the
 * median over all.
 *
 * `--cd` scores the benchmark's own CD instead: each character pictured as the benchmark does,
 * generated with each factor of CD_GRID (the engine's option `sideTrunk`), CD at `--samples`;
 * `--merge` reports the mean CD per artist at each factor and at each artist's left-out factor.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { BODY_PLAN_LEGS, BODY_PLANS } from '@rigforge/vocabulary';
import { generateModel } from '../src';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { ballsByKind, splitParts } from '../src/body-parts';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { distanceTransform } from '../src/mask-ops';
import { findSideLegs } from '../src/side-legs';
import type { SideTrunkDepth } from '../src/side-trunk';
import { arg, benchmarkPicture, mean, mostInformativeView, rasterDepth, turnToView, unitHeight, readManifest, readCharacterMesh } from './dev-set-views';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

/** Grid cells along the longer side of the picture. */
const GRID = 192;
/** The (trunk, limbs) pairs `--cd` generates ((1, 1): no rule). */
export const CD_GRID: SideTrunkDepth[] = [{ trunk: 1, limbs: 1 }, { trunk: 1, limbs: 1.1 }, { trunk: 1, limbs: 1.2 }, { trunk: 1, limbs: 1.35 }, { trunk: 0.9, limbs: 1.1 }];

// `layered`: the engine builds the legs as parts (else the rule does not apply, and the character is not in the medians).
const rowSchema = z.object({ id: z.string(), artist: z.string(), layered: z.boolean(), trunk: z.number(), limb: z.number(), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

const median = (xs: number[]): number => { const v = xs.filter(Number.isFinite).sort((a, b) => a - b); return v.length ? (v[(v.length - 1) >> 1]! + v[v.length >> 1]!) / 2 : NaN; };

/** The character's own trunk and limb ratios: true half-depth over c × the core's (limbs') sphere height where those give the depth. */
function ownRatios(positions: Float32Array, indices: Uint32Array, c: number, legPairs: number): { layered: boolean; trunk: number; limb: number } {
  const { w, h, scale: s, height, near, far } = rasterDepth(positions, indices, GRID, 2);
  const mask = Uint8Array.from(near, (z) => (Number.isFinite(z) ? 1 : 0));
  const found = findSideLegs(mask, w, h, {}, distanceTransform(mask, w, h));
  const body = found.body;
  // As `layerSideLegs` decides: one column per pair (the near leg hiding the far) or every leg apart.
  const layered = (found.legs.length > 0 && found.legs.length <= legPairs) || found.legs.length === 2 * legPairs;
  const distance = distanceTransform(body, w, h);
  const kinds = ballsByKind(medialBalls(distance, w, h), splitParts(body, distance, w, h, false), w);
  const cells: number[] = [];
  for (let p = 0; p < w * h; p++) if (body[p] && Number.isFinite(near[p]!)) cells.push(p);
  const centres = cells.flatMap((p) => [(p % w) + 0.5, Math.floor(p / w) + 0.5]);
  const px = height * s;
  const e = ballExponent('side'); // the engine's profile for side pictures
  const core = ballHeights(centres, kinds.core, e).map((v) => (c * v) / px), limb = ballHeights(centres, kinds.limb, e).map((v) => (c * v) / px);
  const trunk: number[] = [], limbs: number[] = [];
  cells.forEach((p, i) => {
    const t = (far[p]! - near[p]!) / 2 / height;
    if (core[i]! > 0 && core[i]! >= limb[i]!) trunk.push(t / core[i]!);
    else if (limb[i]! > 0) limbs.push(t / limb[i]!);
  });
  return { layered, trunk: median(trunk), limb: median(limbs) };
}

function report(all: Row[]): void {
  const rows = all.filter((r) => r.layered);
  console.log(`legs not built as parts (the rule does not apply; left out of the medians and the table): ${all.filter((r) => !r.layered).map((r) => r.id).join(', ') || 'none'}`);
  const artists = [...new Set(rows.map((r) => r.artist))];
  const heldOut = new Map(artists.map((a): [string, SideTrunkDepth] => [a, { trunk: median(rows.filter((r) => r.artist !== a).map((r) => r.trunk)), limbs: median(rows.filter((r) => r.artist !== a).map((r) => r.limb)) }]));
  console.log(`\nown trunk ratio: median ${median(rows.map((r) => r.trunk)).toFixed(3)} (range ${Math.min(...rows.map((r) => r.trunk)).toFixed(2)}–${Math.max(...rows.map((r) => r.trunk)).toFixed(2)}); limb ratio median ${median(rows.map((r) => r.limb)).toFixed(3)}`);
  console.log(`left out by artist (trunk, limbs): ${artists.map((a) => `${a} (${heldOut.get(a)!.trunk.toFixed(3)}, ${heldOut.get(a)!.limbs.toFixed(3)})`).join(', ')}`);
  if (!rows.every((r) => r.cd.length === CD_GRID.length)) return;
  // The CD at the grid pair nearest each artist's left-out pair.
  const gap = (g: SideTrunkDepth, k: SideTrunkDepth) => Math.abs(g.trunk - k.trunk) + Math.abs(g.limbs - k.limbs);
  const nearest = (k: SideTrunkDepth) => CD_GRID.reduce((b, g, i) => (gap(g, k) < gap(CD_GRID[b]!, k) ? i : b), 0);
  const label = (g: SideTrunkDepth) => `(${g.trunk}, ${g.limbs})`;
  const cdOf = (f: (r: Row) => boolean, k: (r: Row) => number) => mean(rows.filter(f).map((r) => r.cd[k(r)]!));
  console.log(`\n| trunk, limbs | ${artists.map((a) => `${a} (${rows.filter((r) => r.artist === a).length})`).join(' | ')} | all (${rows.length}) |`);
  console.log(`|---:|${artists.map(() => '---:').join('|')}|---:|`);
  CD_GRID.forEach((g, k) => console.log(`| ${label(g)} | ${artists.map((a) => cdOf((r) => r.artist === a, () => k).toFixed(5)).join(' | ')} | ${cdOf(() => true, () => k).toFixed(5)} |`));
  console.log(`| left out (nearest grid factor) | ${artists.map((a) => `${cdOf((r) => r.artist === a, () => nearest(heldOut.get(a)!)).toFixed(5)} ${label(CD_GRID[nearest(heldOut.get(a)!)]!)}`).join(' | ')} | ${cdOf(() => true, (r) => nearest(heldOut.get(r.artist)!)).toFixed(5)} |`);
}

/** Measures the dev set at `dir`: each character's own ratios, `--cd` the CD at each grid pair; writes `--json` and reports. */
async function measure(dir: string): Promise<void> {
  const plan = arg('--plan') ?? 'quadruped';
  const bodyPlan = BODY_PLANS.find((p) => p === plan);
  if (!bodyPlan) throw new Error(`unknown plan ${plan}`);
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const c = depthPrior(plan, 'side').c;
  const manifest = readManifest(dir);
  const rows: Row[] = [];
  for (const m of manifest.filter((x) => x.bodyPlan === plan && (!only || only.includes(x.id)))) {
    const mesh = await readCharacterMesh(dir, m.id);
    if (mostInformativeView(mesh) !== 'side') continue;
    const turned = turnToView(mesh, 'side');
    const own = ownRatios(turned.positions, turned.indices, c, BODY_PLAN_LEGS[bodyPlan] / 2);
    const cd: number[] = [];
    if (process.argv.includes('--cd')) {
      const truth = unitHeight(turned);
      const picture = benchmarkPicture(truth);
      for (const k of CD_GRID) cd.push(compare(truth, (await generateModel(picture, { height: 1, bodyPlan: plan, view: 'side', sideTrunk: k })).mesh, samples).cd);
    }
    rows.push({ id: m.id, artist: m.artist, layered: own.layered, trunk: own.trunk, limb: own.limb, cd });
    console.log(`${m.id} (${m.artist}):${own.layered ? '' : ' (legs not built as parts)'} own trunk ${own.trunk.toFixed(3)}, limb ${own.limb.toFixed(3)}${cd.length ? `, CD ${cd.map((v) => v.toFixed(4)).join(' ')}` : ''}`);
    const out = arg('--json');
    if (out) writeFileSync(out, JSON.stringify(rows));
  }
  report(rows);
}

runFitScript({
  usage: 'usage: fit-side-trunk.ts <dev-set dir> [--plan quadruped] [--only ids] [--cd] [--json rows.json]',
  measure,
  merge: { schema: rowSchema, report },
});

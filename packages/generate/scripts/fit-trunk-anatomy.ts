/**
 * How deep a fish's or flyer's trunk is against its own width, and where its lateral plates (wings,
 * flippers) sit front to back against it, measured on the dev set's **true meshes** (no model is
 * generated, no score is fitted): the anatomy behind `fins-wings.ts`'s `trunkCaps` (shipped for
 * flyers seen from above), `ownTrunks` and `plateLift` (measured, not shipped).
 *
 *   npx tsx packages/generate/scripts/fit-trunk-anatomy.ts ../shared/rig-dev-set [--plans aquatic,avian] [--views top,front] [--grid 512] [--json rows.json] [--write --ship avian/top]
 *
 * Per character and view (turned and stood 1 tall as the benchmark pictures it), the true mesh is
 * rasterised orthographically (`rasterDepth`, `--grid` cells on its longer side, the engine's working
 * resolution by default: per cell the nearest and farthest surface); its coverage is the silhouette,
 * split as the engine splits a picture (`middleLine`, `splitByLine`: the medial balls whose disc
 * reaches the body's middle line are the trunk, the rest lateral parts), and the body's own
 * half-width between its wings is `middleBandHalfWidth`. Cells whose true surface is one sheet (a
 * wing modelled as a single polygon: under SHEET_CELLS thick) have no thickness and are skipped. c is
 * the engine's depth prior for the plan and view. Per character:
 *
 * - `peak`: the body's largest true half-depth (95th percentile over the trunk cells within the
 *   half-width of the middle line) over c × that half-width. With `trunkCap` k the engine holds the
 *   trunk to k × c × the half-width, so this is the cap that character's body needs (`trunkCaps`).
 * - `own` and `body`: the median over the trunk cells (all, or those within the half-width of the
 *   line) of the true half-depth over c × min(the trunk's sphere, the half-width): the k of
 *   `ownTrunks` (the trunk k × c × min(sphere, half-width)).
 * - `lift`: the lateral cells' true middle (median) against the trunk cells' (median), over the
 *   trunk's largest true half-depth (95th percentile), plus the engine's lean for the view times the
 *   trunk's median half-depth over that largest (the lean already moves the trunk's middle towards
 *   the camera): `plateLift` in the engine's units.
 *
 * Each is chosen leaving one artist out: a plan-view's value for an artist is the median over the
 * other artists' characters of the same plan and view (NaN where they have none). `--write` writes
 * the median `peak` over all the plan-view's characters, for the plan-views in `--ship`, into
 * `src/fins-wings.json`'s `trunkCaps` (rounded to 0.01).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { ballExponent, depthLean, depthPrior } from '../src/depth-prior';
import { middleBandHalfWidth, middleLine, splitByLine } from '../src/fins-wings';
import { distanceTransform } from '../src/mask-ops';
import { arg, centred, mostInformativeView, rasterDepth, turnToView, unitHeight, type View, readManifest, readCharacterMesh } from './dev-set-views';

export interface AnatomyRow { id: string; plan: string; artist: string; view: 'front' | 'top'; bestView: boolean; own: number; body: number; peak: number; lift: number; trunkCells: number; lateralCells: number }

/** Below this true half-depth (raster cells) a cell is a single sheet, not a body. */
export const SHEET_CELLS = 0.5;

const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]! : NaN;
};

/** The anatomy of one true mesh seen from `view` (already turned so the view looks along −Z from +Z). */
export function trunkAnatomy(positions: Float32Array, indices: Uint32Array, plan: string, view: 'front' | 'top', grid: number): { own: number; body: number; peak: number; lift: number; trunkCells: number; lateralCells: number } {
  const r = rasterDepth(centred(positions), indices, grid, 2);
  const mask = new Uint8Array(r.w * r.h);
  for (let i = 0; i < mask.length; i++) mask[i] = Number.isFinite(r.near[i]!) ? 1 : 0;
  const distance = distanceTransform(mask, r.w, r.h);
  const line = middleLine(mask, r.w, r.h, view);
  const { trunk, lateral } = splitByLine(medialBalls(distance, r.w, r.h), line);
  const band = middleBandHalfWidth(mask, distance, r.w, r.h, line);
  const points: number[] = [], cells: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) { points.push((i % r.w) + 0.5, Math.floor(i / r.w) + 0.5); cells.push(i); }
  const e = ballExponent(view), t = ballHeights(points, trunk, e), l = ballHeights(points, lateral, e);
  const c = depthPrior(plan, view).c;
  const ratios: number[] = [], bodyRatios: number[] = [], bodyHalf: number[] = [], trunkMid: number[] = [], trunkHalf: number[] = [], lateralMid: number[] = [];
  cells.forEach((cell, q) => {
    const off = Math.abs((line.horizontal ? Math.floor(cell / r.w) : cell % r.w) + 0.5 - line.at);
    // True half-depth and middle in cells (the raster's scale), z towards the camera.
    const half = ((r.far[cell]! - r.near[cell]!) / 2) * r.scale, mid = ((r.far[cell]! + r.near[cell]!) / 2) * r.scale;
    // A cell whose true surface is one sheet (near = far within half a cell: a wing modelled as a
    // single polygon) has no thickness to measure: only cells where the mesh encloses volume count.
    if (half < SHEET_CELLS) return;
    if (t[q]! > 0 && t[q]! >= l[q]!) {
      ratios.push(half / (c * Math.min(t[q]!, band)));
      // The body itself: trunk cells within the body's own half-width of the middle line (not the wing roots' discs).
      if (off <= band) { bodyRatios.push(half / (c * Math.min(t[q]!, band))); bodyHalf.push(half); }
      trunkMid.push(mid); trunkHalf.push(half);
    } else if (l[q]! > 0 && t[q]! === 0) lateralMid.push(mid);
  });
  const largest = quantile(trunkHalf, 0.95);
  const lift = lateralMid.length && largest > 0 ? (median(lateralMid) - median(trunkMid)) / largest + depthLean(view, plan) * (median(trunkHalf) / largest) : NaN;
  return { own: median(ratios), body: median(bodyRatios), peak: quantile(bodyHalf, 0.95) / (c * band), lift, trunkCells: ratios.length, lateralCells: lateralMid.length };
}

/** Per artist: the median of the other artists' rows of the same plan and view (NaN where they have none). */
export function heldOut(rows: AnatomyRow[], key: 'own' | 'body' | 'peak' | 'lift'): Map<AnatomyRow, number> {
  const out = new Map<AnatomyRow, number>();
  for (const row of rows) out.set(row, median(rows.filter((o) => o.plan === row.plan && o.view === row.view && o.artist !== row.artist && Number.isFinite(o[key])).map((o) => o[key])));
  return out;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: fit-trunk-anatomy.ts <dev-set dir> [--plans aquatic,avian] [--views top,front] [--grid 192] [--json rows.json] [--write --ship avian/top]');
    process.exit(2);
  }
  const plans = (arg('--plans') ?? 'aquatic,avian').split(','), grid = Number(arg('--grid') ?? 512);
  const views = (arg('--views') ?? 'top,front').split(',').filter((v): v is 'front' | 'top' => v === 'front' || v === 'top');
  const rows: AnatomyRow[] = [];
  for (const c of readManifest(dir).filter((x) => plans.includes(x.bodyPlan))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const best: View = mostInformativeView(mesh);
    for (const view of views) {
      const truth = unitHeight(turnToView(mesh, view));
      rows.push({ id: c.id, plan: c.bodyPlan, artist: c.artist, view, bestView: view === best, ...trunkAnatomy(truth.positions, truth.indices, c.bodyPlan, view, grid) });
    }
  }
  const own = heldOut(rows, 'own'), body = heldOut(rows, 'body'), peak = heldOut(rows, 'peak'), lift = heldOut(rows, 'lift');
  console.log('| character (artist) | plan/view | best view | own k | held out k | body k | held out body k | peak | held out peak | lift | held out lift | trunk / lateral cells |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.id} (${r.artist}) | ${r.plan}/${r.view} | ${r.bestView ? 'yes' : ''} | ${r.own.toFixed(3)} | ${own.get(r)!.toFixed(3)} | ${r.body.toFixed(3)} | ${body.get(r)!.toFixed(3)} | ${r.peak.toFixed(3)} | ${peak.get(r)!.toFixed(3)} | ${r.lift.toFixed(3)} | ${lift.get(r)!.toFixed(3)} | ${r.trunkCells} / ${r.lateralCells} |`);
  }
  const keys = [...new Set(rows.map((r) => `${r.plan}/${r.view}`))].sort();
  const onAll: Record<string, { own: number; body: number; peak: number; lift: number }> = {};
  for (const key of keys) {
    const rs = rows.filter((r) => `${r.plan}/${r.view}` === key);
    onAll[key] = { own: median(rs.map((r) => r.own).filter(Number.isFinite)), body: median(rs.map((r) => r.body).filter(Number.isFinite)), peak: median(rs.map((r) => r.peak).filter(Number.isFinite)), lift: median(rs.map((r) => r.lift).filter(Number.isFinite)) };
    console.log(`${key}: on all, own k ${onAll[key]!.own.toFixed(3)}, body k ${onAll[key]!.body.toFixed(3)}, peak ${onAll[key]!.peak.toFixed(3)}, lift ${onAll[key]!.lift.toFixed(3)} (${rs.length} characters)`);
  }
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify(rows, null, 1));
  if (process.argv.includes('--write')) {
    const ship = (arg('--ship') ?? '').split(',').filter(Boolean);
    const file = join(__dirname, '..', 'src', 'fins-wings.json');
    const table: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof table !== 'object' || table === null) throw new Error('fins-wings.json: not an object');
    const trunkCaps: Record<string, number> = {};
    for (const key of ship) if (onAll[key] && Number.isFinite(onAll[key]!.peak)) trunkCaps[key] = Math.round(onAll[key]!.peak * 100) / 100;
    writeFileSync(file, `${JSON.stringify({ ...table, trunkCaps }, null, 2)}\n`);
    console.log(`wrote trunkCaps ${JSON.stringify(trunkCaps)} to ${file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

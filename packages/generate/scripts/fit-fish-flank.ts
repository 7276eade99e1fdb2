/**
 * How wide a fish's body is against its height, seen from its flank (`src/fish-flank.ts`), measured
 * on the dev set's **true meshes** and chosen leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-fish-flank.ts <dev set> [--plan aquatic] [--grid 192] [--json rows.json] [--write]
 *   npx tsx packages/generate/scripts/fit-fish-flank.ts <dev set> --width [--write-width]
 *
 * Per character of the plan and each of its three views (stood 1 tall as the benchmark pictures it),
 * the true mesh is rasterised orthographically (`rasterDepth`, `--grid` cells on its longer side):
 * its coverage is the silhouette, and `flankSymmetry` (its mirror overlap about its long axis) is
 * printed for every view. The view where it is lowest is the character's **flank** (its back and
 * belly differ; from above, below or nose on a fish is mirror-symmetric). On the flank the silhouette
 * is split as the engine splits it (`sideAxis`, `splitByAxis`: the balls reaching the trunk's axis are
 * the trunk), and the character's own **k** is the median, over the cells the trunk's spheres give
 * the depth of (and whose true surface encloses volume), of the true half-depth over c × the trunk's
 * sphere height (c: the engine's prior for the plan and the view). The plan's k for an artist is the
 * median of the other artists' characters' own k (left out); the shipped one the median over all.
 * `below`, the symmetry under which the engine reads a picture as a flank, is the midpoint between
 * the highest flank symmetry and the lowest symmetry of any other view (printed with both ends).
 * `--write` writes the on-all k and `below` into `src/fish-flank.json`.
 *
 * `--width`: the link between a fish's section and its width (`fish-flank.ts` `flankWidth`, k =
 * (p / 2)^w). Per fish, p is its **section**'s superellipse exponent: the nose-on view (of the two
 * views that are not its flank, the one covering fewer cells) read as the engine reads an outline
 * (`trunkHeights`, the whole profile's `profileExponent`); k its own k on the flank, as above. w is the
 * least-squares slope of ln k on ln(p / 2) through the origin (a round section is the prior's body),
 * over the fish of the other artists (left out) and over all (shipped; `--write-width` writes it into
 * `outlineExponents.<plan>.width`, keeping the rest of the file). No model is made: anatomy only.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { ballExponent, depthPrior } from '../src/depth-prior';
import { sideAxis, splitByAxis } from '../src/fins-wings';
import { flankSymmetry } from '../src/fish-flank';
import { distanceTransform } from '../src/mask-ops';
import { profileExponent, trunkHeights } from '../src/outline-exponent';
import { readFileSync } from 'node:fs';
import { arg, centred, mostInformativeView, rasterDepth, readCharacterMesh, readManifest, turnToView, unitHeight, VIEWS, type View } from './dev-set-views';
import { runFitScript } from './fit-script';

/** Below this true half-depth (raster cells) a cell is a single sheet (a fin modelled as one polygon), not a body. */
const SHEET_CELLS = 0.5;
/** The fins' height scale when telling which balls give the depth (the shipped `sideLaterals.aquatic`). */
const FINS = 0.05;

interface Row { id: string; artist: string; best: View; flank: View; symmetry: Record<View, number>; own: number; cells: number; noseOn: View; section: number }

const median = (xs: number[]): number => { const v = xs.filter(Number.isFinite).sort((a, b) => a - b); return v.length ? (v[(v.length - 1) >> 1]! + v[v.length >> 1]!) / 2 : NaN; };

/** One view's silhouette (raster cells covered) and, on it, the character's own trunk k. */
function flankOf(positions: Float32Array, indices: Uint32Array, c: number, grid: number, view: View): { symmetry: number; own: number; cells: number; along: number; section: number } {
  const r = rasterDepth(centred(positions), indices, grid, 2);
  const mask = Uint8Array.from(r.near, (z) => (Number.isFinite(z) ? 1 : 0));
  const distance = distanceTransform(mask, r.w, r.h);
  // How far the mesh reaches along the view axis over its extent across it: largest looking along the fish's length (nose on).
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) { lo[i % 3] = Math.min(lo[i % 3]!, positions[i]!); hi[i % 3] = Math.max(hi[i % 3]!, positions[i]!); }
  const along = (hi[2]! - lo[2]!) / Math.max(hi[0]! - lo[0]!, hi[1]! - lo[1]!, 1e-9);
  // The view's outline read as a section (used for the nose-on view): the whole profile's exponent.
  const section = profileExponent(trunkHeights(mask, distance, r.w, r.h));
  const split = splitByAxis(medialBalls(distance, r.w, r.h), sideAxis(mask, distance, r.w));
  const cells: number[] = [], points: number[] = [];
  for (let p = 0; p < mask.length; p++) if (mask[p]) { cells.push(p); points.push((p % r.w) + 0.5, Math.floor(p / r.w) + 0.5); }
  const p = ballExponent(view), t = ballHeights(points, split.trunk, p), l = ballHeights(points, split.lateral, p);
  const ratios: number[] = [];
  cells.forEach((p, q) => {
    const half = ((r.far[p]! - r.near[p]!) / 2) * r.scale;
    if (half < SHEET_CELLS || !(t[q]! > 0) || t[q]! < FINS * l[q]!) return;
    ratios.push(half / (c * t[q]!));
  });
  return { symmetry: flankSymmetry(mask, r.w, r.h), own: median(ratios), cells: ratios.length, along, section };
}

/** Measures the dev set at `dir`: each fish's flank view and own k, the table, `--json` and `--write`. */
async function measure(dir: string): Promise<void> {
  const plan = arg('--plan') ?? 'aquatic', grid = Number(arg('--grid') ?? 192);
  const rows: Row[] = [];
  for (const ch of readManifest(dir).filter((x) => x.bodyPlan === plan)) {
    const mesh = await readCharacterMesh(dir, ch.id);
    const per = Object.fromEntries(VIEWS.map((view) => {
      const truth = unitHeight(turnToView(mesh, view));
      return [view, flankOf(truth.positions, truth.indices, depthPrior(plan, view).c, grid, view)];
    })) as Record<View, ReturnType<typeof flankOf>>;
    const flank = VIEWS.reduce((a, b) => (per[b].symmetry < per[a].symmetry ? b : a));
    const noseOn = VIEWS.filter((v) => v !== flank).reduce((a, b) => (per[b].along > per[a].along ? b : a));
    rows.push({ id: ch.id, artist: ch.artist, best: mostInformativeView(mesh), flank, symmetry: { front: per.front.symmetry, side: per.side.symmetry, top: per.top.symmetry }, own: per[flank].own, cells: per[flank].cells, noseOn, section: per[noseOn].section });
  }
  if (process.argv.includes('--width')) return widthLink(rows, plan);
  const heldOut = (artist: string): number => median(rows.filter((r) => r.artist !== artist).map((r) => r.own));
  console.log('| character (artist) | best view | flank | symmetry front / side / top | own k | held-out k | cells |');
  console.log('|---|---|---|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.id} (${r.artist}) | ${r.best} | ${r.flank} | ${VIEWS.map((v) => r.symmetry[v].toFixed(3)).join(' / ')} | ${r.own.toFixed(3)} | ${heldOut(r.artist).toFixed(3)} | ${r.cells} |`);
  }
  const flanks = rows.map((r) => r.symmetry[r.flank]), others = rows.flatMap((r) => VIEWS.filter((v) => v !== r.flank).map((v) => r.symmetry[v]));
  const highestFlank = Math.max(...flanks), lowestOther = Math.min(...others);
  const below = (highestFlank + lowestOther) / 2, k = median(rows.map((r) => r.own));
  for (const artist of [...new Set(rows.map((r) => r.artist))]) console.log(`without ${artist}: k ${heldOut(artist).toFixed(3)}`);
  console.log(`on all: k ${k.toFixed(3)}; flank symmetry at most ${highestFlank.toFixed(3)}, other views at least ${lowestOther.toFixed(3)}: below ${below.toFixed(3)}`);
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify(rows, null, 1));
  if (process.argv.includes('--write')) {
    const file = join(__dirname, '..', 'src', 'fish-flank.json');
    const table = { fittedBy: 'packages/generate/scripts/fit-fish-flank.ts (the true meshes\' own k on their flank, the median over the plan; see the package README)', plans: { [plan]: { trunk: Math.round(k * 100) / 100, below: Math.round(below * 1000) / 1000 } } };
    writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
    console.log(`wrote ${JSON.stringify(table.plans)} to ${file}`);
  }
}

/** The slope of ln k on ln(p / 2) through the origin over `rows` (NaN without any). */
function widthSlope(rows: Row[]): number {
  let xy = 0, xx = 0;
  for (const r of rows) {
    const x = Math.log(r.section / 2), y = Math.log(r.own);
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    xy += x * y; xx += x * x;
  }
  return xx > 0 ? xy / xx : NaN;
}

/** `--width`: each fish's section and own k, the link's exponent left out by artist and on all, and `--write-width`. */
function widthLink(rows: Row[], plan: string): void {
  const artists = [...new Set(rows.map((r) => r.artist))];
  const held = Object.fromEntries(artists.map((a) => [a, widthSlope(rows.filter((r) => r.artist !== a))]));
  const all = widthSlope(rows);
  console.log('| character (artist) | flank | nose-on | section p | own k | (p / 2)^w on all | held out (w of the other artists) |');
  console.log('|---|---|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.id} (${r.artist}) | ${r.flank} | ${r.noseOn} | ${r.section.toFixed(2)} | ${r.own.toFixed(3)} | ${Math.pow(r.section / 2, all).toFixed(3)} | ${Math.pow(r.section / 2, held[r.artist]!).toFixed(3)} |`);
  for (const a of artists) console.log(`without ${a}: w ${held[a]!.toFixed(3)}`);
  console.log(`on all: w ${all.toFixed(3)}`);
  if (process.argv.includes('--write-width')) {
    const file = join(__dirname, '..', 'src', 'fish-flank.json');
    const table: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const exponents: unknown = typeof table === 'object' && table !== null ? Reflect.get(table, 'outlineExponents') : undefined;
    const rule: unknown = typeof exponents === 'object' && exponents !== null ? Reflect.get(exponents, plan) : undefined;
    if (typeof rule !== 'object' || rule === null) throw new Error(`fish-flank.json: no outline exponent rule for ${plan} to add a width to`);
    Reflect.set(rule, 'width', Math.round(all * 100) / 100);
    writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
    console.log(`wrote outlineExponents.${plan}.width ${Math.round(all * 100) / 100} to ${file}`);
  }
}

runFitScript({ usage: 'usage: fit-fish-flank.ts <dev set> [--plan aquatic] [--grid 192] [--json rows.json] [--write] [--width [--write-width]]', measure });

/**
 * Where a generated model's CD comes from, per character: bounds the benchmark's CD
 * (`shape-distance.ts`) would reach if one thing about the depth were right.
 *
 *   npx tsx packages/generate/scripts/error-sources.ts ../shared/rig-dev-set [--only id,id] [--samples 8000]
 *
 * For each character at its most informative view (stood 1 tall, pictured as the benchmark does):
 *  - generated: the engine's model with the hints, as `score-dev-set.ts` scores it;
 *  - best scale: the same model with its depth (z) scaled by the best of a few factors: what a
 *    perfect per-character depth scale (flatness) would give;
 *  - true thickness: a two-sheet height field on the true mesh's raster (`rasterDepth`, 128 cells)
 *    with the true thickness at each cell, symmetric about one middle plane: what a perfect depth
 *    profile for the engine's symmetric body would give (placement front to back still missing);
 *  - true depth map: the same height field at the true nearest and farthest surface of each cell:
 *    what any one front sheet and one back sheet can reach (parts hidden behind others, folds and
 *    the inside of the silhouette's overlaps still missing).
 * The gaps between the columns say how much of the error is the depth's scale, its profile, the
 * placement of parts front to back, and what no two-sheet model has.
 */
import { generateModel } from '../src';
import { charactersInBestView, rasterDepth, type DepthRaster, arg, benchmarkPicture } from './dev-set-views';
import { compare } from './shape-distance';

const SCALES = [0.4, 0.6, 0.8, 1.25, 1.5];

/**
 * A closed two-sheet height field on a depth raster: per covered cell centre a front vertex at
 * `front(p)` and a back one at `back(p)`, a quad of each sheet wherever four neighbouring cells are
 * covered, and a wall joining the sheets along every quad edge on the border.
 */
export function heightField(r: DepthRaster, front: (p: number) => number, back: (p: number) => number): { positions: Float32Array; indices: Uint32Array } {
  const pos: number[] = [], idx: number[] = [];
  const covered = (x: number, y: number) => x >= 0 && y >= 0 && x < r.w && y < r.h && Number.isFinite(r.near[y * r.w + x]!);
  const ids = [new Map<number, number>(), new Map<number, number>()];
  const vertex = (p: number, sheet: 0 | 1): number => {
    let v = ids[sheet]!.get(p);
    if (v === undefined) {
      v = pos.length / 3;
      pos.push(((p % r.w) + 0.5) / r.scale, -(Math.floor(p / r.w) + 0.5) / r.scale, sheet ? back(p) : front(p));
      ids[sheet]!.set(p, v);
    }
    return v;
  };
  const edgeUse = new Map<string, number>();
  const quads: number[][] = [];
  for (let y = 0; y + 1 < r.h; y++) {
    for (let x = 0; x + 1 < r.w; x++) {
      if (!(covered(x, y) && covered(x + 1, y) && covered(x, y + 1) && covered(x + 1, y + 1))) continue;
      const q = [y * r.w + x, y * r.w + x + 1, (y + 1) * r.w + x + 1, (y + 1) * r.w + x];
      quads.push(q);
      for (let i = 0; i < 4; i++) {
        const a = q[i]!, b = q[(i + 1) % 4]!;
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        edgeUse.set(key, (edgeUse.get(key) ?? 0) + 1);
      }
    }
  }
  for (const q of quads) {
    const f = q.map((p) => vertex(p, 0)), b = q.map((p) => vertex(p, 1));
    idx.push(f[0]!, f[2]!, f[1]!, f[0]!, f[3]!, f[2]!, b[0]!, b[1]!, b[2]!, b[0]!, b[2]!, b[3]!);
  }
  for (const [key, uses] of edgeUse) {
    if (uses !== 1) continue;
    const [a, b] = key.split(',').map(Number) as [number, number];
    idx.push(vertex(a, 0), vertex(b, 0), vertex(b, 1), vertex(a, 0), vertex(b, 1), vertex(a, 1));
  }
  return { positions: new Float32Array(pos), indices: new Uint32Array(idx) };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: error-sources.ts <dev-set dir> [--only id,id] [--samples 8000]');
    process.exit(2);
  }
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 8000);
  const f = (x: number) => x.toFixed(4);
  console.log('| character | plan | artist | view | generated | best depth scale | true thickness, symmetric | true depth map |');
  console.log('|---|---|---|---|---:|---:|---:|---:|');
  for await (const c of charactersInBestView(dir)) {
    if (only && !only.includes(c.id)) continue;
    const truth = c.mesh;
    const picture = benchmarkPicture(truth);
    const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view: c.view })).mesh;
    const generated = compare(truth, made, samples).cd;
    let best: [number, number] = [1, generated];
    for (const s of SCALES) {
      const scaled = made.positions.map((v, i) => (i % 3 === 2 ? v * s : v));
      const cd = compare(truth, { positions: scaled, indices: made.indices }, samples).cd;
      if (cd < best[1]) best = [s, cd];
    }
    const r = rasterDepth(truth.positions, truth.indices, 128, 1);
    const half = (p: number) => (r.far[p]! - r.near[p]!) / 2;
    const symmetric = compare(truth, heightField(r, half, (p) => -half(p)), samples).cd;
    const map = compare(truth, heightField(r, (p) => r.far[p]!, (p) => r.near[p]!), samples).cd;
    console.log(`| ${c.id} | ${c.bodyPlan} | ${c.artist} | ${c.view} | ${f(generated)} | ${f(best[1])} (×${best[0]}) | ${f(symmetric)} | ${f(map)} |`);
  }
}

// Run only as a script: error-kinds.ts imports heightField.
if (process.argv[1]?.endsWith('error-sources.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * How much of a character's CD is a thin part reaching along the view axis: a rod, a tail, a weapon
 * pointing at (or away from) the camera, which the picture sees end-on as a dot, yet which sets the
 * true bounding box along that axis, so that the benchmark's box centring (`shape-distance.ts`)
 * displaces the whole made body against the true one.
 *
 *   npx tsx packages/generate/scripts/axis-reach.ts ../shared/rig-dev-set [--only id,id] [--samples 4000] [--slab 0.02] [--dense 0.005]
 *
 * For each character at its most informative view (stood 1 tall, pictured and generated as
 * `score-dev-set.ts` does, with the plan and view hints):
 *  - the true surface's area in slabs of `--slab` (of the height) along the view axis; the **core** is
 *    the span from the first to the last slab holding at least `--dense` of the area (a thin part
 *    holds little area per slab however far it reaches);
 *  - the **reach**: how far the true box goes past the core toward the camera (+) and away (−), and
 *    the share of the surface area out there;
 *  - the benchmark's CD against the truth, and against the truth cut to its core (every triangle
 *    wholly inside the core kept): what the same model would score were the thin part not there;
 *  - the same two for the model made with the view hint alone (the view's prior over all plans,
 *    without a plan's own scale or lean for that view, e.g. `planViews` in `depth-priors.json`).
 * A diagnosis, not a fit: nothing here is used by the engine.
 */
import { generateModel } from '../src';
import { bounds, charactersInBestView, arg, benchmarkPicture } from './dev-set-views';
import { compare } from './shape-distance';

interface Options { samples: number; slab: number; dense: number }

/** Area of each triangle and its depth span, in one pass. */
function trianglesAlongZ(positions: Float32Array, indices: Uint32Array): { area: Float64Array; zMin: Float64Array; zMax: Float64Array; zMid: Float64Array } {
  const n = Math.floor(indices.length / 3);
  const area = new Float64Array(n), zMin = new Float64Array(n), zMax = new Float64Array(n), zMid = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const a = indices[3 * t]! * 3, b = indices[3 * t + 1]! * 3, c = indices[3 * t + 2]! * 3;
    const u = [0, 1, 2].map((k) => positions[b + k]! - positions[a + k]!);
    const v = [0, 1, 2].map((k) => positions[c + k]! - positions[a + k]!);
    area[t] = Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!) / 2;
    const zs = [positions[a + 2]!, positions[b + 2]!, positions[c + 2]!];
    zMin[t] = Math.min(...zs);
    zMax[t] = Math.max(...zs);
    zMid[t] = (zs[0]! + zs[1]! + zs[2]!) / 3;
  }
  return { area, zMin, zMax, zMid };
}

/** The core span along z: first to last slab holding at least `dense` of the surface area. */
function coreSpan(tris: ReturnType<typeof trianglesAlongZ>, lo: number, hi: number, o: Options): [number, number] {
  const slabs = new Float64Array(Math.max(1, Math.ceil((hi - lo) / o.slab)));
  let total = 0;
  for (let t = 0; t < tris.area.length; t++) {
    const s = Math.min(slabs.length - 1, Math.max(0, Math.floor((tris.zMid[t]! - lo) / o.slab)));
    slabs[s] = slabs[s]! + tris.area[t]!;
    total += tris.area[t]!;
  }
  let first = 0, last = slabs.length - 1;
  while (first < last && slabs[first]! < o.dense * total) first++;
  while (last > first && slabs[last]! < o.dense * total) last--;
  return [lo + first * o.slab, Math.min(hi, lo + (last + 1) * o.slab)];
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: axis-reach.ts <dev-set dir> [--only id,id] [--samples 4000] [--slab 0.02] [--dense 0.005]');
    process.exit(2);
  }
  const only = arg('--only')?.split(',');
  const o: Options = { samples: Number(arg('--samples') ?? 4000), slab: Number(arg('--slab') ?? 0.02), dense: Number(arg('--dense') ?? 0.005) };
  console.log('| character | plan | view | true depth | core | reach + / − | area outside the core | CD | CD against the core | view prior only: CD | against the core |');
  console.log('|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|');
  for await (const c of charactersInBestView(dir)) {
    if (only && !only.includes(c.id)) continue;
    const truth = c.mesh;
    const box = bounds(truth.positions);
    const tris = trianglesAlongZ(truth.positions, truth.indices);
    const [coreLo, coreHi] = coreSpan(tris, box.min[2], box.max[2], o);
    const keep: number[] = [];
    let outside = 0, total = 0;
    for (let t = 0; t < tris.area.length; t++) {
      total += tris.area[t]!;
      if (tris.zMin[t]! >= coreLo && tris.zMax[t]! <= coreHi) keep.push(truth.indices[3 * t]!, truth.indices[3 * t + 1]!, truth.indices[3 * t + 2]!);
      else outside += tris.area[t]!;
    }
    // The kept triangles as their own mesh, so that its box (which the benchmark centres on) is the core's.
    const positions = new Float32Array(keep.length * 3);
    keep.forEach((v, i) => positions.set(truth.positions.subarray(v * 3, v * 3 + 3), i * 3));
    const core = { positions, indices: Uint32Array.from(keep, (_, i) => i) };
    const picture = benchmarkPicture(truth);
    const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view: c.view })).mesh;
    const viewOnly = (await generateModel(picture, { height: 1, view: c.view })).mesh;
    const f = (x: number, d = 3) => x.toFixed(d);
    console.log(`| ${c.id} | ${c.bodyPlan} | ${c.view} | ${f(box.max[2] - box.min[2], 2)} | ${f(coreLo, 2)} … ${f(coreHi, 2)} | ` +
      `${f(box.max[2] - coreHi, 2)} / ${f(coreLo - box.min[2], 2)} | ${f(outside / total)} | ${f(compare(truth, made, o.samples).cd, 4)} | ${f(compare(core, made, o.samples).cd, 4)} | ` +
      `${f(compare(truth, viewOnly, o.samples).cd, 4)} | ${f(compare(core, viewOnly, o.samples).cd, 4)} |`);
  }
}

void main();

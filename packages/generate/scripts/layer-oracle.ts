/**
 * What a perfect reading of occlusion could give: the benchmark's CD with the made model's parts
 * moved front to back as the true mesh places them, per piece of the picture that occlusion bounds.
 * A ceiling for a placement cue read from the picture's inner edges (which part passes in front of
 * which); nothing in the engine reads it.
 *
 *   npx tsx packages/generate/scripts/layer-oracle.ts ../shared/rig-dev-set --cache <dir> [--only id,id] [--samples 4000] [--grid 160] [--jump 0.03] [--json out.json]
 *
 * From the benchmark's cached models (`score-dev-set.ts --cache`), both centred on their boxes as the
 * benchmark centres them, rasterised along the view axis on one grid (the true box's frame). Per
 * covered cell, the middle of the true depth interval less the made model's is the offset that puts
 * the made model's middle where the truth's is. The made model's vertices are moved along the view
 * axis by:
 *  - rigid: the median offset over all cells (one shift; the box centring undoes most of it);
 *  - layers: the median offset of the vertex's **layer**: the true picture cut into pieces wherever
 *    neighbouring cells' visible surfaces step by more than `--jump` heights (an occlusion edge), so
 *    each piece is a part or a group of parts seen without occlusion inside it. What a cue that reads
 *    every occlusion edge, and the right depth for each side of it, could reach; and the same with only
 *    the layers of at least 0.5 % of the area moved (a sliver moved stretches the made mesh's
 *    triangles across its edge into walls the truth does not have);
 *  - cells: each cell's own offset (the median of its 5 × 5 cells', as a cell at the outline holds a
 *    sliver of either surface): every part's placement right, occluded or not (error-kinds.ts's
 *    placement bound, here without the thickness made right).
 * Vertices of cells the truth does not cover take the rigid offset.
 */
import { writeFileSync } from 'node:fs';
import { arg, bounds, centred, rasterDepth, readManifest, setAndCache, type DepthRaster } from './dev-set-views';
import { cachedModels, type PlainMesh } from './model-cache';
import { compare } from './shape-distance';

/** The least share of the covered area a layer holds to be moved in the `big layers` column. */
const MIN_LAYER = 0.005;

const median = (a: number[]): number => { const v = [...a].sort((x, y) => x - y); return v.length ? v[v.length >> 1]! : 0; };

/** Labels of the covered cells: connected pieces of the visible surface, cut where it steps by more than `jump` (raster units). */
export function layers(r: DepthRaster, jump: number): Int32Array {
  const label = new Int32Array(r.w * r.h).fill(-1);
  const vis = r.far;
  let next = 0;
  for (let p = 0; p < r.w * r.h; p++) {
    if (label[p] !== -1 || !Number.isFinite(vis[p]!)) continue;
    const stack = [p];
    label[p] = next;
    while (stack.length) {
      const q = stack.pop()!;
      const x = q % r.w, y = Math.floor(q / r.w);
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
        if (nx < 0 || ny < 0 || nx >= r.w || ny >= r.h) continue;
        const n = ny * r.w + nx;
        if (label[n] !== -1 || !Number.isFinite(vis[n]!) || Math.abs(vis[n]! - vis[q]!) > jump) continue;
        label[n] = next;
        stack.push(n);
      }
    }
    next++;
  }
  return label;
}

/** The made model with each vertex moved along z by `offset(cell)` (the cell it projects to on the truth's raster frame). */
function moved(made: PlainMesh, cellOf: (x: number, y: number) => number, offset: (cell: number) => number): PlainMesh {
  const p = Float32Array.from(made.positions);
  for (let i = 0; i < p.length; i += 3) p[i + 2] = p[i + 2]! + offset(cellOf(p[i]!, p[i + 1]!));
  return { positions: p, indices: made.indices };
}

async function main(): Promise<void> {
  const { set, cache } = setAndCache('layer-oracle.ts <dev-set dir> --cache <dir> [--only id,id] [--samples 4000] [--grid 160] [--jump 0.03] [--json out.json]');
  const samples = Number(arg('--samples') ?? 4000);
  const grid = Number(arg('--grid') ?? 160);
  const jump = Number(arg('--jump') ?? 0.03);
  const only = arg('--only')?.split(',') ?? readManifest(set).map((c) => c.id);
  const out = arg('--json');
  const rows: Array<{ id: string; plan: string; artist: string; view: string; layers: number; largest: number; moved: string; cd: number; rigid: number; layered: number; big: number; cells: number }> = [];
  console.log('| character | plan | artist | view | layers (≥ 1 % of the area) | largest layer | other layers: area, offset against the largest (H) | CD | rigid | layers | layers ≥ 0.5 % | cells |');
  console.log('|---|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|');
  for (const m of await cachedModels(set, cache, { only })) {
    const truth = { positions: centred(m.truth.positions), indices: m.truth.indices };
    const made = { positions: centred(m.made.positions), indices: m.made.indices };
    const tb = bounds(truth.positions);
    // the made model rasterised in the truth's frame: two unreferenced vertices at the truth's box corners fix the raster's bounds
    const withBox = (p: Float32Array) => Float32Array.from([...p, ...tb.min, ...tb.max]);
    const rt = rasterDepth(truth.positions, truth.indices, grid, 1);
    const rm = rasterDepth(withBox(made.positions), made.indices, grid, 1);
    const offsets = new Float64Array(rt.w * rt.h).fill(NaN);
    for (let p = 0; p < rt.w * rt.h; p++) {
      if (!Number.isFinite(rt.far[p]!) || !Number.isFinite(rm.far[p]!)) continue;
      offsets[p] = (rt.far[p]! + rt.near[p]!) / 2 - (rm.far[p]! + rm.near[p]!) / 2;
    }
    // each cell's offset as the median of its 5 × 5 neighbourhood's: a cell at the outline holds a sliver of either surface
    const smooth = new Float64Array(offsets.length).fill(NaN);
    for (let p = 0; p < offsets.length; p++) {
      if (!Number.isFinite(offsets[p]!)) continue;
      const x = p % rt.w, y = Math.floor(p / rt.w), near: number[] = [];
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
        const nx = x + dx, ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < rt.w && ny < rt.h && Number.isFinite(offsets[ny * rt.w + nx]!)) near.push(offsets[ny * rt.w + nx]!);
      }
      smooth[p] = median(near);
    }
    const all = [...offsets].filter((v) => Number.isFinite(v));
    const rigid = median(all);
    const label = layers(rt, jump * rt.height);
    const byLayer = new Map<number, number[]>();
    for (let p = 0; p < label.length; p++) if (label[p]! >= 0 && Number.isFinite(offsets[p]!)) byLayer.set(label[p]!, [...(byLayer.get(label[p]!) ?? []), offsets[p]!]);
    const layerOffset = new Map([...byLayer].map(([l, v]) => [l, median(v)]));
    const covered = label.reduce((s, l) => s + (l >= 0 ? 1 : 0), 0);
    const sizes = [...byLayer.values()].map((v) => v.length / covered);
    const cellOf = (x: number, y: number): number => {
      const cx = Math.floor((x - tb.min[0]!) * rt.scale + 1), cy = Math.floor((tb.max[1]! - y) * rt.scale + 1);
      return cx >= 0 && cy >= 0 && cx < rt.w && cy < rt.h ? cy * rt.w + cx : -1;
    };
    // the layers other than the largest, by area: share and offset against the largest's (heights)
    const largestLayer = [...byLayer].sort((a, b) => b[1].length - a[1].length)[0]?.[0] ?? -1;
    const layerMoves = [...byLayer].filter(([l, v]) => l !== largestLayer && v.length / covered >= 0.002)
      .sort((a, b) => b[1].length - a[1].length).slice(0, 4)
      .map(([l, v]) => `${(100 * v.length / covered).toFixed(1)} % ${((layerOffset.get(l)! - (layerOffset.get(largestLayer) ?? 0)) / rt.height).toFixed(3)}`).join('; ');
    const cd = compare(truth, made, samples).cd;
    const cdRigid = compare(truth, moved(made, cellOf, () => rigid), samples).cd;
    const cdLayers = compare(truth, moved(made, cellOf, (c) => (c >= 0 && label[c]! >= 0 ? layerOffset.get(label[c]!) ?? rigid : rigid)), samples).cd;
    // the same with only the layers of at least `MIN_LAYER` of the area moved (the rest rigid): moving a sliver stretches the
    // made mesh's triangles across its edge into walls the truth does not have
    const cdBig = compare(truth, moved(made, cellOf, (c) => (c >= 0 && label[c]! >= 0 && (byLayer.get(label[c]!)?.length ?? 0) >= MIN_LAYER * covered ? layerOffset.get(label[c]!) ?? rigid : rigid)), samples).cd;
    const cdCells = compare(truth, moved(made, cellOf, (c) => (c >= 0 && Number.isFinite(smooth[c]!) ? smooth[c]! : rigid)), samples).cd;
    const row = { id: m.id, plan: m.plan, artist: m.artist, view: m.view, layers: sizes.filter((s) => s >= 0.01).length, largest: Math.max(...sizes), moved: layerMoves, cd, rigid: cdRigid, layered: cdLayers, big: cdBig, cells: cdCells };
    rows.push(row);
    if (out) writeFileSync(out, JSON.stringify(rows));
    console.log(`| ${row.id} | ${row.plan} | ${row.artist} | ${row.view} | ${row.layers} | ${row.largest.toFixed(2)} | ${row.moved} | ${cd.toFixed(4)} | ${cdRigid.toFixed(4)} | ${cdLayers.toFixed(4)} | ${cdBig.toFixed(4)} | ${cdCells.toFixed(4)} |`);
  }
  const groups = new Map<string, typeof rows>();
  for (const r of rows) for (const k of [`plan ${r.plan}`, `artist ${r.artist}`, 'all']) groups.set(k, [...(groups.get(k) ?? []), r]);
  console.log('\n| group | characters | CD | rigid | layers | layers ≥ 0.5 % | cells |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [g, rs] of groups) {
    const mean = (f: (r: (typeof rows)[number]) => number) => (rs.reduce((a, r) => a + f(r), 0) / rs.length).toFixed(5);
    console.log(`| ${g} | ${rs.length} | ${mean((r) => r.cd)} | ${mean((r) => r.rigid)} | ${mean((r) => r.layered)} | ${mean((r) => r.big)} | ${mean((r) => r.cells)} |`);
  }
}

if (process.argv[1]?.endsWith('layer-oracle.ts')) void main();

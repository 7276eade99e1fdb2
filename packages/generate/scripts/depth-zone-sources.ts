/**
 * Where along the view axis the benchmark's CD is (a diagnosis, from the models the benchmark cached,
 * `score-dev-set.ts --cache <dir>`; no model is made again): each sample's nearest distance, both
 * ways (true surface the model misses, model surface off the truth), binned by where the sample lies
 * in its own mesh's depth extent along the view axis: the back quarter, the middle half or the front
 * quarter (the picture's camera at +z), and by the error's direction (along the view axis or across
 * it). A model whose depth extent is right but whose parts reach it in the wrong places shows its
 * error in the outer quarters (protrusions: a nose, feet, a pack, a tail); one whose cross-sections
 * are wrong shows it in the middle half across the view axis (the sides of a body).
 *
 *   npx tsx packages/generate/scripts/depth-zone-sources.ts ../shared/rig-dev-set --cache <dir> [--only id,id] [--skip id,id] [--samples 4000]
 *
 * Then the middle half's error across the axis split by the sample's height in the picture (the
 * bottom tenth, up to 45 %, up to 75 %, the top quarter: a figure's feet, legs, torso and head) and by
 * its direction in the picture's plane (sideways, x, or up and down, y).
 */
import { arg, bounds, centred, diagonal, setAndCache } from './dev-set-views';
import { cachedModels, type PlainMesh } from './model-cache';
import { nearestIndex, sampleSurface } from './shape-distance';

const ZONES = ['back quarter', 'middle half', 'front quarter'] as const;
const BANDS = [0, 0.1, 0.45, 0.75];
const BAND_NAMES = ['bottom tenth', 'to 45 %', 'to 75 %', 'top quarter'];

/**
 * [true → made, made → true] × zone × [along, across]: each the CD's share summed there (the whole
 * sums to the CD); and `across`, [half] × band × [x, y]: the middle half's across-axis part by height.
 */
function zoneSources(truth: PlainMesh, made: PlainMesh, samples: number): { cd: number; parts: number[][][]; across: number[][][] } {
  const tp = centred(truth.positions), mp = centred(made.positions);
  const diag = diagonal(bounds(tp));
  const ts = sampleSurface(tp, truth.indices, samples), ms = sampleSurface(mp, made.indices, samples);
  const parts = [0, 1].map(() => ZONES.map(() => [0, 0]));
  const across = [0, 1].map(() => BANDS.map(() => [0, 0]));
  let cd = 0;
  ([[ts, ms], [ms, ts]] as const).forEach(([from, to], half) => {
    const b = bounds(from);
    const near = nearestIndex(from, to);
    for (let i = 0; i < near.length; i++) {
      const j = near[i]!;
      const dx = from[3 * i]! - to[3 * j]!, dy = from[3 * i + 1]! - to[3 * j + 1]!, dz = from[3 * i + 2]! - to[3 * j + 2]!;
      const d = Math.hypot(dx, dy, dz) / diag / 2 / near.length;
      const u = (from[3 * i + 2]! - b.min[2]) / Math.max(1e-9, b.max[2] - b.min[2]);
      const zone = u < 0.25 ? 0 : u <= 0.75 ? 1 : 2;
      const along = Math.abs(dz) > Math.hypot(dx, dy);
      parts[half]![zone]![along ? 0 : 1]! += d;
      if (zone === 1 && !along) {
        const h = (from[3 * i + 1]! - b.min[1]) / Math.max(1e-9, b.max[1] - b.min[1]);
        const band = BANDS.reduce((at, lo, k) => (h >= lo ? k : at), 0);
        across[half]![band]![Math.abs(dx) > Math.abs(dy) ? 0 : 1]! += d;
      }
      cd += d;
    }
  });
  return { cd, parts, across };
}

async function main(): Promise<void> {
  const { set, cache } = setAndCache('depth-zone-sources.ts <dev-set dir> --cache <dir> [--only id,id] [--skip id,id] [--samples 4000]');
  const only = arg('--only')?.split(',');
  const skip = new Set(arg('--skip')?.split(',') ?? []);
  const samples = Number(arg('--samples') ?? 4000);
  const rows: Array<{ id: string; group: string[]; cd: number; parts: number[][][]; across: number[][][] }> = [];
  for (const m of await cachedModels(set, cache, only ? { only } : {})) {
    if (skip.has(m.id)) continue;
    rows.push({ id: m.id, group: [`${m.plan}/${m.view}`, m.view, m.artist, 'all'], ...zoneSources(m.truth, m.made, samples) });
  }
  const pct = (v: number, of: number) => `${((100 * v) / Math.max(1e-12, of)).toFixed(0)} %`;
  const heads = ['t→m', 'm→t'].flatMap((h) => ZONES.map((z) => `${h} ${z} along / across`));
  console.log(`| group | characters | mean CD | ${heads.join(' | ')} |`);
  console.log(`|---|---:|---:|${heads.map(() => '---').join('|')}|`);
  const keys = [...new Set(rows.flatMap((r) => r.group))];
  for (const g of keys) {
    const rs = rows.filter((r) => r.group.includes(g));
    const cd = rs.reduce((a, r) => a + r.cd, 0);
    const cells = [0, 1].flatMap((h) => ZONES.map((_, z) => [0, 1].map((d) => pct(rs.reduce((a, r) => a + r.parts[h]![z]![d]!, 0), cd)).join(' / ')));
    console.log(`| ${g} | ${rs.length} | ${(cd / rs.length).toFixed(5)} | ${cells.join(' | ')} |`);
  }
  const bandHeads = ['t→m', 'm→t'].flatMap((h) => BAND_NAMES.map((b) => `${h} ${b} x / y`));
  console.log(`\nThe middle half's error across the view axis, by height and direction (shares of the summed CD):\n\n| group | characters | ${bandHeads.join(' | ')} |`);
  console.log(`|---|---:|${bandHeads.map(() => '---').join('|')}|`);
  for (const g of keys) {
    const rs = rows.filter((r) => r.group.includes(g));
    const cd = rs.reduce((a, r) => a + r.cd, 0);
    const cells = [0, 1].flatMap((h) => BANDS.map((_, b) => [0, 1].map((d) => pct(rs.reduce((a, r) => a + r.across[h]![b]![d]!, 0), cd)).join(' / ')));
    console.log(`| ${g} | ${rs.length} | ${cells.join(' | ')} |`);
  }
}

void main();

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
 */
import { arg, bounds, centred, diagonal, setAndCache } from './dev-set-views';
import { cachedModels, type PlainMesh } from './model-cache';
import { nearestIndex, sampleSurface } from './shape-distance';

const ZONES = ['back quarter', 'middle half', 'front quarter'] as const;

/** [true → made, made → true] × zone × [along, across]: each the CD's share summed there (the whole sums to the CD). */
function zoneSources(truth: PlainMesh, made: PlainMesh, samples: number): { cd: number; parts: number[][][] } {
  const tp = centred(truth.positions), mp = centred(made.positions);
  const diag = diagonal(bounds(tp));
  const ts = sampleSurface(tp, truth.indices, samples), ms = sampleSurface(mp, made.indices, samples);
  const parts = [0, 1].map(() => ZONES.map(() => [0, 0]));
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
      parts[half]![zone]![Math.abs(dz) > Math.hypot(dx, dy) ? 0 : 1]! += d;
      cd += d;
    }
  });
  return { cd, parts };
}

async function main(): Promise<void> {
  const { set, cache } = setAndCache('depth-zone-sources.ts <dev-set dir> --cache <dir> [--only id,id] [--skip id,id] [--samples 4000]');
  const only = arg('--only')?.split(',');
  const skip = new Set(arg('--skip')?.split(',') ?? []);
  const samples = Number(arg('--samples') ?? 4000);
  const rows: Array<{ id: string; group: string[]; cd: number; parts: number[][][] }> = [];
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
}

void main();

/**
 * Where in the body a model's CD comes from, and which way: each sample's nearest-point distance
 * (both halves of the benchmark's symmetric Chamfer) split by the sample's height in the body and by
 * the direction of its miss (forward or backward along the view axis, or across the picture).
 *
 *   npx tsx packages/generate/scripts/placement-sources.ts ../shared/rig-dev-set --cache /tmp/models [--plans biped,quadruped] [--samples 4000]
 *
 * "true → made, forward" is true surface in front of (nearer the camera than) the model: what sticks
 * out forward and the model lacks (toes, noses); "made → true, backward" is model surface behind the
 * true one (a back that bulges where the truth is flat). Shares are of the group's summed CD.
 */
import { arg, bounds, centred, diagonal, setAndCache } from './dev-set-views';
import { cachedModels, type PlainMesh } from './model-cache';
import { nearestIndex, sampleSurface } from './shape-distance';


export const BANDS = [0, 0.1, 0.3, 0.55, 0.8, 1.0001];
const DIRS = ['fwd', 'back', 'across'] as const;

/** CD contributions [half][band][direction] (summing to the CD) of one made model against the truth. */
export function contributions(truth: PlainMesh, made: PlainMesh, samples: number): { cd: number; parts: number[][][] } {
  const tp = centred(truth.positions), mp = centred(made.positions);
  const tb = bounds(tp);
  const diag = diagonal(tb);
  const ts = sampleSurface(tp, truth.indices, samples), ms = sampleSurface(mp, made.indices, samples);
  const parts = [0, 1].map(() => BANDS.slice(1).map(() => DIRS.map(() => 0)));
  let cd = 0;
  ([[ts, ms], [ms, ts]] as const).forEach(([from, to], half) => {
    const near = nearestIndex(from, to);
    for (let i = 0; i < near.length; i++) {
      const j = near[i]!;
      const dx = from[3 * i]! - to[3 * j]!, dy = from[3 * i + 1]! - to[3 * j + 1]!, dz = from[3 * i + 2]! - to[3 * j + 2]!;
      const d = Math.hypot(dx, dy, dz) / diag / 2 / near.length;
      const h = (from[3 * i + 1]! - tb.min[1]!) / (tb.max[1]! - tb.min[1]!);
      const band = Math.max(0, BANDS.findIndex((lo, k) => h >= lo && h < (BANDS[k + 1] ?? Infinity)));
      const dir = Math.abs(dz) > Math.hypot(dx, dy) ? (dz > 0 ? 0 : 1) : 2;
      parts[half]![Math.min(band, BANDS.length - 2)]![dir]! += d;
      cd += d;
    }
  });
  return { cd, parts };
}

async function main(): Promise<void> {
  const { set, cache } = setAndCache('placement-sources.ts <dev-set dir> --cache <dir> [--plans biped,quadruped] [--samples 4000]');
  const plans = (arg('--plans') ?? 'biped,quadruped').split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const models = await cachedModels(set, cache, { plans, log: true });
  const groups = new Map<string, Array<{ cd: number; parts: number[][][] }>>();
  for (const m of models) {
    const c = contributions(m.truth, m.made, samples);
    console.log(`${m.id} (${m.plan}, ${m.artist}, ${m.view}): CD ${c.cd.toFixed(4)}; t→m fwd/back/across ${c.parts[0]!.map((b) => b.map((v) => v.toFixed(4)).join('/')).join(' ')}; m→t ${c.parts[1]!.map((b) => b.map((v) => v.toFixed(4)).join('/')).join(' ')}`);
    for (const g of [`${m.plan}/${m.view}`, m.plan]) groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  for (const [g, rows] of groups) {
    const total = rows.reduce((a, r) => a + r.cd, 0);
    console.log(`\n${g}: ${rows.length} characters, mean CD ${(total / rows.length).toFixed(4)}; share of the summed CD`);
    console.log('| height band | true→made fwd | true→made back | true→made across | made→true fwd | made→true back | made→true across |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    BANDS.slice(0, -1).forEach((lo, b) => {
      const cell = (half: number, dir: number) => (rows.reduce((a, r) => a + r.parts[half]![b]![dir]!, 0) / total).toFixed(3);
      console.log(`| ${lo}–${Math.min(1, BANDS[b + 1]!)} | ${cell(0, 0)} | ${cell(0, 1)} | ${cell(0, 2)} | ${cell(1, 0)} | ${cell(1, 1)} | ${cell(1, 2)} |`);
    });
  }
}

if (process.argv[1]?.endsWith('placement-sources.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * How much of a model's front-to-back placement error is one rigid shift: the benchmark's CD
 * (`shape-distance.ts` `compare`, both meshes centred on their bounding boxes) with the made model
 * then moved along the view axis by each of `SHIFTS` (in heights; the true mesh stands 1 tall), from
 * the models the benchmark cached (`score-dev-set.ts --cache <dir>`).
 *
 *   npx tsx packages/generate/scripts/placement-shift.ts ../shared/rig-dev-set --cache <dir> [--only id,id] [--samples 4000] [--json shift.json]
 *
 * A shift cannot ship (the benchmark centres every model on its box), but its sign says which way the
 * box misregisters the body: + the made body should sit nearer the camera, that is the true extent
 * reaches further behind the body than the model's (a backpack, a tail, hair) or the model's further
 * in front (feet reaching too far); − the other way.
 */
import { writeFileSync } from 'node:fs';
import { arg, bounds, centred, diagonal, readManifest, setAndCache } from './dev-set-views';
import { cachedModels } from './model-cache';
import { meanNearest, sampleSurface } from './shape-distance';

const SHIFTS = [-0.06, -0.04, -0.02, 0, 0.02, 0.04, 0.06];

async function main(): Promise<void> {
  const { set, cache } = setAndCache('placement-shift.ts <dev-set dir> --cache <dir> [--only id,id] [--samples 4000] [--json shift.json]');
  const samples = Number(arg('--samples') ?? 4000);
  const only = arg('--only')?.split(',') ?? readManifest(set).map((c) => c.id);
  const out = arg('--json');
  const rows: Array<{ id: string; plan: string; artist: string; view: string; cd: number[] }> = [];
  console.log(`| character | plan | artist | view | ${SHIFTS.map((s) => `CD at ${s}`).join(' | ')} |`);
  console.log(`|---|---|---|---|${SHIFTS.map(() => '---:').join('|')}|`);
  for (const m of await cachedModels(set, cache, { only })) {
    const tp = centred(m.truth.positions), mp = centred(m.made.positions);
    const diag = diagonal(bounds(tp));
    const ts = sampleSurface(tp, m.truth.indices, samples), ms = sampleSurface(mp, m.made.indices, samples);
    const cd = SHIFTS.map((s) => {
      const moved = ms.map((v, i) => (i % 3 === 2 ? v + s : v));
      return (meanNearest(ts, moved) + meanNearest(moved, ts)) / 2 / diag;
    });
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, view: m.view, cd });
    if (out) writeFileSync(out, JSON.stringify(rows));
    console.log(`| ${m.id} | ${m.plan} | ${m.artist} | ${m.view} | ${cd.map((v) => v.toFixed(4)).join(' | ')} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

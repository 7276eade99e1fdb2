/**
 * Fits `plateLift` (`src/fins-wings.ts` `plateMiddle`): where a fish's or flyer's lateral plates
 * (wings, flippers) sit front to back against its trunk in a front or top picture. Per character and
 * view, the picture the shape benchmark sends is generated twice with the shipped rule, at lift 0
 * (the engine today) and at lift 1; the offset is linear in the lift (both sheets move by
 * lift × the same field), so the model at lift m is p0 + m·(p1 − p0) exactly, and it is scored by
 * the benchmark's CD (`--samples`, 4000 by default) at every m of `LIFTS`. One value per plan and
 * view, chosen leaving one artist out (each row's CD over its CD at 0, geometric mean).
 *
 *   npx tsx packages/generate/scripts/fit-plate-lift.ts ../shared/rig-dev-set --out <rows dir> [--views best|top|front|all] [--only id,id] [--plans avian,aquatic]
 *   npx tsx packages/generate/scripts/fit-plate-lift.ts --fit <rows dir>
 *   npx tsx packages/generate/scripts/fit-plate-lift.ts ../shared/rig-dev-set --limbs --views top --out <rows dir>   (legged plans: `limbLift`)
 *
 * With `--limbs` the same grid is scored for `limbLift` (`src/limb-lift.ts`: a legged body's limbs
 * off its trunk, the same field), over the legged plans (`--plans`, by default quadruped, hexapod,
 * octopod); `--fit` then also pools every plan of a view (`legged/<view>`), the one lift shipped.
 *
 * Rows are cached one file per character and view (a rerun skips what is there), so several
 * processes with `--only` can share one directory.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateModel } from '../src';
import { learnedFinsWings } from '../src/fins-wings';
import { arg, bounds, centred, diagonal, mostInformativeView, turnToView, VIEWS, benchmarkPicture, unitHeight, readManifest, readCharacterMesh, readViewFitRows, type ViewFitRow } from './dev-set-views';
import { runRowsFolderFitScript } from './fit-script';
import { meanNearest, sampleSurface } from './shape-distance';

/** Lifts scored, × the trunk's largest half-depth (+ towards the camera); 0 is the engine today. */
export const LIFTS = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.5];
/** With `--limbs`: legs hang below a trunk seen from above, so the grid reaches the engine's −2 (a row holds the grid it was scored on). */
export const LIMB_LIFTS = [-2, -1.75, -1.5, -1.25, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5];
const gridOf = (row: { cd: number[] }): number[] => (row.cd.length === LIMB_LIFTS.length ? LIMB_LIFTS : LIFTS);
const zeroOf = (row: { cd: number[] }): number => gridOf(row).indexOf(0);
type Row = ViewFitRow;

async function collect(dir: string, out: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  const limbs = process.argv.includes('--limbs');
  const plans = (arg('--plans') ?? (limbs ? 'quadruped,hexapod,octopod' : 'avian,aquatic')).split(',');
  const only = arg('--only')?.split(',');
  const which = arg('--views') ?? 'best';
  const samples = Number(arg('--samples') ?? 4000);
  const chars = readManifest(dir).filter((x) => plans.includes(x.bodyPlan) && (!only || only.includes(x.id)));
  for (const c of only ? only.flatMap((id) => chars.filter((x) => x.id === id)) : chars) {
    const mesh = await readCharacterMesh(dir, c.id);
    const best = mostInformativeView(mesh);
    for (const view of VIEWS.filter((v) => v !== 'side' && (which === 'all' ? true : which === 'best' ? v === best : v === which))) {
      const rowFile = join(out, `${c.id}.${view}.json`);
      if (existsSync(rowFile)) continue;
      const turned = turnToView(mesh, view);
      const truth = unitHeight(turned);
      const picture = benchmarkPicture(truth);
      const tp = centred(truth.positions);
      const ts = sampleSurface(tp, truth.indices, samples), unitDiagonal = diagonal(bounds(tp));
      const shipped = learnedFinsWings(c.bodyPlan, view) ?? {};
      const lifted = (lift: number) => (limbs ? { limbLift: lift } : { finsWings: { ...shipped, plateLift: lift } });
      const made = async (lift: number) => (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view, ...lifted(lift), textureSize: 16, thumbnailSize: 16 })).mesh;
      const m0 = await made(0), m1 = await made(1);
      if (m0.positions.length !== m1.positions.length) throw new Error(`${c.id}: the two models differ in vertices`);
      const cd = (limbs ? LIMB_LIFTS : LIFTS).map((m) => {
        const p = Float32Array.from(m0.positions, (x, i) => x + m * (m1.positions[i]! - x));
        const ms = sampleSurface(centred(p), m0.indices, samples);
        return (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / unitDiagonal;
      });
      const row: Row = { id: c.id, plan: c.bodyPlan, artist: c.artist, view, bestView: view === best, cd };
      writeFileSync(rowFile, JSON.stringify(row));
      console.log(`${c.id} (${view}${view === best ? ', best' : ''}): ${cd.map((x) => x.toFixed(4)).join(' ')}`);
    }
  }
}

const geo = (xs: number[]): number => (xs.length ? Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length) : 1);
function choose(rows: Row[], grid: number[]): number {
  const zero = grid.indexOf(0);
  let bestI = zero, bestScore = 1;
  for (let i = 0; i < grid.length; i++) {
    const s = geo(rows.map((r) => r.cd[i]! / r.cd[zero]!));
    if (rows.length && s < bestScore - 1e-9) [bestI, bestScore] = [i, s];
  }
  return bestI;
}

function fit(out: string): void {
  const rows = readViewFitRows(out);
  const keys = [...new Set(rows.map((r) => `${r.plan}/${r.view}`))].sort();
  // Pooled: the flyers of both views; every legged plan of one view (`--limbs` rows).
  const legged = (r: Row): boolean => r.plan !== 'avian' && r.plan !== 'aquatic';
  const pooled = [...new Set(rows.filter(legged).map((r) => `legged/${r.view}`))].sort();
  for (const key of [...keys, 'avian/front+top', ...pooled]) {
    const all = key === 'avian/front+top' ? rows.filter((r) => r.plan === 'avian')
      : key.startsWith('legged/') ? rows.filter((r) => legged(r) && `legged/${r.view}` === key) : rows.filter((r) => `${r.plan}/${r.view}` === key);
    if (!all.length) continue;
    // One grid per table: the rows scored on the first row's grid.
    const grid = gridOf(all[0]!), zero = zeroOf(all[0]!);
    const rs = all.filter((r) => r.cd.length === grid.length);
    const artists = [...new Set(rs.map((r) => r.artist))].sort();
    const groups: Array<[string, Row[]]> = [...artists.map((a): [string, Row[]] => [a, rs.filter((r) => r.artist === a)]), ['all', rs]];
    console.log(`\n${key} (${rs.length} rows; CD at the lift over CD at 0, geometric mean)`);
    console.log(`| lift | ${groups.map(([g, r]) => `${g} (${r.length})`).join(' | ')} |`);
    console.log(`|---|${groups.map(() => '---:').join('|')}|`);
    grid.forEach((m, i) => console.log(`| ${m} | ${groups.map(([, r]) => geo(r.map((x) => x.cd[i]! / x.cd[zero]!)).toFixed(3)).join(' | ')} |`));
    const pick: Record<string, number> = {};
    for (const a of artists) pick[a] = choose(rs.filter((r) => r.artist !== a), grid);
    const held = (r: Row): number => r.cd[pick[r.artist]!]! / r.cd[zero]!;
    console.log(`| left out | ${groups.map(([, r]) => geo(r.map(held)).toFixed(3)).join(' | ')} |`);
    console.log(`chosen without each artist: ${artists.map((a) => `${a} ${grid[pick[a]!]}`).join(', ')}; on all ${grid[choose(rs, grid)]}`);
    for (const r of rs) console.log(`  ${r.id} (${r.view}${r.bestView ? ', best' : ''}): ${r.cd[zero]!.toFixed(4)} → held out ${r.cd[pick[r.artist]!]!.toFixed(4)} (${grid[pick[r.artist]!]}); its best ${Math.min(...r.cd).toFixed(4)} (${grid[r.cd.indexOf(Math.min(...r.cd))]})`);
  }
}

runRowsFolderFitScript({
  usage: 'usage: fit-plate-lift.ts <dev-set dir> --out <dir> [--views best|top|front|all] [--only id,id] | --fit <dir>',
  collect,
  fit,
});

/**
 * How much of each character's CD one depth scale and one lean would take off, were they known per
 * character (an oracle, a diagnosis: nothing here is read by the engine), from the models the
 * benchmark cached (`score-dev-set.ts --cache <dir>`): no model is made again.
 *
 *   npx tsx packages/generate/scripts/scale-lean-oracle.ts ../shared/rig-dev-set --cache <dir> [--only id,id] [--samples 4000] [--json rows.json]
 *   npx tsx packages/generate/scripts/scale-lean-oracle.ts --merge a.json,b.json
 *
 * Each made model's depth is scaled by k and its sheets leaned by β about its middle plane
 * (z ↦ k·(z + β·|z|), `scaledLeaned`: on top of whatever scale and lean the engine gave it), both
 * meshes centred on their boxes as the benchmark centres them, and the benchmark's CD taken (the
 * truth and the model each sampled once, the model's samples moved with it; the box is the moved
 * vertices'). Per character: the CD as made, at its own best (k, β), at its best k alone (β 0) and at
 * its best β alone (k 1). Per plan and per artist the means of those: the first says what the scale
 * of the depth is worth, the second what placement by one lean is worth (the sign a cue in the
 * picture would have to read, `facing.ts`), against the CD as made. Last, one (k, β) per plan and
 * view chosen leaving one artist out (geometric mean of CD over CD as made), what a constant would give.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { arg, bounds, centred, diagonal, mean, readRows, setAndCache } from './dev-set-views';
import { cachedModels } from './model-cache';
import { meanNearest, sampleSurface } from './shape-distance';

const SCALES = [0.67, 0.8, 1, 1.25, 1.5];
const LEANS = [-0.5, -0.25, 0, 0.25, 0.5];

const rowSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.string(), scales: z.array(z.number()), leans: z.array(z.number()), cd: z.array(z.array(z.number())) });
type Row = z.infer<typeof rowSchema>;

/** The CD of each (k, β) of the grid, rows by k. */
function grid(truth: { positions: Float32Array; indices: Uint32Array }, made: { positions: Float32Array; indices: Uint32Array }, samples: number): number[][] {
  const tp = centred(truth.positions);
  const diag = diagonal(bounds(tp));
  const ts = sampleSurface(tp, truth.indices, samples);
  const ms0 = sampleSurface(made.positions, made.indices, samples);
  const mb = bounds(made.positions);
  const cx = (mb.min[0] + mb.max[0]) / 2, cy = (mb.min[1] + mb.max[1]) / 2;
  return SCALES.map((k) => LEANS.map((beta) => {
    const moved = (z: number): number => k * (z + beta * Math.abs(z));
    let lo = Infinity, hi = -Infinity;
    for (let i = 2; i < made.positions.length; i += 3) { const z = moved(made.positions[i]!); lo = Math.min(lo, z); hi = Math.max(hi, z); }
    const cz = (lo + hi) / 2;
    const ms = ms0.slice();
    for (let i = 0; i < ms.length; i += 3) { ms[i] = ms[i]! - cx; ms[i + 1] = ms[i + 1]! - cy; ms[i + 2] = moved(ms[i + 2]!) - cz; }
    return (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / diag;
  }));
}

const K1 = SCALES.indexOf(1), B0 = LEANS.indexOf(0);
const asMade = (r: Row): number => r.cd[K1]![B0]!;
const best = (r: Row): number => Math.min(...r.cd.flat());
const bestScale = (r: Row): number => Math.min(...r.cd.map((row) => row[B0]!));
const bestLean = (r: Row): number => Math.min(...r.cd[K1]!);
const argBest = (r: Row): [number, number] => {
  let at: [number, number] = [K1, B0];
  r.cd.forEach((row, i) => row.forEach((v, j) => { if (v < r.cd[at[0]]![at[1]]!) at = [i, j]; }));
  return [SCALES[at[0]]!, LEANS[at[1]]!];
};

function report(rows: Row[]): void {
  const f = (v: number) => v.toFixed(4);
  console.log('| character | plan | artist | view | CD as made | best (k, β) | CD there | best k alone (β 0) | best β alone (k 1) |');
  console.log('|---|---|---|---|---:|---|---:|---:|---:|');
  for (const r of [...rows].sort((a, b) => asMade(b) - asMade(a))) {
    const [k, beta] = argBest(r);
    console.log(`| ${r.id} | ${r.plan} | ${r.artist} | ${r.view} | ${f(asMade(r))} | ${k}, ${beta} | ${f(best(r))} | ${f(bestScale(r))} | ${f(bestLean(r))} |`);
  }
  const groups = (key: (r: Row) => string): Array<[string, Row[]]> => [...new Set(rows.map(key))].map((g) => [g, rows.filter((r) => key(r) === g)]);
  console.log('\n| group | characters | CD as made | own best (k, β) | own best k | own best β |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [g, rs] of [...groups((r) => r.plan), ...groups((r) => r.artist), ['all', rows] as [string, Row[]]]) {
    console.log(`| ${g} | ${rs.length} | ${f(mean(rs.map(asMade)))} | ${f(mean(rs.map(best)))} | ${f(mean(rs.map(bestScale)))} | ${f(mean(rs.map(bestLean)))} |`);
  }
  // One (k, β) per plan and view, chosen without each artist (log ratio to the CD as made, mean).
  console.log('\n| plan / view | characters | artists | CD as made | one (k, β) left out by artist | chosen on all |');
  console.log('|---|---:|---|---:|---:|---|');
  for (const [g, rs] of groups((r) => `${r.plan}/${r.view}`)) {
    const choose = (train: Row[]): [number, number] => {
      let at: [number, number] = [K1, B0], score = 0;
      SCALES.forEach((_, i) => LEANS.forEach((__, j) => {
        const s = mean(train.map((r) => Math.log(r.cd[i]![j]! / asMade(r))));
        if (s < score) [at, score] = [[i, j], s];
      }));
      return at;
    };
    const artists = [...new Set(rs.map((r) => r.artist))];
    const held = rs.map((r) => { const others = rs.filter((o) => o.artist !== r.artist); const [i, j] = others.length ? choose(others) : [K1, B0]; return r.cd[i]![j]!; });
    const [i, j] = choose(rs);
    console.log(`| ${g} | ${rs.length} | ${artists.join(', ')} | ${f(mean(rs.map(asMade)))} | ${f(mean(held))} | ${SCALES[i]}, ${LEANS[j]} |`);
  }
}

async function main(): Promise<void> {
  const merge = arg('--merge');
  if (merge) { report(readRows(merge, rowSchema)); return; }
  const { set, cache } = setAndCache('scale-lean-oracle.ts <dev-set dir> --cache <dir> [--only id,id] [--samples 4000] [--json rows.json]');
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const rows: Row[] = [];
  for (const m of await cachedModels(set, cache, only ? { only } : {})) {
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, view: m.view, scales: SCALES, leans: LEANS, cd: grid(m.truth, m.made, samples) });
  }
  report(rows);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
}

void main();

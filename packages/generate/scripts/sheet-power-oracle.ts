/**
 * Whether a made model's thin parts want to be relatively deeper (or shallower) than its thick ones,
 * and its back sheet shaped unlike its front: each sheet's depth raised to a power about the
 * sheet's own deepest point (a diagnosis, from the models the benchmark cached,
 * `score-dev-set.ts --cache <dir>`; no model is made again and nothing here is read by the engine).
 *
 *   npx tsx packages/generate/scripts/sheet-power-oracle.ts ../shared/rig-dev-set --cache <dir> [--only id,id] [--samples 4000] [--json rows.json]
 *   npx tsx packages/generate/scripts/sheet-power-oracle.ts --merge a.json,b.json
 *
 * A front or top picture's model is two sheets over the outline's plane (z = 0 on the outline; the
 * front at (1 + β)·h, the back at −(1 − β)·h, h the half-depth the medial balls give): its front
 * sheet's z ↦ k·zf·(z / zf)^γf, zf its largest z, and its back's z ↦ −k·zb·(−z / zb)^γb, zb its
 * deepest, is the engine's h raised to γ about the model's largest h (h ↦ hm·(h / hm)^γ, exactly,
 * before the lean) and scaled by k. γ < 1 makes every part thinner than the thickest relatively
 * deeper (a limb deeper for its width than the torso, a fuller cross-section near the outline),
 * γ > 1 shallower; γb ≠ γf shapes the back unlike the front (γb < γf: a flatter back). Both meshes
 * are centred on their boxes as the benchmark centres them and the benchmark's CD taken (the truth and
 * the model sampled once, the model's samples moved). Side pictures are left out: their legs, ears
 * and fins are parts off the middle plane, so z is not one height field there.
 *
 * Per character the CD over the grid; then one (k, γf, γb) per plan and view, and one for all front
 * pictures, chosen leaving one artist out (geometric mean of CD over CD as made), the held-out means.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { arg, bounds, centred, diagonal, mean, readRows, setAndCache } from './dev-set-views';
import { cachedModels } from './model-cache';
import { meanNearest, sampleSurface } from './shape-distance';

const SCALES = [0.9, 1, 1.1];
const POWERS = [0.7, 0.85, 1, 1.15];

const rowSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.string(), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

interface Point { k: number; gf: number; gb: number }
const GRID: Point[] = SCALES.flatMap((k) => POWERS.flatMap((gf) => POWERS.map((gb) => ({ k, gf, gb }))));
const AS_MADE = GRID.findIndex((p) => p.k === 1 && p.gf === 1 && p.gb === 1);
const label = (p: Point): string => `k ${p.k}, γf ${p.gf}, γb ${p.gb}`;

/** The CD at every point of GRID. */
function grid(truth: { positions: Float32Array; indices: Uint32Array }, made: { positions: Float32Array; indices: Uint32Array }, samples: number): number[] {
  const tp = centred(truth.positions);
  const diag = diagonal(bounds(tp));
  const ts = sampleSurface(tp, truth.indices, samples);
  const ms0 = sampleSurface(made.positions, made.indices, samples);
  const mb = bounds(made.positions);
  const cx = (mb.min[0] + mb.max[0]) / 2, cy = (mb.min[1] + mb.max[1]) / 2;
  const zf = Math.max(1e-9, mb.max[2]), zb = Math.max(1e-9, -mb.min[2]);
  return GRID.map(({ k, gf, gb }) => {
    const moved = (z: number): number => (z >= 0 ? k * zf * Math.pow(z / zf, gf) : -k * zb * Math.pow(-z / zb, gb));
    let lo = Infinity, hi = -Infinity;
    for (let i = 2; i < made.positions.length; i += 3) { const v = moved(made.positions[i]!); lo = Math.min(lo, v); hi = Math.max(hi, v); }
    const cz = (lo + hi) / 2;
    const ms = ms0.slice();
    for (let i = 0; i < ms.length; i += 3) { ms[i] = ms[i]! - cx; ms[i + 1] = ms[i + 1]! - cy; ms[i + 2] = moved(ms[i + 2]!) - cz; }
    return (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / diag;
  });
}

/** The grid point with the lowest mean log CD ratio over `train` (as made where it is empty). */
function choose(train: Row[]): number {
  if (!train.length) return AS_MADE;
  let at = AS_MADE, score = 0;
  GRID.forEach((_, i) => {
    const s = mean(train.map((r) => Math.log(r.cd[i]! / r.cd[AS_MADE]!)));
    if (s < score - 1e-12) [at, score] = [i, s];
  });
  return at;
}

function report(rows: Row[]): void {
  const f = (v: number) => v.toFixed(5);
  console.log('| character | plan | artist | view | CD as made | own best | CD there | γ only (k 1, γf = γb) best |');
  console.log('|---|---|---|---|---:|---|---:|---:|');
  const same = GRID.map((p, i) => [p, i] as const).filter(([p]) => p.k === 1 && p.gf === p.gb).map(([, i]) => i);
  for (const r of [...rows].sort((a, b) => b.cd[AS_MADE]! - a.cd[AS_MADE]!)) {
    const i = r.cd.indexOf(Math.min(...r.cd));
    const j = same.reduce((a, s) => (r.cd[s]! < r.cd[a]! ? s : a), AS_MADE);
    console.log(`| ${r.id} | ${r.plan} | ${r.artist} | ${r.view} | ${f(r.cd[AS_MADE]!)} | ${label(GRID[i]!)} | ${f(r.cd[i]!)} | ${GRID[j]!.gf} (${f(r.cd[j]!)}) |`);
  }
  const groups = (key: (r: Row) => string): Array<[string, Row[]]> => [...new Set(rows.map(key))].sort().map((g) => [g, rows.filter((r) => key(r) === g)]);
  const perArtist = (rs: Row[], pick: (r: Row) => number): string => groups((r) => r.artist).map(([a]) => {
    const mine = rs.filter((r) => r.artist === a);
    return mine.length ? `${a} ${mine.length} ${f(mean(mine.map((r) => r.cd[AS_MADE]!)))} → ${f(mean(mine.map(pick)))}` : '';
  }).filter(Boolean).join('; ');
  console.log('\n| scope | characters | CD as made | chosen on all (in sample) | held out by artist | per artist, held out |');
  console.log('|---|---:|---:|---|---:|---|');
  const scopes: Array<[string, (r: Row) => string]> = [['plan / view', (r) => `${r.plan}/${r.view}`], ['view', (r) => r.view], ['all', () => 'all']];
  for (const [name, key] of scopes) {
    const held = new Map<string, number>();
    for (const [, rs] of groups(key)) {
      for (const r of rs) held.set(r.id, r.cd[choose(rs.filter((o) => o.artist !== r.artist))]!);
    }
    for (const [g, rs] of groups(key)) {
      const i = choose(rs);
      console.log(`| ${name}: ${g} | ${rs.length} | ${f(mean(rs.map((r) => r.cd[AS_MADE]!)))} | ${label(GRID[i]!)} (${f(mean(rs.map((r) => r.cd[i]!)))}) | ${f(mean(rs.map((r) => held.get(r.id)!)))} | ${perArtist(rs, (r) => held.get(r.id)!)} |`);
    }
    console.log(`| ${name}: every group | ${rows.length} | ${f(mean(rows.map((r) => r.cd[AS_MADE]!)))} | | ${f(mean(rows.map((r) => held.get(r.id)!)))} | ${perArtist(rows, (r) => held.get(r.id)!)} |`);
  }
}

async function main(): Promise<void> {
  const merge = arg('--merge');
  if (merge) { report(readRows(merge, rowSchema)); return; }
  const { set, cache } = setAndCache('sheet-power-oracle.ts <dev-set dir> --cache <dir> [--only id,id] [--samples 4000] [--json rows.json]');
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const rows: Row[] = [];
  for (const m of await cachedModels(set, cache, only ? { only } : {})) {
    if (m.view === 'side') continue;
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, view: m.view, cd: grid(m.truth, m.made, samples) });
    console.error(`${m.id} ${rows.at(-1)!.cd[AS_MADE]!.toFixed(5)}`);
  }
  report(rows);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
}

void main();

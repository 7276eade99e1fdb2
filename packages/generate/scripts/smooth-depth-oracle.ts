/**
 * Whether a made model's depth wants the union of spheres smoothed (a diagnosis, from the models the
 * benchmark cached, `score-dev-set.ts --cache <dir>`; no model is made again and nothing here is read
 * by the engine). The medial balls' union has creases where parts meet (an arm at the shoulder, the
 * neck) and ridges along a part whose width changes; true surfaces blend there. A front or top
 * picture's model is two height fields over the outline's plane (z = 0 on the outline), so each
 * sheet's z is smoothed over the mesh (Laplacian, λ = 0.5, the outline held at 0) for a number of
 * passes, the model resampled, both meshes centred on their boxes as the benchmark centres them and
 * the benchmark's CD taken. Side pictures are left out (legs, ears and fins off the middle plane).
 *
 *   npx tsx packages/generate/scripts/smooth-depth-oracle.ts ../shared/rig-dev-set --cache <dir> [--only id,id] [--skip id,id] [--samples 4000] [--rim-rings 0] [--json rows.json]
 *   npx tsx packages/generate/scripts/smooth-depth-oracle.ts --merge a.json,b.json
 *
 * Per character the CD at each pass count; one count per view and for all, chosen leaving one
 * artist out (geometric mean of CD over CD as made), the held-out means per artist.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { arg, bounds, centred, diagonal, mean, readRows, setAndCache } from './dev-set-views';
import { cachedModels, type PlainMesh } from './model-cache';
import { meanNearest, sampleSurface } from './shape-distance';

const PASSES = [0, 2, 5, 10, 20, 40];
const RIM_RINGS = Number(arg('--rim-rings') ?? 0);

const rowSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.string(), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

/** The made mesh's z after each count of PASSES (vertices at one place welded; the outline, z = 0, held). */
function smoothed(made: PlainMesh): Float32Array[] {
  const n = made.positions.length / 3;
  const ids = new Int32Array(n);
  const byKey = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = `${made.positions[3 * i]!.toFixed(5)},${made.positions[3 * i + 1]!.toFixed(5)},${made.positions[3 * i + 2]!.toFixed(5)}`;
    let id = byKey.get(key);
    if (id === undefined) { id = byKey.size; byKey.set(key, id); }
    ids[i] = id;
  }
  const m = byKey.size;
  const z0 = new Float64Array(m);
  for (let i = 0; i < n; i++) z0[ids[i]!] = made.positions[3 * i + 2]!;
  const neighbours: Array<Set<number>> = Array.from({ length: m }, () => new Set<number>());
  for (let t = 0; t < made.indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = ids[made.indices[t + e]!]!, b = ids[made.indices[t + ((e + 1) % 3)]!]!;
      if (a !== b) { neighbours[a]!.add(b); neighbours[b]!.add(a); }
    }
  }
  const list = neighbours.map((s) => [...s]);
  // The outline and the rings next to it held: the sides meet the outline steeply, and smoothing
  // them flattens the rounded side into a wedge (tried: worse at 2 passes by 7-40 %). `RIM_RINGS` rings.
  const held = Array.from(z0, (v) => Math.abs(v) < 1e-5);
  for (let ring = 0; ring < RIM_RINGS; ring++) {
    const grow = held.slice();
    for (let i = 0; i < m; i++) if (held[i]) for (const j of list[i]!) grow[j] = true;
    for (let i = 0; i < m; i++) held[i] = grow[i]!;
  }
  const out: Float32Array[] = [];
  let z = Float64Array.from(z0), done = 0;
  for (const passes of PASSES) {
    for (; done < passes; done++) {
      const next = new Float64Array(m);
      for (let i = 0; i < m; i++) {
        if (held[i] || list[i]!.length === 0) { next[i] = z[i]!; continue; }
        let s = 0;
        // Only the same sheet's neighbours and the outline: a front vertex is never pulled behind it.
        let c = 0;
        for (const j of list[i]!) if (Math.sign(z[j]!) === Math.sign(z[i]!) || held[j]) { s += z[j]!; c++; }
        next[i] = c ? 0.5 * z[i]! + (0.5 * s) / c : z[i]!;
      }
      z = next;
    }
    const p = Float32Array.from(made.positions);
    for (let i = 0; i < n; i++) p[3 * i + 2] = z[ids[i]!]!;
    out.push(p);
  }
  return out;
}

function cds(truth: PlainMesh, made: PlainMesh, samples: number): number[] {
  const tp = centred(truth.positions);
  const diag = diagonal(bounds(tp));
  const ts = sampleSurface(tp, truth.indices, samples);
  return smoothed(made).map((p) => {
    const ms = sampleSurface(centred(p), made.indices, samples);
    return (meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / diag;
  });
}

/** The pass count with the lowest mean log CD ratio over `train` (0 where it is empty). */
function choose(train: Row[]): number {
  let at = 0, score = 0;
  PASSES.forEach((_, i) => {
    const s = mean(train.map((r) => Math.log(r.cd[i]! / r.cd[0]!)));
    if (s < score - 1e-12) [at, score] = [i, s];
  });
  return at;
}

function report(rows: Row[]): void {
  const f = (v: number) => v.toFixed(5);
  console.log(`| character | plan | artist | view | ${PASSES.map((p) => `${p} passes`).join(' | ')} |`);
  console.log(`|---|---|---|---|${PASSES.map(() => '---:').join('|')}|`);
  for (const r of [...rows].sort((a, b) => b.cd[0]! - a.cd[0]!)) console.log(`| ${r.id} | ${r.plan} | ${r.artist} | ${r.view} | ${r.cd.map(f).join(' | ')} |`);
  const groups = (rs: Row[], key: (r: Row) => string): Array<[string, Row[]]> => [...new Set(rs.map(key))].sort().map((g) => [g, rs.filter((r) => key(r) === g)]);
  console.log(`\n| scope | characters | ${PASSES.map((p) => `${p} passes`).join(' | ')} | chosen on all | held out by artist | per artist, held out |`);
  console.log(`|---|---:|${PASSES.map(() => '---:').join('|')}|---:|---:|---|`);
  for (const [name, key] of [['view', (r: Row) => r.view], ['all', () => 'all']] as Array<[string, (r: Row) => string]>) {
    for (const [g, rs] of groups(rows, key)) {
      const held = rs.map((r) => r.cd[choose(rs.filter((o) => o.artist !== r.artist))]!);
      const per = groups(rs, (r) => r.artist).map(([a, mine]) => `${a} ${mine.length} ${f(mean(mine.map((r) => r.cd[0]!)))} → ${f(mean(mine.map((r) => held[rs.indexOf(r)]!)))}`).join('; ');
      console.log(`| ${name}: ${g} | ${rs.length} | ${PASSES.map((_, i) => f(mean(rs.map((r) => r.cd[i]!)))).join(' | ')} | ${PASSES[choose(rs)]} | ${f(mean(held))} | ${per} |`);
    }
  }
}

async function main(): Promise<void> {
  const merge = arg('--merge');
  if (merge) { report(readRows(merge, rowSchema)); return; }
  const { set, cache } = setAndCache('smooth-depth-oracle.ts <dev-set dir> --cache <dir> [--only id,id] [--skip id,id] [--samples 4000] [--json rows.json]');
  const only = arg('--only')?.split(',');
  const skip = new Set(arg('--skip')?.split(',') ?? []);
  const samples = Number(arg('--samples') ?? 4000);
  const rows: Row[] = [];
  for (const m of await cachedModels(set, cache, only ? { only } : {})) {
    if (m.view === 'side' || skip.has(m.id)) continue;
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, view: m.view, cd: cds(m.truth, m.made, samples) });
    console.error(`${m.id} ${rows.at(-1)!.cd.map((v) => v.toFixed(5)).join(' ')}`);
  }
  report(rows);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
}

void main();

/**
 * Where the benchmark's CD is, per character and per kind of error, from the models the benchmark
 * cached (`score-dev-set.ts --cache <dir>`, or `cachedModels`): no model is made again.
 *
 *   npx tsx packages/generate/scripts/error-kinds.ts ../shared/rig-dev-set --cache <dir> [--samples 8000] [--grid 160] [--json kinds.json]
 *   npx tsx packages/generate/scripts/error-kinds.ts --merge a.json,b.json
 *
 * Per character, from `error-sources.ts`'s bounds (each a model that gets one more thing right):
 *  - scale: generated − the same model with its depth (z) × the best k of `SCALES` (k < 1: too
 *    thick, k > 1: too thin);
 *  - profile: that − a two-sheet height field with the true thickness per cell, symmetric about one
 *    plane (the cross-section's shape and every part's own depth right, placement not);
 *  - placement front to back: that − the height field at the true nearest and farthest surface;
 *  - beyond two sheets: what is left (parts hidden behind others, arms before the body, the insides
 *    of overlaps, and the raster's own error);
 * and the CD split by direction (`placement-sources.ts` `contributions`): true surface the model
 * misses along the view axis (in front of it or behind it) or across it, and model surface off the
 * truth the same three ways. The kinds are bounds, not a partition: a term is clamped at 0 where the
 * coarser model happens to beat the finer (thin parts on the raster).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { arg, rasterDepth, readManifest, setAndCache } from './dev-set-views';
import { heightField } from './error-sources';
import { cachedModels } from './model-cache';
import { contributions } from './placement-sources';
import { compare } from './shape-distance';

const SCALES = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2];

const rowSchema = z.object({
  id: z.string(), plan: z.string(), artist: z.string(), view: z.string(),
  cd: z.number(), bestScale: z.number(), scaled: z.number(), symmetric: z.number(), map: z.number(),
  // the CD with the model's depth × each of SCALES (1 included: the same samples' CD)
  cdAt: z.array(z.number()),
  // [true → made, made → true] × [forward, backward, across], summing to the CD at the same samples
  dirs: z.array(z.array(z.number())),
});
type Row = z.infer<typeof rowSchema>;

const KINDS = ['scale', 'profile', 'placement', 'beyond'] as const;
/** The four kinds of one row (see the header), each ≥ 0, summing to at least the CD. */
function kinds(r: Row): Record<(typeof KINDS)[number], number> {
  const scaled = Math.min(r.cd, r.scaled);
  const symmetric = Math.min(scaled, r.symmetric);
  const map = Math.min(symmetric, r.map);
  return { scale: r.cd - scaled, profile: scaled - symmetric, placement: symmetric - map, beyond: map };
}

function report(rows: Row[]): string {
  const f = (v: number, d = 4) => v.toFixed(d);
  const total = rows.reduce((a, r) => a + r.cd, 0);
  const out: string[] = [];
  out.push(`Summed CD ${f(total)} over ${rows.length} (mean ${f(total / rows.length, 5)}).\n`);
  out.push('| character | plan | artist | view | CD | share | best k | scale | profile | placement | beyond two sheets | t→m fwd/back/across | m→t fwd/back/across |');
  out.push('|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of [...rows].sort((a, b) => b.cd - a.cd)) {
    const k = kinds(r);
    out.push(`| ${r.id} | ${r.plan} | ${r.artist} | ${r.view} | ${f(r.cd)} | ${f((100 * r.cd) / total, 1)} % | ${r.bestScale} | ${f(k.scale)} | ${f(k.profile)} | ${f(k.placement)} | ${f(k.beyond)} | ${r.dirs[0]!.map((v) => f(v)).join(' / ')} | ${r.dirs[1]!.map((v) => f(v)).join(' / ')} |`);
  }
  const group = (key: (r: Row) => string, title: string) => {
    out.push(`\n| ${title} | characters | mean CD | share of the sum | scale | profile | placement | beyond two sheets | too thick / too thin (best k < 0.9 / > 1.1) | t→m along / across | m→t along / across |`);
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
    const groups = new Map<string, Row[]>();
    for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
    for (const [g, rs] of [...groups].sort((a, b) => b[1].reduce((s, r) => s + r.cd, 0) - a[1].reduce((s, r) => s + r.cd, 0))) {
      const sum = (fn: (r: Row) => number) => rs.reduce((a, r) => a + fn(r), 0);
      const cd = sum((r) => r.cd);
      const share = (fn: (r: Row) => number) => `${f((100 * sum(fn)) / cd, 0)} %`;
      out.push(`| ${g} | ${rs.length} | ${f(cd / rs.length, 5)} | ${f((100 * cd) / total, 1)} % | ${KINDS.map((kind) => share((r) => kinds(r)[kind])).join(' | ')} | ${rs.filter((r) => r.bestScale < 0.9).length} / ${rs.filter((r) => r.bestScale > 1.1).length} | ${share((r) => r.dirs[0]![0]! + r.dirs[0]![1]!)} / ${share((r) => r.dirs[0]![2]!)} | ${share((r) => r.dirs[1]![0]! + r.dirs[1]![1]!)} / ${share((r) => r.dirs[1]![2]!)} |`);
    }
  };
  group((r) => `${r.plan}/${r.view}`, 'plan / view');
  group((r) => r.artist, 'artist');
  group(() => 'all', 'all');
  return out.join('\n');
}

/**
 * One depth scale per body plan and view (the whole model's z × k, as a plan-and-view prior would
 * scale it), chosen leaving one artist out: for each artist, the k of `SCALES` with the lowest
 * geometric mean of CD(k) / CD(1) over the other artists' characters of the same plan and view (1
 * where the plan and view has no other artist), applied to that artist's characters.
 */
function scaleFit(rows: Row[]): string {
  const f = (v: number, d = 5) => v.toFixed(d);
  const one = SCALES.indexOf(1);
  const bestK = (rs: Row[]): number => {
    if (!rs.length) return one;
    let best = one, bestScore = Infinity;
    SCALES.forEach((_, k) => {
      const score = rs.reduce((a, r) => a + Math.log(r.cdAt[k]! / r.cdAt[one]!), 0);
      if (score < bestScore - 1e-12) [best, bestScore] = [k, score];
    });
    return best;
  };
  const heldOut = new Map<string, number>();
  const out: string[] = ['| plan / view | characters | artists | k on all | k left out, per artist | mean CD | held out | in sample (k on all) |', '|---|---:|---:|---:|---|---:|---:|---:|'];
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(`${r.plan}/${r.view}`, [...(groups.get(`${r.plan}/${r.view}`) ?? []), r]);
  for (const [g, rs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const artists = [...new Set(rs.map((r) => r.artist))];
    const chosen = new Map(artists.map((a) => [a, bestK(rs.filter((r) => r.artist !== a))]));
    for (const r of rs) heldOut.set(r.id, r.cdAt[chosen.get(r.artist)!]!);
    const all = bestK(rs);
    const m = (fn: (r: Row) => number) => rs.reduce((a, r) => a + fn(r), 0) / rs.length;
    out.push(`| ${g} | ${rs.length} | ${artists.length} | ${SCALES[all]} | ${artists.map((a) => `${a} ${SCALES[chosen.get(a)!]}`).join(', ')} | ${f(m((r) => r.cdAt[one]!))} | ${f(m((r) => heldOut.get(r.id)!))} | ${f(m((r) => r.cdAt[all]!))} |`);
  }
  const by = (key: (r: Row) => string, title: string) => {
    out.push(`\n| ${title} | characters | mean CD | held out | change |`, '|---|---:|---:|---:|---:|');
    const gs = new Map<string, Row[]>();
    for (const r of rows) gs.set(key(r), [...(gs.get(key(r)) ?? []), r]);
    for (const [g, rs] of [...gs].sort((a, b) => b[1].length - a[1].length)) {
      const before = rs.reduce((a, r) => a + r.cdAt[one]!, 0) / rs.length, after = rs.reduce((a, r) => a + heldOut.get(r.id)!, 0) / rs.length;
      out.push(`| ${g} | ${rs.length} | ${f(before)} | ${f(after)} | ${after - before >= 0 ? '+' : ''}${f(after - before)} |`);
    }
  };
  by((r) => r.artist, 'artist');
  by((r) => r.plan, 'plan');
  by(() => 'all', 'all');
  return out.join('\n');
}

async function main(): Promise<void> {
  const merge = arg('--merge');
  if (merge) {
    const rows = merge.split(',').flatMap((file) => z.array(rowSchema).parse(JSON.parse(readFileSync(file, 'utf8'))));
    console.log(`${report(rows)}\n\nOne depth scale per plan and view, left out by artist:\n\n${scaleFit(rows)}`);
    return;
  }
  const { set, cache } = setAndCache('error-kinds.ts <dev-set dir> --cache <dir> [--only id,id] [--samples 8000] [--grid 160] [--json kinds.json] | --merge a.json,b.json');
  const samples = Number(arg('--samples') ?? 8000);
  const grid = Number(arg('--grid') ?? 160);
  const only = arg('--only')?.split(',') ?? readManifest(set).map((c) => c.id);
  const out = arg('--json');
  const rows: Row[] = [];
  for (const m of await cachedModels(set, cache, { only, log: true })) {
    const cd = compare(m.truth, m.made, samples).cd;
    let best: [number, number] = [1, cd];
    const cdAt = SCALES.map((s) => {
      if (s === 1) return cd;
      const scaled = m.made.positions.map((v, i) => (i % 3 === 2 ? v * s : v));
      const c = compare(m.truth, { positions: scaled, indices: m.made.indices }, samples).cd;
      if (c < best[1]) best = [s, c];
      return c;
    });
    const r = rasterDepth(m.truth.positions, m.truth.indices, grid, 1);
    const half = (p: number) => (r.far[p]! - r.near[p]!) / 2;
    const symmetric = compare(m.truth, heightField(r, half, (p) => -half(p)), samples).cd;
    const map = compare(m.truth, heightField(r, (p) => r.far[p]!, (p) => r.near[p]!), samples).cd;
    const c = contributions(m.truth, m.made, samples);
    const dirs = [0, 1].map((h) => [0, 1, 2].map((d) => c.parts[h]!.reduce((a, band) => a + band[d]!, 0)));
    const row: Row = { id: m.id, plan: m.plan, artist: m.artist, view: m.view, cd, bestScale: best[0], scaled: best[1], symmetric, map, cdAt, dirs };
    rows.push(row);
    // Written after every character, so a long run stopped part way keeps what it measured.
    if (out) writeFileSync(out, JSON.stringify(rows));
    console.log(`${m.id} (${m.plan}, ${m.artist}, ${m.view}): CD ${cd.toFixed(4)}, ×${best[0]} ${best[1].toFixed(4)}, symmetric ${symmetric.toFixed(4)}, map ${map.toFixed(4)}`);
  }
  console.log(`\n${report(rows)}\n\nOne depth scale per plan and view, left out by artist:\n\n${scaleFit(rows)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

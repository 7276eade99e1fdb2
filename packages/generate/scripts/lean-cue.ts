/**
 * Does anything in a front picture predict the depth lean a character wants (issue 29)? A diagnosis:
 * nothing here is read by the engine. The scale-and-lean oracle (`scale-lean-oracle.ts --json`) gives
 * each character's CD at leans β of a grid on top of what the engine made; this script pictures each
 * front-pictured character as the benchmark does, reads picture statistics from it (the facing cues
 * of `src/facing.ts`, four more below and the silhouette's), and asks, leaving one artist out, whether a threshold on
 * one statistic and a lean on either side of it, chosen on the other artists, beat the engine (β 0).
 *
 *   npx tsx packages/generate/scripts/lean-cue.ts ../shared/rig-dev-set --oracle oracle.json [--json cues.json]
 *   npx tsx packages/generate/scripts/lean-cue.ts --merge cues.json --oracle oracle.json [--min-rim 0.94] [--graded]
 *
 * `--min-rim t` keeps only the characters whose rim falloff is above t (those the shipped rim lean
 * leaves alone: is there a cue for the lean behind?); `--graded` adds a graded lean on the rim falloff
 * in place of the shipped step (`gradedReport`). The silhouette's own statistics (`silhouetteCues`,
 * no shading) are read beside the shading's.
 *
 * The four cues beyond the facing ones (each a why):
 * - `rimFalloff`: mean luminance 1–3 px in from the rim over the interior's deeper half. The picture's
 *   key light comes from the camera's side, so a front surface that bulges toward the camera darkens
 *   toward its rim and a flat one (its depth behind it: β < 0) does not.
 * - `depthShade`: the correlation of luminance with the distance from the rim (the same, over all pixels).
 * - `upperSkin`: share of skin-coloured pixels (r > g > b, r − b > 25) in the top quarter of rows: a face shown.
 * - `footWidth`: the silhouette's mean width over its bottom 4 % of rows over its widest row: feet
 *   seen toe-on (narrow) or a body resting on a wide base.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { decodeImage, GENERATE_MODEL_DEFAULTS, segmentSubject } from '../src';
import { facingCues } from '../src/facing';
import { rimFalloff } from '../src/rim-lean';
import rimRule from '../src/rim-lean.json';

const RIM_BELOW = rimRule.below, RIM_LEAN = rimRule.lean;
import { distanceTransform } from '../src/mask-ops';
import { arg, benchmarkPicture, mean, readCharacterMesh, readManifest, turnToView, unitHeight } from './dev-set-views';

const oracleSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.string(), scales: z.array(z.number()), leans: z.array(z.number()), cd: z.array(z.array(z.number())) });
type OracleRow = z.infer<typeof oracleSchema>;
const cueRowSchema = z.object({ id: z.string(), cues: z.record(z.string(), z.number()) });
type CueRow = z.infer<typeof cueRowSchema>;

/** The four picture statistics beyond the facing cues (see the header). */
function extraCues(data: Uint8Array, mask: Uint8Array, inside: Float32Array, width: number, height: number): Record<string, number> {
  let minY = height, maxY = -1;
  const rowWidth = new Array<number>(height).fill(0);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const y = Math.floor(i / width);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y); rowWidth[y]!++;
  }
  const lum = (i: number) => 0.299 * data[4 * i]! + 0.587 * data[4 * i + 1]! + 0.114 * data[4 * i + 2]!;
  const ds: number[] = [], ls: number[] = [];
  let skin = 0, upper = 0;
  const top = minY + 0.25 * (maxY - minY);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const d = inside[i]!, l = lum(i);
    ds.push(d); ls.push(l);
    if (Math.floor(i / width) <= top) {
      upper++;
      const r = data[4 * i]!, g = data[4 * i + 1]!, b = data[4 * i + 2]!;
      if (r > g && g > b && r - b > 25) skin++;
    }
  }
  const md = mean(ds), ml = mean(ls);
  let sdl = 0, sdd = 0, sll = 0;
  for (let k = 0; k < ds.length; k++) { sdl += (ds[k]! - md) * (ls[k]! - ml); sdd += (ds[k]! - md) ** 2; sll += (ls[k]! - ml) ** 2; }
  const feetRows = Math.max(1, Math.round(0.04 * (maxY - minY + 1)));
  const feet = mean(rowWidth.slice(maxY - feetRows + 1, maxY + 1));
  return {
    rimFalloff: rimFalloff(data, mask, inside),
    depthShade: sdl / Math.max(1e-9, Math.sqrt(sdd * sll)),
    upperSkin: skin / Math.max(1, upper),
    footWidth: feet / Math.max(1, ...rowWidth),
  };
}

/**
 * Statistics of the silhouette alone (no shading), for the lean behind that the shading does not
 * read and for an upright figure among front-pictured animals (each a why):
 * - `aspect`: height over the widest row (an upright figure is taller than wide, a body on four legs seen end on is not).
 * - `rowFill`: the subject's pixels over its rows' spans (limbs held apart leave gaps between them).
 * - `shoulderOverHip`: the widest row in 15–45 % of the height over the widest in 55–75 % (a pack or a
 *   cloak's shoulders widen the outline above the hips).
 * - `bottomFlare`: the mean width over 80–95 % of the height over that over 40–60 % (a cloak or a
 *   skirt flares, legs taper).
 * - `footRuns`: the mean number of runs of subject pixels in the bottom 5 % of rows (two legs, four, or one base).
 * - `legRuns`: the same over 75–90 % (legs apart above the feet).
 * - `topThird`: the share of the area in the top third (a big head or a hood).
 * - `centroidDrop`: the area's centroid row, 0 top, 1 bottom.
 * - `asymmetry`: the share of the subject whose mirror about its centroid column is background (a tail
 *   or a weapon to one side).
 * - `headWidth`: the widest row in the top 15 % over the widest (a head, or ears, or a hood).
 */
function silhouetteCues(mask: Uint8Array, width: number, height: number): Record<string, number> {
  let minY = height, maxY = -1, area = 0, sx = 0, sy = 0;
  const rowWidth = new Array<number>(height).fill(0), rowSpan = new Array<number>(height).fill(0), rowRuns = new Array<number>(height).fill(0);
  for (let y = 0; y < height; y++) {
    let lo = -1, hi = -1;
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      if (lo < 0) lo = x;
      hi = x; rowWidth[y]!++; area++; sx += x; sy += y;
      if (x === 0 || !mask[y * width + x - 1]) rowRuns[y]!++;
    }
    if (lo >= 0) { rowSpan[y] = hi - lo + 1; minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
  }
  const H = maxY - minY + 1;
  const rows = (a: number, b: number) => { const out: number[] = []; for (let y = minY + Math.floor(a * H); y <= Math.min(maxY, minY + Math.floor(b * H)); y++) out.push(y); return out; };
  const maxW = (a: number, b: number) => Math.max(1, ...rows(a, b).map((y) => rowWidth[y]!));
  const meanOf = (a: number, b: number, v: number[]) => mean(rows(a, b).map((y) => v[y]!));
  const widest = Math.max(1, ...rowWidth);
  const cx = sx / Math.max(1, area), cy = sy / Math.max(1, area);
  let top = 0, unmirrored = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % width, y = Math.floor(i / width);
    if (y < minY + H / 3) top++;
    const mx = Math.round(2 * cx - x);
    if (mx < 0 || mx >= width || !mask[y * width + mx]) unmirrored++;
  }
  const spanTotal = rowSpan.reduce((a, v) => a + v, 0);
  return {
    aspect: H / widest,
    rowFill: area / Math.max(1, spanTotal),
    shoulderOverHip: maxW(0.15, 0.45) / maxW(0.55, 0.75),
    bottomFlare: meanOf(0.8, 0.95, rowWidth) / Math.max(1, meanOf(0.4, 0.6, rowWidth)),
    footRuns: meanOf(0.95, 1, rowRuns),
    legRuns: meanOf(0.75, 0.9, rowRuns),
    topThird: top / Math.max(1, area),
    centroidDrop: (cy - minY) / H,
    asymmetry: unmirrored / Math.max(1, area),
    headWidth: maxW(0, 0.15) / widest,
  };
}

/** Threshold and two leans (grid indices, below / above) minimising the mean log CD ratio to β 0 over `rows`. */
function fitRule(rows: Array<{ c: number; logr: number[] }>): { t: number; below: number; above: number } {
  const cs = [...new Set(rows.map((r) => r.c))].sort((a, b) => a - b);
  const cuts = [cs[0]! - 1, ...cs.slice(1).map((c, i) => (c + cs[i]!) / 2)];
  const n = rows[0]!.logr.length;
  let best = { t: 0, below: 0, above: 0, score: Infinity };
  for (const t of cuts) {
    const side = (above: boolean) => {
      const rs = rows.filter((r) => (r.c > t) === above);
      const totals = Array.from({ length: n }, (_, g) => rs.reduce((a, r) => a + r.logr[g]!, 0));
      const g = totals.indexOf(Math.min(...totals));
      return { g, total: totals[g]! };
    };
    const lo = side(false), hi = side(true);
    if (lo.total + hi.total < best.score - 1e-12) best = { t, below: lo.g, above: hi.g, score: lo.total + hi.total };
  }
  return best;
}

/** Spearman's rank correlation. */
function spearman(a: number[], b: number[]): number {
  const rank = (xs: number[]) => { const o = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]); const r = new Array<number>(xs.length); o.forEach(([, i], k) => { r[i] = k; }); return r; };
  const ra = rank(a), rb = rank(b), ma = mean(ra), mb = mean(rb);
  let s = 0, sa = 0, sb = 0;
  for (let i = 0; i < a.length; i++) { s += (ra[i]! - ma) * (rb[i]! - mb); sa += (ra[i]! - ma) ** 2; sb += (rb[i]! - mb) ** 2; }
  return s / Math.sqrt(sa * sb);
}

function report(oracle: OracleRow[], cueRows: CueRow[]): void {
  const cues = new Map(cueRows.map((r) => [r.id, r.cues]));
  // `--min-rim t`: only the characters whose rim falloff is above t (those the shipped rim lean leaves alone).
  const minRim = Number(arg('--min-rim') ?? -Infinity);
  const rows = oracle.filter((r) => r.view === 'front' && cues.has(r.id) && cues.get(r.id)!['rimFalloff']! > minRim);
  const k1 = rows[0]!.scales.indexOf(1), b0 = rows[0]!.leans.indexOf(0);
  const leans = rows[0]!.leans;
  const cdAt = (r: OracleRow, g: number) => r.cd[k1]![g]!;
  const bestG = (r: OracleRow) => { const row = r.cd[k1]!; return row.indexOf(Math.min(...row)); };
  const names = Object.keys(cues.get(rows[0]!.id)!);
  const artists = [...new Set(rows.map((r) => r.artist))];
  const f = (v: number, d = 4) => v.toFixed(d);
  console.log(`${rows.length} front-pictured characters; CD at 4000 samples (the oracle's); β on top of the engine's lean\n`);
  console.log(`| character | artist | plan | best β | CD at β 0 → best | ${names.join(' | ')} |`);
  console.log(`|---|---|---|---:|---:|${names.map(() => '---:').join('|')}|`);
  for (const r of [...rows].sort((a, b) => leans[bestG(a)]! - leans[bestG(b)]!)) {
    const c = cues.get(r.id)!;
    console.log(`| ${r.id} | ${r.artist} | ${r.plan} | ${leans[bestG(r)]} | ${f(cdAt(r, b0))} → ${f(cdAt(r, bestG(r)))} | ${names.map((n) => f(c[n]!, 3)).join(' | ')} |`);
  }
  const withArtists = artists.filter((a) => rows.filter((r) => r.artist === a).length >= 3);
  console.log(`\nLeft out by artist: threshold and a lean either side chosen on the other artists; mean CD over each group at β 0 (the engine), held out, and each character's own best β\n`);
  console.log(`| cue | Spearman with best β | ${withArtists.map((a) => `${a} (${rows.filter((r) => r.artist === a).length})`).join(' | ')} | all ${rows.length} | in sample | artists ≥ 3 worse by > 0.001 |`);
  console.log(`|---|---:|${withArtists.map(() => '---:').join('|')}|---:|---:|---:|`);
  const logr = (r: OracleRow) => leans.map((_, g) => Math.log(cdAt(r, g) / cdAt(r, b0)));
  const groupMean = (rs: OracleRow[], g: (r: OracleRow) => number) => mean(rs.map((r) => cdAt(r, g(r))));
  console.log(`| (engine, β 0) | | ${withArtists.map((a) => f(groupMean(rows.filter((r) => r.artist === a), () => b0))).join(' | ')} | ${f(groupMean(rows, () => b0))} | | |`);
  console.log(`| (own best β) | | ${withArtists.map((a) => f(groupMean(rows.filter((r) => r.artist === a), bestG))).join(' | ')} | ${f(groupMean(rows, bestG))} | | |`);
  for (const n of names) {
    const pts = (rs: OracleRow[]) => rs.map((r) => ({ c: cues.get(r.id)![n]!, logr: logr(r) }));
    const folds = new Map(artists.map((a) => [a, fitRule(pts(rows.filter((r) => r.artist !== a)))]));
    const held = (r: OracleRow) => { const m = folds.get(r.artist)!; return cues.get(r.id)![n]! > m.t ? m.above : m.below; };
    const all = fitRule(pts(rows));
    const inSample = (r: OracleRow) => (cues.get(r.id)![n]! > all.t ? all.above : all.below);
    const worse = withArtists.filter((a) => { const rs = rows.filter((r) => r.artist === a); return groupMean(rs, held) > groupMean(rs, () => b0) + 0.001; });
    const rho = spearman(rows.map((r) => cues.get(r.id)![n]!), rows.map((r) => leans[bestG(r)]!));
    console.log(`| ${n} | ${f(rho, 2)} | ${withArtists.map((a) => f(groupMean(rows.filter((r) => r.artist === a), held))).join(' | ')} | ${f(groupMean(rows, held))} | ${f(groupMean(rows, inSample))} (β ${leans[all.below]} / ${leans[all.above]}) | ${worse.join(', ') || 'none'} |`);
  }
}

/**
 * A graded lean in place of the shipped step (`--graded`): the lean added to the view's is
 * clamp(s·(t − rimFalloff), lo, 0.5), on top of the engine, which already adds `rim-lean.json`'s
 * lean below its threshold; the CD between the oracle's leans interpolated linearly. (s, t, lo) chosen
 * leaving one artist out (summed log CD over CD as made), as `report` chooses its step.
 */
function gradedReport(oracle: OracleRow[], cueRows: CueRow[]): void {
  const cues = new Map(cueRows.map((r) => [r.id, r.cues]));
  const rows = oracle.filter((r) => r.view === 'front' && cues.has(r.id));
  const k1 = rows[0]!.scales.indexOf(1), b0 = rows[0]!.leans.indexOf(0);
  const leans = rows[0]!.leans;
  const rim = (r: OracleRow) => cues.get(r.id)!['rimFalloff']!;
  const shipped = (r: OracleRow) => (rim(r) < RIM_BELOW ? RIM_LEAN : 0);
  const cdAtLean = (r: OracleRow, beta: number) => {
    const b = Math.max(leans[0]!, Math.min(leans[leans.length - 1]!, beta));
    let g = 0;
    while (g < leans.length - 2 && leans[g + 1]! < b) g++;
    const w = (b - leans[g]!) / (leans[g + 1]! - leans[g]!);
    return (1 - w) * r.cd[k1]![g]! + w * r.cd[k1]![g + 1]!;
  };
  type Rule = { s: number; t: number; lo: number };
  const rel = (r: OracleRow, m: Rule) => Math.max(m.lo, Math.min(0.5, m.s * (m.t - rim(r)))) - shipped(r);
  const rules: Rule[] = [];
  for (const s of [0.5, 1, 2, 3, 4, 6, 8, 12, 16, 24]) for (let t = 0.8; t <= 1.3001; t += 0.01) for (const lo of [0, -0.25, -0.5]) rules.push({ s, t, lo });
  const fit = (train: OracleRow[]) => {
    let best = rules[0]!, score = Infinity;
    for (const m of rules) { const v = train.reduce((a, r) => a + Math.log(cdAtLean(r, rel(r, m)) / r.cd[k1]![b0]!), 0); if (v < score - 1e-12) { score = v; best = m; } }
    return best;
  };
  const artists = [...new Set(rows.map((r) => r.artist))];
  const folds = new Map(artists.map((a) => [a, fit(rows.filter((r) => r.artist !== a))]));
  const f = (v: number) => v.toFixed(4);
  console.log('\nA graded lean, clamp(s·(t − rim falloff), lo, 0.5), in place of the step; left out by artist\n');
  console.log('| artist | characters | engine (the step) | graded, held out | fold (s, t, lo) |');
  console.log('|---|---:|---:|---:|---|');
  for (const a of [...artists, 'all']) {
    const rs = a === 'all' ? rows : rows.filter((r) => r.artist === a);
    const m = folds.get(a);
    console.log(`| ${a} | ${rs.length} | ${f(mean(rs.map((r) => r.cd[k1]![b0]!)))} | ${f(mean(rs.map((r) => cdAtLean(r, rel(r, folds.get(r.artist)!)))))} | ${m ? `${m.s}, ${m.t.toFixed(2)}, ${m.lo}` : ''} |`);
  }
  const all = fit(rows);
  console.log(`\nchosen on all: s ${all.s}, t ${all.t.toFixed(2)}, lo ${all.lo}; in sample ${f(mean(rows.map((r) => cdAtLean(r, rel(r, all)))))}`);
}

async function main(): Promise<void> {
  const oraclePath = arg('--oracle');
  const merge = arg('--merge');
  if (!oraclePath) { console.error('usage: lean-cue.ts <dev-set dir> --oracle oracle.json [--json cues.json] | --merge cues.json --oracle oracle.json'); process.exit(2); }
  const oracle = z.array(oracleSchema).parse(JSON.parse(readFileSync(oraclePath, 'utf8')));
  if (merge) { const rows = z.array(cueRowSchema).parse(JSON.parse(readFileSync(merge, 'utf8'))); report(oracle, rows); if (process.argv.includes('--graded')) gradedReport(oracle, rows); return; }
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) { console.error('usage: lean-cue.ts <dev-set dir> --oracle oracle.json [--json cues.json]'); process.exit(2); }
  const front = new Set(oracle.filter((r) => r.view === 'front').map((r) => r.id));
  const out: CueRow[] = [];
  for (const c of readManifest(dir).filter((x) => front.has(x.id))) {
    const truth = unitHeight(turnToView(await readCharacterMesh(dir, c.id), 'front'));
    const decoded = await decodeImage(benchmarkPicture(truth), { maxSide: GENERATE_MODEL_DEFAULTS.resolution, maxPixels: GENERATE_MODEL_DEFAULTS.maxPixels });
    const subject = segmentSubject(decoded, { hasAlpha: decoded.hasAlpha });
    const inside = distanceTransform(subject.mask, subject.width, subject.height);
    const cues = { ...facingCues(decoded.data, subject.mask, inside, subject.width, subject.height), ...extraCues(decoded.data, subject.mask, inside, subject.width, subject.height), ...silhouetteCues(subject.mask, subject.width, subject.height) };
    out.push({ id: c.id, cues: { ...cues } });
    const json = arg('--json');
    if (json) writeFileSync(json, JSON.stringify(out));
  }
  report(oracle, out);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

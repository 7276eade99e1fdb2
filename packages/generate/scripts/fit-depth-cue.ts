/**
 * Which picture cue predicts a fish's or flyer's own depth scale? Reads what `collect-depth-cue.ts`
 * stored (per character: the picture and the CD grid over depth scale k and lean β), computes cues
 * from the picture's mask as the engine segments it, and fits log k = a + b·cue leaving one artist out.
 *
 * Two readings: the CD at the predicted scale (the 11 fish and flyers' grids, the cue chosen by its
 * left-out score, and nested: chosen inside each fold too), and with `--own` each character's own
 * depth scale from its true mesh against the cues over the whole set (mean |log error| left out).
 * The chosen cue and its constants enter `src/depth-cue.ts` by hand (the option `depthCue`).
 *
 *   npx tsx packages/generate/scripts/fit-depth-cue.ts /tmp/gd
 *   npx tsx packages/generate/scripts/fit-depth-cue.ts /tmp/gdown --own
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { decodeImage } from '../src/decode-image';
import { segmentSubject } from '../src/segment-subject';
import { distanceTransform } from '../src/mask-ops';
import { splitParts } from '../src/body-parts';
import { axisThickness } from '../src/depth-cue';
import { CUE_LEANS, CUE_SCALES } from './collect-depth-cue';
import { mean } from './dev-set-views';

const rowSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.enum(['front', 'side', 'top']), cd: z.array(z.array(z.number())) });
type Row = z.infer<typeof rowSchema> & { f: Record<string, number> };

function convexArea(pts: Array<[number, number]>): number {
  const p = pts.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Array<[number, number]> = [], upper: Array<[number, number]> = [];
  for (const q of p) { while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop(); lower.push(q); }
  for (const q of p.reverse()) { while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop(); upper.push(q); }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  let a = 0;
  for (let i = 0; i < hull.length; i++) { const u = hull[i]!, v = hull[(i + 1) % hull.length]!; a += u[0] * v[1] - v[0] * u[1]; }
  return Math.abs(a) / 2;
}

async function features(png: Buffer): Promise<Record<string, number>> {
  const decoded = await decodeImage(png, { maxSide: 512, maxPixels: 512 * 512 });
  const s = segmentSubject(decoded, { hasAlpha: decoded.hasAlpha });
  const { mask, width: w, height: h } = s;
  const dt = distanceTransform(mask, w, h);
  let A = 0, sx = 0, sy = 0, minX = w, maxX = 0, minY = h, maxY = 0, R = 0, sumD = 0;
  const corners: Array<[number, number]> = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const i = y * w + x;
    if (!mask[i]) continue;
    A++; sx += x; sy += y; sumD += dt[i]!; R = Math.max(R, dt[i]!);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    if (!mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w]) corners.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
  }
  const mx = sx / A, my = sy / A;
  let cxx = 0, cyy = 0, cxy = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (mask[y * w + x]) { cxx += (x - mx) ** 2; cyy += (y - my) ** 2; cxy += (x - mx) * (y - my); }
  const tr = (cxx + cyy) / A, det = (cxx * cyy - cxy * cxy) / A / A;
  const l1 = tr / 2 + Math.sqrt(Math.max(0, tr * tr / 4 - det)), l2 = tr / 2 - Math.sqrt(Math.max(0, tr * tr / 4 - det));
  const bw = maxX - minX + 1, bh = maxY - minY + 1;
  // Mirror symmetry about the vertical line through the centroid, and the deepest point near it.
  let inter = 0, uni = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const m = mask[y * w + x]!, xr = Math.round(2 * mx - x);
    const mm = xr >= 0 && xr < w ? mask[y * w + xr]! : 0;
    inter += m & mm; uni += m | mm;
  }
  const axisR = axisThickness(mask, dt, w, h);
  const parts = splitParts(mask, dt, w, h, false);
  let core = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && parts.kinds[parts.labels[i]!] === 'core') core++;
  // Colour: mean chroma and luminance spread inside.
  let chroma = 0, lum = 0, lum2 = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) {
    const r = decoded.data[4 * i]!, g = decoded.data[4 * i + 1]!, b = decoded.data[4 * i + 2]!;
    chroma += (Math.max(r, g, b) - Math.min(r, g, b)) / 255; const L = (0.299 * r + 0.587 * g + 0.114 * b) / 255; lum += L; lum2 += L * L;
  }
  return {
    aspect: bw / bh, logAspect: Math.log(bw / bh), fill: A / (bw * bh), elong: Math.sqrt(l1 / Math.max(l2, 1e-9)),
    solidity: A / convexArea(corners), roundness: R / Math.sqrt(A / Math.PI), rOverH: R / bh, rOverW: R / bw, rOverLong: R / Math.max(bw, bh), rOverShort: R / Math.min(bw, bh),
    meanDOverR: sumD / A / R, symmetry: inter / uni, axisR, core: core / A, chroma: chroma / A, lumStd: Math.sqrt(Math.max(0, lum2 / A - (lum / A) ** 2)),
  };
}

/** The engine's lean for the view (0.25 from above, else 0) on the grid. */
const leanIndex = (r: Row) => CUE_LEANS.indexOf(r.view === 'top' ? 0.25 : 0);
/** CD at scale k (log-linear between grid scales, clamped to the grid) at the engine's lean. */
function cdAt(r: Row, k: number): number {
  const j = leanIndex(r), lk = Math.log(Math.min(Math.max(k, CUE_SCALES[0]!), CUE_SCALES[CUE_SCALES.length - 1]!));
  for (let i = 0; i + 1 < CUE_SCALES.length; i++) {
    const a = Math.log(CUE_SCALES[i]!), b = Math.log(CUE_SCALES[i + 1]!);
    if (lk <= b + 1e-12) { const t = (lk - a) / (b - a); return r.cd[i]![j]! * (1 - t) + r.cd[i + 1]![j]! * t; }
  }
  return r.cd[CUE_SCALES.length - 1]![j]!;
}
const score = (rows: Row[], k: (r: Row) => number) => mean(rows.map((r) => Math.log(cdAt(r, k(r)) / cdAt(r, 1))));

interface Model { cue: string; a: number; b: number; c0: number }
/** Predicted scales are held to [K_MIN, K_MAX]: the range the characters' own best scales span (no extrapolation past it). */
export const K_MIN = 0.4, K_MAX = 1.6;
const kOf = (m: Model, r: Row) => Math.min(K_MAX, Math.max(K_MIN, Math.exp(m.a + m.b * (r.f[m.cue]! - m.c0))));
/** a, b on a grid (b = 0 allowed: a constant scale), least mean log CD ratio. */
function fit(rows: Row[], cue: string): Model {
  const c0 = mean(rows.map((r) => r.f[cue]!));
  const sd = Math.sqrt(mean(rows.map((r) => (r.f[cue]! - c0) ** 2))) || 1;
  let best: Model = { cue, a: 0, b: 0, c0 }, bestS = Infinity;
  for (let a = -1.4; a <= 0.7 + 1e-9; a += 0.05) for (let bs = -2; bs <= 2 + 1e-9; bs += 0.05) {
    const m = { cue, a, b: bs / sd, c0 };
    const s = score(rows, (r) => kOf(m, r)) + 1e-4 * (a * a + bs * bs);
    if (s < bestS) [best, bestS] = [m, s];
  }
  return best;
}

const ownSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), view: z.enum(['front', 'side', 'top']), own: z.number() });
type OwnRow = z.infer<typeof ownSchema> & { f: Record<string, number> };

/** Own scale against each cue over every character: correlation, and log own = a + b·cue left out by artist (mean |log error|). */
async function ownAnalysis(dir: string): Promise<void> {
  const rows: OwnRow[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const r = ownSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    rows.push({ ...r, f: await features(readFileSync(join(dir, `${r.id}.png`))) });
  }
  const cues = Object.keys(rows[0]!.f);
  const y = (r: OwnRow) => Math.log(Math.max(r.own, 0.05));
  const corr = (rs: OwnRow[], c: string) => { const xs = rs.map((r) => r.f[c]!), ys = rs.map(y); const mx = mean(xs), my = mean(ys); let a = 0, b = 0, d = 0; xs.forEach((x, i) => { a += (x - mx) * (ys[i]! - my); b += (x - mx) ** 2; d += (ys[i]! - my) ** 2; }); return a / Math.sqrt(b * d); };
  const groups: Array<[string, OwnRow[]]> = [['all', rows], ['not biped', rows.filter((r) => r.plan !== 'biped')], ['aquatic+avian', rows.filter((r) => r.plan === 'aquatic' || r.plan === 'avian')]];
  for (const [g, rs] of groups) console.log(`${g} (${rs.length}): ${cues.map((c) => `${c} ${corr(rs, c).toFixed(2)}`).join(', ')}`);
  const artists = [...new Set(rows.map((r) => r.artist))];
  const lad = (rs: OwnRow[], c: string | null) => {
    let best = { a: 0, b: 0 }, be = Infinity;
    const c0 = c ? mean(rs.map((r) => r.f[c]!)) : 0;
    for (let a = -1.2; a <= 0.6; a += 0.02) for (let b = c ? -6 : 0; b <= (c ? 6 : 0) + 1e-9; b += 0.05) {
      const e = mean(rs.map((r) => Math.abs(y(r) - a - b * ((c ? r.f[c]! : 0) - c0))));
      if (e < be) [best, be] = [{ a, b }, e];
    }
    return (r: OwnRow) => best.a + best.b * ((c ? r.f[c]! : 0) - c0);
  };
  console.log('\nleft out by artist, mean |log own − prediction| (fit on all plans / on the rest of aquatic+avian):');
  const target = rows.filter((r) => r.plan === 'aquatic' || r.plan === 'avian');
  for (const c of [null, ...cues]) {
    const held = new Map<OwnRow, number>();
    for (const a of artists) { const m = lad(rows.filter((r) => r.artist !== a), c); for (const r of rows.filter((x) => x.artist === a)) held.set(r, m(r)); }
    const err = (rs: OwnRow[]) => mean(rs.map((r) => Math.abs(y(r) - held.get(r)!))).toFixed(3);
    const zero = (rs: OwnRow[]) => mean(rs.map((r) => Math.abs(y(r)))).toFixed(3);
    console.log(`${c ?? 'constant'}: all ${err(rows)} (view prior ${zero(rows)}), aquatic+avian ${err(target)} (view prior ${zero(target)})`);
  }
  console.log('\nper view (a, b fitted on the training rows of the picture\'s view), left out by artist:');
  for (const c of [null, ...cues]) {
    const held = new Map<OwnRow, number>();
    for (const a of artists) for (const v of ['front', 'side', 'top']) {
      const train = rows.filter((r) => r.artist !== a && r.view === v);
      if (!train.length) continue;
      const m = lad(train, c);
      for (const r of rows.filter((x) => x.artist === a && x.view === v)) held.set(r, m(r));
    }
    const err = (rs: OwnRow[]) => mean(rs.filter((r) => held.has(r)).map((r) => Math.abs(y(r) - held.get(r)!))).toFixed(3);
    const zero = (rs: OwnRow[]) => mean(rs.filter((r) => held.has(r)).map((r) => Math.abs(y(r)))).toFixed(3);
    console.log(`${c ?? 'constant'}: all ${err(rows)} (view prior ${zero(rows)}), aquatic+avian ${err(target)} (view prior ${zero(target)}), not biped ${err(rows.filter((r) => r.plan !== 'biped'))} (${zero(rows.filter((r) => r.plan !== 'biped'))})`);
  }
  for (const r of target) console.log(`${r.id} ${r.view} own ${r.own.toFixed(2)} ${cues.map((c) => `${c} ${r.f[c]!.toFixed(2)}`).join(' ')}`);
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? '/tmp/gd';
  if (process.argv.includes('--own')) { await ownAnalysis(dir); return; }
  const rows: Row[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const r = rowSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    rows.push({ ...r, f: await features(readFileSync(join(dir, `${r.id}.png`))) });
  }
  const cues = Object.keys(rows[0]!.f);
  console.log(`| character | plan | view | artist | CD at 1 | own best k (CD) | ${cues.join(' | ')} |`);
  for (const r of rows) {
    const ks = CUE_SCALES.map((k) => cdAt(r, k)); const bi = ks.indexOf(Math.min(...ks));
    console.log(`| ${r.id} | ${r.plan} | ${r.view} | ${r.artist} | ${cdAt(r, 1).toFixed(4)} | ${CUE_SCALES[bi]} (${ks[bi]!.toFixed(4)}) | ${cues.map((c) => r.f[c]!.toFixed(3)).join(' | ')} |`);
  }
  const own = rows.map((r) => { const ks = CUE_SCALES.map((k) => cdAt(r, k)); return Math.log(CUE_SCALES[ks.indexOf(Math.min(...ks))]!); });
  const corr = (xs: number[], ys: number[]) => { const mx = mean(xs), my = mean(ys); let a = 0, b = 0, c = 0; xs.forEach((x, i) => { a += (x - mx) * (ys[i]! - my); b += (x - mx) ** 2; c += (ys[i]! - my) ** 2; }); return a / Math.sqrt(b * c); };
  console.log(`\ncorrelation with log own k: ${cues.map((c) => `${c} ${corr(rows.map((r) => r.f[c]!), own).toFixed(2)}`).join(', ')}`);
  const artists = [...new Set(rows.map((r) => r.artist))];
  console.log('\nleft out by artist: geometric mean CD ratio to k = 1 (all, aquatic, avian), and mean CD aquatic / avian');
  // 'constant': one scale for all (b = 0), the per-plan constant of last round for these two plans.
  const constFit = (train: Row[]): Model => {
    let m: Model = { cue: cues[0]!, a: 0, b: 0, c0: 0 }, best = Infinity;
    for (let a = -1.4; a <= 0.7 + 1e-9; a += 0.05) { const s = score(train, () => Math.exp(a)); if (s < best) [m, best] = [{ ...m, a }, s]; }
    return m;
  };
  for (const cue of ['constant', ...cues]) {
    const held = new Map<Row, number>();
    for (const a of artists) {
      const train = rows.filter((r) => r.artist !== a);
      const m = cue === 'constant' ? constFit(train) : fit(train, cue);
      for (const r of rows.filter((x) => x.artist === a)) held.set(r, kOf(m, r));
    }
    const g = (rs: Row[]) => Math.exp(score(rs, (r) => held.get(r)!)).toFixed(3);
    const cdm = (rs: Row[]) => mean(rs.map((r) => cdAt(r, held.get(r)!))).toFixed(4);
    const aq = rows.filter((r) => r.plan === 'aquatic'), av = rows.filter((r) => r.plan === 'avian');
    console.log(`${cue}: ${g(rows)} ${g(aq)} ${g(av)} | ${cdm(aq)} ${cdm(av)} | k (CD before → after): ${rows.map((r) => `${r.id.slice(-8)} ${held.get(r)!.toFixed(2)} (${cdAt(r, 1).toFixed(4)} → ${cdAt(r, held.get(r)!).toFixed(4)})`).join(', ')}`);
    if (cue !== 'constant') { const m = fit(rows, cue); console.log(`   on all: a ${m.a.toFixed(2)}, b ${m.b.toFixed(3)}, c0 ${m.c0.toFixed(3)}`); }
  }
  // Choosing the cue is itself a fit: nested, the cue is chosen by its left-out score among the
  // training artists only, then fitted on them and scored on the held-out artist.
  const heldOutScore = (train: Row[], cue: string) => {
    const inner = [...new Set(train.map((r) => r.artist))];
    const ks = new Map<Row, number>();
    for (const a of inner) { const m = fit(train.filter((r) => r.artist !== a), cue); for (const r of train.filter((x) => x.artist === a)) ks.set(r, kOf(m, r)); }
    return score(train, (r) => ks.get(r)!);
  };
  const nested = new Map<Row, number>();
  for (const a of artists) {
    const train = rows.filter((r) => r.artist !== a);
    const cue = cues.reduce((b, c) => (heldOutScore(train, c) < heldOutScore(train, b) ? c : b), cues[0]!);
    const m = fit(train, cue);
    console.log(`nested, without ${a}: cue ${cue}`);
    for (const r of rows.filter((x) => x.artist === a)) nested.set(r, kOf(m, r));
  }
  {
    const aqR = rows.filter((r) => r.plan === 'aquatic'), avR = rows.filter((r) => r.plan === 'avian');
    const g = (rs: Row[]) => Math.exp(score(rs, (r) => nested.get(r)!)).toFixed(3);
    const cdm = (rs: Row[]) => mean(rs.map((r) => cdAt(r, nested.get(r)!))).toFixed(4);
    console.log(`nested (cue chosen left out too): ${g(rows)} ${g(aqR)} ${g(avR)} | ${cdm(aqR)} ${cdm(avR)} | ${rows.map((r) => `${r.id.slice(-8)} ${nested.get(r)!.toFixed(2)} (${cdAt(r, 1).toFixed(4)} → ${cdAt(r, nested.get(r)!).toFixed(4)})`).join(', ')}`);
  }
  const aq = rows.filter((r) => r.plan === 'aquatic'), av = rows.filter((r) => r.plan === 'avian');
  console.log(`before: aquatic ${mean(aq.map((r) => cdAt(r, 1))).toFixed(4)}, avian ${mean(av.map((r) => cdAt(r, 1))).toFixed(4)}; oracle: ${mean(aq.map((r) => Math.min(...CUE_SCALES.map((k) => cdAt(r, k))))).toFixed(4)}, ${mean(av.map((r) => Math.min(...CUE_SCALES.map((k) => cdAt(r, k))))).toFixed(4)}`);
}

main().catch((error: unknown) => { console.error(error); process.exit(1); });

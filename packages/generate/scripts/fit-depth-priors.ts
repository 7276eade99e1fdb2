/**
 * Fits the depth priors the engine ships (`src/depth-priors.json`) from the dev set's true meshes.
 *
 *   npx tsx packages/generate/scripts/fit-depth-priors.ts ../shared/rig-dev-set [--write] [--cache /tmp/samples.json]
 *
 * What is learned: how deep a character really is behind each pixel of a picture of it, as a
 * function of how wide the silhouette is there. For every character and each of the three views
 * (front, side, top; scaled to stand 1 tall as the benchmark pictures it) the true mesh is
 * rasterised orthographically into a grid that records, per covered pixel, the nearest and farthest
 * surface along the view axis; the pixel's true half-depth t = (far − near) / 2 / H (H the picture
 * height) is paired with the engine's own width measure at that pixel, q = √(4u) / H, u the solution
 * of −Δu = 1 on the silhouette with u = 0 outside (the quantity `inflate-surface.ts` inflates).
 * The model is t = a · q^b per (body plan, view): b < 1 makes narrow parts (limbs, ears, tails)
 * relatively deeper than wide ones (a torso), b = 1 is the old uniform inflation (a = 0.5).
 *
 * A second width measure is tried beside q: the medial balls' sphere height bq = B / H
 * (`src/ball-depth.ts`, the same code the engine runs), alone (t = c · bq) or mixed (t = a · q + c · bq).
 * Also reported, not shipped: a depth-offset table (where each pixel's depth interval sits, by row
 * and relative width), which did not beat the symmetric body left-out.
 *
 * Chosen how: the model form (b free or b = 1; one prior per view, or per body plan and view; q,
 * the balls or both) is
 * picked by leave-one-artist-out error — fitted without an artist, scored on that artist's
 * characters at the view the benchmark pictures them from — and that left-out error is printed per
 * artist. `--write` then fits the chosen form on the whole set and writes the JSON. The set is
 * development data: only the fitted numbers (a few per plan and view) enter the repository.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ballHeights, medialBalls } from '../src/ball-depth';
import { distanceTransform } from '../src/mask-ops';
import { ballExponent, DEPTH_PRIOR_MIN_CHARACTERS, type DepthPrior } from '../src/depth-prior';

/** A table over bins of the pixel's row (0 top .. 1 bottom) and relative width qn, read bilinearly between bin centres. */
interface BinTable { rows: number; widths: number; values: number[] }
function binAt(table: BinTable, y: number, qn: number): number {
  const at = (n: number, v: number): [number, number, number] => {
    const f = Math.min(n - 1, Math.max(0, v * n - 0.5));
    const i = Math.min(n - 1, Math.floor(f));
    return [i, Math.min(n - 1, i + 1), f - i];
  };
  const [r0, r1, fr] = at(table.rows, y);
  const [c0, c1, fc] = at(table.widths, qn);
  const v = (r: number, c: number): number => table.values[r * table.widths + c]!;
  return (1 - fr) * ((1 - fc) * v(r0, c0) + fc * v(r0, c1)) + fr * ((1 - fc) * v(r1, c0) + fc * v(r1, c1));
}
import { mostInformativeView, rasterDepth, turnToView, VIEWS, type View, arg, readManifest, readCharacterMesh } from './dev-set-views';

/** Grid cells along the longer side of the picture. */
const GRID = 128;
/** Pixels kept per character and view (evenly strided) so every character weighs the same. */
const SAMPLES = 400;
/** Weights k of the view's prior against a plan's n characters tried (see `Form.shrink`). */
const SHRINKS = [0, 0.5, 1, 2, 4, 8];
const EXPONENTS = Array.from({ length: 11 }, (_, i) => 0.2 + i * 0.08);

/**
 * Per sampled pixel: q and t as above; `y` the pixel's row over the picture height (0 top, 1 bottom),
 * `qn` its q over the character's largest q, and `m` the middle of its true depth interval,
 * (near + far) / 2 / H, less the character's median middle (its body plane).
 */
interface Samples { q: Float64Array; t: Float64Array; y: Float64Array; qn: Float64Array; m: Float64Array; bq: Float64Array }
interface Character { id: string; plan: string; artist: string; best: View; views: Record<View, Samples> }

/** Per-pixel near/far along +Z of the turned mesh (scaled to stand 1 tall), and the grid's Poisson u. */
function depthSamples(positions: Float32Array, indices: Uint32Array, view: View): Samples {
  const { w, h, scale: s, height, near, far } = rasterDepth(positions, indices, GRID, 1);
  const inside = Uint8Array.from(near, (z) => (Number.isFinite(z) ? 1 : 0));
  const u = poisson(inside, w, h);
  const heightPx = height * s;
  const q: number[] = [], t: number[] = [], y: number[] = [], qn: number[] = [], m: number[] = [], centres: number[] = [];
  const covered: number[] = [];
  let uMax = 0;
  for (let p = 0; p < w * h; p++) if (inside[p]) { covered.push(p); uMax = Math.max(uMax, u[p]!); }
  const mids = covered.map((p) => (far[p]! + near[p]!) / 2 / height).sort((a, c) => a - c);
  const plane = mids.length ? mids[Math.floor(mids.length / 2)]! : 0;
  const stride = Math.max(1, covered.length / SAMPLES);
  for (let i = 0; i < covered.length; i += stride) {
    const p = covered[Math.floor(i)]!;
    q.push(Math.sqrt(4 * u[p]!) / heightPx);
    t.push((far[p]! - near[p]!) / 2 / height);
    y.push(Math.min(1, Math.max(0, (Math.floor(p / w) + 0.5 - 1) / heightPx)));
    qn.push(uMax > 0 ? Math.sqrt(u[p]! / uMax) : 0);
    m.push((far[p]! + near[p]!) / 2 / height - plane);
    centres.push((p % w) + 0.5, Math.floor(p / w) + 0.5);
  }
  // The medial-ball measure the engine computes too (ball-depth.ts), on this grid, with the engine's profile for the view.
  const balls = ballHeights(centres, medialBalls(distanceTransform(inside, w, h), w, h), ballExponent(view));
  const f64 = (a: number[]) => Float64Array.from(a);
  return { q: f64(q), t: f64(t), y: f64(y), qn: f64(qn), m: f64(m), bq: Float64Array.from(balls, (v) => v / heightPx) };
}

/** −Δu = 1 on the covered pixels (5-point stencil), u = 0 outside; conjugate gradients. */
function poisson(inside: Uint8Array, w: number, h: number): Float64Array {
  const n = w * h;
  const apply = (x: Float64Array, y: Float64Array): void => {
    for (let p = 0; p < n; p++) {
      if (!inside[p]) { y[p] = 0; continue; }
      const xx = p % w;
      let sum = 4 * x[p]!;
      if (xx > 0) sum -= x[p - 1]!;
      if (xx < w - 1) sum -= x[p + 1]!;
      if (p >= w) sum -= x[p - w]!;
      if (p + w < n) sum -= x[p + w]!;
      y[p] = sum;
    }
  };
  const x = new Float64Array(n), r = Float64Array.from(inside), p = Float64Array.from(inside), ap = new Float64Array(n);
  let rr = r.reduce((a, v) => a + v * v, 0);
  const stop = rr * 1e-16;
  for (let it = 0; it < 4000 && rr > stop; it++) {
    apply(p, ap);
    let pap = 0;
    for (let i = 0; i < n; i++) pap += p[i]! * ap[i]!;
    const alpha = rr / pap;
    let next = 0;
    for (let i = 0; i < n; i++) { x[i] = x[i]! + alpha * p[i]!; r[i] = r[i]! - alpha * ap[i]!; next += r[i]! * r[i]!; }
    const beta = next / rr;
    rr = next;
    for (let i = 0; i < n; i++) p[i] = r[i]! + beta * p[i]!;
  }
  return x;
}

/** A prior as the engine reads it, plus the cap m tried here (half-depth ≤ m · H; not shipped: see `Form.cap`). */
type Prior = DepthPrior & { m?: number };
type PriorTable = Record<string, Prior>;
/**
 * `informative`: a view's prior is fitted only on the characters whose most informative view it is
 * (pictures people take of them), not on every character seen from there. `measure`: the width
 * measure the depth follows: the Poisson √(4u) (`q`, with exponent b), the medial balls' sphere
 * height (`bq`, `ball-depth.ts`), or a sum of both (`mix`, b = 1).
 */
type Form = {
  name: string; freeExponent: boolean; perPlan: boolean; informative: boolean; measure: 'q' | 'bq' | 'mix';
  /**
   * Per plan, shrunk toward the view's prior: a plan's scale from its n characters weighs n against
   * the view's k (c = (n·c_plan + k·c_view) / (n + k)), so a plan with one or two characters moves
   * the prior only part of the way. Absent: a plan needs DEPTH_PRIOR_MIN_CHARACTERS and is not shrunk.
   */
  shrink?: number;
  /** Half-depth capped at m (picture heights, fitted with c): a part wider than it is deep (a fin, a wing) stops deepening. */
  cap?: boolean;
};
const FORMS: Form[] = [
  { name: 'per view, b = 1', freeExponent: false, perPlan: false, informative: false, measure: 'q' },
  { name: 'per view, b free', freeExponent: true, perPlan: false, informative: false, measure: 'q' },
  { name: 'per view from its informative pictures, b = 1', freeExponent: false, perPlan: false, informative: true, measure: 'q' },
  { name: 'per view from its informative pictures, b free', freeExponent: true, perPlan: false, informative: true, measure: 'q' },
  { name: 'per plan and view, b = 1', freeExponent: false, perPlan: true, informative: false, measure: 'q' },
  { name: 'per plan and view, b free', freeExponent: true, perPlan: true, informative: false, measure: 'q' },
  { name: 'per view from its informative pictures, medial balls', freeExponent: false, perPlan: false, informative: true, measure: 'bq' },
  { name: 'per view from its informative pictures, Poisson + medial balls', freeExponent: false, perPlan: false, informative: true, measure: 'mix' },
  ...SHRINKS.map((k): Form => ({ name: `per plan and view from its informative pictures, medial balls, shrunk k = ${k}`, freeExponent: false, perPlan: true, informative: true, measure: 'bq', shrink: k })),
  { name: 'per view from its informative pictures, medial balls, capped', freeExponent: false, perPlan: false, informative: true, measure: 'bq', cap: true },
  ...SHRINKS.map((k): Form => ({ name: `per plan and view from its informative pictures, medial balls, capped, shrunk k = ${k}`, freeExponent: false, perPlan: true, informative: true, measure: 'bq', shrink: k, cap: true })),
];

/**
 * Least absolute error (the score below), each sample set weighing the same: for each exponent on
 * the grid, iteratively reweighted least squares for the scale (a few steps converge to the weighted
 * median of t / q^b), then the exponent with the least error.
 */
function fit(sets: Samples[], freeExponent: boolean, measure: Form['measure'] = 'q', cap = false): Prior {
  if (cap) return fitCapped(sets);
  if (measure !== 'q') return { ...fitMix(sets, measure === 'bq' ? 'bq' : undefined), b: 1 };
  let best: Prior = { a: 0.5, b: 1, c: 0 }, bestErr = Infinity;
  for (const b of freeExponent ? EXPONENTS : [1]) {
    let a = 0.5;
    let err = Infinity;
    for (let step = 0; step < 8; step++) {
      let num = 0, den = 0, sum = 0;
      for (const s of sets) {
        const wgt = 1 / Math.max(1, s.q.length);
        for (let i = 0; i < s.q.length; i++) {
          const f = s.q[i]! ** b;
          const r = Math.abs(s.t[i]! - a * f);
          sum += wgt * r;
          const irls = wgt / Math.max(r, 1e-4);
          num += irls * s.t[i]! * f;
          den += irls * f * f;
        }
      }
      err = sum;
      if (den > 0) a = num / den;
    }
    if (err < bestErr) [bestErr, best] = [err, { a, b, c: 0 }];
  }
  return best;
}

/** The table for one form, fitted on `chars`: "any/<view>" always, "<plan>/<view>" for plans with enough characters. */
function fitTable(chars: Character[], form: Form): PriorTable {
  const table: PriorTable = {};
  const any = [...VIEWS, 'any'] as const;
  for (const view of any) {
    const sets = (cs: Character[]) => cs.flatMap((c) => (view === 'any' || form.informative ? (view === 'any' || c.best === view ? [c.views[c.best]] : []) : [c.views[view]]));
    if (sets(chars).length >= DEPTH_PRIOR_MIN_CHARACTERS) table[`any/${view}`] = fit(sets(chars), form.freeExponent, form.measure, form.cap);
    if (!form.perPlan) continue;
    const general = table[`any/${view}`];
    for (const plan of new Set(chars.map((c) => c.plan))) {
      const of = sets(chars.filter((c) => c.plan === plan));
      if (form.shrink === undefined) {
        if (of.length >= DEPTH_PRIOR_MIN_CHARACTERS) table[`${plan}/${view}`] = fit(of, form.freeExponent, form.measure, form.cap);
        continue;
      }
      if (!of.length || !general) continue;
      const own = fit(of, form.freeExponent, form.measure, form.cap), n = of.length, k = form.shrink;
      const blend = (x: number, y: number) => (n * x + k * y) / (n + k);
      table[`${plan}/${view}`] = { a: blend(own.a, general.a), b: own.b, c: blend(own.c, general.c), ...(own.m !== undefined || general.m !== undefined ? { m: blend(own.m ?? NO_CAP, general.m ?? NO_CAP) } : {}) };
    }
  }
  return table;
}

/** Mean absolute half-depth error (in picture heights) at the character's benchmark view. */
function error(c: Character, table: PriorTable): number {
  const p = table[`${c.plan}/${c.best}`] ?? table[`any/${c.best}`] ?? table['any/any']!;
  const s = c.views[c.best];
  let sum = 0;
  for (let i = 0; i < s.q.length; i++) sum += Math.abs(s.t[i]! - Math.min(p.m ?? Infinity, p.a * s.q[i]! ** p.b + p.c * s.bq[i]!));
  return sum / Math.max(1, s.q.length);
}

/**
 * t = a · q + c · bq by least absolute error, each sample set weighing the same, both ≥ 0; `only`:
 * fit just one of the two (the other 0). The error is convex in (a, c): a golden-section search
 * for c inside one for a finds the minimum (an IRLS did not converge reliably here).
 */
function fitMix(sets: Samples[], only?: 'q' | 'bq'): { a: number; c: number } {
  const total = (a: number, c: number) => sets.reduce((sum, s) => sum + mixError(s, { a, c }), 0);
  const golden = (lo: number, hi: number, f: (x: number) => number): number => {
    const g = (Math.sqrt(5) - 1) / 2;
    let x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo), f1 = f(x1), f2 = f(x2);
    for (let k = 0; k < 30; k++) {
      if (f1 < f2) { hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = f(x1); }
      else { lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = f(x2); }
    }
    return (lo + hi) / 2;
  };
  if (only === 'q') return { a: golden(0, 3, (a) => total(a, 0)), c: 0 };
  if (only === 'bq') return { a: 0, c: golden(0, 3, (c) => total(0, c)) };
  const bestC = (a: number) => golden(0, 3, (c) => total(a, c));
  const a = golden(0, 2, (x) => total(x, bestC(x)));
  return { a, c: bestC(a) };
}

/** Caps tried (picture heights); the last, NO_CAP, is above any half-depth (no cap). */
const NO_CAP = 1;
const CAPS = [0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, NO_CAP];

/** t = min(c · bq, m) by least absolute error: for each cap on the grid, the best c (golden section). */
function fitCapped(sets: Samples[]): Prior {
  let best: Prior = { a: 0, b: 1, c: 1 }, bestErr = Infinity;
  for (const m of CAPS) {
    const total = (c: number) => sets.reduce((sum, s) => sum + mixError(s, { a: 0, c, m }), 0);
    let lo = 0, hi = 3;
    const g = (Math.sqrt(5) - 1) / 2;
    for (let k = 0; k < 40; k++) {
      const x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
      if (total(x1) < total(x2)) hi = x2; else lo = x1;
    }
    const c = (lo + hi) / 2, err = total(c);
    if (err < bestErr) [bestErr, best] = [err, { a: 0, b: 1, c, m }];
  }
  return best;
}

function mixError(s: Samples, p: { a: number; c: number; m?: number }): number {
  let sum = 0;
  for (let i = 0; i < s.q.length; i++) sum += Math.abs(s.t[i]! - Math.min(p.m ?? Infinity, p.a * s.q[i]! + p.c * s.bq[i]!));
  return sum / Math.max(1, s.q.length);
}

/** Bin counts (rows × widths) tried for the depth-offset table; 0 × 0 is no offset (symmetric). */
const OFFSET_FORMS: Array<[number, number]> = [[0, 0], [1, 1], [3, 1], [6, 1], [10, 1], [3, 2], [6, 2], [10, 2], [6, 3]];

/** Weighted median of (value, weight) pairs. */
function weightedMedian(pairs: Array<[number, number]>): number {
  if (!pairs.length) return 0;
  const sorted = [...pairs].sort((p, q) => p[0] - q[0]);
  const total = sorted.reduce((s, p) => s + p[1], 0);
  let acc = 0;
  for (const [v, w] of sorted) { acc += w; if (acc >= total / 2) return v; }
  return sorted[sorted.length - 1]![0];
}

/**
 * The depth-offset table of one view: per bin the weighted median (every character weighing the
 * same) of the pixels' middle offsets; a bin no pixel falls in takes its row's median.
 */
function fitOffsets(sets: Samples[], rows: number, widths: number): BinTable {
  const bins: Array<Array<[number, number]>> = Array.from({ length: rows * widths }, () => []);
  const byRow: Array<Array<[number, number]>> = Array.from({ length: rows }, () => []);
  for (const s of sets) {
    const wgt = 1 / Math.max(1, s.m.length);
    for (let i = 0; i < s.m.length; i++) {
      const r = Math.min(rows - 1, Math.floor(s.y[i]! * rows)), c = Math.min(widths - 1, Math.floor(s.qn[i]! * widths));
      bins[r * widths + c]!.push([s.m[i]!, wgt]);
      byRow[r]!.push([s.m[i]!, wgt]);
    }
  }
  const values = bins.map((b, k) => weightedMedian(b.length ? b : byRow[Math.floor(k / widths)]!));
  return { rows, widths, values };
}

/**
 * A character's offset error: mean |true middle − predicted middle| over its pixels, after the one
 * shift that fits best (the benchmark centres both models on their boxes, so only the middles'
 * shape relative to each other counts), in picture heights.
 */
function offsetError(s: Samples, table: BinTable | undefined): number {
  const r = Array.from(s.m, (m, i) => m - (table ? binAt(table, s.y[i]!, s.qn[i]!) : 0));
  const shift = weightedMedian(r.map((v) => [v, 1]));
  return r.reduce((sum, v) => sum + Math.abs(v - shift), 0) / Math.max(1, r.length);
}

/** A cache of the rasterised samples (outside the repository) so re-fits skip the meshes. */
function revive(_: string, v: unknown): unknown {
  return typeof v === 'object' && v !== null && 'f64' in v && Array.isArray(v.f64) ? Float64Array.from(v.f64 as number[]) : v;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: fit-depth-priors.ts <dev-set dir> [--write]');
    process.exit(2);
  }
  const manifest = readManifest(dir);
  const cachePath = arg('--cache');
  const cached: Character[] = cachePath && existsSync(cachePath) ? JSON.parse(readFileSync(cachePath, 'utf8'), revive) : [];
  // Samples thinned to SAMPLES per set (a cache written with more is strided down).
  const thin = (s: Samples): Samples => {
    const keep = Array.from({ length: Math.min(SAMPLES, s.q.length) }, (_, i) => Math.floor((i * s.q.length) / Math.min(SAMPLES, s.q.length)));
    const pick = (a: Float64Array) => Float64Array.from(keep, (i) => a[i]!);
    return { q: pick(s.q), t: pick(s.t), y: pick(s.y), qn: pick(s.qn), m: pick(s.m), bq: pick(s.bq) };
  };
  const chars: Character[] = cached.map((c) => ({ ...c, views: { front: thin(c.views.front), side: thin(c.views.side), top: thin(c.views.top) } }));
  for (const c of cached.length ? [] : manifest) {
    const mesh = await readCharacterMesh(dir, c.id);
    const views = Object.fromEntries(VIEWS.map((v) => {
      const turned = turnToView(mesh, v);
      return [v, depthSamples(turned.positions, turned.indices, v)];
    })) as Record<View, Samples>;
    chars.push({ id: c.id, plan: c.bodyPlan, artist: c.artist, best: mostInformativeView(mesh), views });
  }
  if (cachePath && !cached.length) writeFileSync(cachePath, JSON.stringify(chars, (_, v: unknown) => (v instanceof Float64Array ? { f64: [...v] } : v)));
  const artists = [...new Set(chars.map((c) => c.artist))];
  const old: PriorTable = { 'any/front': { a: 0.5, b: 1, c: 0 }, 'any/side': { a: 0.5, b: 1, c: 0 }, 'any/top': { a: 0.5, b: 1, c: 0 } };
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  console.log(`| form | ${artists.join(' | ')} | all (left-out) |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|`);
  console.log(`| before (a = 0.5, b = 1) | ${artists.map((a) => mean(chars.filter((c) => c.artist === a).map((c) => error(c, old))).toFixed(4)).join(' | ')} | ${mean(chars.map((c) => error(c, old))).toFixed(4)} |`);
  let chosen = FORMS[0]!, chosenErr = Infinity;
  const plans = [...new Set(chars.map((c) => c.plan))];
  const byPlan: string[] = [];
  for (const form of FORMS) {
    const leftOut = new Map<Character, number>();
    const perArtist = artists.map((artist) => {
      const table = fitTable(chars.filter((c) => c.artist !== artist), form);
      return chars.filter((c) => c.artist === artist).map((c) => {
        const e = error(c, table);
        leftOut.set(c, e);
        return e;
      });
    });
    const all = mean(perArtist.flat());
    console.log(`| ${form.name} | ${perArtist.map((e) => mean(e).toFixed(4)).join(' | ')} | ${all.toFixed(4)} |`);
    byPlan.push(`| ${form.name} | ${plans.map((p) => mean(chars.filter((c) => c.plan === p).map((c) => leftOut.get(c)!)).toFixed(4)).join(' | ')} | ${all.toFixed(4)} |`);
    if (all < chosenErr) [chosen, chosenErr] = [form, all];
  }
  console.log(`\nthe same left-out errors per body plan:\n| form | ${plans.join(' | ')} | all |\n|---|${plans.map(() => '---:').join('|')}|---:|\n${byPlan.join('\n')}`);
  // How much a plan and view say about a character's depth: each character's own best scale (the
  // medial-ball form fitted on it alone, at its benchmark view), spread within each plan/view group.
  // A wide spread inside one group is flatness the hints cannot tell (a flat fish beside a round one).
  console.log(`\nown scale c per character (medial balls alone, its benchmark view), by plan/view:\n| plan/view | characters | min | median | max |\n|---|---:|---:|---:|---:|`);
  const groups = new Map<string, number[]>();
  for (const c of chars) {
    const key = `${c.plan}/${c.best}`;
    groups.set(key, [...(groups.get(key) ?? []), fit([c.views[c.best]], false, 'bq').c]);
  }
  for (const [key, cs] of [...groups].sort()) {
    const sorted = [...cs].sort((x, y) => x - y);
    console.log(`| ${key} | ${cs.length} | ${sorted[0]!.toFixed(2)} | ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} | ${sorted[sorted.length - 1]!.toFixed(2)} |`);
  }
  // Does the silhouette itself say how flat a subject is? The correlation of each character's log
  // own scale with statistics of its picture's width measures (what the engine could compute).
  const own = chars.map((c) => Math.log(Math.max(1e-3, fit([c.views[c.best]], false, 'bq').c)));
  const stat = (f: (s: Samples) => number) => chars.map((c) => f(c.views[c.best]));
  const avg = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0) / Math.max(1, a.length);
  const top = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => Math.max(x, y), 0);
  const correlation = (xs: number[], ys: number[]) => {
    const mx = avg(xs), my = avg(ys);
    let sxy = 0, sxx = 0, syy = 0;
    xs.forEach((x, i) => { sxy += (x - mx) * (ys[i]! - my); sxx += (x - mx) ** 2; syy += (ys[i]! - my) ** 2; });
    return sxy / Math.sqrt(sxx * syy);
  };
  const cues: Array<[string, (s: Samples) => number]> = [
    ['largest ball height / H', (s) => top(s.bq)], ['mean ball height / H', (s) => avg(s.bq)],
    ['mean √(4u) / mean ball height', (s) => avg(s.q) / avg(s.bq)], ['largest √(4u) / largest ball height', (s) => top(s.q) / top(s.bq)],
    ['mean / largest ball height (how plate-like)', (s) => avg(s.bq) / top(s.bq)],
  ];
  console.log(`\nsilhouette cues against each character's log own scale (correlation):`);
  for (const [name, f] of cues) console.log(`  ${name}: ${correlation(stat(f), own).toFixed(2)}`);
  const table = fitTable(chars, chosen);
  console.log(`\nchosen: ${chosen.name} (left-out mean |error| ${chosenErr.toFixed(4)} of the height)`);
  for (const [key, p] of Object.entries(table)) console.log(`  ${key}: a = ${p.a.toFixed(3)}, b = ${p.b.toFixed(2)}, c = ${p.c.toFixed(3)}${p.m !== undefined ? `, m = ${p.m.toFixed(3)}` : ''}`);

  // Depth offsets, per view, from the characters best pictured from it (the pictures people take):
  // the bin counts with the least left-out error; per view, as the scale prior showed per plan over-fits.
  console.log(`\ndepth offsets (left-out mean |middle error| after the best shift, picture heights, at each artist's benchmark view):`);
  console.log(`| bins (rows × widths) | ${artists.join(' | ')} | all (left-out) |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|`);
  let chosenBins = OFFSET_FORMS[0]!, chosenBinsErr = Infinity;
  for (const [rows, widths] of OFFSET_FORMS) {
    const perArtist = artists.map((artist) => {
      const train = chars.filter((c) => c.artist !== artist);
      return chars.filter((c) => c.artist === artist).map((c) => {
        const sets = train.filter((o) => o.best === c.best).map((o) => o.views[o.best]);
        const t = rows > 0 && sets.length >= DEPTH_PRIOR_MIN_CHARACTERS ? fitOffsets(sets, rows, widths) : undefined;
        return offsetError(c.views[c.best], t);
      });
    });
    const all = mean(perArtist.flat());
    console.log(`| ${rows ? `${rows} × ${widths}` : 'none (symmetric)'} | ${perArtist.map((e) => mean(e).toFixed(4)).join(' | ')} | ${all.toFixed(4)} |`);
    if (all < chosenBinsErr - 1e-6) [chosenBins, chosenBinsErr] = [[rows, widths], all];
  }
  console.log(`chosen: ${chosenBins[0] ? `${chosenBins[0]} × ${chosenBins[1]}` : 'none'} (left-out ${chosenBinsErr.toFixed(4)})`);

  if (process.argv.includes('--write')) {
    if (chosen.cap) throw new Error('the engine reads no cap (depth-prior.ts): add it there before writing a capped form');
    const rounded = Object.fromEntries(Object.entries(table).map(([k, p]) => [k, { a: Number(p.a.toFixed(4)), b: Number(p.b.toFixed(2)), c: Number(p.c.toFixed(4)) }]));
    const out = join(__dirname, '../src/depth-priors.json');
    writeFileSync(out, `${JSON.stringify({ fittedBy: 'packages/generate/scripts/fit-depth-priors.ts', form: chosen.name, leftOutError: Number(chosenErr.toFixed(4)), priors: rounded }, null, 1)}\n`);
    console.log(`wrote ${out}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

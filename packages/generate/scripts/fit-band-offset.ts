/**
 * Where a front-pictured figure's depth sits front to back, height band by height band, learned from
 * the dev set's true meshes and judged by the shape benchmark's own distance, left out by artist.
 *
 *   npx tsx packages/generate/scripts/fit-band-offset.ts ../shared/rig-dev-set --cache <cache dir> [--plans biped] [--view front] [--samples 4000] [--json rows.json]
 *
 * The engine's body is symmetric about one plane (but for the feet, `feet-forward.ts`); a real
 * figure's head and hair sit behind its chest, its belly forward of its shoulders. Per height band
 * (`BAND_KNOTS`, fractions of H), the offset a character wants is the mean depth of its true surface in
 * the band less the made model's there, both centred on their boxes as the benchmark centres them
 * (`bandMiddles`); the offset of an artist's characters is the median over the other artists'
 * (left out), the model's depth shifted by the offsets interpolated linearly in height
 * (`bandOffset`: a rigid shift per height, the mesh stays closed), scored by the benchmark's CD at
 * the offsets damped to 0, 0.25, 0.5, 0.75 and 1 of the median. Measured, not wired into the engine
 * (see packages/generate/docs/shape.md).
 */
import { writeFileSync } from 'node:fs';
import { arg, centred, mean, setAndCache } from './dev-set-views';
import { cachedModels, type CachedModel } from './model-cache';
import { compare, sampleSurface } from './shape-distance';

/** Heights (fractions of H) the offsets are given at. */
export const BAND_KNOTS = [0.05, 0.2, 0.4, 0.6, 0.8, 0.95] as const;

interface BandOffsetOptions {
  /** Model height H (the ground is y = 0, the top y = H). */
  height: number;
  /** Depth offset at each of `BAND_KNOTS`, in H (+ towards the viewer). */
  offsets: readonly number[];
}

/** The offset (H) at relative height h. */
function offsetAt(h: number, offsets: readonly number[]): number {
  const k = BAND_KNOTS;
  if (h <= k[0]) return offsets[0] ?? 0;
  for (let j = 1; j < k.length; j++) {
    if (h <= k[j]!) {
      const t = (h - k[j - 1]!) / (k[j]! - k[j - 1]!);
      return (offsets[j - 1] ?? 0) * (1 - t) + (offsets[j] ?? 0) * t;
    }
  }
  return offsets[k.length - 1] ?? 0;
}

/** A copy of `positions` (xyz, y up from the ground at 0, front along +z) with each height's depth offset. */
export function bandOffset(positions: Float32Array, options: BandOffsetOptions): Float32Array {
  const out = positions.slice();
  if (options.offsets.every((v) => v === 0)) return out;
  for (let i = 0; i < out.length; i += 3) out[i + 2] = out[i + 2]! + options.height * offsetAt(out[i + 1]! / options.height, options.offsets);
  return out;
}

/** Mean depth of a centred mesh's surface samples per knot's band (a sample counts for the knot nearest its height). */
export function bandMiddles(positions: Float32Array, indices: Uint32Array, samples: number): number[] {
  const s = sampleSurface(centred(positions), indices, samples);
  let lo = Infinity, hi = -Infinity;
  for (let i = 1; i < s.length; i += 3) { lo = Math.min(lo, s[i]!); hi = Math.max(hi, s[i]!); }
  const sum = BAND_KNOTS.map(() => 0), n = BAND_KNOTS.map(() => 0);
  for (let i = 0; i < s.length; i += 3) {
    const h = (s[i + 1]! - lo) / Math.max(1e-9, hi - lo);
    let k = 0;
    for (let j = 1; j < BAND_KNOTS.length; j++) if (Math.abs(BAND_KNOTS[j]! - h) < Math.abs(BAND_KNOTS[k]! - h)) k = j;
    sum[k] = sum[k]! + s[i + 2]!; n[k] = n[k]! + 1;
  }
  return sum.map((v, k) => (n[k]! ? v / n[k]! : 0));
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

/** The offsets (H) this character's truth wants over its made model, per knot. */
export function wantedOffsets(m: CachedModel, samples: number): number[] {
  const t = bandMiddles(m.truth.positions, m.truth.indices, samples), g = bandMiddles(m.made.positions, m.made.indices, samples);
  return t.map((v, k) => v - g[k]!);
}

const DAMPS = [0, 0.25, 0.5, 0.75, 1];

async function main(): Promise<void> {
  const { set, cache } = setAndCache('fit-band-offset.ts <dev-set dir> --cache <dir> [--plans biped] [--view front] [--samples 4000] [--json rows.json]');
  const plans = (arg('--plans') ?? 'biped').split(',');
  const view = arg('--view') ?? 'front';
  const samples = Number(arg('--samples') ?? 4000);
  const models = (await cachedModels(set, cache, { plans })).filter((m) => m.view === view);
  const wants = new Map(models.map((m) => [m.id, wantedOffsets(m, samples)]));
  const medianOf = (ms: CachedModel[]) => BAND_KNOTS.map((_, k) => median(ms.map((m) => wants.get(m.id)![k]!)));
  const all = medianOf(models);
  console.log(`knots (H): ${BAND_KNOTS.join(', ')}; median wanted offset over all: ${all.map((v) => v.toFixed(4)).join(', ')}`);
  const rows: Array<{ id: string; artist: string; cd: number[]; cdAll: number[] }> = [];
  for (const m of models) {
    const held = medianOf(models.filter((o) => o.artist !== m.artist));
    const at = (off: number[]) => compare(m.truth, { positions: bandOffset(m.made.positions, { height: 1, offsets: off }), indices: m.made.indices }, samples).cd;
    const cd = DAMPS.map((d) => at(held.map((v) => v * d)));
    const cdAll = DAMPS.map((d) => at(all.map((v) => v * d)));
    rows.push({ id: m.id, artist: m.artist, cd, cdAll });
    console.log(`${m.id} (${m.artist}): wants ${wants.get(m.id)!.map((v) => v.toFixed(3)).join(' ')}; held out ${held.map((v) => v.toFixed(3)).join(' ')}; CD ${cd.map((v) => v.toFixed(4)).join(' ')} (all: ${cdAll.map((v) => v.toFixed(4)).join(' ')})`);
  }
  const artists = [...new Set(rows.map((r) => r.artist))];
  const ratio = (f: (r: (typeof rows)[number]) => boolean, k: number, key: 'cd' | 'cdAll') => Math.exp(mean(rows.filter(f).map((r) => Math.log(r[key][k]! / r[key][0]!)))).toFixed(3);
  const cdOf = (k: number, key: 'cd' | 'cdAll') => mean(rows.map((r) => r[key][k]!)).toFixed(5);
  console.log(`\n| damp | ${artists.map((a) => `${a} (${rows.filter((r) => r.artist === a).length})`).join(' | ')} | all (${rows.length}) | mean CD | over all: all | over all: mean CD |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|---:|---:|`);
  DAMPS.forEach((d, k) => console.log(`| ${d} | ${artists.map((a) => ratio((r) => r.artist === a, k, 'cd')).join(' | ')} | ${ratio(() => true, k, 'cd')} | ${cdOf(k, 'cd')} | ${ratio(() => true, k, 'cdAll')} | ${cdOf(k, 'cdAll')} |`));
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify({ all, rows, wants: Object.fromEntries(wants) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

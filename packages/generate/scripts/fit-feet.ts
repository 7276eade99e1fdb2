/**
 * Feet that reach forward, for a biped pictured from the front, chosen by the shape benchmark's own
 * distance, left out by artist.
 *
 *   npx tsx packages/generate/scripts/fit-feet.ts ../shared/rig-dev-set --cache /tmp/models [--plans biped] [--view front] [--samples 4000] [--json rows.json]
 *   npx tsx packages/generate/scripts/fit-feet.ts --merge a.json,b.json
 *   npx tsx packages/generate/scripts/fit-feet.ts ../shared/rig-dev-set --cache <cache dir> --heel [--json rows.json]   (the heel on the shipped toe)
 *
 * Seen from the front a foot is as tall as an ankle but as long as a sixth of the body, and it
 * points forward: the toes stand in front of the body's middle plane, the heel a little behind. The
 * engine's symmetric body has none of it, and the benchmark, which centres both meshes on their
 * boxes, then also finds the whole made body forward of the true one (the true box reaches forward
 * to the toes). The rule (`feet-forward.ts`, exactly what the engine would build): every vertex of
 * the front sheet less than `band`·H above the ground moves forward by `toe`·H·(1 − y / (band·H))
 * (a wedge: longest at the sole, nothing at the ankle), every vertex of the back sheet back by
 * `heel`·H·(1 − y / (band·H)). Each character's models (`model-cache.ts`) are transformed for each
 * grid point and scored by the benchmark's CD; a character's score is its CD at the point over its
 * CD with no feet (geometric mean); the point is chosen leaving one artist out.
 *
 * `--anatomy` learns the toe from the true meshes instead of from the CD: per foot (the made model's
 * lowest 3 % on each side of x = 0), how far the true foot reaches in front of the middle of the true
 * shin above it (0.10–0.16 H up), less the front of the made foot; the toe of an artist's characters
 * is the median over the other artists' (left out), `band` fixed at ANATOMY_BAND. It then scores the
 * benchmark's CD with no feet, the held-out toe and the toe over all (`--json` rows: those three).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { feetForward } from '../src/feet-forward';
import { arg, mean, setAndCache } from './dev-set-views';
import { cachedModels, type CachedModel } from './model-cache';
import { compare } from './shape-distance';

export const TOES = [0, 0.03, 0.06, 0.09, 0.12, 0.15, 0.18];
export const BANDS = [0.05, 0.08, 0.12];
export const HEELS = [0];
const GRID = TOES.flatMap((toe) => BANDS.flatMap((band) => HEELS.map((heel) => ({ toe, band, heel })))).filter((g, k) => g.toe > 0 || g.heel > 0 || k === 0);

/** The wedge's height for the anatomy fit (H): about an ankle's height over the sole, the grid's middle. */
export const ANATOMY_BAND = 0.08;

/** The toe this character's true feet want (see `--anatomy`), or NaN where no foot and shin are found. */
export function trueToe(m: CachedModel): number {
  const t = m.truth.positions, p = m.made.positions;
  let ground = Infinity;
  for (let i = 1; i < t.length; i += 3) ground = Math.min(ground, t[i]!);
  const toes: number[] = [];
  for (const side of [-1, 1]) {
    let xlo = Infinity, xhi = -Infinity, front = -Infinity;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i + 1]! >= 0.03 || Math.sign(p[i]!) !== side) continue;
      xlo = Math.min(xlo, p[i]!); xhi = Math.max(xhi, p[i]!); front = Math.max(front, p[i + 2]!);
    }
    let shinLo = Infinity, shinHi = -Infinity, reach = -Infinity, shins = 0, feet = 0;
    for (let i = 0; i < t.length; i += 3) {
      const x = t[i]!, y = t[i + 1]! - ground, z = t[i + 2]!;
      if (y > 0.1 && y < 0.16 && x >= xlo && x <= xhi) { shinLo = Math.min(shinLo, z); shinHi = Math.max(shinHi, z); shins++; }
      if (y < 0.04 && x >= xlo - 0.02 && x <= xhi + 0.02) { reach = Math.max(reach, z); feet++; }
    }
    if (shins >= 3 && feet >= 3 && Number.isFinite(front)) toes.push(reach - (shinLo + shinHi) / 2 - front);
  }
  return toes.length ? toes.reduce((a, x) => a + x, 0) / toes.length : NaN;
}

/**
 * The heel this character's true feet want (`--heel`): per foot, how far the true foot reaches
 * behind the middle of the true shin above it (0.10–0.16 H up), less how far the made foot reaches
 * behind the made model's middle plane; NaN where no foot and shin are found.
 */
export function trueHeel(m: CachedModel): number {
  const t = m.truth.positions, p = m.made.positions;
  let ground = Infinity;
  for (let i = 1; i < t.length; i += 3) ground = Math.min(ground, t[i]!);
  const heels: number[] = [];
  for (const side of [-1, 1]) {
    let xlo = Infinity, xhi = -Infinity, back = Infinity;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i + 1]! >= 0.03 || Math.sign(p[i]!) !== side) continue;
      xlo = Math.min(xlo, p[i]!); xhi = Math.max(xhi, p[i]!); back = Math.min(back, p[i + 2]!);
    }
    let shinLo = Infinity, shinHi = -Infinity, reach = Infinity, shins = 0, feet = 0;
    for (let i = 0; i < t.length; i += 3) {
      const x = t[i]!, y = t[i + 1]! - ground, z = t[i + 2]!;
      if (y > 0.1 && y < 0.16 && x >= xlo && x <= xhi) { shinLo = Math.min(shinLo, z); shinHi = Math.max(shinHi, z); shins++; }
      if (y < 0.04 && x >= xlo - 0.02 && x <= xhi + 0.02) { reach = Math.min(reach, z); feet++; }
    }
    if (shins >= 3 && feet >= 3 && Number.isFinite(back)) heels.push((shinLo + shinHi) / 2 - reach + back);
  }
  return heels.length ? heels.reduce((a, x) => a + x, 0) / heels.length : NaN;
}

/** `--heel`: the held-out heel (median of the other artists' true heels) on the shipped toe, scored like `--anatomy`. */
async function heelAnatomy(models: CachedModel[], samples: number): Promise<void> {
  const heels = new Map(models.map((m) => [m.id, trueHeel(m)]));
  const all = Math.max(0, median(models.map((m) => heels.get(m.id)!)));
  const held = (m: CachedModel) => Math.max(0, median(models.filter((o) => o.artist !== m.artist).map((o) => heels.get(o.id)!)));
  const rows: Row[] = [];
  for (const m of models) {
    // The cached models carry the engine's feet (the shipped toe): the heel is added on top.
    const at = (heel: number) => compare(m.truth, { positions: feetForward(m.made.positions, { height: 1, toe: 0, heel, band: ANATOMY_BAND }), indices: m.made.indices }, samples).cd;
    const cd = [at(0), at(held(m)), at(all)];
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, cd });
    console.log(`${m.id} (${m.artist}): true heel ${heels.get(m.id)!.toFixed(3)}, held-out heel ${held(m).toFixed(3)}; CD none ${cd[0]!.toFixed(4)}, held out ${cd[1]!.toFixed(4)}, heel over all ${cd[2]!.toFixed(4)}`);
  }
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
  anatomyReport(rows, all);
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

async function anatomy(models: CachedModel[], samples: number): Promise<void> {
  const toes = new Map(models.map((m) => [m.id, trueToe(m)]));
  const all = median(models.map((m) => toes.get(m.id)!));
  const heldToe = (m: CachedModel) => median(models.filter((o) => o.artist !== m.artist).map((o) => toes.get(o.id)!));
  const rows: Row[] = [];
  for (const m of models) {
    const at = (toe: number) => compare(m.truth, { positions: feetForward(m.made.positions, { height: 1, toe, heel: 0, band: ANATOMY_BAND }), indices: m.made.indices }, samples).cd;
    const cd = [at(0), at(heldToe(m)), at(all)];
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, cd });
    console.log(`${m.id} (${m.artist}): true toe ${toes.get(m.id)!.toFixed(3)}, held-out toe ${heldToe(m).toFixed(3)}; CD none ${cd[0]!.toFixed(4)}, held out ${cd[1]!.toFixed(4)}, toe over all ${cd[2]!.toFixed(4)}`);
  }
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
  anatomyReport(rows, all, 'heel');
}

function anatomyReport(rows: Row[], all: number, what = 'toe'): void {
  const artists = [...new Set(rows.map((r) => r.artist))];
  const ratio = (f: (r: Row) => boolean, k: number) => Math.exp(mean(rows.filter(f).map((r) => Math.log(r.cd[k]! / r.cd[0]!)))).toFixed(3);
  const cdOf = (f: (r: Row) => boolean, k: number) => mean(rows.filter(f).map((r) => r.cd[k]!)).toFixed(5);
  console.log(`\n${what} over all (median of the true ${what}s): ${all.toFixed(3)} H, band ${ANATOMY_BAND} H\n`);
  console.log(`| | ${artists.map((a) => `${a} (${rows.filter((r) => r.artist === a).length})`).join(' | ')} | all (${rows.length}) |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|`);
  [`no ${what}: mean CD`, 'left out: mean CD', 'over all: mean CD'].forEach((name, k) => console.log(`| ${name} | ${artists.map((a) => cdOf((r) => r.artist === a, k)).join(' | ')} | ${cdOf(() => true, k)} |`));
  [`left out: CD / CD with no ${what}`, `over all: CD / CD with no ${what}`].forEach((name, j) => console.log(`| ${name} | ${artists.map((a) => ratio((r) => r.artist === a, j + 1)).join(' | ')} | ${ratio(() => true, j + 1)} |`));
}

const rowSchema = z.object({ id: z.string(), plan: z.string(), artist: z.string(), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

function report(rows: Row[]): void {
  const score = (r: Row, k: number) => Math.log(r.cd[k]! / r.cd[0]!);
  const best = (train: Row[]) => {
    const totals = GRID.map((_, k) => mean(train.map((r) => score(r, k))));
    return totals.indexOf(Math.min(...totals));
  };
  const artists = [...new Set(rows.map((r) => r.artist))];
  const label = (k: number) => `toe ${GRID[k]!.toe}, band ${GRID[k]!.band}, heel ${GRID[k]!.heel}`;
  const ratio = (f: (r: Row) => boolean, k: (r: Row) => number) => Math.exp(mean(rows.filter(f).map((r) => score(r, k(r))))).toFixed(3);
  const cdOf = (f: (r: Row) => boolean, k: (r: Row) => number) => mean(rows.filter(f).map((r) => r.cd[k(r)]!)).toFixed(5);
  console.log(`CD at the grid point over CD with no feet (geometric mean), ${rows.length} characters\n`);
  console.log(`| grid point | ${artists.join(' | ')} | all | mean CD |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  const order = GRID.map((_, k) => k).sort((a, b) => mean(rows.map((r) => score(r, a))) - mean(rows.map((r) => score(r, b))));
  for (const k of [0, ...order.filter((k) => k !== 0).slice(0, 12)]) console.log(`| ${label(k)} | ${artists.map((a) => ratio((r) => r.artist === a, () => k)).join(' | ')} | ${ratio(() => true, () => k)} | ${cdOf(() => true, () => k)} |`);
  const chosen = new Map(artists.map((a) => [a, best(rows.filter((r) => r.artist !== a))]));
  const held = (r: Row) => chosen.get(r.artist)!;
  console.log(`| left out | ${artists.map((a) => ratio((r) => r.artist === a, held)).join(' | ')} | ${ratio(() => true, held)} | ${cdOf(() => true, held)} |`);
  console.log(`\nchosen without each artist: ${artists.map((a) => `${a} (${label(chosen.get(a)!)})`).join(', ')}; on all: ${label(best(rows))}`);
  for (const r of rows) console.log(`${r.id} (${r.artist}): none ${r.cd[0]!.toFixed(4)}, all-chosen ${r.cd[best(rows)]!.toFixed(4)}, left out ${r.cd[held(r)]!.toFixed(4)}`);
}

async function main(): Promise<void> {
  const merge = arg('--merge');
  if (merge && process.argv.includes('--anatomy')) {
    const rows = merge.split(',').flatMap((file) => z.array(rowSchema).parse(JSON.parse(readFileSync(file, 'utf8'))));
    anatomyReport(rows, Number(arg('--toe') ?? NaN));
    return;
  }
  if (merge) {
    report(merge.split(',').flatMap((file) => z.array(rowSchema).parse(JSON.parse(readFileSync(file, 'utf8')))));
    return;
  }
  const { set, cache } = setAndCache('fit-feet.ts <dev-set dir> --cache <dir> [--plans biped] [--view front] [--only ids] [--samples 4000] [--json rows.json]');
  const plans = (arg('--plans') ?? 'biped').split(',');
  const view = arg('--view') ?? 'front';
  const samples = Number(arg('--samples') ?? 4000);
  const only = arg('--only')?.split(',');
  if (process.argv.includes('--heel')) {
    await heelAnatomy((await cachedModels(set, cache, { plans, ...(only ? { only } : {}) })).filter((m) => m.view === view), samples);
    return;
  }
  const models = (await cachedModels(set, cache, { plans, tag: 'nofeet', generate: { feet: false }, ...(only ? { only } : {}) })).filter((m) => m.view === view);
  if (process.argv.includes('--anatomy')) {
    await anatomy(models, samples);
    return;
  }

  const rows: Row[] = [];
  for (const m of models) {
    const cd = GRID.map((g) => compare(m.truth, { positions: feetForward(m.made.positions, { height: 1, ...g }), indices: m.made.indices }, samples).cd);
    rows.push({ id: m.id, plan: m.plan, artist: m.artist, cd });
    console.log(`${m.id}: none ${cd[0]!.toFixed(4)}, best ${Math.min(...cd).toFixed(4)} (${JSON.stringify(GRID[cd.indexOf(Math.min(...cd))])})`);
  }
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
  report(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

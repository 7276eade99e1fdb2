/**
 * Fits the fins-and-wings rule (`src/fins-wings.ts`) on the dev set's fish and flyers: per character
 * and view, the picture the shape benchmark sends, generated with each value of the rule's number for
 * that view (`lateral` for front and top pictures, `lengthCap` for side pictures) and scored by the
 * benchmark's CD (`--samples`, 4000 by default); then each number chosen leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-fins-wings.ts ../shared/rig-dev-set --out <dir> [--views best|other|all|front|side|top] [--only id,id] [--plans aquatic,avian]
 *   npx tsx packages/generate/scripts/fit-fins-wings.ts --fit <dir> [--write]
 *   (add `--trunk` to both, another <dir>: the flyers' trunk scale with `lateral` as shipped;
 *    `--trunk-cap` likewise: the trunk balls' height cap over the middle band's half-width, both plans;
 *    `--trunk-own` likewise: flyers' trunk k × min(its sphere, the middle band's half-width), one k per view, `--write` sets `ownTrunks`)
 *
 * Rows are cached one file per character and view in `<dir>` (a rerun skips what is there), so the
 * collection can run as several processes with `--only` and the fit reads them all. Each row's
 * score at a value is its CD there over its CD with no rule (geometric mean over rows); `lateral` is
 * chosen over both plans' front and top rows, `lengthCap` per plan over its side rows; `--write`
 * stores the numbers chosen on all rows in `src/fins-wings.json`, each only where the left-out
 * score beats no rule.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateModel } from '../src';
import { learnedFinsWings } from '../src/fins-wings';
import { arg, bounds, centred, diagonal, mostInformativeView, turnToView, VIEWS, type View, benchmarkPicture, unitHeight, readManifest, readCharacterMesh, readViewFitRows, type ViewFitRow } from './dev-set-views';
import { runRowsFolderFitScript } from './fit-script';
import { meanNearest, sampleSurface } from './shape-distance';

/** `lateral` values (front and top pictures): 1 is no rule. */
export const LATERALS = [1, 0.7, 0.5, 0.35, 0.25, 0.15, 0.05];
/** `lengthCap` values (side pictures), half-depth over the silhouette's longer side: 1 is no rule in effect. */
export const CAPS = [1, 0.2, 0.15, 0.12, 0.1, 0.08, 0.06, 0.04];

type Row = ViewFitRow;

/** `trunk` values (front and top pictures, `--trunk`: the trunk's scale with `lateral` at the shipped value): 1 is no change. */
export const TRUNKS = [1, 1.15, 1.3, 1.5];
const TRUNK = process.argv.includes('--trunk');
/** `trunkCap` values (front and top pictures, `--trunk-cap`: the trunk balls' height over the body's half-width between its wings at most, `lateral` as shipped): Infinity is no cap. */
export const TRUNK_CAPS = [Infinity, 3, 2, 1.5, 1.25, 1];
const TRUNK_CAP = process.argv.includes('--trunk-cap');
/**
 * `--trunk-own` (front and top pictures, `lateral` as shipped): the trunk as deep as k × its own width,
 * k × min(its sphere, the body's half-width between its wings) (`trunk` k with `trunkCap` k); Infinity
 * is no rule (the engine today).
 */
export const TRUNK_OWNS = [Infinity, 1, 1.25, 1.5, 1.75, 2];
const TRUNK_OWN = process.argv.includes('--trunk-own');
/** `--side-lateral`: side pictures only, `sideLateral` (the balls off the trunk's axis: median fins, folded wings) over `LATERALS`. */
const SIDE_LATERAL = process.argv.includes('--side-lateral');
const gridOf = (view: View): number[] => (TRUNK_OWN ? TRUNK_OWNS : TRUNK_CAP ? TRUNK_CAPS : TRUNK ? TRUNKS : SIDE_LATERAL ? LATERALS : view === 'side' ? CAPS : LATERALS);
const ruleOf = (view: View, value: number, lateral: number) => (TRUNK_OWN ? { lateral, ...(Number.isFinite(value) ? { trunk: value, trunkCap: value } : {}) } : TRUNK_CAP ? { lateral, ...(Number.isFinite(value) ? { trunkCap: value } : {}) }
  : TRUNK ? { lateral, trunk: value } : SIDE_LATERAL ? (value < 1 ? { sideLateral: value } : {}) : view === 'side' ? { lengthCap: value } : { lateral: value });
const ROW_TAG = TRUNK_OWN ? '.trunk-own' : TRUNK_CAP ? '.trunk-cap' : TRUNK ? '.trunk' : SIDE_LATERAL ? '.side-lateral' : '';

async function collect(dir: string, out: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  const plans = (arg('--plans') ?? 'aquatic,avian').split(',');
  const only = arg('--only')?.split(',');
  const which = arg('--views') ?? 'best';
  const samples = Number(arg('--samples') ?? 4000);
  const shippedLateral = learnedFinsWings('avian', 'top')?.lateral ?? 1;
  for (const c of readManifest(dir).filter((x) => plans.includes(x.bodyPlan) && (!only || only.includes(x.id)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const best = mostInformativeView(mesh);
    for (const view of VIEWS.filter((v) => (which === 'all' ? true : which === 'best' ? v === best : which === 'other' ? v !== best : v === which))) {
      if ((TRUNK || TRUNK_CAP || TRUNK_OWN) && view === 'side') continue;
      if (SIDE_LATERAL && view !== 'side') continue;
      const rowFile = join(out, `${c.id}.${view}${ROW_TAG}.json`);
      if (existsSync(rowFile)) continue;
      const turned = turnToView(mesh, view);
      const truth = unitHeight(turned);
      const picture = benchmarkPicture(truth);
      const tp = centred(truth.positions);
      const ts = sampleSurface(tp, truth.indices, samples), unitDiagonal = diagonal(bounds(tp));
      const cd: number[] = [];
      for (const value of gridOf(view)) {
        const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view, finsWings: ruleOf(view, value, shippedLateral), textureSize: 16, thumbnailSize: 16 })).mesh;
        const ms = sampleSurface(centred(made.positions), made.indices, samples);
        cd.push((meanNearest(ts, ms) + meanNearest(ms, ts)) / 2 / unitDiagonal);
      }
      const row: Row = { id: c.id, plan: c.bodyPlan, artist: c.artist, view, bestView: view === best, cd };
      writeFileSync(rowFile, JSON.stringify(row));
      console.log(`${c.id} (${view}${view === best ? ', best' : ''}): ${cd.map((x) => x.toFixed(4)).join(' ')}`);
    }
  }
}

const geo = (xs: number[]): number => (xs.length ? Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length) : 1);
/** The grid index with the least geometric mean of CD over CD with no rule over `rows`; 0 (no rule) for none. */
function choose(rows: Row[]): number {
  if (!rows.length) return 0;
  let bestI = 0, bestScore = Infinity;
  for (let i = 0; i < rows[0]!.cd.length; i++) {
    const s = geo(rows.map((r) => r.cd[i]! / r.cd[0]!));
    if (s < bestScore - 1e-9) [bestI, bestScore] = [i, s];
  }
  return bestI;
}

function fit(out: string): void {
  const rows = readViewFitRows(out);
  let lateral: number | undefined;
  const lengthCaps: Record<string, number> = {};
  // `lateral` is one number for both plans' front and top pictures; `lengthCap` one per plan (a fish's and a flyer's side differ).
  // With `--trunk` (rows collected with `--trunk`): the flyers' trunk scale, per plan, with `lateral` as shipped.
  const trunks: Record<string, number> = {};
  // With `--trunk-cap`: one trunk cap for both plans' front and top pictures, with `lateral` as shipped.
  let trunkCap: number | undefined;
  // With `--side-lateral`: one per plan (a fish's median fins and a flyer's folded wings), and one for both plans, over their side rows.
  const sideLaterals: Record<string, number> = {};
  // With `--trunk-own`: one k per plan and view (the flyers' front and top pictures apart, and both together for comparison).
  const ownTrunks: Record<string, number> = {};
  const fits: Array<[string, readonly string[], readonly string[], number[]]> = SIDE_LATERAL
    ? [['sideLateral', ['side'], ['aquatic'], LATERALS], ['sideLateral', ['side'], ['avian'], LATERALS], ['sideLateral (both plans)', ['side'], ['aquatic', 'avian'], LATERALS]]
    : TRUNK_OWN ? [['ownTrunk', ['top'], ['avian'], TRUNK_OWNS], ['ownTrunk', ['front'], ['avian'], TRUNK_OWNS], ['ownTrunk (front and top)', ['front', 'top'], ['avian'], TRUNK_OWNS],
      ['ownTrunk', ['top'], ['aquatic'], TRUNK_OWNS], ['ownTrunk (both plans)', ['top'], ['aquatic', 'avian'], TRUNK_OWNS]]
    : TRUNK_CAP ? [['trunkCap', ['front', 'top'], ['aquatic', 'avian'], TRUNK_CAPS]]
    : TRUNK ? [['trunk', ['front', 'top'], ['avian'], TRUNKS]]
    : [['lateral', ['front', 'top'], ['aquatic', 'avian'], LATERALS], ['lengthCap', ['side'], ['aquatic'], CAPS], ['lengthCap', ['side'], ['avian'], CAPS]];
  for (const [kind, views, plans, grid] of fits) {
    const rs = rows.filter((r) => views.includes(r.view) && plans.includes(r.plan));
    if (!rs.length) continue;
    console.log(`\n${kind}, ${plans.join(' and ')} (${views.join(', ')} pictures, ${rs.length} rows; CD at the value over CD with no rule, geometric mean)`);
    const artists = [...new Set(rs.map((r) => r.artist))].sort();
    const groups: Array<[string, Row[]]> = [...artists.map((a): [string, Row[]] => [a, rs.filter((r) => r.artist === a)]),
      ...(plans.length > 1 ? plans.map((p): [string, Row[]] => [p, rs.filter((r) => r.plan === p)]) : []), ['all', rs], ['best-view rows', rs.filter((r) => r.bestView)]];
    console.log(`| ${kind} | ${groups.map(([g, r]) => `${g} (${r.length})`).join(' | ')} |`);
    console.log(`|---|${groups.map(() => '---:').join('|')}|`);
    for (let i = 0; i < grid.length; i++) console.log(`| ${grid[i]} | ${groups.map(([, r]) => geo(r.map((x) => x.cd[i]! / x.cd[0]!)).toFixed(3)).join(' | ')} |`);
    // Left out by artist: each artist's rows at the value chosen on the other artists' rows (none when no other artist has rows).
    const pick: Record<string, number> = {};
    for (const a of artists) pick[a] = choose(rs.filter((r) => r.artist !== a));
    const heldOut = (r: Row): number => r.cd[pick[r.artist]!]! / r.cd[0]!;
    console.log(`| left out | ${groups.map(([, r]) => geo(r.map(heldOut)).toFixed(3)).join(' | ')} |`);
    // Shipped only when it helps left out (one artist's rows alone cannot show that: nothing shipped).
    const all = geo(rs.map(heldOut)) < 1 ? choose(rs) : 0;
    console.log(`chosen without each artist: ${artists.map((a) => `${a} ${grid[pick[a]!]}`).join(', ')}; on all: ${grid[choose(rs)]}; shipped: ${all > 0 ? grid[all] : 'none (no gain left out)'}`);
    const bestRows = rs.filter((r) => r.bestView);
    for (const plan of plans) {
      const p = bestRows.filter((r) => r.plan === plan);
      const m = (f: (r: Row) => number): string => (p.length ? (p.reduce((s, r) => s + f(r), 0) / p.length).toFixed(4) : '-');
      console.log(`  ${plan}, its best-view rows: mean CD no rule ${m((r) => r.cd[0]!)}, left out ${m((r) => r.cd[pick[r.artist]!]!)}, on all ${m((r) => r.cd[all]!)}`);
    }
    for (const r of bestRows) console.log(`  ${r.id} (${r.plan}, ${r.view}): ${r.cd[0]!.toFixed(4)} → left out ${r.cd[pick[r.artist]!]!.toFixed(4)} (${grid[pick[r.artist]!]}), on all ${r.cd[all]!.toFixed(4)}`);
    if (all > 0 && kind === 'lateral') lateral = grid[all]!;
    if (all > 0 && kind === 'lengthCap') lengthCaps[plans[0]!] = grid[all]!;
    if (all > 0 && kind === 'trunk') trunks[plans[0]!] = grid[all]!;
    if (all > 0 && kind === 'trunkCap') trunkCap = grid[all]!;
    if (all > 0 && kind === 'sideLateral') sideLaterals[plans[0]!] = grid[all]!;
    if (all > 0 && kind === 'ownTrunk') ownTrunks[`${plans[0]!}/${views[0]!}`] = grid[all]!;
  }
  if (process.argv.includes('--write')) {
    const file = join(__dirname, '..', 'src', 'fins-wings.json');
    // A `--trunk` fit keeps the shipped lateral and caps and sets the trunks; the main fit keeps the trunks.
    const shipped: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const kept = (key: string): unknown => (typeof shipped === 'object' && shipped !== null && key in shipped ? Reflect.get(shipped, key) : undefined);
    const cap = TRUNK_CAP ? trunkCap : kept('trunkCap');
    const sides = SIDE_LATERAL ? sideLaterals : kept('sideLaterals') ?? {};
    const owns = TRUNK_OWN ? ownTrunks : kept('ownTrunks') ?? {};
    const table = TRUNK_CAP || TRUNK || SIDE_LATERAL || TRUNK_OWN ? { plans: ['aquatic', 'avian'], lateral: kept('lateral'), ...(cap !== undefined ? { trunkCap: cap } : {}), lengthCaps: kept('lengthCaps') ?? {}, trunks: TRUNK ? trunks : kept('trunks') ?? {}, sideLaterals: sides, ownTrunks: owns }
      : { plans: ['aquatic', 'avian'], ...(lateral !== undefined ? { lateral } : {}), ...(cap !== undefined ? { trunkCap: cap } : {}), lengthCaps, trunks: kept('trunks') ?? {}, sideLaterals: sides, ownTrunks: owns };
    writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
    console.log(`wrote ${file}`);
  }
}

runRowsFolderFitScript({
  usage: 'usage: fit-fins-wings.ts <dev-set dir> --out <dir> [--views best|other|all|front|side|top] [--only id,id] | --fit <dir> [--write]',
  collect,
  fit,
});

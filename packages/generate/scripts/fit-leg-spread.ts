/**
 * How far apart the left and right legs of a side picture stand (`layered-parts.ts`: each leg's
 * middle plane at ±spread·(body half-depth − leg half-depth), 1 flush with the body's sides), chosen
 * by the shape benchmark's own distance, left out by artist.
 *
 *   npx tsx packages/generate/scripts/fit-leg-spread.ts ../shared/rig-dev-set [--only id,id] [--best-view-only | --other-views-only] [--json part.json] [--samples 4000]
 *   npx tsx packages/generate/scripts/fit-leg-spread.ts --merge a.json,b.json [--write]   (runs split with --only)
 *
 * From the side, a dog's near legs hide its far ones, and the engine builds each leg column twice,
 * at the body's left and right. Where: flush is a guess, and the true legs of the set may stand
 * under the body (closer together) or splay. Every character of a legged plan is pictured from the
 * side as the benchmark pictures its best view (`score-dev-set.ts`: orthographic, 512 px, stood 1
 * tall, with the plan and view hints), generated at spread 0 and 1; the legs move rigidly in depth
 * with the spread and nothing else moves, so the model at spread s is p0 + s·(p1 − p0), exactly the
 * engine's model at s. Each is scored by the benchmark's CD (`shape-distance.ts`). Each character's
 * score is its CD at s over its CD at 1 (mean of the log ratios, so a character whose CD is large
 * in any case does not drown the others); s is chosen leaving one artist out and the held-out ratio
 * reported per artist and plan, plus the mean CD of the characters the benchmark pictures from the
 * side. A character whose legs are not built as parts (no leg column found) has the same CD at
 * every s and weighs nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BODY_PLAN_LEGS, BODY_PLANS } from '@rigforge/vocabulary';
import { z } from 'zod';
import { generateModel } from '../src';
import { mostInformativeView, turnToView, arg, type FitRow, mean, benchmarkPicture, unitHeight, readManifest, readCharacterMesh, fitRowSchema } from './dev-set-views';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

export const SPREADS = [0, 0.5, 0.75, 0.875, 1, 1.125, 1.25, 1.5, 1.75, 2, 2.5, 3];
const FLUSH = SPREADS.indexOf(1);

/** The model at spread s from the models at 0 and 1 (same vertices: only the legs move, linearly in s). */
export function spread(at0: Float32Array, at1: Float32Array, s: number): Float32Array {
  const out = new Float32Array(at0.length);
  for (let i = 0; i < out.length; i++) out[i] = at0[i]! + s * (at1[i]! - at0[i]!);
  return out;
}

/** Prints the tables; returns the spreads to ship (per plan if that form wins left out, else one for all). */
function report(rows: FitRow[]): Record<string, number> {
  const score = (r: FitRow, k: number) => Math.log(r.cd[k]! / r.cd[FLUSH]!);
  // The best spread on a training set; flush when nothing in it is better (a set without built legs).
  const best = (train: FitRow[]) => {
    const totals = SPREADS.map((_, k) => mean(train.map((r) => score(r, k))));
    return totals.reduce((b, t, k) => (t < totals[b]! ? k : b), FLUSH);
  };
  // A character whose legs were not built as parts scores the same at every spread: it tells nothing.
  const informative = (r: FitRow) => Math.max(...r.cd) > Math.min(...r.cd);
  const artists = [...new Set(rows.map((r) => r.artist))], plans = [...new Set(rows.map((r) => r.plan))];
  const groups: Array<[string, (r: FitRow) => boolean]> = [
    ...artists.map((a): [string, (r: FitRow) => boolean] => [a, (r) => r.artist === a]),
    ...plans.map((p): [string, (r: FitRow) => boolean] => [p, (r) => r.plan === p]),
    ['all', () => true],
  ];
  const ratio = (f: (r: FitRow) => boolean, k: (r: FitRow) => number) => Math.exp(mean(rows.filter(f).map((r) => score(r, k(r))))).toFixed(3);
  const best0 = rows.filter((r) => r.bestView);
  console.log(`CD at spread s over CD at s = 1 (flush; geometric mean over characters), ${rows.length} characters pictured from the side\n`);
  console.log(`| s | ${groups.map(([g, f]) => `${g} (${rows.filter(f).length})`).join(' | ')} | CD of the ${best0.length} best pictured from the side |`);
  console.log(`|---|${groups.map(() => '---:').join('|')}|---:|`);
  const sideCd = (k: (r: FitRow) => number) => mean(best0.map((r) => r.cd[k(r)]!)).toFixed(4);
  SPREADS.forEach((s, k) => console.log(`| ${s} | ${groups.map(([, f]) => ratio(f, () => k)).join(' | ')} | ${sideCd(() => k)} |`));
  const chosen = new Map(artists.map((a) => [a, best(rows.filter((r) => r.artist !== a))]));
  const held = (r: FitRow) => chosen.get(r.artist)!;
  console.log(`| left out | ${groups.map(([, f]) => ratio(f, held)).join(' | ')} | ${sideCd(held)} |`);
  // Per plan: fitted on the plan's characters by the other artists (on every other artist's
  // characters when no other artist has one of the plan).
  const perPlan = (r: FitRow) => {
    const mine = rows.filter((x) => x.plan === r.plan && x.artist !== r.artist && informative(x));
    return best(mine.length ? mine : rows.filter((x) => x.artist !== r.artist));
  };
  const memo = new Map<string, number>();
  const heldPlan = (r: FitRow) => memo.get(`${r.plan}/${r.artist}`) ?? memo.set(`${r.plan}/${r.artist}`, perPlan(r)).get(`${r.plan}/${r.artist}`)!;
  console.log(`| per plan, left out | ${groups.map(([, f]) => ratio(f, heldPlan)).join(' | ')} | ${sideCd(heldPlan)} |`);
  console.log(`\nspread chosen without each artist: ${artists.map((a) => `${a} ${SPREADS[chosen.get(a)!]}`).join(', ')}; on all: ${SPREADS[best(rows)]}`);
  for (const p of plans) {
    const mine = rows.filter((r) => r.plan === p);
    console.log(`${p}: on all its characters ${SPREADS[best(mine)]}; left out ${[...new Set(mine.map((r) => r.artist))].map((a) => `${a} ${SPREADS[heldPlan(mine.find((r) => r.artist === a)!)]}`).join(', ')}`);
  }
  for (const r of best0) console.log(`${r.id} (${r.plan}, ${r.artist}): ${SPREADS.map((s, k) => `${s}: ${r.cd[k]!.toFixed(4)}`).join(', ')}`);
  // The form is chosen by its left-out score over every character (each weighing the same).
  const heldOut = (k: (r: FitRow) => number) => mean(rows.map((r) => score(r, k(r))));
  const spreads: Record<string, number> = { any: SPREADS[best(rows)]! };
  if (heldOut(heldPlan) < heldOut(held)) {
    // A plan gets its own spread when the set has the plan's legs built from more than one artist (else left out it fell back).
    for (const p of plans) if (new Set(rows.filter((r) => r.plan === p && informative(r)).map((r) => r.artist)).size > 1) spreads[p] = SPREADS[best(rows.filter((r) => r.plan === p))]!;
  }
  console.log(`\nleft out (log ratio): one for all ${heldOut(held).toFixed(4)}, per plan ${heldOut(heldPlan).toFixed(4)}; to ship: ${JSON.stringify(spreads)}`);
  return spreads;
}

/** Writes the chosen spreads into the engine's table (`src/depth-priors.json`), keeping the rest. */
function write(spreads: Record<string, number>): void {
  const path = join(__dirname, '../src/depth-priors.json');
  const table = z.looseObject({}).parse(JSON.parse(readFileSync(path, 'utf8')));
  writeFileSync(path, `${JSON.stringify({ ...table, legSpreads: spreads, legSpreadsFittedBy: 'packages/generate/scripts/fit-leg-spread.ts (side pictures of legged plans, left out by artist)' }, null, 1)}\n`);
  console.log(`written: ${path}`);
}

/** Reports the fit over the rows and, with `--write`, writes the chosen spreads. */
function reportAndWrite(rows: FitRow[]): void {
  const spreads = report(rows);
  if (process.argv.includes('--write')) write(spreads);
}

async function measure(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const bestOnly = process.argv.includes('--best-view-only'), othersOnly = process.argv.includes('--other-views-only');
  const samples = Number(arg('--samples') ?? 4000);
  const legged = (plan: string) => BODY_PLANS.some((p) => p === plan && BODY_PLAN_LEGS[p] > 0);
  const out = arg('--json');
  const rows: FitRow[] = [];
  for (const c of readManifest(dir).filter((x) => (!only || only.includes(x.id)) && legged(x.bodyPlan))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const bestView = mostInformativeView(mesh) === 'side';
    if ((bestOnly && !bestView) || (othersOnly && bestView)) continue;
    const turned = turnToView(mesh, 'side');
    const truth = unitHeight(turned);
    const picture = benchmarkPicture(truth);
    try {
      const hints = { height: 1, bodyPlan: c.bodyPlan, view: 'side' as const };
      const at0 = (await generateModel(picture, { ...hints, legSpread: 0 })).mesh;
      const at1 = (await generateModel(picture, { ...hints, legSpread: 1 })).mesh;
      if (at0.positions.length !== at1.positions.length) throw new Error('the two spreads built different meshes');
      const cd = SPREADS.map((s) => compare(truth, { positions: spread(at0.positions, at1.positions, s), indices: at1.indices }, samples).cd);
      rows.push({ id: c.id, plan: c.bodyPlan, artist: c.artist, bestView, cd });
      console.log(`${c.id}: ${cd.map((v) => v.toFixed(4)).join(' ')}`);
      // Written as it goes, so a long run cut short keeps what it measured.
      if (out) writeFileSync(out, JSON.stringify(rows));
    } catch (error) {
      console.log(`${c.id}: failed (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (out) writeFileSync(out, JSON.stringify(rows));
  reportAndWrite(rows);
}

runFitScript({
  usage: 'usage: fit-leg-spread.ts <dev-set dir> [--only id,id] [--best-view-only | --other-views-only] [--json part.json] [--samples 4000]',
  measure,
  merge: { schema: fitRowSchema, report: reportAndWrite },
});

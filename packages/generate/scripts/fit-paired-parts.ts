/**
 * The paired parts of a side picture (`src/paired-parts.ts`: ears, horns and antlers built as
 * left/right pairs), the rule's width chosen on the benchmark's CD leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-paired-parts.ts <dev set> [--only ids] [--samples 4000] --json cd.json
 *   npx tsx packages/generate/scripts/fit-paired-parts.ts --merge a.json,b.json [--plan quadruped]   (runs with different --grid join per character)
 *
 * Every character of a legged plan the benchmark pictures from the side, pictured as the benchmark
 * does (stood 1 tall), generated with the rule off and at each point of GRID (the engine's option
 * `pairedParts`), each scored by the benchmark's CD at `--samples` (a model identical to the previous
 * point's is not scored again). A point's score for a group is the geometric mean of CD over CD off;
 * an artist's left-out point is the best on the other artists' characters (one for all legged plans:
 * only the quadrupeds have side pictures from three artists).
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { BODY_PLAN_LEGS, BODY_PLANS } from '@rigforge/vocabulary';
import type { Mesh } from '@rigforge/mesh';
import { generateModel } from '../src';
import type { PairedPartsRule } from '../src/paired-parts';
import { arg, benchmarkPicture, mean, mostInformativeView, readCharacterMesh, readManifest, turnToView, unitHeight } from './dev-set-views';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

/** The rule off (first), then (maxWidth, spread) points; `--grid w:s,w:s` replaces the points. */
const DEFAULT_GRID: Array<PairedPartsRule | false> = [false, ...[0.15, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5].map((maxWidth) => ({ maxWidth, spread: 1 })), ...[0.5, 0.75, 1.25].map((spread) => ({ maxWidth: 0.4, spread }))];
const label = (g: PairedPartsRule | false): string => (g ? `${g.maxWidth}, ${g.spread}` : 'off');
const gridArg = arg('--grid');
const GRID: Array<PairedPartsRule | false> = gridArg
  ? [false, ...gridArg.split(',').map((p) => { const [maxWidth, spread] = p.split(':').map(Number); return { maxWidth: maxWidth!, spread: spread! }; })]
  : DEFAULT_GRID;

const rowSchema = z.object({ id: z.string(), artist: z.string(), plan: z.string(), grid: z.array(z.string()), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

const sameMesh = (a: Mesh, b: Mesh): boolean => a.positions.length === b.positions.length && a.positions.every((v, i) => v === b.positions[i]);
const geo = (xs: number[]): number => Math.exp(mean(xs.map(Math.log)));

/** Rows of one character from runs with different grids joined (the points every character has, in the first run's order). */
function joined(parts: Row[]): { rows: Row[]; labels: string[] } {
  const byId = new Map<string, Row>();
  for (const r of parts) {
    const have = byId.get(r.id);
    if (!have) { byId.set(r.id, { ...r, grid: [...r.grid], cd: [...r.cd] }); continue; }
    r.grid.forEach((g, k) => { if (!have.grid.includes(g)) { have.grid.push(g); have.cd.push(r.cd[k]!); } });
  }
  const all = [...byId.values()];
  const labels = all[0]!.grid.filter((g) => all.every((r) => r.grid.includes(g)));
  return { rows: all.map((r) => ({ ...r, grid: labels, cd: labels.map((g) => r.cd[r.grid.indexOf(g)]!) })), labels };
}

function report(parts: Row[]): void {
  const plan = arg('--plan');
  const { rows, labels } = joined(parts.filter((r) => !plan || r.plan === plan));
  const GRID = labels;
  const label = (g: string): string => g;
  const artists = [...new Set(rows.map((r) => r.artist))];
  const score = (f: (r: Row) => boolean, k: number): number => geo(rows.filter(f).map((r) => r.cd[k]! / r.cd[0]!));
  const best = (f: (r: Row) => boolean): number => GRID.reduce((b, _, k) => (score(f, k) < score(f, b) ? k : b), 0);
  const heldOut = new Map(artists.map((a) => [a, best((r) => r.artist !== a)]));
  console.log(`| maxWidth, spread | ${artists.map((a) => `${a} (${rows.filter((r) => r.artist === a).length})`).join(' | ')} | all (${rows.length}) | mean CD |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  GRID.forEach((g, k) => console.log(`| ${label(g)} | ${artists.map((a) => score((r) => r.artist === a, k).toFixed(3)).join(' | ')} | ${score(() => true, k).toFixed(3)} | ${mean(rows.map((r) => r.cd[k]!)).toFixed(5)} |`));
  const held = (r: Row): number => r.cd[heldOut.get(r.artist)!]!;
  console.log(`| left out | ${artists.map((a) => `${geo(rows.filter((r) => r.artist === a).map((r) => held(r) / r.cd[0]!)).toFixed(3)} (${label(GRID[heldOut.get(a)!]!)})`).join(' | ')} | ${geo(rows.map((r) => held(r) / r.cd[0]!)).toFixed(3)} | ${mean(rows.map(held)).toFixed(5)} |`);
  console.log(`on all: ${label(GRID[best(() => true)]!)}`);
  console.log('\n| character (artist) | ' + labels.join(' | ') + ' |');
  for (const r of rows) console.log(`| ${r.id} (${r.artist}) | ${r.cd.map((v) => v.toFixed(4)).join(' | ')} |`);
}

async function measure(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const rows: Row[] = [];
  for (const m of readManifest(dir).filter((x) => (!only || only.includes(x.id)) && BODY_PLANS.some((p) => p === x.bodyPlan && BODY_PLAN_LEGS[p] > 0))) {
    const mesh = await readCharacterMesh(dir, m.id);
    if (mostInformativeView(mesh) !== 'side') continue;
    const truth = unitHeight(turnToView(mesh, 'side'));
    const picture = benchmarkPicture(truth);
    const cd: number[] = [];
    let last: Mesh | undefined;
    for (const pairedParts of GRID) {
      const made = (await generateModel(picture, { height: 1, bodyPlan: m.bodyPlan, view: 'side', pairedParts, textureSize: 16, thumbnailSize: 16 })).mesh;
      cd.push(last && sameMesh(last, made) ? cd[cd.length - 1]! : compare(truth, made, samples).cd);
      last = made;
    }
    rows.push({ id: m.id, artist: m.artist, plan: m.bodyPlan, grid: GRID.map(label), cd });
    console.log(`${m.id} (${m.artist}): ${cd.map((v) => v.toFixed(4)).join(' ')}`);
    const out = arg('--json');
    if (out) writeFileSync(out, JSON.stringify(rows));
  }
  report(rows);
}

runFitScript({
  usage: 'usage: fit-paired-parts.ts <dev-set dir> [--only ids] [--samples 4000] --json cd.json | --merge a.json,b.json',
  measure,
  merge: { schema: rowSchema, report },
});

/**
 * A four-legged body pictured from the front: only its trunk runs back along the view axis (its
 * length), while its head and its limbs are about as deep as they are wide. Scored by the benchmark's
 * CD over every quadruped pictured from the front (not only those best pictured so), left out by artist.
 *
 *   npx tsx packages/generate/scripts/fit-front-trunk.ts ../shared/rig-dev-set [--only ids] [--samples 4000] --json rows.json
 *   npx tsx packages/generate/scripts/fit-front-trunk.ts --merge a.json,b.json
 *
 * Each character pictured from the front as the benchmark pictures its best view, generated with the
 * plan and view hints (the shipped `quadruped/front` scale ×3 and lean) and `headTorso` at each
 * (head, torso, rest) of GRID: the medial balls above the silhouette's neck × head, the core's below
 * it × torso, the others' (legs, arms, a tail) × rest, all on top of the plan-view scale; (1, 1, 1)
 * is the engine. 1/3 of the scale is a part as deep as wide.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { generateModel } from '../src';
import type { HeadTorsoDepth } from '../src/head-torso';
import { arg, benchmarkPicture, mean, mostInformativeView, readCharacterMesh, readManifest, turnToView, unitHeight } from './dev-set-views';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

export const GRID: HeadTorsoDepth[] = [
  { head: 1, torso: 1, rest: 1 },
  { head: 0.37, torso: 1, rest: 1 },
  { head: 1, torso: 1, rest: 0.33 },
  { head: 0.37, torso: 1, rest: 0.33 },
  { head: 0.67, torso: 1, rest: 0.67 },
  { head: 0.37, torso: 1.2, rest: 0.33 },
  { head: 0.67, torso: 1.2, rest: 0.33 },
];
const label = (k: number): string => `(${GRID[k]!.head}, ${GRID[k]!.torso}, ${GRID[k]!.rest})`;
const rowSchema = z.object({ id: z.string(), artist: z.string(), best: z.boolean(), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

async function rows(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const manifest = readManifest(dir);
  const out: Row[] = [];
  for (const c of manifest.filter((m) => m.bodyPlan === 'quadruped' && (!only || only.includes(m.id)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const truth = unitHeight(turnToView(mesh, 'front'));
    const picture = benchmarkPicture(truth);
    const cd: number[] = [];
    for (const headTorso of GRID) cd.push(compare(truth, (await generateModel(picture, { height: 1, bodyPlan: 'quadruped', view: 'front', headTorso })).mesh, samples).cd);
    out.push({ id: c.id, artist: c.artist, best: mostInformativeView(mesh) === 'front', cd });
    console.log(`${c.id} (${c.artist}): ${cd.map((v) => v.toFixed(4)).join(' ')}`);
    const file = arg('--json');
    if (file) writeFileSync(file, JSON.stringify(out));
  }
}

function report(all: Row[]): void {
  const artists = [...new Set(all.map((r) => r.artist))];
  const ratio = (set: Row[], k: (r: Row) => number) => Math.exp(mean(set.map((r) => Math.log(r.cd[k(r)]! / r.cd[0]!))));
  const best = (train: Row[]) => { const t = GRID.map((_, k) => ratio(train, () => k)); return t.indexOf(Math.min(...t)); };
  const shown = all.filter((r) => r.best);
  console.log(`| head, torso, rest | ${artists.map((a) => `${a} (${all.filter((r) => r.artist === a).length})`).join(' | ')} | all (${all.length}) | CD of the ${shown.length} best pictured so |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  GRID.forEach((_, k) => console.log(`| ${label(k)} | ${artists.map((a) => ratio(all.filter((r) => r.artist === a), () => k).toFixed(3)).join(' | ')} | ${ratio(all, () => k).toFixed(3)} | ${mean(shown.map((r) => r.cd[k]!)).toFixed(4)} |`));
  const chosen = new Map(artists.map((a) => [a, best(all.filter((r) => r.artist !== a))]));
  const held = (r: Row) => chosen.get(r.artist)!;
  console.log(`| left out | ${artists.map((a) => ratio(all.filter((r) => r.artist === a), held).toFixed(3)).join(' | ')} | ${ratio(all, held).toFixed(3)} | ${mean(shown.map((r) => r.cd[held(r)]!)).toFixed(4)} |`);
  console.log(`\nchosen without each artist: ${artists.map((a) => `${a} ${label(chosen.get(a)!)}`).join(', ')}; on all ${label(best(all))}`);
  for (const r of all) console.log(`${r.id} (${r.artist}${r.best ? ', benchmark-pictured so' : ''}): ${r.cd.map((v) => v.toFixed(4)).join(' / ')}`);
}

runFitScript({
  usage: 'usage: fit-front-trunk.ts <dev-set dir> [--only ids] [--samples 4000] --json rows.json | --merge a.json,b.json',
  measure: rows,
  merge: { schema: rowSchema, report },
});

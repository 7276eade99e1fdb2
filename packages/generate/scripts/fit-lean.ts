/**
 * The lean of the two sheets for a picture taken from a view (default: from above), chosen by the
 * shape benchmark's own distance, left out by artist.
 *
 *   npx tsx packages/generate/scripts/fit-lean.ts ../shared/rig-dev-set [--view top|front|side] [--plan biped] [--only id,id] [--json part.json] [--samples 8000]
 *   npx tsx packages/generate/scripts/fit-lean.ts --merge a.json,b.json [--view top]   (runs split with --only)
 *
 * Seen from above, the picture's depth axis is the vertical, and a body is not symmetric about a
 * middle plane: a frog's legs and belly lie on the ground while its back rises, a dolphin's fin
 * stands up. The engine builds a part's upper (front) sheet at +(1 + β)·h and its lower (back) one
 * at −(1 − β)·h (`build-closed-mesh.ts`'s `lean`): β = 0 the symmetric body, β = 1 a flat underside,
 * β < 0 a flat top. Every character of the set is pictured from above as the benchmark pictures its
 * best view (`score-dev-set.ts`: orthographic, 512 px, stood 1 tall in the picture's frame, with the
 * plan and view hints), generated once with β = 0, and the model's sheets leaned for each β (z ↦ z +
 * β·|z|, exactly the engine's lean of a model built at β = 0) and scored by the benchmark's CD
 * (`shape-distance.ts`). Each character's score is its CD at β over its CD at 0 (mean of the log
 * ratios, so a character whose CD is large in any case does not drown the others); β is
 * chosen leaving one artist out and the held-out ratio reported per artist and plan, plus the CD of
 * the characters the benchmark pictures from above. `--view front` asks the same of front pictures
 * (is the back flatter than the front?), `--plan` keeps one body plan's characters.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { generateModel } from '../src';
import { mostInformativeView, turnToView, VIEWS, arg, type FitRow, scaledLeaned, mean, benchmarkPicture, unitHeight, readManifest, readCharacterMesh, fitRowSchema } from './dev-set-views';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

export const LEANS = [-0.5, 0, 0.25, 0.5, 0.75, 1];

function report(rows: FitRow[], view: string): void {
  const score = (r: FitRow, k: number) => Math.log(r.cd[k]! / r.cd[LEANS.indexOf(0)]!);
  const best = (train: FitRow[]) => {
    const totals = LEANS.map((_, k) => mean(train.map((r) => score(r, k))));
    return totals.indexOf(Math.min(...totals));
  };
  const artists = [...new Set(rows.map((r) => r.artist))], plans = [...new Set(rows.map((r) => r.plan))];
  const groups: Array<[string, (r: FitRow) => boolean]> = [
    ...artists.map((a): [string, (r: FitRow) => boolean] => [a, (r) => r.artist === a]),
    ...plans.map((p): [string, (r: FitRow) => boolean] => [p, (r) => r.plan === p]),
    ['all', () => true],
  ];
  const ratio = (f: (r: FitRow) => boolean, k: (r: FitRow) => number) => Math.exp(mean(rows.filter(f).map((r) => score(r, k(r))))).toFixed(3);
  console.log(`CD at β over CD at β = 0 (geometric mean over characters), ${rows.length} characters pictured from the ${view}\n`);
  console.log(`| β | ${groups.map(([g]) => g).join(' | ')} | CD of the ${rows.filter((r) => r.bestView).length} best pictured from the ${view} |`);
  console.log(`|---|${groups.map(() => '---:').join('|')}|---:|`);
  const topCd = (k: (r: FitRow) => number) => mean(rows.filter((r) => r.bestView).map((r) => r.cd[k(r)]!)).toFixed(4);
  LEANS.forEach((beta, k) => console.log(`| ${beta} | ${groups.map(([, f]) => ratio(f, () => k)).join(' | ')} | ${topCd(() => k)} |`));
  const chosen = new Map(artists.map((a) => [a, best(rows.filter((r) => r.artist !== a))]));
  const held = (r: FitRow) => chosen.get(r.artist)!;
  console.log(`| left out | ${groups.map(([, f]) => ratio(f, held)).join(' | ')} | ${topCd(held)} |`);
  console.log(`\nβ chosen without each artist: ${artists.map((a) => `${a} ${LEANS[chosen.get(a)!]}`).join(', ')}; on all: ${LEANS[best(rows)]}`);
  for (const r of rows.filter((x) => x.bestView)) console.log(`${r.id} (${r.plan}, ${r.artist}): ${LEANS.map((b, k) => `${b}: ${r.cd[k]!.toFixed(4)}`).join(', ')}`);
}

async function measure(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const plan = arg('--plan');
  const view = z.enum(VIEWS).parse(arg('--view') ?? 'top');
  const samples = Number(arg('--samples') ?? 8000);
  const rows: FitRow[] = [];
  for (const c of readManifest(dir).filter((x) => (!only || only.includes(x.id)) && (!plan || x.bodyPlan === plan))) {
    const mesh = await readCharacterMesh(dir, c.id);
    const turned = turnToView(mesh, view);
    const truth = unitHeight(turned);
    const picture = benchmarkPicture(truth);
    try {
      const made = (await generateModel(picture, { height: 1, bodyPlan: c.bodyPlan, view, lean: 0 })).mesh;
      const cd = LEANS.map((beta) => compare(truth, { positions: scaledLeaned(made.positions, 1, beta), indices: made.indices }, samples).cd);
      rows.push({ id: c.id, plan: c.bodyPlan, artist: c.artist, bestView: mostInformativeView(mesh) === view, cd });
      console.log(`${c.id}: ${cd.map((v) => v.toFixed(4)).join(' ')}`);
    } catch (error) {
      console.log(`${c.id}: failed (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows));
  report(rows, view);
}

runFitScript({
  usage: 'usage: fit-lean.ts <dev-set dir> [--only id,id] [--json part.json] [--samples 8000]',
  measure,
  merge: { schema: fitRowSchema, report: (rows) => report(rows, z.enum(VIEWS).parse(arg('--view') ?? 'top')) },
});

/**
 * How far a front-pictured figure's head leans toward the viewer (`src/head-torso.ts` `headLean`),
 * chosen by the benchmark's CD leaving one artist out.
 *
 *   npx tsx packages/generate/scripts/fit-head-lean.ts ../shared/rig-dev-set [--leans 0,0.1,0.2,0.3] [--only ids] [--samples 4000] --json rows.json
 *   npx tsx packages/generate/scripts/fit-head-lean.ts --merge a.json,b.json
 *
 * Why a lean: the medial balls build every part symmetric about the picture's plane, and the box
 * centring then sets every part's place front to back. A head is not symmetric about its neck: the
 * face reaches forward of it, the skull behind less far (the dev set's true meshes: the head's middle
 * lies forward of the legs' by up to 0.15 of its half-depth in valid's humans and kenney's minis, about
 * 0 in quaternius's figures; `headTorsoMiddle` moves only where the head stands out of the body).
 *
 * For every biped the benchmark pictures from the front: the picture as the benchmark makes it and
 * the benchmark's CD with the shipped head, torso and limbs at each lean of `--leans` (the first,
 * 0, is the engine without a lean). `--merge` reports per artist the CD at each lean over the CD at
 * the first (geometric mean) and the lean chosen without the artist (held out).
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { generateModel } from '../src';
import { learnedHeadTorso } from '../src/head-torso';
import { arg, benchmarkPicture, mean, mostInformativeView, readCharacterMesh, readManifest, turnToView, unitHeight } from './dev-set-views';
import { artistGrid } from './artist-grid';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

const rowSchema = z.object({ id: z.string(), artist: z.string(), leans: z.array(z.number()), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

async function rows(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const leans = (arg('--leans') ?? '0,0.1,0.2,0.3').split(',').map(Number);
  const base = learnedHeadTorso('biped', 'front') ?? { head: 1, torso: 1 };
  const out: Row[] = [];
  for (const c of readManifest(dir).filter((m) => m.bodyPlan === 'biped' && (!only || only.includes(m.id)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    if (mostInformativeView(mesh) !== 'front') continue;
    const truth = unitHeight(turnToView(mesh, 'front'));
    const picture = benchmarkPicture(truth);
    const cd: number[] = [];
    for (const headLean of leans) {
      const made = await generateModel(picture, { height: 1, bodyPlan: 'biped', view: 'front', headTorso: { ...base, headLean }, textureSize: 16, thumbnailSize: 16 });
      cd.push(compare(truth, made.mesh, samples).cd);
    }
    out.push({ id: c.id, artist: c.artist, leans, cd });
    console.log(`${c.id} (${c.artist}): ${cd.map((v) => v.toFixed(5)).join(' ')}`);
    const file = arg('--json');
    if (file) writeFileSync(file, JSON.stringify(out));
  }
}

/** Per artist, CD at each lean over CD at the first (geometric mean) and its mean CD; the lean each artist's fold chooses on the others. */
function report(all: Row[]): void {
  const { values: leans, artists, ratio, best, chosen } = artistGrid(all, { values: (r) => r.leans, flag: '--leans', column: 'head lean' });
  const held = all.map((r) => ({ ...r, cd: [r.cd[0]!, r.cd[chosen.get(r.artist)!]!] }));
  console.log(`| left out | ${artists.map((a) => `${ratio(held.filter((r) => r.artist === a), 1).toFixed(3)} (${leans[chosen.get(a)!]}: ${mean(held.filter((r) => r.artist === a).map((r) => r.cd[1]!)).toFixed(5)})`).join(' | ')} | ${ratio(held, 1).toFixed(3)} | ${mean(held.map((r) => r.cd[1]!)).toFixed(5)} |`);
  console.log(`\nchosen without each artist: ${artists.map((a) => `${a} ${leans[chosen.get(a)!]}`).join(', ')}; on all ${leans[best(all)]}`);
  for (const r of all) console.log(`${r.id} (${r.artist}): ${r.cd.map((v) => v.toFixed(5)).join(' ')}`);
}

runFitScript({
  usage: 'usage: fit-head-lean.ts <dev-set dir> [--leans 0,0.1,0.2,0.3] [--only ids] [--samples 4000] --json rows.json | --merge a.json,b.json',
  measure: rows,
  merge: { schema: rowSchema, report },
});

/**
 * A stocky figure's torso depth (`src/stocky-torso.ts`), chosen by the benchmark's CD leaving one
 * artist out.
 *
 *   npx tsx packages/generate/scripts/fit-stocky-torso.ts ../shared/rig-dev-set [--only ids] [--samples 4000] --json rows.json
 *   npx tsx packages/generate/scripts/fit-stocky-torso.ts --merge a.json,b.json
 *
 * For every biped the benchmark pictures from the front: the picture as the benchmark makes it, the
 * cue as the engine reads it (its own decode, segmentation, medial balls and neck: the torso's widest
 * ball's diameter over the subject's height), and for the stocky ones (cue at or over MIN_WIDTH, the
 * human proportion: shoulders under a quarter of the stature) the benchmark's CD with the stocky
 * torso at each (factor, profile exponent) of GRID (the head-torso table's head and torso otherwise;
 * the first, (0.9, 2), is the engine without the rule). The others' models do not change. `--merge` reports, per artist,
 * CD at each factor over the engine's (geometric mean) and the factor chosen without the artist.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { generateModel, GENERATE_MODEL_DEFAULTS } from '../src';
import { decodeImage } from '../src/decode-image';
import { headTorsoBalls, learnedHeadTorso } from '../src/head-torso';
import { distanceTransform } from '../src/mask-ops';
import { segmentSubject } from '../src/segment-subject';
import { torsoWidthShare } from '../src/stocky-torso';
import { arg, benchmarkPicture, mean, mostInformativeView, readCharacterMesh, readManifest, turnToView, unitHeight } from './dev-set-views';
import { runFitScript } from './fit-script';
import { compare } from './shape-distance';

/** The human proportion the cue is cut at (not fitted): a torso wider than a quarter of the height. */
const MIN_WIDTH = 0.25;
/** Stocky torso factors scored; the first is the head-torso table's torso (the engine without the rule). */
const GRID: { torso: number; exponent: number }[] = [{ torso: 0.9, exponent: 2 }, ...[2, 3, 4].flatMap((exponent) => [0.8, 0.9, 1, 1.1].map((torso) => ({ torso, exponent }))).filter((g) => g.torso !== 0.9 || g.exponent !== 2)];
const label = (k: number): string => `torso ${GRID[k]!.torso}, p ${GRID[k]!.exponent}`;

const rowSchema = z.object({ id: z.string(), artist: z.string(), share: z.number(), cd: z.array(z.number()) });
type Row = z.infer<typeof rowSchema>;

/** The cue as the engine reads it from `picture`. */
async function engineShare(picture: Uint8Array): Promise<number> {
  const decoded = await decodeImage(picture, { maxSide: GENERATE_MODEL_DEFAULTS.resolution, maxPixels: GENERATE_MODEL_DEFAULTS.maxPixels });
  const subject = segmentSubject(decoded, { hasAlpha: decoded.hasAlpha });
  const distance = distanceTransform(subject.mask, subject.width, subject.height);
  const { torso } = headTorsoBalls(subject.mask, distance, subject.width, subject.height);
  return torsoWidthShare(torso, subject.mask, subject.width, subject.height);
}

async function rows(dir: string): Promise<void> {
  const only = arg('--only')?.split(',');
  const samples = Number(arg('--samples') ?? 4000);
  const manifest = readManifest(dir);
  const base = learnedHeadTorso('biped', 'front') ?? { head: 1, torso: 1 };
  const out: Row[] = [];
  for (const c of manifest.filter((m) => m.bodyPlan === 'biped' && (!only || only.includes(m.id)))) {
    const mesh = await readCharacterMesh(dir, c.id);
    if (mostInformativeView(mesh) !== 'front') continue;
    const truth = unitHeight(turnToView(mesh, 'front'));
    const picture = benchmarkPicture(truth);
    const share = await engineShare(picture);
    const cd: number[] = [];
    if (share >= MIN_WIDTH) {
      for (const g of GRID) {
        const made = await generateModel(picture, { height: 1, bodyPlan: 'biped', view: 'front', headTorso: { head: base.head, torso: base.torso, stocky: { minWidth: MIN_WIDTH, ...g } } });
        cd.push(compare(truth, made.mesh, samples).cd);
      }
    }
    out.push({ id: c.id, artist: c.artist, share, cd });
    console.log(`${c.id} (${c.artist}): torso width ${share.toFixed(3)} of the height${cd.length ? `, CD ${cd.map((v) => v.toFixed(4)).join(' ')}` : ' (not stocky: unchanged)'}`);
    const file = arg('--json');
    if (file) writeFileSync(file, JSON.stringify(out));
  }
}

function report(all: Row[]): void {
  const stocky = all.filter((r) => r.cd.length === GRID.length);
  const artists = [...new Set(stocky.map((r) => r.artist))];
  const ratio = (set: Row[], k: (r: Row) => number) => Math.exp(mean(set.map((r) => Math.log(r.cd[k(r)]! / r.cd[0]!))));
  const best = (train: Row[]) => { const t = GRID.map((_, k) => ratio(train, () => k)); return t.indexOf(Math.min(...t)); };
  console.log(`cue (torso width over height), all ${all.length}: ${[...all].sort((a, b) => a.share - b.share).map((r) => `${r.id} ${r.share.toFixed(3)}`).join(', ')}`);
  console.log(`\n| stocky torso | ${artists.map((a) => `${a} (${stocky.filter((r) => r.artist === a).length})`).join(' | ')} | all stocky (${stocky.length}) | mean CD of the stocky |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  GRID.forEach((_, k) => console.log(`| ${label(k)} | ${artists.map((a) => ratio(stocky.filter((r) => r.artist === a), () => k).toFixed(3)).join(' | ')} | ${ratio(stocky, () => k).toFixed(3)} | ${mean(stocky.map((r) => r.cd[k]!)).toFixed(5)} |`));
  const chosen = new Map(artists.map((a) => [a, best(stocky.filter((r) => r.artist !== a))]));
  const held = (r: Row) => chosen.get(r.artist) ?? 0;
  console.log(`| left out | ${artists.map((a) => ratio(stocky.filter((r) => r.artist === a), held).toFixed(3)).join(' | ')} | ${ratio(stocky, held).toFixed(3)} | ${mean(stocky.map((r) => r.cd[held(r)]!)).toFixed(5)} |`);
  console.log(`\nchosen without each artist: ${artists.map((a) => `${a} (${label(chosen.get(a)!)})`).join(', ')}; on all (${label(best(stocky))})`);
  for (const r of stocky) console.log(`${r.id} (${r.artist}): ${r.cd.map((v) => v.toFixed(4)).join(' / ')}; held out (${label(held(r))}): ${r.cd[0]!.toFixed(4)} -> ${r.cd[held(r)]!.toFixed(4)}`);
}

runFitScript({
  usage: 'usage: fit-stocky-torso.ts <dev-set dir> [--only ids] [--samples 4000] --json rows.json | --merge a.json,b.json',
  measure: rows,
  merge: { schema: rowSchema, report },
});

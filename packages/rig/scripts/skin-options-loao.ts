/**
 * Chooses among variants of the skin-weight options leaving one artist out, on the artist-rigged
 * dev set. Every variant (a JSON object of ComputeSkinWeightsOptions merged over the fast preset;
 * the first is the reference) is scored on every character (weights given the artist's skeleton:
 * L1, precision, recall, as the set's README defines them). For each artist, the variant with the
 * best mean L1 over the other artists' characters, among those that make no other artist with 3+
 * characters worse than the reference by more than 0.02 L1, is scored on the left-out artist.
 *
 *   npx tsx packages/rig/scripts/skin-options-loao.ts <dev-set dir> '{}' '{"heatLeafLength":0.7}' ...
 *
 * Prints each variant per artist, each fold's choice and the held-out means over all characters,
 * and each variant's CPU time in computeSkinWeights (sum and median, all and per artist);
 * with `JSON=<file>` also writes every character's scores (for `skin-loao-combine.ts`).
 * A script, not a test: the set is development data that never enters the repository.
 */
import * as fs from 'node:fs';
import { computeSkinWeights, type ComputeSkinWeightsOptions } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { compareSkinWeights } from '../src/skinning/skin-metrics';
import { readArtistSkin, readManifest } from './lib/dev-set';
import { printLeaveOneArtistOut, type SkinScore } from './lib/skin-loao';

type Score = SkinScore;

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (s: Score[]): string => `${mean(s.map((x) => x.l1)).toFixed(3)} / ${mean(s.map((x) => x.p)).toFixed(3)} / ${mean(s.map((x) => x.r)).toFixed(3)}`;

async function main(): Promise<void> {
  const dir = process.argv[2];
  const variants = process.argv.slice(3);
  if (!dir || variants.length < 2) throw new Error("usage: skin-options-loao.ts <dev-set dir> '{}' '{\"heatLeafLength\":0.7}' ...");
  const chars = readManifest(dir);
  const scores: Score[][] = variants.map(() => []);
  // CPU ms of each variant's computeSkinWeights per character (the variants alternate in one process).
  const cpu: number[][] = variants.map(() => []);
  for (const [ci, c] of chars.entries()) {
    const skin = await readArtistSkin(dir, c.id);
    const n = skin.mesh.positions.length / 3;
    variants.forEach((v, k) => {
      const opts: ComputeSkinWeightsOptions = { ...RIG_ENGINE_PRESETS.fast.skin, ...(JSON.parse(v) as ComputeSkinWeightsOptions) };
      const start = process.cpuUsage();
      const weights = computeSkinWeights(skin.mesh, skin.skeleton, opts);
      const used = process.cpuUsage(start);
      cpu[k]![ci] = (used.user + used.system) / 1000;
      const m = compareSkinWeights(weights, skin.weights, n, skin.skeleton.joints.length);
      scores[k]![ci] = { l1: m.meanL1, p: m.precision, r: m.recall };
    });
    if (process.env.PER) console.log(`${c.id.padEnd(28)} ${variants.map((_, k) => scores[k]![ci]!.l1.toFixed(3)).join(' ')}`);
  }
  const artists = [...new Set(chars.map((c) => c.artist))];
  const of = (k: number, a: string): Score[] => chars.flatMap((c, i) => (c.artist === a ? [scores[k]![i]!] : []));
  console.log(`| variant | all L1 / P / R | ${artists.map((a) => `${a} (${of(0, a).length})`).join(' | ')} |`);
  variants.forEach((v, k) => console.log(`| \`${v}\` | ${fmt(scores[k]!)} | ${artists.map((a) => mean(of(k, a).map((s) => s.l1)).toFixed(3)).join(' | ')} |`));
  printLeaveOneArtistOut(chars, scores, variants, fmt);
  // Every variant's L1 / precision / recall per artist, and (JSON=<file>) every character's scores for replays.
  console.log(`\n| variant | ${artists.join(' | ')} |`);
  variants.forEach((v, k) => console.log(`| \`${v}\` | ${artists.map((a) => fmt(of(k, a))).join(' | ')} |`));
  const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0; };
  const ms = (xs: number[]): string => `${(xs.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s / ${median(xs).toFixed(0)} ms`;
  console.log(`\n| variant | skin CPU sum / median | ${artists.join(' | ')} |`);
  variants.forEach((v, k) => console.log(`| \`${v}\` | ${ms(cpu[k]!)} | ${artists.map((a) => ms(chars.flatMap((c, i) => (c.artist === a ? [cpu[k]![i]!] : [])))).join(' | ')} |`));
  if (process.env.JSON) fs.writeFileSync(process.env.JSON, JSON.stringify({ variants, characters: chars.map((c, i) => ({ id: c.id, artist: c.artist, scores: variants.map((_, k) => scores[k]![i]!) })) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Leave-one-artist-out choice over variants scored in separate runs of `skin-options-loao.ts`
 * (each run's `JSON=<file>` dump): the variants of every file side by side, the reference the first
 * file's first variant. Used to choose among variants of two engine trees (a rule of the shipped
 * tree switched off in a copy of it) with the same rule as `skin-options-loao.ts`: for each artist,
 * the variant with the best mean L1 over the other artists' characters, among those that make no
 * other artist with 3+ characters worse than the reference by more than 0.02 L1, scored on the
 * artist left out.
 *
 *   npx tsx packages/rig/scripts/skin-loao-combine.ts a.json b.json [--prefix a,b]
 *
 * A script, not a test: the scores are of development data that never enters the repository.
 */
import * as fs from 'node:fs';
import { z } from 'zod';
import { printLeaveOneArtistOut, type SkinScore } from './lib/skin-loao';

const scoreSchema = z.object({ l1: z.number(), p: z.number(), r: z.number() });
const dumpSchema = z.object({
  variants: z.array(z.string()),
  characters: z.array(z.object({ id: z.string(), artist: z.string(), scores: z.array(scoreSchema) })),
});
type Score = SkinScore;

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (s: Score[]): string => `${mean(s.map((x) => x.l1)).toFixed(4)} / ${mean(s.map((x) => x.p)).toFixed(4)} / ${mean(s.map((x) => x.r)).toFixed(4)}`;

function main(): void {
  const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--prefix');
  const pi = process.argv.indexOf('--prefix');
  const prefixes = pi >= 0 ? process.argv[pi + 1]!.split(',') : files.map((_, i) => String(i));
  const dumps = files.map((f) => dumpSchema.parse(JSON.parse(fs.readFileSync(f, 'utf8'))));
  const chars = dumps[0]!.characters;
  for (const d of dumps) {
    if (d.characters.length !== chars.length || d.characters.some((c, i) => c.id !== chars[i]!.id)) throw new Error('the dumps score different characters');
  }
  const variants = dumps.flatMap((d, f) => d.variants.map((v) => `${prefixes[f]} ${v}`));
  const scores: Score[][] = dumps.flatMap((d) => d.variants.map((_, k) => d.characters.map((c) => c.scores[k]!)));
  const artists = [...new Set(chars.map((c) => c.artist))];
  const of = (k: number, a: string): Score[] => chars.flatMap((c, i) => (c.artist === a ? [scores[k]![i]!] : []));
  console.log(`| variant | all L1 / P / R | ${artists.map((a) => `${a} (${of(0, a).length})`).join(' | ')} |`);
  variants.forEach((v, k) => console.log(`| \`${v}\` | ${fmt(scores[k]!)} | ${artists.map((a) => fmt(of(k, a))).join(' | ')} |`));
  printLeaveOneArtistOut(chars, scores, variants, fmt);
}

main();

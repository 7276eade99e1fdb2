/**
 * The leave-one-artist-out choice among skin-weight variants, shared by `skin-options-loao.ts`
 * (which scores the variants) and `skin-loao-combine.ts` (which combines the scores of separate
 * runs): one rule and one report of it, so a figure from either script means the same thing.
 */

/** One character's weights against the artist's: mean L1, precision, recall. */
export interface SkinScore { l1: number; p: number; r: number }

/** How much worse (mean L1) a variant may make any other artist with 3+ characters than the reference. */
export const LOAO_MAX_ARTIST_L1_LOSS = 0.02;

/**
 * For each artist, the variant (an index into `scores`, whose first entry is the reference) with
 * the best mean L1 over the other artists' characters, among those that make no other artist with
 * 3+ characters worse than the reference by more than LOAO_MAX_ARTIST_L1_LOSS. `scores[k][i]` is
 * variant k's score on character i.
 */
export function chooseLeavingOneArtistOut(chars: ReadonlyArray<{ artist: string }>, scores: SkinScore[][]): Array<{ artist: string; chosen: number }> {
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const artists = [...new Set(chars.map((c) => c.artist))];
  const of = (k: number, a: string): SkinScore[] => chars.flatMap((c, i) => (c.artist === a ? [scores[k]![i]!] : []));
  return artists.map((a) => {
    const rest = chars.flatMap((c, i) => (c.artist !== a ? [i] : []));
    const others = artists.filter((x) => x !== a && of(0, x).length >= 3);
    const allowed = (k: number): boolean =>
      others.every((x) => mean(of(k, x).map((s) => s.l1)) <= mean(of(0, x).map((s) => s.l1)) + LOAO_MAX_ARTIST_L1_LOSS);
    let best = 0;
    scores.forEach((_, k) => {
      if (allowed(k) && mean(rest.map((i) => scores[k]![i]!.l1)) < mean(rest.map((i) => scores[best]![i]!.l1))) best = k;
    });
    return { artist: a, chosen: best };
  });
}

/**
 * Prints each fold of chooseLeavingOneArtistOut (the artist left out, the variant chosen on the
 * others, its scores on that artist and the reference's) and the held-out means over all
 * characters, as a Markdown table; `fmt` formats a list of scores (each script keeps its precision).
 */
export function printLeaveOneArtistOut(
  chars: ReadonlyArray<{ artist: string }>,
  scores: SkinScore[][],
  variants: readonly string[],
  fmt: (s: SkinScore[]) => string,
): void {
  const of = (k: number, a: string): SkinScore[] => chars.flatMap((c, i) => (c.artist === a ? [scores[k]![i]!] : []));
  const heldOut: SkinScore[] = [];
  console.log('\n| left out | chosen | its L1 / P / R | with the reference |');
  for (const { artist: a, chosen: best } of chooseLeavingOneArtistOut(chars, scores)) {
    heldOut.push(...of(best, a));
    console.log(`| ${a} | \`${variants[best]}\` | ${fmt(of(best, a))} | ${fmt(of(0, a))} |`);
  }
  console.log(`\nheld out: ${fmt(heldOut)} over ${heldOut.length} characters (reference ${fmt(scores[0]!)})`);
}

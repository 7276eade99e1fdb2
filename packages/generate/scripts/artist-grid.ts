/**
 * The per-artist table of a one-number grid fit (fit-head-lean.ts, fit-head-torso.ts `--merge-rest`):
 * each row is a character's CD at every value of the grid; the table gives, per artist and over all,
 * the CD at each value over the CD at the first (geometric mean) with its mean CD, and the value each
 * artist's fold chooses on the other artists' rows, for the script's own "left out" lines.
 */
import { mean } from './dev-set-views';

export interface GridRow { id: string; artist: string; cd: number[] }

export interface ArtistGridOptions<R extends GridRow> {
  /** The grid a row was scored at (every part of a merge must be scored at the same one). */
  values: (row: R) => number[];
  /** The command-line flag that sets the grid, named when the parts disagree. */
  flag: string;
  /** The first column's heading. */
  column: string;
}

export interface ArtistGrid<R extends GridRow> {
  values: number[];
  artists: string[];
  /** One artist's rows. */
  of: (artist: string) => R[];
  /** CD at grid index `k` over CD at the first, geometric mean over `rows`. */
  ratio: (rows: R[], k: number) => number;
  /** The grid index with the least ratio on `train`. */
  best: (train: R[]) => number;
  /** Per artist, the grid index chosen on the other artists' rows. */
  chosen: Map<string, number>;
}

/** Prints the table's heading and one line per grid value, and returns what the left-out lines need. */
export function artistGrid<R extends GridRow>(rows: R[], options: ArtistGridOptions<R>): ArtistGrid<R> {
  const values = rows[0] ? options.values(rows[0]) : [];
  if (rows.some((r) => options.values(r).join() !== values.join())) throw new Error(`the parts were scored at different ${options.flag}`);
  const artists = [...new Set(rows.map((r) => r.artist))].sort();
  const ratio = (rs: R[], k: number) => Math.exp(mean(rs.map((r) => Math.log(r.cd[k]! / r.cd[0]!))));
  const of = (a: string) => rows.filter((r) => r.artist === a);
  console.log(`| ${options.column} | ${artists.map((a) => `${a} (${of(a).length})`).join(' | ')} | all (${rows.length}) | mean CD |`);
  console.log(`|---|${artists.map(() => '---:').join('|')}|---:|---:|`);
  values.forEach((k, i) => console.log(`| ${k} | ${artists.map((a) => `${ratio(of(a), i).toFixed(3)} (${mean(of(a).map((r) => r.cd[i]!)).toFixed(5)})`).join(' | ')} | ${ratio(rows, i).toFixed(3)} | ${mean(rows.map((r) => r.cd[i]!)).toFixed(5)} |`));
  const best = (train: R[]) => { const t = values.map((_, i) => ratio(train, i)); return t.indexOf(Math.min(...t)); };
  const chosen = new Map(artists.map((a) => [a, best(rows.filter((r) => r.artist !== a))]));
  return { values, artists, of, ratio, best, chosen };
}

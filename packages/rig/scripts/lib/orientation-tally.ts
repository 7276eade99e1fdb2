/**
 * How an orientation replay counts its answers: right, uprights kept, and each wrong one by kind.
 * One rule for the LOAO scripts that tally misses (facing-anatomy-loao, facing-learned-loao,
 * orientation-bars-loao, orientation-exemplars-loao), so a "facing 180" or a percentage in one
 * script's table is the same count as in another's.
 */
import { candidateFrame, ORIENTATION_CANDIDATES } from '../../src/orientation-features';

/** The kinds, in the order the tables list them. */
export const MISS_KINDS = ['quarter off', 'upside down', 'facing 180', 'facing 90'] as const;
export type MissKind = (typeof MISS_KINDS)[number];

/**
 * Kind of a miss of candidate `c` against a file's right candidates (the first is the reference):
 * the up axis a quarter off, upside down, or the up axis right with the facing a half or a quarter turn off.
 */
export function missKind(t: { right: ReadonlySet<number> }, c: number): MissKind {
  const want = candidateFrame(ORIENTATION_CANDIDATES[[...t.right][0]!]!), got = candidateFrame(ORIENTATION_CANDIDATES[c]!);
  if (want.axis[1] !== got.axis[1]) return 'quarter off';
  if (want.sign[1] !== got.sign[1]) return 'upside down';
  return want.axis[2] === got.axis[2] ? 'facing 180' : 'facing 90';
}

/** One character's (or a sum's) turned files: how many, how many right, uprights kept, misses by kind. */
export interface TurnTally { n: number; right: number; uprights: number; kinds: Map<string, number> }

/**
 * Tallies a character's turned files (`turns`, the first its file as filed) under `decide`, which
 * answers a candidate for file k; an upright is file 0 answered right.
 */
export function tallyTurns<T extends { right: ReadonlySet<number> }>(turns: readonly T[], decide: (t: T, k: number) => number): TurnTally {
  const r: TurnTally = { n: 0, right: 0, uprights: 0, kinds: new Map() };
  turns.forEach((t, k) => {
    const c = decide(t, k);
    r.n++;
    if (t.right.has(c)) { r.right++; if (k === 0) r.uprights++; return; }
    const kind = missKind(t, c);
    r.kinds.set(kind, (r.kinds.get(kind) ?? 0) + 1);
  });
  return r;
}

/** The tallies added up. */
export function sumTallies(xs: readonly TurnTally[]): TurnTally {
  return xs.reduce((a, x) => {
    for (const [k, n] of x.kinds) a.kinds.set(k, (a.kinds.get(k) ?? 0) + n);
    return { n: a.n + x.n, right: a.right + x.right, uprights: a.uprights + x.uprights, kinds: a.kinds };
  }, { n: 0, right: 0, uprights: 0, kinds: new Map<string, number>() });
}

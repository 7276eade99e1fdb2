/**
 * The report of the up-rule replays that try a family of settings left out by artist
 * (orientation-legless-loao.ts, orientation-fins-loao.ts): each setting on all (held out and in
 * sample), `--list` per character that moves, `--peek` per character named, then per artist the
 * setting chosen without it.
 */
import { weighByCue } from '../../src/orientation-exemplars';
import { UP_AXES, type UpAxis } from '../../src/rotate-mesh-up';
import type { Measured, StoredTurn } from '../orientation-gates-loao';
import { chooseSetting, upMass, upOfCandidate, type Replay } from './orientation-replay';

/** A cue's setting in a family: its up axes' probabilities weighed by the cue (`w`), or flipped past margin `m` (bar `b`). */
export type CueSetting<Scope> =
  | { kind: 'weigh'; cue: number; w: number; scope: Scope }
  | { kind: 'flip'; cue: number; m: number; scope: Scope; b?: number };

/** A cue setting as the reports name it (`weigh <cue> <w> <scope>`, `flip <cue> <m> <scope>[ b<bar>]`). */
export function cueSettingName(g: CueSetting<string>, names: readonly string[]): string {
  return g.kind === 'weigh' ? `weigh ${names[g.cue]} ${g.w} ${g.scope}` : `flip ${names[g.cue]} ${g.m} ${g.scope}${g.b === undefined ? '' : ` b${g.b}`}`;
}

/**
 * Every cue's weigh and flip settings in each scope, in the replays' order: per scope (`--scopes`,
 * default `defaultScopes`) and cue, the weights, then the margins (`--kinds` weigh,flip), then with
 * `--flip-bars` the margins 0–0.1 under each bar 0.5–0.9. The grids are the caller's.
 */
export function cueSettings<Scope extends string>(
  cues: number,
  defaultScopes: string,
  grids: { weights: readonly number[]; margins: readonly number[] },
  arg: (name: string) => string | undefined,
): CueSetting<Scope>[] {
  const family: CueSetting<Scope>[] = [];
  const scopes = (arg('--scopes') ?? defaultScopes).split(',') as Scope[];
  const kinds = (arg('--kinds') ?? 'weigh,flip').split(',');
  for (const scope of scopes) for (let cue = 0; cue < cues; cue++) {
    if (kinds.includes('weigh')) for (const w of grids.weights) family.push({ kind: 'weigh', cue, w, scope });
    if (kinds.includes('flip')) for (const m of grids.margins) family.push({ kind: 'flip', cue, m, scope });
    if (process.argv.includes('--flip-bars')) for (const m of [0, 0.02, 0.05, 0.1]) for (const b of [0.5, 0.6, 0.7, 0.8, 0.9]) family.push({ kind: 'flip', cue, m, scope, b });
  }
  return family;
}

/** A character's turned files read by one setting: right, right the first (as held) one, up wrong. */
export interface Tally { right: number; uprights: number; upWrong: number }

export interface UpSettingReportOptions<S> {
  /** The settings tried, `off` among them. */
  family: readonly S[];
  /** The setting that changes nothing (ties go to it). */
  off: S;
  show: (g: S) => string;
  /** One turned file read by setting `g` from the finder's probabilities and up-axis exemplar scores. */
  one: (s: Measured, t: StoredTurn, probs: number[], up: number[], g: S) => { right: boolean; upRight: boolean };
  /** A command-line option's value. */
  arg: (name: string) => string | undefined;
  /** `--list` rows give each held-out count as right/(files whose up is right). Default false. */
  listUpRight?: boolean;
  /**
   * `--peek id,...`: per character named, its up-axis probability mass held out and in sample
   * (weighed by the exemplars at `weight`) and its cues (`names`) along each up axis as held.
   */
  peek: { weight: number; names: readonly string[]; header: (s: Measured) => string; cues: (s: Measured, up: UpAxis) => readonly number[] };
  argv?: readonly string[];
}

export function reportUpSettings<S>(r: Replay, options: UpSettingReportOptions<S>): void {
  const { family, off, show, one, arg, listUpRight = false, peek, argv = process.argv } = options;
  const replay = (s: Measured, probs: number[], up: number[], g: S): Tally => {
    const x: Tally = { right: 0, uprights: 0, upWrong: 0 };
    r.turnsOf.get(s.id)!.forEach((t, k) => { const o = one(s, t, probs, up, g); if (o.right) { x.right++; if (k === 0) x.uprights++; } if (!o.upRight) x.upWrong++; });
    return x;
  };
  const sum = (xs: Tally[]): Tally => xs.reduce((a, b) => ({ right: a.right + b.right, uprights: a.uprights + b.uprights, upWrong: a.upWrong + b.upWrong }), { right: 0, uprights: 0, upWrong: 0 });
  const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;

  const heldOut = (a: string, g: S): Tally => sum(r.set.filter((s) => s.artist === a).map((s) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [a]), g)));
  const n = r.set.length;
  console.log('each setting on all: held out (each artist read without it) | in sample (shipped model and exemplars); right turned files per artist held out');
  for (const g of argv.includes('--no-table') ? [] : family) {
    const h = r.artists.map((a) => heldOut(a, g));
    const i = sum(r.set.map((s) => replay(s, r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, g)));
    const hs = sum(h);
    console.log(`  ${show(g).padEnd(28)} ${pct(hs.right, n * 24)} (${hs.right}) ${hs.uprights}/${n} up-wrong ${hs.upWrong} | ${pct(i.right, n * 24)} ${i.uprights}/${n} up-wrong ${i.upWrong} | ${r.artists.map((a) => `${a.slice(0, 6)} ${h[r.artists.indexOf(a)]!.right}`).join(' ')}`);
  }
  const listed = arg('--list');
  if (listed) {
    const gs = family.filter((g) => listed.split(',').includes(show(g).replace(/ /g, '_')));
    console.log(`\nper character that moves, right turned files held out | in sample: off -> ${gs.map(show).join(' / ')}`);
    for (const s of r.set) {
      const h = [off, ...gs].map((g) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [s.artist]), g));
      const i = [off, ...gs].map((g) => replay(s, r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, g));
      if (h.some((x) => x.right !== h[0]!.right || x.uprights !== h[0]!.uprights) || i.some((x) => x.right !== i[0]!.right || x.uprights !== i[0]!.uprights)) {
        console.log(`  ${s.artist.padEnd(18)} ${s.id.padEnd(28)} ${s.plan.padEnd(10)} ${h.map((x) => `${x.right}${listUpRight ? `/${24 - x.upWrong}` : ''}${x.uprights ? '' : '*'}`).join(' -> ')} | ${i.map((x) => `${x.right}${x.uprights ? '' : '*'}`).join(' -> ')}`);
      }
    }
  }
  const peeked = arg('--peek');
  if (peeked) for (const s of r.set.filter((q) => peeked.split(',').includes(q.id))) {
    const held = weighByCue(r.heldProbs.get(s.id)!, r.upScoresOf(s, [s.artist]), peek.weight);
    const ins = weighByCue(r.shippedProbs.get(s.id)!, r.extra[s.id]!.shippedUp, peek.weight);
    const rightUps = new Set((s.right ?? [0]).map(upOfCandidate));
    console.log(`${s.id} (lateral as held ${r.turnsOf.get(s.id)![0]!.lateral ?? '-'}; ${peek.header(s)})`);
    for (const u of UP_AXES) {
      console.log(`   ${rightUps.has(u) ? '*' : ' '}${u}  held ${upMass(held, u).toFixed(3)} in ${upMass(ins, u).toFixed(3)}  ${peek.cues(s, u).map((x, k) => `${peek.names[k]} ${x.toFixed(3).padStart(6)}`).join('  ')}`);
    }
  }
  if (argv.includes('--no-choice')) return;

  const choose = (pool: Measured[], out: string[]): S =>
    chooseSetting(pool, family, off, (s, g) => replay(s, r.heldProbs.get(s.id)!, r.upScoresOf(s, [...out, s.artist]), g));
  console.log('\nheld out, off -> the setting chosen without the artist:');
  const b0: Tally[] = [], b1: Tally[] = [];
  for (const a of r.artists) {
    const g = choose(r.set.filter((s) => s.artist !== a), [a]);
    const x = heldOut(a, off), y = heldOut(a, g), m = r.set.filter((s) => s.artist === a).length;
    b0.push(x); b1.push(y);
    console.log(`  ${a.padEnd(20)} ${String(m).padStart(2)}  ${show(g).padEnd(28)} ${pct(x.right, m * 24)} -> ${pct(y.right, m * 24)}   uprights ${x.uprights}/${m} -> ${y.uprights}/${m}`);
  }
  const x0 = sum(b0), x1 = sum(b1);
  console.log(`  ${'all (left out)'.padEnd(24)} ${''.padEnd(28)} ${pct(x0.right, n * 24)} -> ${pct(x1.right, n * 24)}   uprights ${x0.uprights}/${n} -> ${x1.uprights}/${n}   up wrong ${x0.upWrong} -> ${x1.upWrong}`);
}

/**
 * A learned combination of the up cues, left one artist out: reads up-cues-probe.ts's lines (each
 * character stood up as labelled, its cues per direction of its body) and fits, for each artist left
 * out, a conditional logit over the six directions on the other artists' characters (the right one:
 * up; for a character whose labels stand it several ways, each of them), then reads whether the
 * left-out characters' up comes out on top. Features (`--features`, comma-separated): lg (the log of
 * the up gates' probability), mass (the centroid above the middle), stand (two or more standing legs),
 * reach (two or more limbs reach the floor, under two stand), fins (paired thin parts below the
 * core), mirbest (the axis the body mirrors best across), end (the box's clearly longest side).
 *
 *   npx tsx packages/rig/scripts/up-cues-probe.ts <dev set> --labels <labels.json> > cues.jsonl
 *   npx tsx packages/rig/scripts/up-cues-loao.ts cues.jsonl [--features lg,mass,...] [--l2 0.1]
 */
import { readFileSync } from 'node:fs';
import { UP_AXES, type UpAxis } from '../src/up-axis';
import { arg } from './lib/cli-args';

interface Cues {
  id: string; artist: string; gates: Record<UpAxis, number>; mass: Record<UpAxis, number>; legs: Record<UpAxis, number>;
  legsAny: Record<UpAxis, number>; fins: Record<UpAxis, number>; axisScores?: number[]; longAxis?: string;
}

const FEATURES: Record<string, (c: Cues, u: UpAxis) => number> = {
  lg: (c, u) => Math.log(c.gates[u] + 1e-3),
  mass: (c, u) => c.mass[u],
  stand: (c, u) => +(c.legs[u] >= 2),
  reach: (c, u) => +(c.legsAny[u] >= 2 && c.legs[u] < 2),
  fins: (c, u) => c.fins[u],
  mirbest: (c, u) => { const s = c.axisScores ?? [0, 0, 0]; return +(s.indexOf(Math.min(...s)) === 'xyz'.indexOf(u[1]!)); },
  end: (c, u) => +(c.longAxis === u[1]),
};

/** Right directions per character: up, or every up its labels stand it on (a sheet either side up, a fish any roll). */
const RIGHT: Record<string, readonly UpAxis[]> = { skfb_blue_butterfly: ['+y', '-y'], aqua_lowpoly_fish: ['+x', '-x', '+y', '-y'] };

function fit(xs: number[][][], rights: number[][], l2: number): number[] {
  const d = xs[0]![0]!.length, w = new Array<number>(d).fill(0);
  for (let it = 0; it < 4000; it++) {
    const grad = w.map((v) => 2 * l2 * v);
    xs.forEach((cands, k) => {
      const s = cands.map((f) => f.reduce((t, v, i) => t + v * w[i]!, 0)), top = Math.max(...s);
      const e = s.map((v) => Math.exp(v - top)), sum = e.reduce((t, v) => t + v, 0);
      const rightSum = rights[k]!.reduce((t, c) => t + e[c]!, 0);
      cands.forEach((f, c) => { const p = e[c]! / sum - (rights[k]!.includes(c) ? e[c]! / rightSum : 0); f.forEach((v, i) => (grad[i]! += (p * v) / xs.length)); });
    });
    for (let i = 0; i < d; i++) w[i]! -= 0.5 * grad[i]!;
  }
  return w;
}

function main(): void {
  const path = process.argv[2];
  if (!path) throw new Error('usage: up-cues-loao.ts cues.jsonl [--features lg,mass] [--l2 0.1]');
  const names = (arg('--features') ?? 'lg,mass,stand,reach,fins,mirbest,end').split(',');
  for (const n of names) if (!FEATURES[n]) throw new Error(`--features: unknown ${n}`);
  const l2 = Number(arg('--l2') ?? '0.1');
  const rows = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Cues);
  // Standardized over all rows (no label is read, so the folds may share the scaling).
  const raw = rows.map((c) => UP_AXES.map((u) => names.map((n) => FEATURES[n]!(c, u))));
  const mean = names.map((_, i) => raw.flat().reduce((t, f) => t + f[i]!, 0) / raw.flat().length);
  const scale = names.map((_, i) => Math.sqrt(raw.flat().reduce((t, f) => t + (f[i]! - mean[i]!) ** 2, 0) / raw.flat().length) || 1);
  const xs = raw.map((cands) => cands.map((f) => f.map((v, i) => (v - mean[i]!) / scale[i]!)));
  const rights = rows.map((c) => (RIGHT[c.id] ?? ['+y']).map((u) => UP_AXES.indexOf(u)));
  const top = (x: number[][], w: number[]): number => { const s = x.map((f) => f.reduce((t, v, i) => t + v * w[i]!, 0)); return s.indexOf(Math.max(...s)); };
  let right = 0, gatesRight = 0;
  const wrong: string[] = [];
  for (const artist of new Set(rows.map((c) => c.artist))) {
    const train = rows.map((_, k) => k).filter((k) => rows[k]!.artist !== artist);
    const w = fit(train.map((k) => xs[k]!), train.map((k) => rights[k]!), l2);
    rows.forEach((c, k) => {
      if (c.artist !== artist) return;
      const t = top(xs[k]!, w);
      if (rights[k]!.includes(t)) right++; else wrong.push(`${c.id} ${UP_AXES[t]}`);
      const g = UP_AXES.reduce((a, b) => (c.gates[b] > c.gates[a] ? b : a));
      if (rights[k]!.includes(UP_AXES.indexOf(g))) gatesRight++;
    });
  }
  const all = fit(xs, rights, l2);
  console.log(`features ${names.join(',')}: up on top, held out ${right}/${rows.length} (the up gates alone ${gatesRight}/${rows.length})`);
  console.log(`  wrong: ${wrong.join(', ')}`);
  console.log(`  weights on all (standardized): ${names.map((n, i) => `${n} ${all[i]!.toFixed(2)}`).join(', ')}`);
}

main();

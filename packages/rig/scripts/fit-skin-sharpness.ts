/**
 * Fits the per-vertex sharpness of the skin weights (`skinning/sharpen-weights`: each vertex's
 * weights raised to an exponent and renormalised before the influences are pruned) on the
 * artist-rigged dev set, leaving one artist out, and writes the exponent fitted on every artist to
 * `src/skinning/skin-sharpness.json`.
 *
 * Per character the weights are computed once with the fast preset at exponent 1 (the rules after
 * the solve included); each candidate exponent is then applied to those four influences and pruned
 * again (the pipeline applies it to the six candidates before pruning: the same up to the fifth and
 * sixth candidates, under 1% of a vertex). For each artist, the exponent with the best mean L1 over
 * the other artists' characters, among those that make no other artist with 3+ characters worse
 * than exponent 1 by more than 0.02 L1, is scored on the left-out artist's characters.
 *
 *   npx tsx packages/rig/scripts/fit-skin-sharpness.ts <dev-set dir> [--exponents 0.8,1,1.2] [--write]
 *
 * A script, not a test: the set is development data that never enters the repository; the JSON
 * holds one number fitted from it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SkinWeights } from '@rigforge/mesh';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { sharpenWeights } from '../src/skinning/sharpen-weights';
import { compareSkinWeights } from '../src/skinning/skin-metrics';
import { readArtistSkin, readManifest } from './lib/dev-set';

interface Score { l1: number; p: number; r: number }

function list(flag: string, fallback: number[]): number[] {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1]!.split(',').map(Number) : fallback;
}

/** The four influences of every vertex sharpened by `exponent`, pruned under `minWeight` and renormalised. */
function sharpened(skin: SkinWeights, exponent: number, minWeight: number): SkinWeights {
  const joints = new Int32Array(skin.joints.length), weights = new Float32Array(skin.weights);
  for (let i = 0; i < joints.length; i++) joints[i] = skin.weights[i]! > 0 ? skin.joints[i]! : -1;
  sharpenWeights(joints, weights, 4, exponent);
  const n = joints.length / 4;
  const out = { joints: new Uint16Array(joints.length), weights: new Float32Array(joints.length) };
  for (let v = 0; v < n; v++) {
    let total = 0, top = 0;
    for (let s = 4 * v; s < 4 * v + 4; s++) if (joints[s]! >= 0) { total += weights[s]!; top = Math.max(top, weights[s]!); }
    let kept = 0;
    for (let s = 4 * v; s < 4 * v + 4; s++) {
      if (joints[s]! < 0 || (weights[s]! < minWeight * total && weights[s]! < top)) continue;
      out.joints[s] = joints[s]!;
      out.weights[s] = weights[s]!;
      kept += weights[s]!;
    }
    for (let s = 4 * v; s < 4 * v + 4; s++) out.weights[s] = kept > 0 ? out.weights[s]! / kept : 0;
  }
  return out;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) throw new Error('usage: fit-skin-sharpness.ts <dev-set dir> [--exponents 0.8,1,1.2] [--write]');
  const exponents = list('--exponents', [0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.5]);
  if (!exponents.includes(1)) exponents.push(1);
  const preset = { ...RIG_ENGINE_PRESETS.fast.skin, sharpness: 1 };
  const minWeight = 0.01;
  const chars = readManifest(dir);
  const scores: Score[][] = exponents.map(() => []);
  for (const c of chars) {
    const skin = await readArtistSkin(dir, c.id);
    const n = skin.mesh.positions.length / 3, jc = skin.skeleton.joints.length;
    const ours = computeSkinWeights(skin.mesh, skin.skeleton, preset);
    exponents.forEach((e, k) => {
      const m = compareSkinWeights(sharpened(ours, e, minWeight), skin.weights, n, jc);
      scores[k]!.push({ l1: m.meanL1, p: m.precision, r: m.recall });
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  const artists = [...new Set(chars.map((c) => c.artist))];
  const idx = (a: string): number[] => chars.flatMap((c, i) => (c.artist === a ? [i] : []));
  const base = exponents.indexOf(1);
  const line = (k: number, is: number[]): string => {
    const s = is.map((i) => scores[k]![i]!);
    return `${mean(s.map((x) => x.l1)).toFixed(3)} / ${mean(s.map((x) => x.p)).toFixed(3)} / ${mean(s.map((x) => x.r)).toFixed(3)}`;
  };
  const all = chars.map((_, i) => i);
  console.log('| exponent | all L1 / P / R | ' + artists.map((a) => `${a} (${idx(a).length})`).join(' | ') + ' |');
  exponents.forEach((e, k) => console.log(`| ${e} | ${line(k, all)} | ` + artists.map((a) => mean(idx(a).map((i) => scores[k]![i]!.l1)).toFixed(3)).join(' | ') + ' |'));
  // Leave one artist out.
  const big = artists.filter((a) => idx(a).length >= 3);
  const heldOut: Score[] = new Array<Score>(chars.length);
  console.log('\n| left out | chosen exponent | left-out L1 / P / R at exponent 1 | at the chosen |');
  for (const a of artists) {
    const rest = all.filter((i) => chars[i]!.artist !== a);
    let best = base, bestL1 = Infinity;
    exponents.forEach((_, k) => {
      const worse = big.some((b) => b !== a && mean(idx(b).map((i) => scores[k]![i]!.l1)) > mean(idx(b).map((i) => scores[base]![i]!.l1)) + 0.02);
      const l1 = mean(rest.map((i) => scores[k]![i]!.l1));
      if (!worse && l1 < bestL1) { bestL1 = l1; best = k; }
    });
    for (const i of idx(a)) heldOut[i] = scores[best]![i]!;
    console.log(`| ${a} | ${exponents[best]} | ${line(base, idx(a))} | ${line(best, idx(a))} |`);
  }
  console.log(`\nheld out, all ${chars.length}: L1 ${mean(heldOut.map((s) => s.l1)).toFixed(3)} P ${mean(heldOut.map((s) => s.p)).toFixed(3)} R ${mean(heldOut.map((s) => s.r)).toFixed(3)}; exponent 1: ${line(base, all)}`);
  let best = base, bestL1 = Infinity;
  exponents.forEach((_, k) => {
    const worse = big.some((b) => mean(idx(b).map((i) => scores[k]![i]!.l1)) > mean(idx(b).map((i) => scores[base]![i]!.l1)) + 0.02);
    const l1 = mean(all.map((i) => scores[k]![i]!.l1));
    if (!worse && l1 < bestL1) { bestL1 = l1; best = k; }
  });
  console.log(`fitted on every artist: exponent ${exponents[best]} (${line(best, all)})`);
  if (process.argv.includes('--write')) {
    const file = join(__dirname, '../src/skinning/skin-sharpness.json');
    writeFileSync(file, JSON.stringify({ exponent: exponents[best] }, null, 2) + '\n');
    console.log(`wrote ${file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

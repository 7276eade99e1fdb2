/**
 * Two measures of the orientation finder left one artist out, each character read by a model fitted
 * without its artist (packages/rig/docs/orientation.md, "Orientation: measured", ninth round):
 *
 * - Its misses: how many take the right left-right (lateral) axis, i.e. what pinning the bilateral
 *   mirror plane could still fix (a miss whose lateral axis is right is one of the four turns in the
 *   body's plane of symmetry, or that plane mirrored: upside down, on its back, facing backwards).
 * - Abstaining: the finder's best of the 24 taken only when its probability exceeds the file's own
 *   orientation's by a margin, else the file kept as it is (and the same with a file standing on
 *   two or more legs as filed always kept): turned files right against upright files kept upright.
 *
 *   npx tsx packages/rig/scripts/orientation-abstain-loao.ts <dev-set dir> --labels file.json --cache measures.json [--without f1,f2]
 *
 * The measures cache is orientation-gates-loao.ts's (it needs the legs tests); give the same
 * --cache to both. A script, not a test: the set never enters the repository.
 */
import { readFileSync } from 'node:fs';
import { chooseOrientation, orientationProbabilities, type OrientationModel } from '../src/find-orientation';
import { candidateFrame, ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { devSetSamples, fitModelOfArgs, fittedFeatureNames, rightOf, type Sample } from './lib/orientation-fit';
import { applyOrientationLabels, readOrientationLabels } from './lib/orientation-labels';
import { storedTurns } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

const MARGINS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

function main(): void {
  const labelsFile = arg('--labels'), cache = arg('--cache');
  if (!process.argv[2] || !labelsFile || !cache) throw new Error('usage: orientation-abstain-loao.ts <dev-set dir> --labels file.json --cache measures.json [--without f1,f2]');
  const samples = JSON.parse(readFileSync(cache, 'utf8')) as (Sample & { legs: { legs: number; standingLegs: number }[] })[];
  const labels = readOrientationLabels(labelsFile);
  applyOrientationLabels(samples, labels);
  const names = fittedFeatureNames();
  const set = devSetSamples(samples);
  let misses = 0, lateralRight = 0;
  const right = MARGINS.map(() => [0, 0]), uprights = MARGINS.map(() => [0, 0]);
  for (const artist of [...new Set(set.map((s) => s.artist))]) {
    const model: OrientationModel = fitModelOfArgs(samples.filter((s) => s.artist !== artist), 0.03, names);
    for (const s of set.filter((x) => x.artist === artist)) {
      const o = chooseOrientation(s.features, { model });
      const found = ORIENTATION_CANDIDATES.findIndex((q) => q.upAxis === o.upAxis && q.rotationY === o.rotationY);
      if (!rightOf(s).includes(found)) {
        misses++;
        const lateral = candidateFrame(ORIENTATION_CANDIDATES[found]!).axis[0];
        if (rightOf(s).some((r) => candidateFrame(ORIENTATION_CANDIDATES[r]!).axis[0] === lateral)) lateralRight++;
      }
      const p = orientationProbabilities(s.features, model);
      storedTurns(s).forEach((t, k) => {
        const probs = t.map.map((d) => p[d]!);
        const top = probs.indexOf(Math.max(...probs));
        MARGINS.forEach((margin, i) => {
          const taken = probs[top]! - probs[0]! >= margin ? top : 0;
          [taken, t.legsAsFiled >= 2 ? 0 : taken].forEach((c, legs) => {
            if (!t.right.has(c)) return;
            right[i]![legs]!++;
            if (k === 0) uprights[i]![legs]!++;
          });
        });
      });
    }
  }
  console.log(`finder misses left out: ${misses}; with the right lateral axis: ${lateralRight}`);
  const pct = (a: number): string => `${((100 * a) / (set.length * 24)).toFixed(1)}%`;
  console.log('margin over the file\'s own   turned files right, uprights kept   (files on 2+ legs kept too)');
  MARGINS.forEach((m, i) => console.log(`  ${m.toFixed(1)}                         ${pct(right[i]![0]!).padStart(6)}  ${uprights[i]![0]}/${set.length}                   ${pct(right[i]![1]!).padStart(6)}  ${uprights[i]![1]}/${set.length}`));
}

main();

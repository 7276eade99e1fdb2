/**
 * Legs are columns (packages/rig/docs/orientation.md, "Orientation: measured", 29th round (legs are columns)): per
 * character stood up each of the six ways from its upright file, the legs test (paired either way)
 * and the roundness of each counted and each standing leg's cross-section half way down
 * (`limbRoundness`) and each standing leg's medial radius over the body's thickest, to see whether one
 * bar tells the set's right stands from its wrong ones (none does).
 *   npx tsx packages/rig/scripts/leg-roundness-probe.ts <dev-set dir> --labels labels.json [--only id,id]
 */
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape, type ShapeAnalysis } from '../src/fit/shape-analysis';
import { startPlanFit } from '../src/fit/plan-fit';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { UP_AXES } from '../src/up-axis';
import { arg } from './lib/cli-args';
import { stoodCharacters } from './lib/stood-characters';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const f2 = (xs: readonly number[] | undefined): string => (xs ?? []).map((x) => x.toFixed(2)).join(',');
  for await (const { character: c, stood } of stoodCharacters(dir, arg)) {
    for (const up of UP_AXES) {
      const shape = analyzeShape(up === '+y' ? stood : rotateMeshUp(stood, up), FIND_ORIENTATION_DEFAULTS.legsResolution);
      const f = measureBodyPlanFeatures(shape, { pairedAcross: 'either', minLegRoundness: 0 });
      const load = f.standingLegs >= 2 ? ` ${carriedLoad(shape)}` : '';
      console.log(`${c.artist.padEnd(19)} ${c.id.padEnd(28)} ${up} ${up === '+y' ? 'RIGHT' : 'wrong'}  stand ${f.standingLegs} legs ${f.legs} standR [${f2(f.standingRoundness)}] legR [${f2(f.legRoundness)}] thick [${f2(f.standingThickness)}]${load}`);
    }
  }
}

/**
 * What the standing limbs carry, read off the plan fit's limbs the legs test would stand on (tip in
 * the ground band, dropping 35% of the height or more; not its clusters): the horizontal gap between
 * their entry points (hips) over the height, the solid's share above the highest hip, and of that
 * the share over the feet (their box with the legs test's 15% margin).
 */
function carriedLoad(shape: ShapeAnalysis): string {
  const diag = Math.hypot(...shape.size);
  const st = startPlanFit(shape).candidates.filter((l) => l.length >= 0.06 * diag
    && (l.tipPos[1] - shape.min[1]) / shape.size[1] < 0.12 && l.entryPos[1] - l.tipPos[1] >= 0.35 * shape.size[1]);
  let gap = Infinity;
  for (let i = 0; i < st.length; i++) for (let j = i + 1; j < st.length; j++)
    gap = Math.min(gap, Math.hypot(st[i]!.entryPos[0] - st[j]!.entryPos[0], st[i]!.entryPos[2] - st[j]!.entryPos[2]) / shape.size[1]);
  const hipY = Math.max(...st.map((l) => l.entryPos[1]));
  const m = 0.15 * Math.max(shape.size[0], shape.size[2]);
  const xs = st.map((l) => l.tipPos[0]), zs = st.map((l) => l.tipPos[2]);
  let n = 0, above = 0, overFeet = 0;
  for (let i = 0; i < shape.grid.solid.length; i++) {
    if (!shape.grid.solid[i]) continue;
    const p = shape.center(i);
    n++;
    if (p[1] <= hipY) continue;
    above++;
    if (p[0] >= Math.min(...xs) - m && p[0] <= Math.max(...xs) + m && p[2] >= Math.min(...zs) - m && p[2] <= Math.max(...zs) + m) overFeet++;
  }
  return `hipGap ${gap.toFixed(3)} aboveHips ${(above / n).toFixed(2)} overFeet ${(overFeet / n).toFixed(2)}`;
}

void main();

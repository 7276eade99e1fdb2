/**
 * Feet on the ground (packages/rig/docs/orientation.md, "Orientation: measured", 28th round (wings)): per character stood up
 * each of the six ways from its upright file, the legs test (ground-reaching limbs and standing legs,
 * paired either way) and what else touches the ground: of the solid voxels in the lowest 12% of the
 * height (the legs test's ground band: `band`), the share within reach of a limb whose tip is in it
 * (`limbs`: the legs are what the body rests on), and the solid centroid's height over the box's
 * (`cy`). Read to see whether a wrong stand (mech george on its face, −z) can be told from the set's
 * right ones by its ground contact or its centroid: it cannot (the 28th round (wings)).
 *   npx tsx packages/rig/scripts/standing-ground-probe.ts <dev-set dir> --labels labels.json [--only id,id]
 */
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { startPlanFit } from '../src/fit/plan-fit';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { UP_AXES } from '../src/up-axis';
import { arg } from './lib/cli-args';
import { stoodCharacters } from './lib/stood-characters';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  for await (const { character: c, stood } of stoodCharacters(dir, arg)) {
    for (const up of UP_AXES) {
      const shape = analyzeShape(up === '+y' ? stood : rotateMeshUp(stood, up), FIND_ORIENTATION_DEFAULTS.legsResolution);
      const f = measureBodyPlanFeatures(shape, { pairedAcross: 'either' });
      const { nx, ny, nz, solid } = shape.grid;
      // The solid voxels in the ground band, and those near a limb whose tip is in it.
      const band = 0.12 * shape.size[1];
      const fit = startPlanFit(shape);
      const diag = Math.hypot(...shape.size);
      const lows = fit.candidates.filter((l) => l.length >= 0.06 * diag && (l.tipPos[1] - shape.min[1]) < band);
      let inBand = 0, near = 0;
      let n = 0, sy = 0;
      for (let z = 0, i = 0; z < nz; z++) for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++, i++) {
        if (!solid[i]) continue;
        const p = shape.center(i);
        sy += p[1]; n++;
        if (p[1] - shape.min[1] >= band) continue;
        inBand++;
        if (lows.some((l) => l.points.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) <= (l.radius + 2) * shape.cell))) near++;
      }
      const cy = (sy / n - shape.min[1]) / shape.size[1];
      console.log(`${c.artist.padEnd(19)} ${c.id.padEnd(28)} ${up}  stand ${f.standingLegs} legs ${f.legs} band ${inBand} limbs ${(near / Math.max(inBand, 1)).toFixed(2)} cy ${cy.toFixed(2)} lows ${lows.length}`);
    }
  }
}

void main();

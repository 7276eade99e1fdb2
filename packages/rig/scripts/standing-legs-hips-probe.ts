/**
 * The standing-legs test with the legs carrying the body over their toes alone, or over their paired
 * hips too (measureBodyPlanFeatures' carriedOverHips), per character stood up each of the six ways
 * from its upright file: which reading makes the right up axis (+y of the upright model) stand on
 * two or more legs, and which makes a wrong one stand (packages/rig/docs/orientation.md, twenty-fifth orientation round).
 *   npx tsx packages/rig/scripts/standing-legs-hips-probe.ts <dev-set dir> --labels labels.json
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { FIND_ORIENTATION_DEFAULTS } from '../src/find-orientation';
import { measureBodyPlanFeatures } from '../src/fit/body-plan-features';
import { analyzeShape } from '../src/fit/shape-analysis';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { UP_AXES } from '../src/up-axis';
import { turnMesh, turnOf } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const labels = arg('--labels') ? readOrientationLabels(arg('--labels')!) : new Map<string, number[]>();
  console.log(`artist              character                    up   standing legs: over the toes, or over the hips too`);
  for (const c of readManifest(dir)) {
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const stood = turnMesh(input, turnOf(ORIENTATION_CANDIDATES[(labels.get(c.id) ?? [0])[0]!]!));
    for (const up of UP_AXES) {
      const shape = analyzeShape(up === '+y' ? stood : rotateMeshUp(stood, up), FIND_ORIENTATION_DEFAULTS.legsResolution);
      const legs = [false, true].map((h) => measureBodyPlanFeatures(shape, { pairedAcross: 'either', carriedOverHips: h }).standingLegs);
      console.log(`${c.artist.padEnd(19)} ${c.id.padEnd(28)} ${up}  ${legs.join(' ')}`);
    }
  }
}

void main();

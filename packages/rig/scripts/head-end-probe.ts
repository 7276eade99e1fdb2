/**
 * The head/feet split (src/orientation-up-head.ts measureMassAbove) of each character's upright
 * model (its label) along each of the six file directions: how far its solid's centroid lies above
 * its box's middle, over the extent — at +y the right up axis's, and the box's clear length and
 * sheet axis, which keep a body out of the rule (packages/rig/docs/orientation.md, "Orientation: measured", 27th round).
 *   npx tsx packages/rig/scripts/head-end-probe.ts <dev-set dir> --labels labels.json
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { lengthAxisOf } from '../src/length-axis';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { measureMassAbove } from '../src/orientation-up-head';
import { unrolledGateAxes } from '../src/mirror-roll';
import { UP_AXES } from '../src/up-axis';
import { turnMesh, turnOf } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { readOrientationLabels } from './lib/orientation-labels';
import { arg } from './lib/cli-args';

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const labels = arg('--labels') ? readOrientationLabels(arg('--labels')!) : new Map<string, number[]>();
  console.log(`artist              character                    plan       long sheet  ${UP_AXES.map((a) => a.padStart(6)).join(' ')}`);
  for (const c of readManifest(dir)) {
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const stood = turnMesh(input, turnOf(ORIENTATION_CANDIDATES[(labels.get(c.id) ?? [0])[0]!]!));
    const above = measureMassAbove(stood);
    console.log(`${c.artist.padEnd(19)} ${c.id.padEnd(28)} ${c.bodyPlan.padEnd(10)} ${(lengthAxisOf(stood) ?? '-').padEnd(4)} ${(unrolledGateAxes(stood).sheetAxis ?? '-').padEnd(6)} ${UP_AXES.map((a) => above(a).toFixed(3).padStart(6)).join(' ')}`);
  }
}

void main();

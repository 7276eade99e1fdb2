/**
 * The set's files as held, oriented as rigMesh orients them (orientForRig: the roll, the kept axes,
 * each file's named plan, the lengthwise restand), with the head-end facing (28th orientation round,
 * packages/rig/docs/orientation.md) off and on — or, with `--rule legs-off-its-end`, the legs rules kept off a body's
 * ends (`legsOffItsEnd`, 30th round (ends)), or with `--rule reaching-up <bar>`, limbs that reach the floor
 * as filed but do not stand held only up to the bar (`minReachingUpConfidence`, 31st round): a rig can
 * only move where a line differs.
 *
 *   npx tsx packages/rig/scripts/orientation-held-head-end.ts <dev set> [--rule head-end|legs-off-its-end|reaching-up] [--bar 0.75]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundMeshWorkload, readMesh } from '@rigforge/mesh';
import { orientForRig } from '../src/orient-for-rig';
import type { FindOrientationOptions } from '../src/find-orientation';
import { arg } from './lib/cli-args';
import { readManifest } from './lib/dev-set';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: orientation-held-head-end.ts <dev set>');
  const rule = arg('--rule') ?? 'head-end';
  if (rule !== 'head-end' && rule !== 'legs-off-its-end' && rule !== 'reaching-up') throw new Error(`--rule: unknown rule ${rule}`);
  const bar = Number(arg('--bar') ?? '0.75');
  const options = (on: boolean): FindOrientationOptions => (rule === 'head-end' ? { headEnd: on } : rule === 'legs-off-its-end' ? { legsOffItsEnd: on }
    : { minReachingUpConfidence: on ? bar : 1.01 });
  let differ = 0;
  for (const c of readManifest(dir)) {
    const mesh = boundMeshWorkload((await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh).mesh;
    const run = (on: boolean): string => {
      const o = orientForRig(mesh, { rigType: c.bodyPlan, upAxis: 'auto', rotationY: 'auto', autoRigTypeMinConfidence: 0, orientation: options(on) }).orientation;
      return `${o.upAxis}/${o.rotationY} ${o.upAxisReason ?? ''} roll ${o.roll ? `${o.roll.axis} ${o.roll.degrees.toFixed(1)}` : '-'}`;
    };
    const off = run(false), on = run(true);
    if (off !== on) differ++;
    console.log(`${off === on ? ' ' : '*'} ${c.id.padEnd(28)} ${off}  ->  ${on}`);
  }
  console.log(`files as held whose orientation differs: ${differ}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

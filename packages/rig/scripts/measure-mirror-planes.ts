/**
 * Measures every dev-set file's best mirror plane and its best axis-aligned one (src/mirror-plane.ts)
 * (scores over the box diagonal), the angle between, the clearly best axis-aligned plane's axis
 * (lateralAxisOf) and the CPU time of the search, as filed:
 *
 *   npx tsx packages/rig/scripts/measure-mirror-planes.ts <dev-set dir> [--only id,id] [--samples 3000]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundMeshWorkload, readMesh } from '@rigforge/mesh';
import { findMirrorPlanes, lateralAxisOf } from '../src/mirror-plane';
import { readManifest } from './lib/dev-set';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: measure-mirror-planes.ts <dev-set dir> [--only id,id]');
  const i = process.argv.indexOf('--only');
  const only = i >= 0 ? process.argv[i + 1]!.split(',') : undefined;
  const s = process.argv.indexOf('--samples');
  const samples = s >= 0 ? Number(process.argv[s + 1]) : undefined;
  console.log('id | artist | plan | axis-aligned (axis) | best | best/axis | off-axis deg | best normal | x y z scores | lateral | cpu ms');
  for (const c of readManifest(dir)) {
    if (only && !only.includes(c.id)) continue;
    const mesh = boundMeshWorkload((await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh).mesh;
    // CPU time (the machine is shared: wall time is noise).
    const t0 = process.cpuUsage();
    const planes = findMirrorPlanes(mesh, samples ? { samples } : {});
    const cpu = process.cpuUsage(t0);
    const ms = (cpu.user + cpu.system) / 1000;
    if (!planes) { console.log(`${c.id} | none`); continue; }
    const off = (Math.acos(Math.min(1, Math.max(...planes.best.normal.map(Math.abs)))) * 180) / Math.PI;
    console.log([c.id, c.artist, c.bodyPlan, `${planes.axisAligned.score.toFixed(4)} (${'xyz'[planes.axisAligned.axis]})`, planes.best.score.toFixed(4),
      (planes.best.score / planes.axisAligned.score).toFixed(2), off.toFixed(1), planes.best.normal.map((v) => v.toFixed(2)).join(','), planes.axisScores.map((v) => v.toFixed(4)).join(' '), lateralAxisOf(planes) ?? '-', ms.toFixed(0)].join(' | '));
  }
}
void main();

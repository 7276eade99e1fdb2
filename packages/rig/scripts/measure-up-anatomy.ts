/**
 * Measures the legless up cues (src/orientation-up-anatomy.ts) of every development-set character
 * as held, into a cache, and prints each character's cues along its right up axis and the other
 * five (the right up axis from the labels). A script, not a test: the set never enters the repository.
 *
 *   npx tsx packages/rig/scripts/measure-up-anatomy.ts <dev-set dir> --labels file.json --cache m.json --anatomy-cache up.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { measureUpAnatomy, upAnatomyCues, UP_ANATOMY_CUES, type UpAnatomy } from './lib/up-anatomy';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { UP_AXES } from '../src/rotate-mesh-up';
import { applyOrientationLabels, readOrientationLabels } from './lib/orientation-labels';
import { devSetSamples, rightOf } from './lib/orientation-fit';
import { measure } from './orientation-gates-loao';
import { arg } from './lib/cli-args';

/** The cache of cues per character (measured when missing). */
export async function upAnatomyOf(dir: string, ids: readonly string[], file: string): Promise<Record<string, UpAnatomy>> {
  const out: Record<string, UpAnatomy> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Record<string, UpAnatomy> : {};
  let changed = false;
  for (const id of ids) {
    if (out[id]) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, id, 'input.glb'))))).mesh;
    const t0 = performance.now();
    out[id] = measureUpAnatomy(mesh);
    console.error(`measured ${id} in ${(performance.now() - t0).toFixed(0)} ms`);
    changed = true;
  }
  if (changed) writeFileSync(file, JSON.stringify(out));
  return out;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  const labelsFile = arg('--labels'), cacheFile = arg('--anatomy-cache');
  if (!dir || !labelsFile || !cacheFile) throw new Error('usage: measure-up-anatomy.ts <dev-set dir> --labels f.json --cache m.json --anatomy-cache up.json');
  const labels = readOrientationLabels(labelsFile);
  const set = devSetSamples(await measure(dir, arg('--cache')));
  applyOrientationLabels(set, labels);
  const a = await upAnatomyOf(dir, set.map((s) => s.id), cacheFile);
  console.log(`character                      plan       legs(right up) thin  right-up cues (${UP_ANATOMY_CUES.join(', ')}) | best other axis per cue`);
  for (const s of set) {
    const ups = [...new Set(rightOf(s).map((c) => ORIENTATION_CANDIDATES[c]!.upAxis))];
    const u = UP_AXES.indexOf(ups[0]!);
    const right = upAnatomyCues(a[s.id]!, ups[0]!);
    const others = UP_ANATOMY_CUES.map((_, k) => Math.max(...UP_AXES.filter((d) => !ups.includes(d)).map((d) => upAnatomyCues(a[s.id]!, d)[k]!)));
    console.log(`${s.id.padEnd(30)} ${s.plan.padEnd(10)} ${String(s.legs[u]!.standingLegs).padStart(2)} ${a[s.id]!.thinShare.toFixed(2)}  ${right.map((x) => x.toFixed(3).padStart(7)).join(' ')} | ${others.map((x) => x.toFixed(3).padStart(7)).join(' ')}`);
  }
}

if (process.argv[1]?.endsWith('measure-up-anatomy.ts')) void main().catch((error: unknown) => { console.error(error); process.exit(1); });

/**
 * A process's warm-up, per rig: rigs each named dev-set character `--reps` times in a row in one
 * fresh process (`rigMesh` with the engine's preset, thumbnail 64 px as `score-dev-set.ts`) and
 * prints every rig's CPU and wall ms and the report's stage times. The first rigs of a process cost
 * ~3x a warm one whichever character comes first (V8 compiling the engine through its tiers, the
 * young heap growing): README, "Where the time goes", round 33.
 *
 *   npx tsx packages/rig/scripts/warm-up-probe.ts <dev-set dir> --only id,id [--reps 8] [--engine fast|pro]
 *     [--warm-with file.glb --warm-runs N]
 *
 * `--warm-with`/`--warm-runs`: first rig that file N times untimed, as the worker's warm-up does with
 * examples/humanoid.glb (`WORKER_WARMUP_RUNS`): how much of the warm-up carries to other meshes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

async function main(): Promise<void> {
  const dir = process.argv[2];
  const only = arg('--only')?.split(',');
  if (!dir || dir.startsWith('--') || !only) {
    console.error('usage: warm-up-probe.ts <dev-set dir> --only id,id [--reps 8] [--engine fast|pro]');
    process.exit(2);
  }
  const engine: RigEngineName = RIG_ENGINE_NAMES.find((n) => n === arg('--engine')) ?? 'fast';
  const preset = RIG_ENGINE_PRESETS[engine];
  const reps = Math.max(1, Number(arg('--reps') ?? 8));
  const manifest = readManifest(dir);
  const warmWith = arg('--warm-with');
  const warmRuns = Math.max(0, Number(arg('--warm-runs') ?? 0));
  if (warmWith) {
    const warmBytes = new Uint8Array(readFileSync(warmWith));
    for (let k = 0; k < warmRuns; k++) await rigMesh(warmBytes, { rigType: 'biped', fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
  }
  // In the order given (not the manifest's): which character goes first is the question.
  for (const id of only) {
    const c = manifest.find((x) => x.id === id);
    if (!c) throw new Error(`${id}: not in the manifest`);
    const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
    const cpus: number[] = [];
    for (let k = 0; k < reps; k++) {
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      const r = await rigMesh(bytes, { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
      const wall = Math.round(performance.now() - wall0);
      const cpu = process.cpuUsage(cpu0);
      cpus.push(Math.round((cpu.user + cpu.system) / 1000));
      const t = r.report.timingsMs;
      console.log(`${id} rig ${k + 1}: CPU ${cpus[k]} ms, wall ${wall} ms (fit ${Math.round(t.fit)}, skin ${Math.round(t.skin)}, read+write+thumbnail ${Math.round(t.read + t.write + t.thumbnail)})`);
    }
    console.log(`${id} CPU ms per rig: ${cpus.join(' ')}`);
  }
}

void main();

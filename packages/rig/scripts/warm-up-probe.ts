/**
 * A process's warm-up, per rig: rigs each named dev-set character `--reps` times in a row in one
 * fresh process (`rigMesh` with the engine's preset, thumbnail 64 px as `score-dev-set.ts`) and
 * prints every rig's CPU and wall ms and the report's stage times. The first rigs of a process cost
 * ~3x a warm one whichever character comes first (V8 compiling the engine through its tiers, the
 * young heap growing): README, "Where the time goes", round 33.
 *
 *   npx tsx packages/rig/scripts/warm-up-probe.ts <dev-set dir> --only id,id [--reps 8] [--engine fast|pro]
 *     [--warm-with file.glb --warm-runs N] [--warm-up N]
 *
 * `--warm-with`/`--warm-runs`: first rig that file N times untimed (body plan biped): how much of a
 * warm-up on one mesh carries to other meshes. `--warm-up N`: first the rig workers' own warm-up
 * (`rigWarmUpMeshes(N)`, src/warm-up-inputs.ts: everything `auto`, as the worker asks), each of its
 * rigs' CPU ms printed, as `score-dev-set.ts --warm-up N` does it untimed. `--profile-dir D`: a CPU
 * profile (250 µs samples, main thread) of each timed rig, `D/<id>-<rep>.cpuprofile`, to compare a
 * character's first-time costs (rigged first) with its warm ones (rigged after another).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { rigWarmUpMeshes } from '../src/warm-up-inputs';
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
  for (const file of rigWarmUpMeshes(Number(arg('--warm-up') ?? 0))) {
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    await rigMesh(new Uint8Array(readFileSync(file)), { fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
    const cpu = process.cpuUsage(cpu0);
    console.log(`warm-up ${file.split('/').pop()}: CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms, wall ${Math.round(performance.now() - wall0)} ms`);
  }
  const profileDir = arg('--profile-dir');
  const session = profileDir ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 250 });
  }
  // In the order given (not the manifest's): which character goes first is the question.
  for (const id of only) {
    const c = manifest.find((x) => x.id === id);
    if (!c) throw new Error(`${id}: not in the manifest`);
    const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
    const cpus: number[] = [];
    for (let k = 0; k < reps; k++) {
      if (session) await session.post('Profiler.start');
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      const r = await rigMesh(bytes, { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
      const wall = Math.round(performance.now() - wall0);
      const cpu = process.cpuUsage(cpu0);
      cpus.push(Math.round((cpu.user + cpu.system) / 1000));
      if (session && profileDir) writeFileSync(join(profileDir, `${id}-${k + 1}.cpuprofile`), JSON.stringify((await session.post('Profiler.stop')).profile));
      const t = r.report.timingsMs;
      console.log(`${id} rig ${k + 1}: CPU ${cpus[k]} ms, wall ${wall} ms (fit ${Math.round(t.fit)}, skin ${Math.round(t.skin)}, read+write+thumbnail ${Math.round(t.read + t.write + t.thumbnail)})`);
    }
    console.log(`${id} CPU ms per rig: ${cpus.join(' ')}`);
  }
}

void main();

/**
 * CPU time of the rig of every dev-set character (`rigMesh` end to end with an engine's preset,
 * thumbnail 64 px as `score-dev-set.ts` renders it), for speed work on a shared, loaded machine:
 * wall times there are 5–10× noisy, a process's CPU time much less so. Each character is rigged
 * `--reps` times (default 2) and the least CPU time kept; the stage wall times are those of that
 * run. Prints one row per character, then the median, sum and max, and with `--json` writes the
 * rows (to compare two versions of the code run in one sitting).
 *
 *   npx tsx packages/rig/scripts/time-dev-set.ts <dev-set dir> [--engine fast|pro] [--reps 2]
 *       [--only id,id] [--artist name] [--base <copy of src>/rig-mesh.ts] [--json out.json]
 *       [--heat-threads N] [--warm-up N]
 *
 * A profile of the same work: `node --import tsx --cpu-prof --cpu-prof-dir prof
 * packages/rig/scripts/time-dev-set.ts <dev set> --reps 1`.
 *
 * Old and new code in one process (`--base <file>`: the `rig-mesh.ts` of a copy of `src/` made
 * before the change, `cp -r packages/rig/src packages/rig/.base-src` (git-ignored; inside the
 * package so the copy's package imports resolve), then `--base packages/rig/.base-src/rig-mesh.ts`):
 * each character is rigged by the copy and by this tree alternately, `--reps` times each, and the
 * rows give both CPU times and whether the two rigged GLBs are byte-identical, the check a speed
 * change must pass. `--heat-threads N` rigs this tree's side with `skin.heatThreads` N (default: the
 * engine's, `defaultHeatThreads()`); the rows' wall ms columns are what the threads change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

interface TimeRow { id: string; artist: string; triangles: number; cpuMs: number; wallMs: number; fit: number; skin: number; rest: number; baseCpuMs?: number; baseWallMs?: number; identical?: boolean }

type RigMesh = typeof rigMesh;

/**
 * Least CPU ms over `reps` rigs, with the stage times and the GLB of that run, and the least wall
 * ms of the reps (what heat's threads cut: their CPU is counted in the process's).
 */
interface Timed { cpuMs: number; wallMs: number; fit: number; skin: number; rest: number; model: Uint8Array }

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: time-dev-set.ts <dev-set dir> [--engine fast|pro] [--reps 2] [--only id,id] [--artist name] [--base <copy>/rig-mesh.ts] [--json out.json] [--heat-threads N] [--warm-up N]');
    process.exit(2);
  }
  const engine: RigEngineName = RIG_ENGINE_NAMES.find((n) => n === arg('--engine')) ?? 'fast';
  const preset = RIG_ENGINE_PRESETS[engine];
  const reps = Math.max(1, Number(arg('--reps') ?? 2));
  const only = arg('--only')?.split(',');
  const artist = arg('--artist');
  const chars = readManifest(dir).filter((c) => (!only || only.includes(c.id)) && (!artist || c.artist === artist));
  const basePath = arg('--base');
  const heatThreads = arg('--heat-threads') ? Number(arg('--heat-threads')) : undefined;
  const base = basePath ? await loadRigMesh(resolve(basePath)) : undefined;
  // `--warm-up N` (default 0): rig the first character N times (with the copy too), untimed. A
  // process's first ~8 rigs pay its warm-up (V8 compiling the engine through its tiers, the young
  // heap growing), ~3x a warm rig's CPU on the first, whichever character it is: without it the
  // set's first characters time mostly that (packages/rig/docs/speed.md, "Where the time goes", round 33).
  const warmUps = Math.max(0, Number(arg('--warm-up') ?? 0));
  const rows: TimeRow[] = [];
  console.log(base
    ? '| character | artist | tris | base CPU ms | rig CPU ms | ratio | base wall ms | rig wall ms | GLB |\n|---|---|---:|---:|---:|---:|---:|---:|---|'
    : '| character | artist | tris | rig CPU ms | fit ms | skin ms | read+write+thumbnail ms |\n|---|---|---:|---:|---:|---:|---:|');
  for (let k = 0; k < warmUps && chars[0]; k++) {
    const c = chars[0];
    const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
    const options = { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 };
    if (base) await base(bytes, options);
    await rigMesh(bytes, heatThreads ? { ...options, skin: { ...preset.skin, heatThreads } } : options);
  }
  for (const c of chars) {
    const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
    const options = { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 };
    const treeOptions = heatThreads ? { ...options, skin: { ...preset.skin, heatThreads } } : options;
    let best: Timed | undefined, bestBase: Timed | undefined;
    const keep = (prev: Timed | undefined, next: Timed): Timed => {
      const best = !prev || next.cpuMs < prev.cpuMs ? next : prev;
      return { ...best, wallMs: Math.min(prev?.wallMs ?? Infinity, next.wallMs) };
    };
    for (let k = 0; k < reps; k++) {
      // Alternate which version goes first, so neither always runs on the other's warm caches.
      if (base && k % 2 === 0) bestBase = keep(bestBase, await timeRig(base, bytes, options));
      best = keep(best, await timeRig(rigMesh, bytes, treeOptions));
      if (base && k % 2 === 1) bestBase = keep(bestBase, await timeRig(base, bytes, options));
    }
    const row: TimeRow = { id: c.id, artist: c.artist, triangles: c.triangles, cpuMs: best!.cpuMs, wallMs: best!.wallMs, fit: best!.fit, skin: best!.skin, rest: best!.rest };
    if (bestBase) {
      row.baseCpuMs = bestBase.cpuMs;
      row.baseWallMs = bestBase.wallMs;
      row.identical = Buffer.from(bestBase.model).equals(Buffer.from(best!.model));
      console.log(`| ${row.id} | ${row.artist} | ${row.triangles} | ${row.baseCpuMs} | ${row.cpuMs} | ${(row.cpuMs / row.baseCpuMs).toFixed(2)} | ${row.baseWallMs} | ${row.wallMs} | ${row.identical ? 'identical' : 'differs'} |`);
    } else {
      console.log(`| ${row.id} | ${row.artist} | ${row.triangles} | ${row.cpuMs} | ${row.fit} | ${row.skin} | ${row.rest} |`);
    }
    rows.push(row);
  }
  if (base) {
    const b = rows.map((r) => r.baseCpuMs!).sort((x, y) => x - y);
    console.log(`\nbase CPU ms: median ${b[Math.floor((b.length - 1) / 2)]}, sum ${b.reduce((x, y) => x + y, 0)}, max ${b[b.length - 1]}; GLBs identical ${rows.filter((r) => r.identical).length} of ${rows.length}`);
    console.log(`base wall ms: ${summary(rows.map((r) => r.baseWallMs!))}`);
  }
  console.log(`rig wall ms: ${summary(rows.map((r) => r.wallMs))}`);
  const cpu = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
  const median = cpu[Math.floor((cpu.length - 1) / 2)];
  console.log(`\nrig CPU ms over ${rows.length} characters: median ${median}, sum ${cpu.reduce((a, b) => a + b, 0)}, max ${cpu[cpu.length - 1]}`);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
}

/** The `rigMesh` export of another copy of the engine (its own module graph, loaded once). */
async function loadRigMesh(path: string): Promise<RigMesh> {
  const mod: { rigMesh?: unknown } = await import(path);
  if (typeof mod.rigMesh !== 'function') throw new Error(`--base ${path} exports no rigMesh`);
  // The copy is the same source at another revision: its signature is this tree's.
  return mod.rigMesh as RigMesh;
}

/** Median, sum and max of a column. */
function summary(values: number[]): string {
  const v = [...values].sort((a, b) => a - b);
  return `median ${v[Math.floor((v.length - 1) / 2)]}, sum ${v.reduce((a, b) => a + b, 0)}, max ${v[v.length - 1]}`;
}

async function timeRig(rig: RigMesh, bytes: Uint8Array, options: Parameters<RigMesh>[1]): Promise<Timed> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const r = await rig(bytes, options);
  const wallMs = Math.round(performance.now() - wall0);
  const cpu = process.cpuUsage(cpu0);
  const t = r.report.timingsMs;
  return {
    cpuMs: Math.round((cpu.user + cpu.system) / 1000), wallMs, fit: Math.round(t.fit), skin: Math.round(t.skin),
    rest: Math.round(t.read + t.write + t.thumbnail), model: r.model,
  };
}

void main();

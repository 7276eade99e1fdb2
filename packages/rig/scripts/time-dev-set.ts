/**
 * CPU time of the rig of every dev-set character (`rigMesh` end to end with an engine's preset,
 * thumbnail 64 px as `score-dev-set.ts` renders it), for speed work on a shared, loaded machine:
 * wall times there are 5–10× noisy, a process's CPU time much less so. Each character is rigged
 * `--reps` times (default 2) and the least CPU time kept; the stage wall times are those of that
 * run. Prints one row per character, then the median, sum and max, and with `--json` writes the
 * rows (to compare two versions of the code run in one sitting).
 *
 *   npx tsx packages/rig/scripts/time-dev-set.ts <dev-set dir> [--engine fast|pro] [--reps 2]
 *       [--only id,id] [--artist name] [--json out.json]
 *
 * A profile of the same work: `node --import tsx --cpu-prof --cpu-prof-dir prof
 * packages/rig/scripts/time-dev-set.ts <dev set> --reps 1`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { readManifest } from './lib/dev-set';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface TimeRow { id: string; artist: string; triangles: number; cpuMs: number; fit: number; skin: number; rest: number }

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: time-dev-set.ts <dev-set dir> [--engine fast|pro] [--reps 2] [--only id,id] [--artist name] [--json out.json]');
    process.exit(2);
  }
  const engine: RigEngineName = RIG_ENGINE_NAMES.find((n) => n === arg('--engine')) ?? 'fast';
  const preset = RIG_ENGINE_PRESETS[engine];
  const reps = Math.max(1, Number(arg('--reps') ?? 2));
  const only = arg('--only')?.split(',');
  const artist = arg('--artist');
  const chars = readManifest(dir).filter((c) => (!only || only.includes(c.id)) && (!artist || c.artist === artist));
  const rows: TimeRow[] = [];
  console.log('| character | artist | tris | rig CPU ms | fit ms | skin ms | read+write+thumbnail ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const c of chars) {
    const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
    let best: TimeRow | undefined;
    for (let k = 0; k < reps; k++) {
      const cpu0 = process.cpuUsage();
      const r = await rigMesh(bytes, { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
      const cpu = process.cpuUsage(cpu0);
      const t = r.report.timingsMs;
      const row: TimeRow = {
        id: c.id, artist: c.artist, triangles: c.triangles, cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        fit: Math.round(t.fit), skin: Math.round(t.skin), rest: Math.round(t.read + t.write + t.thumbnail),
      };
      if (!best || row.cpuMs < best.cpuMs) best = row;
    }
    rows.push(best!);
    console.log(`| ${best!.id} | ${best!.artist} | ${best!.triangles} | ${best!.cpuMs} | ${best!.fit} | ${best!.skin} | ${best!.rest} |`);
  }
  const cpu = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
  const median = cpu[Math.floor((cpu.length - 1) / 2)];
  console.log(`\nrig CPU ms over ${rows.length} characters: median ${median}, sum ${cpu.reduce((a, b) => a + b, 0)}, max ${cpu[cpu.length - 1]}`);
  const out = arg('--json');
  if (out) writeFileSync(out, JSON.stringify(rows, null, 1));
}

void main();

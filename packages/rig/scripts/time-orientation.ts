/**
 * CPU time of the orientation step (`findOrientation`, gated as rigMesh runs it, and the finder
 * alone, `ungated`) on every dev-set character, for speed work on a shared, loaded machine: the
 * CPU time of the calls, summed over `--reps` calls each (default 2), not wall times.
 *
 *   npx tsx packages/rig/scripts/time-orientation.ts <dev-set dir> [--reps 2] [--turns 0]
 *       [--base <copy of src>/find-orientation.ts] [--head-up <bar>]
 *
 * With `--base` (the `find-orientation.ts` of a copy of `src/` made before the change,
 * `cp -r packages/rig/src packages/rig/.base-src`, git-ignored) the copy and this tree are called
 * alternately on each mesh (copy first on even reps, this tree first on odd ones), and every
 * answer of the two is compared (JSON of the found orientation, confidences included, bit for
 * bit): the check a speed change must pass. `--turns k` also runs each character turned to k of
 * the 24 quarter-turn orientations (in memory, spread over the 24) for more answers to compare.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readMesh, type Mesh } from '@rigforge/mesh';
import { findOrientation } from '../src/find-orientation';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { invertTurn, turnMesh, turnOf } from '../testing/orientation-turns';
import { readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

type FindOrientation = typeof findOrientation;
type FindOptions = NonNullable<Parameters<FindOrientation>[1]>;

/** CPU ms (user + system) of one call, with its answer. */
function timed(find: FindOrientation, mesh: Mesh, ungated: boolean, options: FindOptions = {}): { ms: number; answer: string } {
  const t0 = process.cpuUsage();
  const found = find(mesh, { ...options, ungated });
  const t = process.cpuUsage(t0);
  return { ms: (t.user + t.system) / 1000, answer: JSON.stringify(found) };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: time-orientation.ts <dev-set dir> [--reps 2] [--turns 0] [--base <copy>/find-orientation.ts]');
    process.exit(2);
  }
  const reps = Math.max(1, Number(arg('--reps') ?? 2));
  const turns = Math.min(24, Math.max(0, Number(arg('--turns') ?? 0)));
  const basePath = arg('--base');
  // --head-up <bar>: this tree's calls with the big-end-up rule on at the bar (the copy's as its
  // defaults say): the rule's cost (27th orientation round).
  const headUp = arg('--head-up');
  const mineOptions: FindOptions = headUp === undefined ? {} : { headUp: true, minHeadAbove: Number(headUp) };
  const base = basePath ? ((await import(resolve(basePath))) as { findOrientation: FindOrientation }).findOrientation : undefined;
  if (basePath && typeof base !== 'function') throw new Error(`--base ${basePath} exports no findOrientation`);
  let cpu = 0, baseCpu = 0, calls = 0, differ = 0;
  console.log(base ? '| character | meshes | base CPU ms | CPU ms | ratio | answers |\n|---|---:|---:|---:|---:|---|' : '| character | meshes | CPU ms |\n|---|---:|---:|');
  for (const c of readManifest(dir)) {
    const input = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const meshes = [input, ...Array.from({ length: turns }, (_, k) => turnMesh(input, invertTurn(turnOf(ORIENTATION_CANDIDATES[Math.floor((k * 24) / turns)]!))))];
    let mine = 0, theirs = 0, same = true;
    for (const mesh of meshes) {
      for (const ungated of [false, true]) {
        for (let r = 0; r < reps; r++) {
          const order: (FindOrientation | undefined)[] = r % 2 === 0 ? [base, findOrientation] : [findOrientation, base];
          const answers: string[] = [];
          for (const find of order) {
            if (!find) continue;
            const t = timed(find, mesh, ungated, find === base ? {} : mineOptions);
            if (find === base) theirs += t.ms; else { mine += t.ms; calls++; }
            answers.push(t.answer);
          }
          if (base && answers[0] !== answers[1]) same = false;
        }
      }
    }
    cpu += mine; baseCpu += theirs;
    if (!same) differ++;
    console.log(base
      ? `| ${c.id} | ${meshes.length} | ${theirs.toFixed(0)} | ${mine.toFixed(0)} | ${(mine / theirs).toFixed(2)} | ${same ? 'identical' : 'DIFFER'} |`
      : `| ${c.id} | ${meshes.length} | ${mine.toFixed(0)} |`);
  }
  console.log(`\n${calls} calls of this tree (gated and ungated, ${reps} reps): CPU ${cpu.toFixed(0)} ms`
    + (base ? `; base ${baseCpu.toFixed(0)} ms; ratio ${(cpu / baseCpu).toFixed(3)}; characters whose answers differ: ${differ}` : ''));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

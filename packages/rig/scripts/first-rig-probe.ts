/**
 * What a rig costs the first time a process meets a mesh against a repeat of it, per stage: the
 * process's CPU (user + system), its system CPU and minor page faults (what fresh, kernel-zeroed
 * memory costs) per `onStage` stage of `rigMesh` (the fast preset, 64 px thumbnail, as
 * `score-dev-set.ts`), and the CPU of each of the process's threads per pass (the main thread
 * against V8's helper threads, which run the concurrent marking and the optimising compiler, and
 * heat's helpers). Written for packages/rig/docs/speed.md's round 51.
 *
 *   npx tsx packages/rig/scripts/first-rig-probe.ts <dev set> [--mode passes|pairs|split]
 *       [--passes 2] [--order 00101] [--warm-up 8] [--warm-with id,id] [--exclude id,id] [--only id,id]
 *       [--base <copy of src>/rig-mesh.ts]
 *
 * After `--warm-up N` untimed rigs of the first character (as the two dev-set scripts' flag), or of
 * the `--warm-with` characters in turn (left out of the passes, as are `--exclude`'s):
 * - `passes` (default): the set in order, `--passes` times (A B C … A B C …): pass 1 is what
 *   `score-dev-set.ts` times, each later pass a repeat of every mesh, none back to back;
 * - `pairs`: each character twice back to back (A A B B …), as `time-dev-set.ts --reps 2` runs;
 * - `split`: the even (0) and odd (1) characters as passes in `--order` (default 0011): with
 *   `00101`, pass 3 rigs the odd characters for the first time in a process warmed by the even ones
 *   twice, pass 5 repeats them, and passes 2 and 4 show the drift meanwhile.
 * `--base`: rig with another copy's `rigMesh` instead (run the two in turn, as separate processes).
 * GC: add `node --import tsx --trace-gc` (the Mark-Compact and Scavenge lines between the passes'
 * `MARK` lines on stderr, whose last number is `performance.now()`, the trace's clock).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rigMesh } from '../src/rig-mesh';
import { RIG_ENGINE_PRESETS } from '../src/rig-engine-presets';
import { readManifest, type DevCharacter } from './lib/dev-set';
import { arg } from './lib/cli-args';

type RigMesh = typeof rigMesh;

interface Sample { cpu: number; sys: number; faults: number }

function sample(): Sample {
  const r = process.resourceUsage();
  return { cpu: (r.userCPUTime + r.systemCPUTime) / 1000, sys: r.systemCPUTime / 1000, faults: r.minorPageFault };
}

function since(a: Sample, b: Sample): Sample {
  return { cpu: b.cpu - a.cpu, sys: b.sys - a.sys, faults: b.faults - a.faults };
}

/** CPU ms of each of this process's threads so far (Linux: /proc/self/task/<tid>/stat, utime + stime). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime), in clock ticks of 10 ms.
      out.set(tid, 10 * (Number(fields[11]) + Number(fields[12])));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

const STAGES = ['read', 'fit', 'skin', 'write', 'thumbnail'] as const;
type Row = Record<'total' | (typeof STAGES)[number], Sample>;

async function rigOnce(rig: RigMesh, bytes: Uint8Array, options: Parameters<RigMesh>[1]): Promise<Row> {
  const marks: [string, Sample][] = [];
  const start = sample();
  await rig(bytes, { ...options, onStage: (stage) => { marks.push([stage, sample()]); } });
  const end = sample();
  const zero = { cpu: 0, sys: 0, faults: 0 };
  const row: Row = { total: since(start, end), read: zero, fit: zero, skin: zero, write: zero, thumbnail: zero };
  marks.forEach(([stage, at], i) => {
    if ((STAGES as readonly string[]).includes(stage)) row[stage as (typeof STAGES)[number]] = since(at, marks[i + 1]?.[1] ?? end);
  });
  return row;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: first-rig-probe.ts <dev set> [--mode passes|pairs|split] [--passes 2] [--order 0011] [--warm-up 8] [--warm-with id,id] [--exclude id,id] [--only id,id] [--base <copy>/rig-mesh.ts]');
    process.exit(2);
  }
  const only = arg('--only')?.split(',');
  const all = readManifest(dir);
  const warmWith = arg('--warm-with')?.split(',');
  const exclude = [...(arg('--exclude')?.split(',') ?? []), ...(warmWith ?? [])];
  const chars = all.filter((c) => (!only || only.includes(c.id)) && !exclude.includes(c.id));
  const warmers = warmWith ? all.filter((c) => warmWith.includes(c.id)) : chars.slice(0, 1);
  const mode = arg('--mode') ?? 'passes';
  const basePath = arg('--base');
  const rig: RigMesh = basePath ? await loadRigMesh(resolve(basePath)) : rigMesh;
  const preset = RIG_ENGINE_PRESETS.fast;
  const bytesOf = (c: DevCharacter): Uint8Array => new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
  const options = (c: DevCharacter): Parameters<RigMesh>[1] => ({ rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
  // The warm-up: `--warm-up` rigs, cycling through the warm-up characters.
  for (let k = 0; k < Number(arg('--warm-up') ?? 8) && warmers.length > 0; k++) {
    const c = warmers[k % warmers.length]!;
    await rig(bytesOf(c), options(c));
  }

  // The passes: each a list of characters rigged once each, in order.
  let passes: DevCharacter[][];
  if (mode === 'pairs') passes = [chars];
  else if (mode === 'split') {
    const halves = [chars.filter((_, i) => i % 2 === 0), chars.filter((_, i) => i % 2 === 1)];
    passes = (arg('--order') ?? '0011').split('').map((h) => halves[Number(h)] ?? []);
  } else passes = Array.from({ length: Number(arg('--passes') ?? 2) }, () => chars);

  const results: Map<string, Row[]>[] = [];
  const threads: Map<string, number>[] = [threadCpu()];
  for (const [p, pass] of passes.entries()) {
    console.error(`MARK ${p + 1} ${performance.now().toFixed(0)}`);
    const rows = new Map<string, Row[]>();
    for (const c of pass) {
      const bytes = bytesOf(c);
      rows.set(c.id, [await rigOnce(rig, bytes, options(c))]);
      if (mode === 'pairs') rows.get(c.id)!.push(await rigOnce(rig, bytes, options(c)));
    }
    results.push(rows);
    threads.push(threadCpu());
  }
  console.error(`MARK end ${performance.now().toFixed(0)}`);

  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
  const report = (label: string, rows: Row[]): void => {
    console.log(`\n${label} (${rows.length} rigs): CPU median ${median(rows.map((r) => r.total.cpu)).toFixed(0)} ms`);
    console.log('| stage | CPU ms | system ms | minor faults |\n|---|---:|---:|---:|');
    for (const stage of ['total', ...STAGES] as const) {
      const s = rows.map((r) => r[stage]);
      console.log(`| ${stage} | ${sum(s.map((x) => x.cpu)).toFixed(0)} | ${sum(s.map((x) => x.sys)).toFixed(0)} | ${sum(s.map((x) => x.faults))} |`);
    }
  };
  results.forEach((rows, p) => {
    const all = [...rows.values()];
    if (mode === 'pairs') {
      report('first of each pair', all.map((r) => r[0]!));
      report('second of each pair', all.map((r) => r[1]!));
    } else report(`pass ${p + 1}`, all.map((r) => r[0]!));
  });
  // Per thread, per pass: the main thread's tid is the process's pid.
  console.log('\n| thread | ' + passes.map((_, p) => `pass ${p + 1} CPU ms`).join(' | ') + ' |\n|---|' + passes.map(() => '---:').join('|') + '|');
  const tids = [...new Set(threads.flatMap((t) => [...t.keys()]))];
  for (const tid of tids) {
    const per = passes.map((_, p) => (threads[p + 1]!.get(tid) ?? 0) - (threads[p]!.get(tid) ?? 0));
    if (per.some((x) => x > 0)) console.log(`| ${tid === String(process.pid) ? 'main' : tid} | ${per.join(' | ')} |`);
  }
}

/** The `rigMesh` export of another copy of the engine (its own module graph). */
async function loadRigMesh(path: string): Promise<RigMesh> {
  const mod: { rigMesh?: unknown } = await import(path);
  if (typeof mod.rigMesh !== 'function') throw new Error(`--base ${path} exports no rigMesh`);
  // The copy is the same source at another revision: its signature is this tree's.
  return mod.rigMesh as RigMesh;
}

void main();

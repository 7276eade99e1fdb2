/**
 * What the engine warm-up (src/engines/warm-up.ts) buys the first job of a fresh worker: each rep
 * starts fresh processes, one per setting, alternated so the machine's load falls on all alike.
 * Each process optionally warms up exactly as an engine thread does, then rigs one mid-size mesh
 * (the procedural quadruped, a different body plan and size than the warm-up's biped; with
 * `--queue generate_model` the sample picture scaled up to `--pixels`) through the same engine a job uses, and reports that first job's CPU time (user + system of the process).
 * `--thread` runs both through an engine thread (EnginePool) exactly as the worker does, the warm-up
 * with its 8 s budget; without it, in the process's main thread with no budget (the same V8 effect,
 * any number of runs). CPU time covers every thread of the process. Compare the medians within one
 * run: the machine is shared.
 *
 *   npx tsx apps/worker/scripts/warm-up-bench.ts [--runs 0,2,4,6] [--reps 5] [--triangles 20000] [--queue rig.fast|generate_model] [--pixels 768] [--thread]
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { writeGlb } from '@rigforge/mesh';
import { isQueueName } from '@rigforge/queue';
import { buildCreature } from '@rigforge/rig/testing';
import sharp from 'sharp';
import { register as registerBuiltins } from '../src/engines/builtin-engines';
import { EnginePool } from '../src/engines/engine-pool';
import { EngineRegistry } from '../src/engines/engine-registry';
import { warmUpEngine, warmUpInputs, type WarmUpSummary } from '../src/engines/warm-up';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '0,2,4,6' },
    reps: { type: 'string', default: '5' },
    triangles: { type: 'string', default: '20000' },
    pixels: { type: 'string', default: '768' },
    queue: { type: 'string', default: 'rig.fast' },
    thread: { type: 'boolean', default: false },
    child: { type: 'string' },
  },
});

interface ChildResult {
  warmRuns: number;
  warmUpMs: number;
  /** The warm-up summary's run times (what the worker logs as `engine warm-up: N runs (...)`). */
  runMs: number[];
  triangles: number;
  firstJobCpuMs: number;
  firstJobWallMs: number;
}

/** The quadruped at the tessellation whose triangle count is closest to `target`. */
function quadrupedNear(target: number) {
  let detail = 1;
  for (let k = 0; k < 4; k++) detail *= Math.sqrt(target / (buildCreature('quadruped', detail).mesh.indices.length / 3));
  return buildCreature('quadruped', detail).mesh;
}

async function child(runs: number): Promise<ChildResult> {
  const registry = new EngineRegistry();
  registerBuiltins(registry);
  if (!isQueueName(values.queue)) throw new Error(`--queue: no queue ${values.queue}`);
  const engine = registry.get(values.queue);
  if (!engine) throw new Error(`no engine for ${values.queue}`);
  // rig: the quadruped near --triangles; generate_model: the sample picture scaled to --pixels.
  const mesh = quadrupedNear(Number(values.triangles));
  // The queue's first warm-up job's params (the job is the same on every warm-up input).
  const base = (await warmUpInputs(values.queue, 1))?.[0];
  const job =
    base?.job.operation === 'generate_model'
      ? new Uint8Array(await sharp(base.input).resize(Number(values.pixels)).png().toBuffer())
      : await writeGlb(mesh);
  if (!base) throw new Error(`${values.queue} has no warm-up input`);
  const w0 = performance.now();
  let summary: WarmUpSummary = { runs: 0, runMs: [] };
  let cpu: NodeJS.CpuUsage;
  let t0: number;
  let warmUpMs: number;
  if (values.thread) {
    // The production path: an engine thread that warms up before `ready` (with its 8 s budget),
    // then the job sent to it. Both settings pay the thread's start-up in the warm-up column.
    const pool = new EnginePool({ queue: values.queue, modules: [], size: 1, warmUpRuns: runs, onWarmUp: (s) => (summary = s) });
    await pool.ready();
    warmUpMs = performance.now() - w0;
    const cpu0 = process.cpuUsage();
    t0 = performance.now();
    await pool.run({ ...base, input: job }, 600_000, engine.name);
    cpu = process.cpuUsage(cpu0);
    await pool.close();
  } else {
    summary = await warmUpEngine(engine, values.queue, { runs, budgetMs: Infinity });
    warmUpMs = performance.now() - w0;
    const cpu0 = process.cpuUsage();
    t0 = performance.now();
    await engine.run({ ...base, input: job }, { signal: new AbortController().signal });
    cpu = process.cpuUsage(cpu0);
  }
  if (summary.error) throw new Error(`warm-up failed: ${summary.error}`);
  return {
    warmRuns: summary.runs,
    warmUpMs: Math.round(warmUpMs),
    runMs: summary.runMs,
    triangles: base.job.operation === 'rig' ? mesh.indices.length / 3 : 0,
    firstJobCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    firstJobWallMs: Math.round(performance.now() - t0),
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  if (values.child !== undefined) {
    process.stdout.write(`${JSON.stringify(await child(Number(values.child)))}\n`);
    return;
  }
  const settings = values.runs.split(',').map(Number);
  const results = new Map<number, ChildResult[]>(settings.map((s) => [s, []]));
  for (let rep = 0; rep < Number(values.reps); rep++) {
    // Rotate the order each rep so no setting always runs first (or last) in a rep.
    const order = settings.map((_, i) => settings[(i + rep) % settings.length]!);
    for (const runs of order) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', __filename, '--child', String(runs), '--triangles', values.triangles, '--pixels', values.pixels, '--queue', values.queue, ...(values.thread ? ['--thread'] : [])], {
        encoding: 'utf8',
      });
      const result: ChildResult = JSON.parse(out.trim().split('\n').pop() ?? '{}');
      results.get(runs)!.push(result);
      process.stderr.write(`rep ${rep + 1}: warm-up ${runs} runs (${result.warmUpMs} ms: ${result.runMs.join(', ')}) -> first job ${result.firstJobCpuMs} ms CPU, ${result.firstJobWallMs} ms wall (${result.triangles} triangles)\n`);
    }
  }
  const cold = median(results.get(settings[0]!)!.map((r) => r.firstJobCpuMs));
  console.log(`| warm-up runs | warm-up wall ms (median) | first job CPU ms (median) | ÷ ${settings[0]} runs | first job wall ms (median) |`);
  console.log('|---:|---:|---:|---:|---:|');
  for (const runs of settings) {
    const rs = results.get(runs)!;
    const cpu = median(rs.map((r) => r.firstJobCpuMs));
    console.log(`| ${runs} | ${median(rs.map((r) => r.warmUpMs))} | ${cpu} | ${(cpu / cold).toFixed(2)} | ${median(rs.map((r) => r.firstJobWallMs))} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

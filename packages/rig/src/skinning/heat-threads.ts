/**
 * Bone heat's per-bone solves spread over threads (`heatThreads`, compute-skin-weights): each bone's
 * support, system and Jacobi CG depend on the mesh and that bone's sources only, so any thread may
 * solve any bone and the heat is the serial loop's bit for bit (the same kernel, the same calls, each
 * bone's kept heat (skinning/kept-heat) written by whichever thread solved it). What it saves is wall time, not
 * CPU: the six VALID humans' rigs are mostly heat's CG (packages/rig/docs/speed.md, "Twenty-sixth round").
 *
 * The helper threads (skinning/heat-thread.cjs) are started once per process (per engine thread, in
 * the worker: each has its own module scope) on first use, kept for the next rig and unref'd, so
 * they never keep a process alive; each ends itself when idle for helper-thread-idle.ts's period,
 * and `closeHeatThreads` ends them. The calling thread works too: it
 * posts the job (the mesh's arrays as its own kernel holds them, in a SharedArrayBuffer; the kept
 * heat's pool in others, which every thread writes), then takes bones from the same shared counter as the
 * helpers, and blocks (Atomics.wait: bone heat is synchronous) only for the bones still being
 * solved when none is left to take. A helper that is still starting simply takes none.
 *
 * Errors are values: when a helper fails (it says so in the job's control word) or stops making
 * progress, the calling thread solves the bones not reported done itself, and the pool is retired
 * (later rigs are serial). The answer is never different, only slower.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { JACOBI_CG_WASM_BASE64 } from './wasm/jacobi-cg-wasm-bytes';
import { helperThreadIdleMs } from '../helper-thread-idle';
import { KERNEL_KEEP_BYTES } from '../wasm-kernel';
import { cgIterationCap, type HeatSupportsLayout, type HeatSupportsWasm } from './wasm/jacobi-cg-wasm';
import type { KeptHeat } from './kept-heat';

/**
 * At most this many threads per rig. Each helper copies the mesh's arrays into its own kernel memory
 * (~10 MB at heat's 60k-vertex limit) and the bones (22–60) are few: past four the last bones'
 * wait outweighs another thread.
 */
export const HEAT_THREADS_MAX = 4;

/**
 * Below this many welded vertices heat's bones are solved on the calling thread whatever
 * `heatThreads` says (compute-skin-weights `heatThreadsMinVertices`): a small system's bones take
 * a few milliseconds each, less than handing the mesh to a helper and waiting for its last bone.
 * Measured on the benchmark biped (`bench.ts --sizes 11000 --warm 5 --base`, 2-core machine): at
 * 11k triangles (~5.6k vertices) two threads took the skin stage from 77-96 to 163-171 ms; the dev
 * set's characters above ~10k triangles gained wall time (packages/rig/docs/speed.md, twenty-sixth round).
 */
export const HEAT_THREADS_MIN_VERTICES = 8000;

/**
 * The default `heatThreads`: the process's cores shared among the rigs it runs at once (the worker
 * runs `--concurrency` of them; a script one), at least 1 (serial) and at most HEAT_THREADS_MAX.
 */
export function defaultHeatThreads(rigsAtOnce = 1): number {
  const share = Math.floor(availableParallelism() / Math.max(1, rigsAtOnce));
  return Math.max(1, Math.min(HEAT_THREADS_MAX, share));
}

// The job's control words (Int32Array): the next task to take, the tasks done, a helper's failure.
// heat-thread.cjs names the same.
const NEXT = 0, DONE = 1, FAILED = 2;

/**
 * How long the calling thread waits without any bone finishing before it solves the rest itself: a
 * bone takes milliseconds to a few hundred on a loaded machine, so this means a helper stopped.
 */
const STALL_MS = 5000;

const THREAD_ENTRY = path.join(__dirname, 'heat-thread.cjs');

interface HeatPool {
  workers: Worker[];
  /** A helper failed or stalled: no more jobs for this pool. */
  retired: boolean;
}

let pool: HeatPool | undefined;

/**
 * Starts the helpers a rig with `threads` will use, ahead of its solves (bone heat calls it before
 * its sources, so they are ready by the time the bones are handed out).
 */
export function prepareHeatThreads(threads: number): void {
  if (threads > 1) helpers(Math.min(threads, HEAT_THREADS_MAX) - 1);
}

/** `count` helper threads, started on first use; null once the pool is retired or cannot start. */
function helpers(count: number): Worker[] | null {
  if (pool?.retired) return null;
  pool ??= { workers: [], retired: false };
  try {
    while (pool.workers.length < count) {
      const worker = new Worker(THREAD_ENTRY, { workerData: { base64: JACOBI_CG_WASM_BASE64, keepBytes: KERNEL_KEEP_BYTES, idleMs: helperThreadIdleMs() }, execArgv: [] });
      // A helper that dies is seen by the job it was on (a stall or its failure word); without a
      // listener its error would be thrown in this thread.
      const current = pool;
      worker.on('error', () => retire(current));
      // An idle helper's own exit (heat-thread.cjs): the next rig starts another. One that dies in a
      // job is also seen by that job (a stall), which retires the pool.
      worker.on('exit', () => {
        const i = current.workers.indexOf(worker);
        if (i >= 0) current.workers.splice(i, 1);
      });
      worker.unref();
      pool.workers.push(worker);
    }
  } catch {
    retire(pool);
    return null;
  }
  return pool.workers.slice(0, count);
}

/** No more jobs for `retiring`'s helpers; they are ended (a late one's writes are the same doubles). */
function retire(retiring: HeatPool): void {
  if (retiring.retired) return;
  retiring.retired = true;
  for (const w of retiring.workers) void w.terminate();
}

/** The helper threads running now (tests: the pool starts and ends). */
export function heatThreadCount(): number {
  return pool && !pool.retired ? pool.workers.length : 0;
}

/** Ends the helper threads (tests and a host that wants a clean exit); the next threaded rig starts new ones. */
export async function closeHeatThreads(): Promise<void> {
  const workers = pool?.workers ?? [];
  pool = undefined;
  await Promise.all(workers.map((w) => w.terminate()));
}

/** Why the helpers were not used or stopped being used; the heat is complete either way. */
export type HeatThreadsOutcome = 'threads' | 'no-threads' | 'helper-failed' | 'helper-stalled';

/**
 * The bones in `tasks` (bone, seedFrom, seedTo) solved by `wasm` (this thread's kernel, set up by
 * HeatSupportsWasm.create) and `threads − 1` helpers into `kept` (skinning/kept-heat: each task's
 * entries ≥ `limit`, in a shared pool; a task that did not fit there is solved again here and kept
 * aside). Returns the most CG iterations of any bone, and how it went.
 */
export function solveBonesOnThreads(
  wasm: HeatSupportsWasm,
  tasks: Int32Array,
  kept: KeptHeat,
  limit: number,
  solve: { supportRadius: number; tolerance: number; maxIterations: number },
  threads: number,
  /**
   * Work of the caller's that needs no heat, run on this thread once the helpers have the job and
   * before it takes bones itself: while it runs the helpers take the bones it would have, so its
   * time overlaps theirs (compute-skin-weights). Not called when no helper got the job. An error
   * it throws is thrown here once every bone is solved.
   */
  alongside?: () => void,
): { iterations: number; outcome: HeatThreadsOutcome; helperBones: number } {
  const count = tasks.length / 3;
  const control = new Int32Array(new SharedArrayBuffer(3 * 4));
  const iterationsOf = new Int32Array(new SharedArrayBuffer(Math.max(1, count) * 4));
  let outcome: HeatThreadsOutcome = 'threads';
  let alongsideError: { error: unknown } | undefined;
  const workers = kept.head.buffer instanceof SharedArrayBuffer ? helpers(Math.min(threads, HEAT_THREADS_MAX) - 1) : null;
  if (!workers || workers.length === 0) {
    outcome = 'no-threads';
  } else {
    const image = new Uint8Array(new SharedArrayBuffer(wasm.layout.imageBytes));
    image.set(wasm.image());
    const sharedTasks = new Int32Array(new SharedArrayBuffer(tasks.byteLength));
    sharedTasks.set(tasks);
    const layout: HeatSupportsLayout = wasm.layout;
    const job = {
      control: control.buffer, tasks: sharedTasks.buffer, iterations: iterationsOf.buffer,
      kept: { vertex: kept.vertex.buffer, weight: kept.weight.buffer, start: kept.start.buffer, count: kept.count.buffer, head: kept.head.buffer, capacity: kept.capacity },
      limit,
      image: image.buffer, layout, supportRadius: solve.supportRadius, tolerance: solve.tolerance, maxIterations: cgIterationCap(solve.maxIterations),
    };
    try {
      for (const w of workers) w.postMessage(job);
    } catch {
      outcome = 'helper-failed';
    }
    if (outcome === 'threads' && alongside) {
      // An error of the caller's work is theirs, given back once the job is done (the helpers are
      // then idle, and the heat is complete for nobody).
      try {
        alongside();
      } catch (error) {
        alongsideError = { error };
      }
    }
  }
  const solveTask = (t: number): void => {
    const iterations = wasm.solveKept(t, tasks[3 * t + 1]!, tasks[3 * t + 2]!, kept, limit, solve.supportRadius, solve.tolerance, solve.maxIterations);
    Atomics.store(iterationsOf, t, iterations + 1);
  };
  // Take tasks as the helpers do, until none is left (or a helper failed: then take the rest in turn).
  let mine = 0;
  for (;;) {
    const t = Atomics.add(control, NEXT, 1);
    if (t >= count) break;
    solveTask(t);
    mine++;
    Atomics.add(control, DONE, 1);
  }
  // Wait for the bones the helpers are still solving; past a stall or a failure, solve them here.
  let done = Atomics.load(control, DONE);
  let since = Date.now();
  while (done < count && outcome === 'threads') {
    if (Atomics.load(control, FAILED)) { outcome = 'helper-failed'; break; }
    const left = STALL_MS - (Date.now() - since);
    if (left <= 0) { outcome = 'helper-stalled'; break; }
    Atomics.wait(control, DONE, done, left);
    const now = Atomics.load(control, DONE);
    if (now > done) { done = now; since = Date.now(); }
  }
  if (outcome === 'helper-failed' || outcome === 'helper-stalled') {
    if (pool) retire(pool);
    // Bones a helper took and never finished: solved here (a late helper writes the same doubles).
    for (let t = 0; t < count; t++) if (Atomics.load(iterationsOf, t) === 0) { solveTask(t); mine++; }
  }
  // Tasks a helper solved when the pool had no room for them: solved again here, kept aside.
  for (let t = 0; t < count; t++) if (!kept.has(t)) solveTask(t);
  if (alongsideError) throw alongsideError.error;
  let iterations = 0;
  for (let t = 0; t < count; t++) iterations = Math.max(iterations, Atomics.load(iterationsOf, t) - 1);
  return { iterations, outcome, helperBones: Math.max(0, count - mine) };
}

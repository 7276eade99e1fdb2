/**
 * The helper thread of fit/fit-analysis-ahead.ts: the fit's shape analysis (analyzeShape) of the
 * mesh as filed, made while the calling thread finds the orientation. The same function on the
 * same arrays, so the same analysis; it is posted back without its `center` function
 * (ShapeAnalysisData), which the caller puts back (withVoxelCenter).
 *
 * A job's state word (fit-analysis-ahead's PENDING → CLAIMED → DONE or FAILED) is claimed here with
 * a compare-exchange, so a job the caller took back (CANCELLED) before this thread reached it is
 * skipped: the caller then analyses the mesh itself and never waits for a thread that had not started.
 *
 * Idle for `workerData.idleMs` (helper-thread-idle.ts), it ends itself with exit code 0, which the
 * caller reads as "start another when next needed", as heat's helpers do (skinning/heat-thread.cjs).
 */
import { MessagePort, parentPort, workerData } from 'node:worker_threads';
import { analyzeShape, type ShapeAnalysisData } from './shape-analysis';
import { AHEAD_STATE, CLAIMED, DONE, FAILED, isFitAnalysisJob, PENDING } from './fit-analysis-ahead';

const given: unknown = workerData;
const port = typeof given === 'object' && given !== null && 'port' in given ? given.port : undefined;
if (!(port instanceof MessagePort)) throw new Error('fit-analysis-thread: started without its reply port');
const givenIdle = typeof given === 'object' && given !== null && 'idleMs' in given ? given.idleMs : undefined;
if (typeof givenIdle !== 'number' || !(givenIdle > 0)) throw new Error('fit-analysis-thread: started without its idle period');
const idleMs: number = givenIdle;

// A job can only arrive between two turns of this thread's loop, never while one is analysed (the
// handler is synchronous), so the exit never drops a claimed job; one posted as it exits stays PENDING.
let idle: ReturnType<typeof setTimeout> | undefined;
function idleFromNow(): void {
  clearTimeout(idle);
  idle = setTimeout(() => process.exit(0), idleMs);
}
idleFromNow();

parentPort?.on('message', (job: unknown) => {
  idleFromNow();
  // Not a job of fit-analysis-ahead's: nothing to claim, so nothing is waited for.
  if (!isFitAnalysisJob(job)) return;
  const state = new Int32Array(job.state);
  if (Atomics.compareExchange(state, AHEAD_STATE, PENDING, CLAIMED) !== PENDING) return;
  try {
    const { center: _center, ...data } = analyzeShape({ positions: job.positions, indices: job.indices, groups: [], materials: [] }, job.resolution);
    const reply: { id: number; data: ShapeAnalysisData } = { id: job.id, data };
    // Its arrays' buffers are handed over, not copied (each its own: analyzeShape copies out of the kernels).
    const buffers = new Set<ArrayBuffer>();
    for (const a of [data.grid.solid, data.dt, data.tree.parent, data.tree.rootDistance, data.tree.branchOf, ...data.tree.branches.map((b) => b.path)]) {
      if (a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
    }
    port.postMessage(reply, [...buffers]);
    Atomics.store(state, AHEAD_STATE, DONE);
  } catch {
    Atomics.store(state, AHEAD_STATE, FAILED);
  }
  Atomics.notify(state, AHEAD_STATE);
});

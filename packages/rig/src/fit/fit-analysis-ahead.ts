/**
 * The fit's shape analysis made ahead, on a helper thread, while the calling thread finds the
 * orientation (rigMesh). The orientation most often keeps the stand the file has; the fit then
 * analyses the filed mesh's very arrays (`turnMesh` of the identity shares them), which the helper
 * had from the start. It runs fit/fit-analysis-thread.ts: analyzeShape at the fit's resolution, the
 * same function on the same arrays, so the same analysis bit for bit (typed arrays and numbers
 * survive the structured clone unchanged). What it saves is wall time, not CPU, and only when a
 * core is spare (rigMesh asks for it when the rig's `heatThreads` is above 1: the process's cores
 * shared among the rigs it runs at once, skinning/heat-threads.ts).
 *
 * Exact by construction, and never slower by more than a job's post when the helper is busy
 * elsewhere: a job's state word goes PENDING → CLAIMED (the helper started it) → DONE or FAILED. The
 * caller takes the result with a compare-exchange PENDING → CANCELLED: when that succeeds the helper
 * had not started, skips the job, and the caller analyses the mesh itself (the serial path). Only a
 * job the helper is already working on is waited for. A helper that fails or stalls retires the
 * thread (later rigs are serial); the analysis is never different, only made here.
 *
 * The job serves the first analyzeShape of the filed arrays at its resolution: the fit's for a named
 * plan, and for `auto` the plan step's (orient-for-rig.ts choosePlan), which the fit then reads.
 *
 * The thread is started once per process (per engine thread in the worker) on first use, kept for
 * the next rig and unref'd, so it never keeps a process alive; it ends itself when idle for
 * helper-thread-idle.ts's period (the next rig starts another), and `closeFitAnalysisThread` ends it. Its
 * replies come on a MessagePort the caller reads synchronously (receiveMessageOnPort): rigMesh's
 * stages are synchronous between the read and the write.
 */
import path from 'node:path';
import { types } from 'node:util';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Mesh } from '@rigforge/mesh';
import { threadBootstrap } from '../../../server/src/thread-bootstrap';
import type { AnalysedMesh } from '../fit-skeleton';
import { helperThreadIdleMs } from '../helper-thread-idle';
import type { MedialBranch, MedialTree } from './medial-tree';
import { withVoxelCenter, type ShapeAnalysis, type ShapeAnalysisData } from './shape-analysis';
import type { VoxelGrid } from './voxel-grid';

/** The job's state word (Int32Array index) and its values; fit-analysis-thread.ts reads the same. */
export const AHEAD_STATE = 0;
export const PENDING = 0, CLAIMED = 1, DONE = 2, FAILED = 3, CANCELLED = 4;

/**
 * How long the caller waits for a job the helper has claimed before it analyses the mesh itself:
 * the analysis takes milliseconds to a second on a loaded machine, so this means the helper stopped.
 */
const STALL_MS = 5000;

const THREAD_ENTRY = path.join(__dirname, 'fit-analysis-thread.ts');

/** What the helper is started with: its reply port and how long it waits idle before it ends (helper-thread-idle.ts). */
export interface FitAnalysisThreadData {
  port: MessagePort;
  idleMs: number;
}

/** What the helper is posted: the filed mesh's arrays (copied by the post) and the fit's resolution. */
export interface FitAnalysisJob {
  id: number;
  state: SharedArrayBuffer;
  positions: Float32Array;
  indices: Uint32Array;
  resolution: number;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isVec3 = (v: unknown): v is [number, number, number] => Array.isArray(v) && v.length === 3 && v.every(isNumber);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether `v` is a job as analyseFitAhead posts one: checked like the reply (isShapeAnalysisData), not cast. */
export function isFitAnalysisJob(v: unknown): v is FitAnalysisJob {
  if (!isRecord(v)) return false;
  return isNumber(v.id) && types.isSharedArrayBuffer(v.state) && types.isFloat32Array(v.positions)
    && types.isUint32Array(v.indices) && isNumber(v.resolution);
}

interface AheadThread {
  worker: Worker;
  /** The caller's end of the reply channel. */
  replies: MessagePort;
  /** A helper failed, stalled or exited: no more jobs for it. */
  retired: boolean;
}

let thread: AheadThread | undefined;
let nextJobId = 1;
/** The helper's entry: fit-analysis-thread.ts, or a test's (`useFitAnalysisThreadEntry`). */
let threadEntry = THREAD_ENTRY;

/** The helper, started on first use; null once it is retired or cannot start. */
function helper(): AheadThread | null {
  if (thread) return thread.retired ? null : thread;
  try {
    const { port1, port2 } = new MessageChannel();
    const data: FitAnalysisThreadData = { port: port2, idleMs: helperThreadIdleMs() };
    const worker = new Worker(threadBootstrap(threadEntry), { eval: true, workerData: data, transferList: [port2], execArgv: [] });
    const started: AheadThread = { worker, replies: port1, retired: false };
    // A helper that dies is seen by the job it was on (a stall or its failure word); without a
    // listener its error would be thrown in this thread.
    worker.on('error', () => retire(started));
    // Exit code 0 is the helper's own idle exit (fit-analysis-thread.ts): no job is on it (a job
    // posted as it ended is still PENDING, so its take analyses here), and the next rig starts
    // another. Any other exit (an error, a termination) retires it.
    worker.on('exit', (code) => {
      if (code !== 0) { retire(started); return; }
      started.retired = true;
      started.replies.close();
      if (thread === started) thread = undefined;
    });
    worker.unref();
    port1.unref();
    thread = started;
    return started;
  } catch {
    return null;
  }
}

function retire(retiring: AheadThread): void {
  if (retiring.retired) return;
  retiring.retired = true;
  retiring.replies.close();
  void retiring.worker.terminate();
}

/** The helper threads running now: 0 or 1 (tests: it starts, retires and ends). */
export function fitAnalysisThreadCount(): number {
  return thread && !thread.retired ? 1 : 0;
}

/** Ends the helper (tests and a host that wants a clean exit); the next rig that asks starts another. */
export async function closeFitAnalysisThread(): Promise<void> {
  const ending = thread;
  thread = undefined;
  if (!ending) return;
  ending.retired = true;
  ending.replies.close();
  await ending.worker.terminate();
}

/**
 * Tests: the helpers started from now on run `entry` (a TypeScript file speaking fit-analysis-thread.ts's
 * protocol, e.g. one whose replies are malformed); undefined restores the real one. Ends the running helper.
 */
export async function useFitAnalysisThreadEntry(entry: string | undefined): Promise<void> {
  await closeFitAnalysisThread();
  threadEntry = entry ?? THREAD_ENTRY;
}

/** How a job ended for the caller; the fit's analysis is the same whichever it is. */
export type FitAheadOutcome = 'helper' | 'not-started' | 'other-stand' | 'taken-before' | 'helper-failed' | 'helper-stalled';

/** A posted job: take its analysis for the stood mesh, or let it go. */
export interface FitAnalysisAhead {
  /**
   * The helper's analysis as the fit reads it, when `stood` has the filed mesh's arrays and the
   * helper started the job; otherwise undefined (the fit analyses `stood` itself). Once per job.
   */
  take(stood: Mesh): { analysed?: AnalysedMesh; outcome: FitAheadOutcome };
  /**
   * `take`'s analysis for a mesh with the filed mesh's arrays at the job's resolution (the `auto`
   * plan step's analysis, orient-for-rig.ts), which takes the job; for any other mesh or resolution
   * undefined, and the job is left as it was for a later take.
   */
  takeIfFiled(mesh: Mesh, resolution: number): ShapeAnalysis | undefined;
}

/**
 * Posts the analysis of `filed` at `resolution` to the helper; undefined when there is no helper
 * (it cannot start, or was retired). The mesh's arrays are read when the job is posted (copied).
 */
export function analyseFitAhead(filed: Mesh, resolution: number): FitAnalysisAhead | undefined {
  const h = helper();
  if (!h) return undefined;
  // Replies of jobs let go earlier (other stands) are not read again.
  while (receiveMessageOnPort(h.replies));
  const state = new Int32Array(new SharedArrayBuffer(4));
  const id = nextJobId++;
  const job: FitAnalysisJob = { id, state: state.buffer, positions: filed.positions, indices: filed.indices, resolution };
  try {
    h.worker.postMessage(job);
  } catch {
    retire(h);
    return undefined;
  }
  let taken = false;
  const sameArrays = (m: Mesh): boolean => m.positions === filed.positions && m.indices === filed.indices;
  const take = (stood: Mesh): { analysed?: AnalysedMesh; outcome: FitAheadOutcome } => {
    if (taken) return { outcome: 'taken-before' };
    taken = true;
    const same = sameArrays(stood);
    // Not started: the helper will skip it, whatever the stand.
    if (Atomics.compareExchange(state, AHEAD_STATE, PENDING, CANCELLED) === PENDING) return { outcome: 'not-started' };
    // Started for a stand the orientation did not keep: left to finish; its reply is dropped by the next take.
    if (!same) return { outcome: 'other-stand' };
    const since = Date.now();
    let now = Atomics.load(state, AHEAD_STATE);
    while (now === CLAIMED) {
      const left = STALL_MS - (Date.now() - since);
      if (left <= 0) break;
      Atomics.wait(state, AHEAD_STATE, CLAIMED, left);
      now = Atomics.load(state, AHEAD_STATE);
    }
    if (now !== DONE) {
      retire(h);
      return { outcome: now === FAILED ? 'helper-failed' : 'helper-stalled' };
    }
    const shape = replyOf(h, id);
    if (!shape) { retire(h); return { outcome: 'helper-failed' }; }
    return { analysed: { mesh: stood, resolution, shape }, outcome: 'helper' };
  };
  return {
    take,
    takeIfFiled: (m, at) => (at === resolution && sameArrays(m) && !taken ? take(m).analysed?.shape : undefined),
  };
}

/** Job `id`'s analysis from the reply port; replies of jobs let go earlier are dropped on the way. */
function replyOf(h: AheadThread, id: number): ShapeAnalysis | undefined {
  for (;;) {
    const got = receiveMessageOnPort(h.replies);
    if (!got) return undefined;
    const reply: unknown = got.message;
    if (typeof reply !== 'object' || reply === null || !('id' in reply) || !('data' in reply)) return undefined;
    if (reply.id !== id) continue;
    // The helper posts analyzeShape's own result less its function (fit-analysis-thread.ts): checked,
    // not assumed, as anything crossing a thread is; a reply of another shape is the helper's failure.
    return isShapeAnalysisData(reply.data) ? withVoxelCenter(reply.data) : undefined;
  }
}

function isVoxelGrid(v: unknown): v is VoxelGrid {
  if (!isRecord(v)) return false;
  const { nx, ny, nz, origin, cell, solid, min, max } = v;
  return Number.isInteger(nx) && Number.isInteger(ny) && Number.isInteger(nz) && isNumber(cell) && isVec3(origin) && isVec3(min) && isVec3(max)
    && types.isUint8Array(solid) && isNumber(nx) && isNumber(ny) && isNumber(nz) && solid.length === nx * ny * nz;
}

function isMedialBranch(v: unknown): v is MedialBranch {
  if (!isRecord(v)) return false;
  return isNumber(v.id) && isNumber(v.tip) && types.isInt32Array(v.path) && isNumber(v.parent) && isNumber(v.length);
}

function isMedialTree(v: unknown, cells: number): v is MedialTree {
  if (!isRecord(v)) return false;
  const { root, parent, rootDistance, branches, branchOf } = v;
  return isNumber(root) && types.isInt32Array(parent) && parent.length === cells && types.isFloat32Array(rootDistance) && rootDistance.length === cells
    && types.isInt32Array(branchOf) && branchOf.length === cells && Array.isArray(branches) && branches.every(isMedialBranch);
}

/**
 * Whether `v` is a ShapeAnalysisData as analyzeShape makes one: every field of its type with the
 * array types the fitters read, the grid-sized arrays as long as the grid. The array types are read
 * with util.types, not instanceof, which a posted array fails in another realm (a jest test's).
 */
export function isShapeAnalysisData(v: unknown): v is ShapeAnalysisData {
  if (!isRecord(v)) return false;
  const { grid, dt, maxDt, tree, cx, symmetry, symmetric, cell, size, min, max } = v;
  if (!isVoxelGrid(grid)) return false;
  const cells = grid.solid.length;
  return types.isFloat32Array(dt) && dt.length === cells && isNumber(maxDt) && isMedialTree(tree, cells) && isNumber(cx) && isNumber(symmetry)
    && typeof symmetric === 'boolean' && isNumber(cell) && isVec3(size) && isVec3(min) && isVec3(max);
}

/**
 * A bone-heat solve thread (skinning/heat-threads.ts starts it; plain CommonJS so that it loads as
 * is under tsx, jest and node, with no TypeScript loader in the thread). It holds one instance of
 * the jacobi-cg kernel (its bytes come in `workerData.base64`) and, for each job, sets its memory up
 * as the calling thread's (`HeatSupportsWasm.layout`: the mesh's arrays copied from `image`, then
 * `supportInit`), then takes bones from the job's shared counter until none is left, solving each
 * exactly as `HeatSupportsWasm.solveKept` does (the same kernel calls with the same arguments, so the
 * same x bit for bit) and writing its kept heat into the shared pool as `KeptHeat.keep` does. Any
 * error is reported in the job's control word, and the calling thread solves what is left.
 */
/* global Buffer, WebAssembly, setTimeout, clearTimeout */
const { parentPort, workerData } = require('node:worker_threads');

// The job's control words (Int32Array over `job.control`); heat-threads.ts names the same.
const NEXT = 0, DONE = 1, FAILED = 2;
const PAGE = 65536;
// Past this the instance is dropped after the job, as HeatSupportsWasm.finish drops the caller's
// (wasm-kernel.ts KERNEL_KEEP_BYTES, passed in by heat-threads.ts).
const KEEP_BYTES = workerData.keepBytes;

let kernel;

function instance() {
  if (!kernel) {
    const bytes = Buffer.from(workerData.base64, 'base64');
    kernel = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  }
  return kernel;
}

function run(job) {
  const control = new Int32Array(job.control);
  const tasks = new Int32Array(job.tasks);
  const iterationsOf = new Int32Array(job.iterations);
  const count = tasks.length / 3;
  // A job the calling thread finished before this thread got to it: nothing to set up.
  if (Atomics.load(control, NEXT) >= count) return;
  const k = instance();
  const { layout } = job;
  const have = k.memory.buffer.byteLength;
  if (layout.memoryBytes > have) k.memory.grow(Math.ceil((layout.memoryBytes - have) / PAGE));
  new Uint8Array(k.memory.buffer, 0, layout.imageBytes).set(new Uint8Array(job.image));
  k.supportInit(...layout.init);
  const at = layout.at;
  // The kept heat's pool (kept-heat.ts KeptHeat, whose `keep` this loop's writing repeats).
  const vertexPool = new Int32Array(job.kept.vertex);
  const weightPool = new Float64Array(job.kept.weight);
  const startOf = new Int32Array(job.kept.start);
  const countOf = new Int32Array(job.kept.count);
  const head = new Int32Array(job.kept.head);
  const capacity = job.kept.capacity;
  const limit = job.limit;
  for (;;) {
    const t = Atomics.add(control, NEXT, 1);
    if (t >= count) break;
    const seedFrom = tasks[3 * t + 1], seedTo = tasks[3 * t + 2];
    const m = k.supportSystem(seedFrom, seedTo, job.supportRadius, at.rowStart, at.cols, at.vals, at.diag, at.rhs);
    const iterations = k.jacobiCg(m, at.rowStart, at.cols, at.vals, at.diag, at.rhs, at.x, at.r, at.p, at.q, at.inv, job.tolerance, job.maxIterations);
    const buffer = k.memory.buffer;
    const support = new Int32Array(buffer, at.support, m);
    const x = new Float64Array(buffer, at.x, m);
    // The entries the limits pass reads (w ≥ limit), reserved in the pool; a task that does not
    // fit stays unstored (start −1) and the calling thread solves it again.
    let keptCount = 0;
    for (let i = 0; i < m; i++) if (x[i] >= limit) keptCount++;
    const from = Atomics.add(head, 0, keptCount);
    if (from + keptCount <= capacity) {
      let j = from;
      for (let i = 0; i < m; i++) {
        const w = x[i];
        if (w >= limit) { vertexPool[j] = support[i]; weightPool[j++] = w; }
      }
      countOf[t] = keptCount;
      Atomics.store(startOf, t, from);
    }
    k.supportReset(m);
    // Stored before the task is counted done: the caller reads it after seeing the count.
    Atomics.store(iterationsOf, t, iterations + 1);
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
  if (k.memory.buffer.byteLength > KEEP_BYTES) kernel = undefined;
}

// An idle helper ends itself (the pool starts another when next needed), so a process that rigs
// once, or a test runner loading the engine afresh per test file, is not left holding threads. The
// period is the caller's (helper-thread-idle.ts, passed in by heat-threads.ts).
const IDLE_MS = workerData.idleMs;
let idle;
function idleFromNow() {
  clearTimeout(idle);
  idle = setTimeout(() => process.exit(0), IDLE_MS);
}
idleFromNow();

parentPort.on('message', (job) => {
  idleFromNow();
  try {
    run(job);
  } catch (error) {
    kernel = undefined;
    const control = new Int32Array(job.control);
    Atomics.store(control, FAILED, 1);
    Atomics.notify(control, DONE);
    parentPort.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});

/**
 * A stand-in for fit/fit-analysis-thread.ts (fit-analysis-ahead.test.ts starts it through
 * `useFitAnalysisThreadEntry`): the real protocol (claims the job, marks it DONE) but a malformed
 * reply, the analysis with its distance field as a Float64Array instead of a Float32Array, as a
 * helper of another build might send. The caller must treat it as the helper's failure.
 */
import { MessagePort, parentPort, workerData } from 'node:worker_threads';
import { AHEAD_STATE, CLAIMED, DONE, isFitAnalysisJob, PENDING } from '../src/fit/fit-analysis-ahead';
import { analyzeShape } from '../src/fit/shape-analysis';

const given: unknown = workerData;
const port = typeof given === 'object' && given !== null && 'port' in given ? given.port : undefined;
if (!(port instanceof MessagePort)) throw new Error('malformed fit-analysis thread: no reply port');

parentPort?.on('message', (job: unknown) => {
  if (!isFitAnalysisJob(job)) return;
  const state = new Int32Array(job.state);
  if (Atomics.compareExchange(state, AHEAD_STATE, PENDING, CLAIMED) !== PENDING) return;
  const { center: _center, ...data } = analyzeShape({ positions: job.positions, indices: job.indices, groups: [], materials: [] }, job.resolution);
  port.postMessage({ id: job.id, data: { ...data, dt: Float64Array.from(data.dt) } });
  Atomics.store(state, AHEAD_STATE, DONE);
  Atomics.notify(state, AHEAD_STATE);
});

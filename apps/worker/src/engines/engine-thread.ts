/**
 * Entry of an engine thread. It loads the engine modules once, says `ready`, then runs one job at a
 * time as the pool sends them, posting results back with the output buffers transferred.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { JobErrorCode, JobStage } from '@rigforge/contracts';
import { isEngineError, type EngineErrorCode } from '@rigforge/mesh';
import type { QueueName } from '@rigforge/queue';
import { helperThreadIdleMs, setHelperThreadIdleMs } from '@rigforge/rig';
import type { EngineInput } from './engine';
import { EngineRegistry, loadEngineModules } from './engine-registry';
import { register as registerBuiltins } from './builtin-engines';
import { ENGINE_THREAD_HELPER_IDLE_MS, warmUpEngine, type WarmUpSummary } from './warm-up';

export interface EngineThreadData {
  queue: QueueName;
  modules: string[];
  /** Warm-up runs of the engine before `ready` (WORKER_WARMUP_RUNS; 0: none). */
  warmUpRuns: number;
  /** The pool's size: the jobs this process runs at once (EngineRunOptions.jobsAtOnce). */
  jobsAtOnce: number;
}

export interface EngineThreadRequest {
  id: number;
  input: EngineInput;
}

export type EngineThreadMessage =
  /**
   * The thread loaded its engines and warmed up (`warmUp`: what the warm-up did, when it ran);
   * `helperThreadIdleMs`: how long its rig helper threads stay idle before ending (as read back in the thread).
   */
  | { kind: 'ready'; warmUp?: WarmUpSummary; helperThreadIdleMs: number }
  /** The job `id` entered an engine stage (sent as it happens, before its result). */
  | { kind: 'stage'; id: number; stage: JobStage }
  | { kind: 'result'; id: number; ok: true; files: { type: string; format: string; contentType: string; bytes: Uint8Array }[]; report: Record<string, unknown> }
  | { kind: 'result'; id: number; ok: false; engineError: true; code: EngineErrorCode; message: string }
  | { kind: 'result'; id: number; ok: false; engineError: false; code: Extract<JobErrorCode, 'engine_error'>; message: string };

async function startThread(): Promise<void> {
  const port = parentPort!;
  const data = workerData as EngineThreadData;
  const registry = new EngineRegistry();
  registerBuiltins(registry);
  await loadEngineModules(registry, data.modules);
  const engine = registry.get(data.queue);
  // Before the warm-up, which starts the helpers this period is given to.
  setHelperThreadIdleMs(ENGINE_THREAD_HELPER_IDLE_MS);

  port.on('message', async ({ id, input }: EngineThreadRequest) => {
    let message: EngineThreadMessage;
    let transfer: ArrayBuffer[] = [];
    try {
      if (!engine) throw new Error(`no engine for ${data.queue}`);
      // The params were parsed once, by the main thread of this process, from the job row; the
      // structured clone that carried them here keeps every value, so they are not parsed again.
      const onStage = (stage: JobStage) => port.postMessage({ kind: 'stage', id, stage } satisfies EngineThreadMessage);
      const result = await engine.run(input, { signal: new AbortController().signal, onStage, jobsAtOnce: data.jobsAtOnce });
      message = { kind: 'result', id, ok: true, files: result.files, report: result.report };
      transfer = [...new Set(result.files.map((f) => f.bytes.buffer as ArrayBuffer))];
    } catch (error) {
      message = isEngineError(error)
        ? { kind: 'result', id, ok: false, engineError: true, code: error.code, message: error.message }
        : { kind: 'result', id, ok: false, engineError: false, code: 'engine_error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(message, transfer);
  });
  // Warm-up before `ready`, not beside the first jobs: the thread runs one thing at a time, so a job
  // handed to it mid warm-up would wait for the warm-up anyway and then run cold code besides; and
  // on a worker's one or two cores a concurrent warm-up would only slow the other slots' jobs.
  // A replaced thread (after a timeout, cancel or crash) is a fresh V8 isolate and warms up again.
  const warmUp = engine && data.warmUpRuns > 0 ? await warmUpEngine(engine, data.queue, { runs: data.warmUpRuns, jobsAtOnce: data.jobsAtOnce }) : undefined;
  port.postMessage({ kind: 'ready', ...(warmUp ? { warmUp } : {}), helperThreadIdleMs: helperThreadIdleMs() } satisfies EngineThreadMessage);
}

void startThread();

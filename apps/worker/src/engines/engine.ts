/**
 * The one small interface between the worker and the engines. An engine gets the captured input
 * bytes and the job's parameters and returns files and a report; it knows nothing of queues,
 * storage or the database. Bad input is an `EngineError` (from @rigforge/mesh) with a code.
 */
export interface EngineInput {
  input: Uint8Array;
  params: Record<string, unknown>;
  /** Extra captured objects by name (e.g. `animation` → clip bytes). */
  attachments: Record<string, Uint8Array>;
}

export interface EngineOutputFile {
  /** `model` first, then `thumbnail`, then anything else. */
  type: string;
  format: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface EngineResult {
  files: EngineOutputFile[];
  report: Record<string, unknown>;
}

export interface Engine {
  name: string;
  /**
   * `thread`: CPU-bound, run in a worker thread so the event loop (and BullMQ's lock renewal)
   * keeps going and a runaway job can be terminated; `main`: I/O-bound (a remote engine).
   */
  runsIn: 'thread' | 'main';
  run(input: EngineInput, options: { signal: AbortSignal }): Promise<EngineResult>;
}

/**
 * The one small interface between the worker and the engines. An engine gets the captured input
 * bytes and the job's operation with its params (parsed by the operation's schema from
 * @rigforge/contracts) and returns files and a report; it knows nothing of queues, storage or the
 * database. Bad input is an `EngineError` (from @rigforge/mesh) with a code.
 */
import type { JobStage, TypedJobParams } from '@rigforge/contracts';

export interface EngineInput {
  input: Uint8Array;
  job: TypedJobParams;
  /** The bytes of the job's typed attachments (the params say which exist). */
  attachments: { animation?: Uint8Array };
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

export interface EngineRunOptions {
  signal: AbortSignal;
  /**
   * Called as the engine enters each of its operation's stages (in order; see @rigforge/vocabulary),
   * so the job shows its progress. Returns at once; an engine that never calls it is fine (the job
   * goes from 0 to 1).
   */
  onStage?: (stage: JobStage) => void;
  /**
   * How many jobs this process runs at once (the worker's `--concurrency`; default 1): a CPU-bound
   * engine that can use threads of its own takes its share of the cores (the rig's heat threads).
   */
  jobsAtOnce?: number;
}

export interface Engine {
  name: string;
  /**
   * `thread`: CPU-bound, run in a worker thread so the event loop (and BullMQ's lock renewal)
   * keeps going and a runaway job can be terminated; `main`: I/O-bound (a remote engine).
   */
  runsIn: 'thread' | 'main';
  run(input: EngineInput, options: EngineRunOptions): Promise<EngineResult>;
}

/**
 * Engine threads for CPU-bound engines: one per concurrency slot, started once (loading engine code
 * takes seconds), reused job after job. A job past its deadline, or a thread that dies, costs only
 * that thread: it is terminated and replaced, and the worker's event loop (and BullMQ's lock
 * renewal) never stops. The slots, spawning and replacement are @rigforge/server's ThreadSlots,
 * shared with the API's upload-check threads; this file keeps what an engine's ends mean.
 */
import path from 'node:path';
import { EngineError } from '@rigforge/mesh';
import type { JobStage } from '@rigforge/contracts';
import type { QueueName } from '@rigforge/queue';
import { ThreadSlots } from '@rigforge/server';
import type { EngineInput, EngineResult } from './engine';
import type { EngineThreadData, EngineThreadMessage, EngineThreadRequest } from './engine-thread';
import type { WarmUpSummary } from './warm-up';

/** The engine ran past its deadline; its thread was terminated. */
export class EngineTimeoutError extends Error {
  override readonly name = 'EngineTimeoutError';
}

/** The job was canceled while its engine ran; its thread was terminated. */
export class EngineCanceledError extends Error {
  override readonly name = 'EngineCanceledError';
}

/** The engine crashed (a bug or an exhausted thread, not bad input): worth a retry. */
export class EngineCrashError extends Error {
  override readonly name = 'EngineCrashError';
}

export interface EnginePoolOptions {
  queue: QueueName;
  modules: string[];
  size: number;
  /** Heap limit of one engine thread; the 2M-triangle cap needs a few GB at most. */
  maxHeapMb?: number;
  /** Warm-up runs of its engine each thread makes before it is ready (src/engines/warm-up.ts); default 0. */
  warmUpRuns?: number;
  /**
   * Told what each thread's warm-up did, as the thread becomes ready, and how long its rig helper
   * threads (which the warm-up started) stay idle before ending (the worker logs both).
   */
  onWarmUp?: (summary: WarmUpSummary, helperThreadIdleMs: number) => void;
}

const THREAD_ENTRY = path.join(__dirname, 'engine-thread.ts');

/** The thread's messages are its own module's type; only the kind and id are read to route them. */
function isThreadMessage(raw: unknown): raw is EngineThreadMessage {
  return typeof raw === 'object' && raw !== null && 'kind' in raw;
}

export class EnginePool {
  private readonly threads: ThreadSlots;
  private nextId = 1;

  constructor(options: EnginePoolOptions) {
    const data: EngineThreadData = { queue: options.queue, modules: options.modules, warmUpRuns: options.warmUpRuns ?? 0, jobsAtOnce: Math.max(1, options.size) };
    this.threads = new ThreadSlots({
      entry: THREAD_ENTRY,
      size: options.size,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 8192 },
      workerData: data,
      isReady: (raw) => isThreadMessage(raw) && raw.kind === 'ready',
      onReady: (raw) => {
        if (isThreadMessage(raw) && raw.kind === 'ready' && raw.warmUp) options.onWarmUp?.(raw.warmUp, raw.helperThreadIdleMs);
      },
      what: 'engine thread',
    });
  }

  /** Resolves when every thread has loaded its engines. */
  async ready(): Promise<void> {
    await this.threads.ready();
  }

  /**
   * Runs one job in a free thread. Past `timeoutMs`, or when `signal` aborts (the job was
   * canceled), the thread is terminated and replaced: only that stops a CPU-bound engine.
   */
  async run(
    input: EngineInput,
    timeoutMs: number,
    engineName: string,
    signal?: AbortSignal,
    onStage?: (stage: JobStage) => void,
  ): Promise<EngineResult> {
    if (signal?.aborted) throw new EngineCanceledError(`${engineName}: the job was canceled`);
    const slot = this.threads.take();
    if (!slot) throw new EngineCrashError('engine pool: no free thread (concurrency exceeds pool size)');
    const id = this.nextId++;
    let end;
    try {
      end = await this.threads.exchange(slot, {
        message: { id, input } satisfies EngineThreadRequest,
        match: (raw) => (isThreadMessage(raw) && raw.kind === 'result' && raw.id === id ? raw : undefined),
        timeoutMs,
        ...(signal ? { signal } : {}),
        onMessage: (raw) => {
          if (onStage && isThreadMessage(raw) && raw.kind === 'stage' && raw.id === id) onStage(raw.stage);
        },
      });
    } catch (error) {
      throw new EngineCrashError(error instanceof Error ? error.message : String(error));
    }
    switch (end.kind) {
      case 'reply': {
        const message = end.reply;
        if (message.ok) return { files: message.files, report: message.report };
        if (message.engineError) throw new EngineError(message.code, message.message);
        throw new EngineCrashError(message.message);
      }
      case 'timeout':
        throw new EngineTimeoutError(`${engineName}: no result before the job's deadline`);
      case 'aborted':
        throw new EngineCanceledError(`${engineName}: the job was canceled`);
      case 'died':
        throw new EngineCrashError(`${engineName}: ${end.reason}`);
    }
  }

  async close(): Promise<void> {
    await this.threads.close();
  }
}

/**
 * Engine threads for CPU-bound engines: one per concurrency slot, started once (loading engine code
 * takes seconds), reused job after job. A job past its deadline, or a thread that dies, costs only
 * that thread: it is terminated and replaced, and the worker's event loop (and BullMQ's lock
 * renewal) never stops.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { EngineError } from '@rigforge/mesh';
import type { QueueName } from '@rigforge/queue';
import type { EngineInput, EngineResult } from './engine';
import type { EngineThreadData, EngineThreadMessage, EngineThreadRequest } from './engine-thread';

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
}

const THREAD_ENTRY = path.join(__dirname, 'engine-thread.ts');
/**
 * Threads do not inherit the main thread's TypeScript loader hooks, so each one registers tsx's
 * CommonJS hook itself before loading the TypeScript entry.
 */
const THREAD_BOOTSTRAP = `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(THREAD_ENTRY)});`;

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

export class EnginePool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EnginePoolOptions) {
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn());
  }

  /** Resolves when every thread has loaded its engines. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private spawn(): Slot {
    const data: EngineThreadData = { queue: this.options.queue, modules: this.options.modules };
    const worker = new Worker(THREAD_BOOTSTRAP, {
      eval: true,
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 8192 },
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: EngineThreadMessage) => {
        if (message.kind === 'ready') {
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new EngineCrashError(`engine thread exited with code ${code} while starting`)));
    });
    ready.catch(() => undefined);
    return { worker, ready, busy: false };
  }

  private replace(slot: Slot): void {
    void slot.worker.terminate();
    const index = this.slots.indexOf(slot);
    if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
  }

  /**
   * Runs one job in a free thread. Past `timeoutMs`, or when `signal` aborts (the job was
   * canceled), the thread is terminated and replaced: only that stops a CPU-bound engine.
   */
  async run(input: EngineInput, timeoutMs: number, engineName: string, signal?: AbortSignal): Promise<EngineResult> {
    if (signal?.aborted) throw new EngineCanceledError(`${engineName}: the job was canceled`);
    const slot = this.slots.find((s) => !s.busy);
    if (!slot) throw new EngineCrashError('engine pool: no free thread (concurrency exceeds pool size)');
    slot.busy = true;
    try {
      await slot.ready;
    } catch (error) {
      slot.busy = false;
      this.replace(slot);
      throw new EngineCrashError(`engine thread failed to start: ${error instanceof Error ? error.message : String(error)}`);
    }
    const id = this.nextId++;
    const { worker } = slot;
    return new Promise<EngineResult>((resolve, reject) => {
      let settled = false;
      const finish = (healthy: boolean, fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        slot.busy = false;
        if (!healthy) this.replace(slot);
        fn();
      };
      const onMessage = (message: EngineThreadMessage) => {
        if (message.kind !== 'result' || message.id !== id) return;
        finish(true, () => {
          if (message.ok) resolve({ files: message.files, report: message.report });
          else if (message.engineError) reject(new EngineError(message.code, message.message));
          else reject(new EngineCrashError(message.message));
        });
      };
      const onError = (error: Error) => finish(false, () => reject(new EngineCrashError(`${engineName}: ${error.message}`)));
      const onExit = (code: number) => finish(false, () => reject(new EngineCrashError(`${engineName}: engine thread exited with code ${code}`)));
      const timer = setTimeout(
        () => finish(false, () => reject(new EngineTimeoutError(`${engineName}: no result before the job's deadline`))),
        timeoutMs,
      );
      const onAbort = () => finish(false, () => reject(new EngineCanceledError(`${engineName}: the job was canceled`)));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, input } satisfies EngineThreadRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

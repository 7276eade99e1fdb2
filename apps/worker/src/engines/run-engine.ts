import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { EngineError, isEngineError } from '@rigforge/mesh';
import type { QueueName } from '@rigforge/queue';
import type { Engine, EngineInput, EngineResult } from './engine';
import type { EngineThreadData, EngineThreadMessage } from './engine-thread';

/** The engine ran past its deadline; the thread was terminated. */
export class EngineTimeoutError extends Error {
  override readonly name = 'EngineTimeoutError';
}

/** The engine crashed (a bug, not bad input): worth a retry. */
export class EngineCrashError extends Error {
  override readonly name = 'EngineCrashError';
}

export interface RunEngineOptions {
  queue: QueueName;
  modules: string[];
  timeoutMs: number;
}

const THREAD_ENTRY = path.join(__dirname, 'engine-thread.ts');

/**
 * Runs an engine under a deadline. Thread engines run in a fresh worker thread per job (a crash or
 * a runaway loop costs only that thread, and terminate() really stops it); main-thread engines get
 * an AbortSignal. Resolves with the result or rejects with EngineError, EngineTimeoutError or
 * EngineCrashError.
 */
export async function runEngine(engine: Engine, input: EngineInput, options: RunEngineOptions): Promise<EngineResult> {
  if (engine.runsIn === 'main') {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      return await Promise.race([
        engine.run(input, { signal: controller.signal }),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () =>
            reject(new EngineTimeoutError(`${engine.name}: no result within ${Math.round(options.timeoutMs / 1000)} s`)),
          ),
        ),
      ]);
    } catch (error) {
      if (isEngineError(error) || error instanceof EngineTimeoutError) throw error;
      throw new EngineCrashError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  const data: EngineThreadData = { queue: options.queue, modules: options.modules, input };
  const worker = new Worker(THREAD_ENTRY, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: 8192 } });
  return new Promise<EngineResult>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new EngineTimeoutError(`${engine.name}: no result within ${Math.round(options.timeoutMs / 1000)} s`)),
        ),
      options.timeoutMs,
    );
    worker.on('message', (message: EngineThreadMessage) => {
      finish(() => {
        if (message.ok) resolve({ files: message.files, report: message.report });
        else if (message.engineError) reject(new EngineError(message.code as EngineError['code'], message.message));
        else reject(new EngineCrashError(message.message));
      });
    });
    worker.on('error', (error) => finish(() => reject(new EngineCrashError(error.message))));
    worker.on('exit', (code) =>
      finish(() => reject(new EngineCrashError(`${engine.name}: engine thread exited with code ${code}`))),
    );
  });
}

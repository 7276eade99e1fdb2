/** Runs an engine in a thread or in the main loop by what it declares, so the processor does not care which. */
import { isEngineError } from '@rigforge/mesh';
import type { JobStage } from '@rigforge/contracts';
import type { Engine, EngineInput, EngineResult } from './engine';
import { EngineCanceledError, EngineCrashError, EngineTimeoutError, type EnginePool } from './engine-pool';

export { EngineCanceledError, EngineCrashError, EngineTimeoutError } from './engine-pool';

/**
 * Runs an engine under a deadline: thread engines in the pool, main-thread (I/O-bound) engines
 * here with an AbortSignal. Rejects with EngineError (bad input), EngineTimeoutError,
 * EngineCanceledError (`options.signal` aborted: the job was canceled) or EngineCrashError (worth a
 * retry).
 */
export async function runEngine(
  engine: Engine,
  input: EngineInput,
  options: { pool: EnginePool | null; timeoutMs: number; signal?: AbortSignal; onStage?: (stage: JobStage) => void },
): Promise<EngineResult> {
  if (engine.runsIn === 'thread') {
    if (!options.pool) throw new EngineCrashError(`${engine.name}: no engine threads in this worker`);
    return options.pool.run(input, options.timeoutMs, engine.name, options.signal, options.onStage);
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onCancel: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new EngineTimeoutError(`${engine.name}: no result before the job's deadline`));
    }, options.timeoutMs);
    onCancel = () => {
      controller.abort();
      reject(new EngineCanceledError(`${engine.name}: the job was canceled`));
    };
    if (options.signal?.aborted) onCancel();
    else options.signal?.addEventListener('abort', onCancel, { once: true });
  });
  try {
    const onStage = options.onStage;
    return await Promise.race([engine.run(input, { signal: controller.signal, ...(onStage ? { onStage } : {}) }), deadline]);
  } catch (error) {
    if (isEngineError(error) || error instanceof EngineTimeoutError || error instanceof EngineCanceledError) throw error;
    throw new EngineCrashError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    if (onCancel) options.signal?.removeEventListener('abort', onCancel);
  }
}

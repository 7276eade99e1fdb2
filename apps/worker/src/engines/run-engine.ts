import { isEngineError } from '@rigforge/mesh';
import type { Engine, EngineInput, EngineResult } from './engine';
import { EngineCrashError, EngineTimeoutError, type EnginePool } from './engine-pool';

export { EngineCrashError, EngineTimeoutError } from './engine-pool';

/**
 * Runs an engine under a deadline: thread engines in the pool, main-thread (I/O-bound) engines
 * here with an AbortSignal. Rejects with EngineError (bad input), EngineTimeoutError or
 * EngineCrashError (worth a retry).
 */
export async function runEngine(
  engine: Engine,
  input: EngineInput,
  options: { pool: EnginePool | null; timeoutMs: number },
): Promise<EngineResult> {
  if (engine.runsIn === 'thread') {
    if (!options.pool) throw new EngineCrashError(`${engine.name}: no engine threads in this worker`);
    return options.pool.run(input, options.timeoutMs, engine.name);
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new EngineTimeoutError(`${engine.name}: no result before the job's deadline`));
    }, options.timeoutMs);
  });
  try {
    return await Promise.race([engine.run(input, { signal: controller.signal }), deadline]);
  } catch (error) {
    if (isEngineError(error) || error instanceof EngineTimeoutError) throw error;
    throw new EngineCrashError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The schedule the storage sweeps share (orphan inputs, expired uploads), written once. */

/**
 * Runs `sweep` every `intervalMs` (0 disables), one at a time, the first time after a random share
 * of the interval so a fleet of workers started together does not list the bucket together; a
 * failed sweep is logged and tried again next interval. The returned function stops and awaits
 * the sweep in flight. Every worker runs the sweeps: they must be idempotent.
 */
export function startPeriodicSweep(
  name: string,
  intervalMs: number,
  sweep: () => Promise<unknown>,
  log: (message: string, error?: unknown) => void,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep()
        .catch((error: unknown) => log(`${name}: sweep failed; trying again next interval`, error))
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(Math.random() * intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

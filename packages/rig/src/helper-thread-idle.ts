/**
 * How long the rig's helper threads wait for work before ending themselves: heat's solve threads
 * (skinning/heat-thread.cjs) and the fit's analysis thread (fit/fit-analysis-thread.ts). Each is
 * handed the period when it starts (its `workerData.idleMs`) and restarts its timer at every job;
 * the caller starts another when next needed. The one place the period is kept.
 *
 * The default suits scripts and tests: a process that rigs once, or a test runner loading the engine
 * afresh per test file (jest gives each file its own module registry, so each file's first threaded
 * rig starts its own helpers), is not left holding threads for long. A long-lived host whose helpers
 * were warmed up on purpose (the worker's engine threads, apps/worker engines/engine-thread.ts) sets
 * a longer period, so a job after a quiet minute does not pay their start and tier-up again.
 */

/** The idle period of helpers started while nothing else was set: a minute. */
export const HELPER_THREAD_IDLE_MS_DEFAULT = 60_000;

/** The longest period a timer can wait (setTimeout's 32-bit limit, ~24.8 days). */
const LONGEST_MS = 2 ** 31 - 1;

let idleMs = HELPER_THREAD_IDLE_MS_DEFAULT;

/**
 * Sets the idle period of the helper threads started from now on in this thread (module state: per
 * engine thread in the worker). Helpers already running keep the period they were started with, so
 * a host sets it before its first rig (the worker: before its warm-up).
 */
export function setHelperThreadIdleMs(ms: number): void {
  if (!Number.isInteger(ms) || ms <= 0 || ms > LONGEST_MS) throw new RangeError(`helper thread idle period must be an integer from 1 to ${LONGEST_MS} ms, got ${ms}`);
  idleMs = ms;
}

/** The idle period a helper started now is given. */
export function helperThreadIdleMs(): number {
  return idleMs;
}

/**
 * How often to poll a job, from the contract (GET /v1/jobs/{id}): 5 s for a Fast rig, 15 to 20 s
 * for a Pro rig or a generation; and the recommended client deadline for a rig job, 300 s.
 */
import type { JobOperation, RigEngine } from '@rigforge/contracts/wire';

export const FAST_RIG_POLL_MS = 5_000;
export const SLOW_JOB_POLL_MS = 15_000;
export const JOB_DEADLINE_MS = 300_000;

/** The polling interval for a job; a rig of unknown engine is polled as a Fast rig (the default engine). */
export function pollIntervalMs(operation: JobOperation, engine?: RigEngine): number {
  return operation === 'rig' && engine !== 'pro' ? FAST_RIG_POLL_MS : SLOW_JOB_POLL_MS;
}

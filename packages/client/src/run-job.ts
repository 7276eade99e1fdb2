/**
 * `run()`: one call for submit, wait and (optionally) download, as `replicate.run` and fal's
 * `subscribe` are. A job that ends failed throws `JobFailedError` carrying the job.
 */
import type { JobObject, RigEngine } from '@rigforge/contracts/wire';
import { JobFailedError } from './client-error';
import { downloadFile } from './files';
import type { CreateModelInput, CreateOptions, CreateRigInput, RigforgeClient } from './rigforge-client';
import { waitForJob, type WaitForJobOptions } from './wait-for-job';

export type RunInput = { rig: CreateRigInput } | { model: CreateModelInput };

export interface RunOptions extends CreateOptions, Omit<WaitForJobOptions, 'engine' | 'signal'> {
  /** Where to write the output model; nothing is downloaded without it. */
  out?: string;
}

export interface RunResult {
  job: JobObject;
  /** Bytes written to `out`, when given. */
  bytes?: number;
}

export async function run(client: RigforgeClient, input: RunInput, options: RunOptions = {}): Promise<RunResult> {
  const { out, deadlineMs, intervalMs, stream, onPoll, onProgress, sleep, ...create } = options;
  let queued: JobObject;
  let engine: RigEngine | undefined;
  if ('rig' in input) {
    const rig = await client.createRig(input.rig, create);
    queued = rig;
    engine = rig.engine;
  } else {
    queued = await client.createModel(input.model, create);
  }
  const job = await waitForJob(client, queued.id, { engine, deadlineMs, intervalMs, stream, onPoll, onProgress, sleep, signal: options.signal });
  if (job.status === 'failed') throw new JobFailedError(job);
  if (!out || !job.output) return { job };
  return { job, bytes: await downloadFile(job.output.model_url, out, { signal: options.signal }) };
}

/**
 * Waits for a job with a spinner on stderr showing its status and the time waited (ora; silent
 * with --json or when stderr is not a terminal, so scripts get clean output), then downloads its
 * output when asked. A failed job becomes a `job_failed` CliError carrying the job.
 */
import { downloadFile, waitForJob } from '@rigforge/client';
import type { JobObject, RigEngine } from '@rigforge/contracts';
import ora from 'ora';
import { CliError } from './cli-error';
import type { CliContext } from './context';

export interface WaitOptions {
  engine?: RigEngine;
  /** Where to write the output model; nothing is downloaded without it. */
  out?: string;
}

export async function waitWithProgress(ctx: CliContext, queued: { id: string }, options: WaitOptions): Promise<JobObject> {
  const spinner = ora({ text: `job ${queued.id}: queued`, stream: ctx.err, isSilent: ctx.json }).start();
  let job: JobObject;
  try {
    job = await waitForJob(ctx.client, queued.id, {
      engine: options.engine,
      onPoll: (polled, elapsedMs) => {
        spinner.text = `job ${polled.id}: ${polled.status} (${Math.round(elapsedMs / 1000)} s)`;
      },
    });
  } catch (error) {
    spinner.fail(`job ${queued.id}: stopped waiting`);
    throw error;
  }
  if (job.status === 'failed') {
    spinner.fail(`job ${job.id}: failed`);
    throw new CliError('job_failed', `job ${job.id} failed: ${job.error?.code ?? 'unknown'}: ${job.error?.message ?? ''}`, job);
  }
  if (options.out && job.output) {
    spinner.text = `job ${job.id}: downloading to ${options.out}`;
    try {
      const bytes = await downloadFile(job.output.model_url, options.out);
      spinner.succeed(`job ${job.id}: succeeded; wrote ${options.out} (${bytes} bytes)`);
    } catch (error) {
      spinner.fail(`job ${job.id}: succeeded, but the download failed`);
      throw error;
    }
  } else {
    spinner.succeed(`job ${job.id}: succeeded`);
  }
  return job;
}

/**
 * Waits for a job with a spinner on stderr showing its status, the engine stage and progress as
 * they move (a bar), and the time waited (ora; silent
 * with --json or when stderr is not a terminal, so scripts get clean output), then downloads its
 * output when asked. A failed job becomes a `job_failed` CliError carrying the job.
 */
import { downloadFile, waitForJob } from '@rigforge/client';
import type { JobObject, RigEngine } from '@rigforge/contracts';
import ora from 'ora';
import { CliError } from './cli-error';
import type { CliContext } from './context';
import { progressLine, type ProgressLineState } from './progress-line';
import { isUnsizedTerminal } from './terminal';

export interface WaitOptions {
  engine?: RigEngine;
  /** Where to write the output model; nothing is downloaded without it. */
  out?: string;
}

export async function waitWithProgress(ctx: CliContext, queued: { id: string }, options: WaitOptions): Promise<JobObject> {
  // ora's ✔/✖ are coloured whenever TERM allows, even into a pipe or a log file: those get the
  // same symbols without escape codes.
  const plain = !(ctx.err as { isTTY?: boolean }).isTTY || isUnsizedTerminal(ctx.err);
  const spinner = ora({
    text: `job ${queued.id}: queued`,
    stream: ctx.err,
    isSilent: ctx.json,
    // Otherwise ora decides (a TTY, not CI, not TERM=dumb).
    ...(isUnsizedTerminal(ctx.err) ? { isEnabled: false } : {}),
  }).start();
  const succeed = (text: string) => (plain ? spinner.stopAndPersist({ symbol: '✔', text }) : spinner.succeed(text));
  const fail = (text: string) => (plain ? spinner.stopAndPersist({ symbol: '✖', text }) : spinner.fail(text));
  // The time waited ticks every second, so a live terminal never looks stuck; the status, stage
  // and progress change as the job's events (or polls) tell them.
  const started = Date.now();
  let state: ProgressLineState = { status: 'queued', progress: 0 };
  const render = () => {
    spinner.text = progressLine(queued.id, state, Date.now() - started);
  };
  const ticker = spinner.isSpinning ? setInterval(render, 1000) : undefined;
  let job: JobObject;
  try {
    job = await waitForJob(ctx.client, queued.id, {
      engine: options.engine,
      onProgress: (moved) => {
        state = moved;
        render();
      },
    });
  } catch (error) {
    fail(`job ${queued.id}: stopped waiting`);
    throw error;
  } finally {
    clearInterval(ticker);
  }
  if (job.status === 'failed') {
    fail(`job ${job.id}: failed`);
    throw new CliError('job_failed', `job ${job.id} failed: ${job.error?.code ?? 'unknown'}: ${job.error?.message ?? ''}`, job);
  }
  if (options.out && job.output) {
    spinner.text = `job ${job.id}: downloading to ${options.out}`;
    try {
      const bytes = await downloadFile(job.output.model_url, options.out);
      succeed(`job ${job.id}: succeeded; wrote ${options.out} (${bytes} bytes)`);
    } catch (error) {
      fail(`job ${job.id}: succeeded, but the download failed`);
      throw error;
    }
  } else {
    succeed(`job ${job.id}: succeeded`);
  }
  return job;
}

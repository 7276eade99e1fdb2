/**
 * What the two submitting commands share (`rigforge rig`, `rigforge generate`): the flags every
 * submission takes, and what happens once the job is queued.
 */
import type { JobObject, RigEngine } from '@rigforge/contracts';
import type { Command } from 'commander';
import type { CliContext } from './context';
import { printJob } from './print';
import { waitWithProgress } from './wait-with-progress';

export interface SubmissionOptions {
  wait: boolean;
  idempotencyKey?: string;
  webhookUrl?: string;
}

/** Adds `--idempotency-key`, `--webhook-url` and `--no-wait` to a submitting command. */
export function addSubmissionOptions(command: Command): Command {
  return command
    .option('--idempotency-key <key>', 'make a retry of this exact command safe: the same key answers the first job (default: a fresh one per run)')
    .option('--webhook-url <url>', 'POST the job to this URL when it ends (signed, Standard Webhooks)')
    .option('--no-wait', 'print the queued job and return without waiting');
}

/**
 * With --no-wait prints the queued job; otherwise waits for it (a rig by its engine), downloads
 * its output to `out` and prints the finished job.
 */
export async function finishSubmission(ctx: CliContext, queued: JobObject, options: SubmissionOptions, out: string, engine?: RigEngine): Promise<void> {
  if (!options.wait) return printJob(ctx, queued);
  printJob(ctx, await waitWithProgress(ctx, queued, { engine, out }));
}

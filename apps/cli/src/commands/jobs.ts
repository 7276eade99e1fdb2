/** `rigforge jobs list|get|wait|cancel`: GET /v1/jobs, GET /v1/jobs/{id}, POST /v1/jobs/{id}/cancel. */
import { JOB_LIST_DEFAULT_LIMIT, JOB_LIST_MAX_LIMIT, JOB_OPERATIONS, JOB_STATUSES, type JobObject } from '@rigforge/contracts';
import { Command, Option } from 'commander';
import { commandContext, type CliContext } from '../context';
import { intArg } from '../parse-args';
import { printJob, printJobList } from '../print';
import { waitWithProgress } from '../wait-with-progress';

interface ListOptions {
  operation?: (typeof JOB_OPERATIONS)[number];
  status?: (typeof JOB_STATUSES)[number];
  limit?: number;
  offset?: number;
}

export function jobsCommand(): Command {
  const jobs = new Command('jobs').description('your jobs');
  /** `jobs <name> <id>`: one request on a job by id, printing the job it answers. */
  const byId = (name: string, description: string, request: (ctx: CliContext, id: string) => Promise<JobObject>) =>
    jobs
      .command(name)
      .description(description)
      .argument('<id>', 'job id')
      .action(async (id: string, _options: unknown, command: Command) => {
        const ctx = commandContext(command);
        printJob(ctx, await request(ctx, id));
      });
  jobs
    .command('list')
    .description('your jobs, newest first')
    .addOption(new Option('--operation <operation>').choices(JOB_OPERATIONS))
    .addOption(new Option('--status <status>').choices(JOB_STATUSES))
    .option('--limit <n>', `1–${JOB_LIST_MAX_LIMIT} (API default ${JOB_LIST_DEFAULT_LIMIT})`, intArg)
    .option('--offset <n>', 'skip this many jobs', intArg)
    .action(async (options: ListOptions, command: Command) => {
      const ctx = commandContext(command);
      printJobList(ctx, await ctx.client.listJobs(options));
    });
  byId('get', 'one job, in any status', (ctx, id) => ctx.client.getJob(id));
  jobs
    .command('wait')
    .description('wait for a job to finish (following it live, up to 300 s)')
    .argument('<id>', 'job id')
    .option('-o, --out <file>', 'download the output model here when it succeeds')
    .action(async (id: string, options: { out?: string }, command: Command) => {
      const ctx = commandContext(command);
      printJob(ctx, await waitWithProgress(ctx, { id }, { out: options.out }));
    });
  byId('cancel', 'cancel a queued or processing job (it fails with code canceled and is refunded)', (ctx, id) => ctx.client.cancelJob(id));
  return jobs;
}

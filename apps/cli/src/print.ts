/**
 * Results on stdout: the API's own JSON with --json (one document, for scripts), else short lines
 * for people.
 */
import type { AssetCategories, AssetList, JobList, JobObject } from '@rigforge/contracts';
import type { CliContext } from './context';

type JobLike = Pick<JobObject, 'id' | 'operation' | 'status' | 'created_at'> & Partial<Pick<JobObject, 'output' | 'error'>>;

function jobLine(job: JobLike): string {
  const detail = job.status === 'failed' ? `${job.error?.code ?? ''}` : (job.output?.model_url ?? '');
  return [job.id, job.operation, job.status, job.created_at, detail].join('  ').trimEnd();
}

/** A job (queued or finished); `out` is the file the output was downloaded to. */
export function printJob(ctx: CliContext, job: JobLike, out?: string): void {
  if (ctx.json) return ctx.out(JSON.stringify(job, null, 2));
  ctx.out(jobLine(job));
  if (out && job.status === 'succeeded') ctx.out(`saved ${out}`);
}

export function printJobList(ctx: CliContext, list: JobList): void {
  if (ctx.json) return ctx.out(JSON.stringify(list, null, 2));
  for (const job of list.jobs) ctx.out(jobLine(job));
  ctx.out(`${list.jobs.length} of ${list.total} jobs`);
}

export function printAssetList(ctx: CliContext, list: AssetList): void {
  if (ctx.json) return ctx.out(JSON.stringify(list, null, 2));
  for (const a of list.assets) ctx.out([a.id, a.name, a.category, a.url].join('  '));
  ctx.out(`${list.assets.length} of ${list.total} assets (offset ${list.offset}), licence ${list.license}`);
}

export function printCategories(ctx: CliContext, categories: AssetCategories): void {
  if (ctx.json) return ctx.out(JSON.stringify(categories, null, 2));
  ctx.out(`categories: ${categories.categories.join(', ')}`);
  ctx.out(`packs: ${categories.packs.join(', ')}`);
  ctx.out(`${categories.total_assets} assets`);
}

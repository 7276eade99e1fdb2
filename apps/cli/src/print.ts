/**
 * Results on stdout: the API's own JSON with --json (one document, for scripts), else short lines
 * for people.
 */
import type { AccountObject, AssetCategories, AssetList, CheckRigResponse, JobList, JobObject } from '@rigforge/contracts';
import type { CliContext } from './context';

type JobLike = Pick<JobObject, 'id' | 'operation' | 'status' | 'created_at'> &
  Partial<Pick<JobObject, 'output' | 'error' | 'rig_type_chosen' | 'rig_type_confidence' | 'warnings' | 'progress' | 'stage'>>;

/** The last column: the output (succeeded), the error code and the stage it failed in (failed), the stage and share (processing). */
function jobDetail(job: JobLike): string {
  if (job.status === 'failed') return `${job.error?.code ?? ''}${job.stage ? ` (in ${job.stage})` : ''}`;
  if (job.status === 'processing') return `${job.stage ? `${job.stage} ` : ''}${Math.round((job.progress ?? 0) * 100)}%`;
  return job.output?.model_url ?? '';
}

function jobLine(job: JobLike): string {
  const detail = jobDetail(job);
  return [job.id, job.operation, job.status, job.created_at, detail].join('  ').trimEnd();
}

/** A job (queued or finished); where its output was written is said once, on the progress line. */
export function printJob(ctx: CliContext, job: JobLike): void {
  if (ctx.json) return ctx.out(JSON.stringify(job, null, 2));
  ctx.out(jobLine(job));
  if (job.rig_type_chosen) ctx.out(`body plan: ${job.rig_type_chosen} (chosen automatically, confidence ${job.rig_type_confidence?.toFixed(2) ?? '?'})`);
  for (const w of job.warnings ?? []) ctx.out(`warning: ${w}`);
}

/** GET /v1/account for people: plan, balance, rate limit, this month's usage. */
export function printAccount(ctx: CliContext, account: AccountObject): void {
  if (ctx.json) return ctx.out(JSON.stringify(account, null, 2));
  ctx.out(`${account.name} (${account.id}): plan ${account.plan}, subscription ${account.subscription_active ? 'active' : 'inactive'}`);
  ctx.out(`credits: ${account.credit_balance}`);
  ctx.out(`rate limit: ${account.rate_limit.remaining} of ${account.rate_limit.limit} left this minute`);
  const u = account.usage;
  ctx.out(`this month (from ${u.period_start.slice(0, 10)}): ${Object.entries(u.jobs).map(([op, n]) => `${n} ${op}`).join(', ')}; ${u.credits_spent} credits spent (${u.credits_reserved} reserved, ${u.credits_refunded} refunded)`);
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

/** The pre-rig check: the verdict, the mesh, the orientation and the body plans by confidence. */
export function printCheck(ctx: Pick<CliContext, 'json' | 'out'>, check: CheckRigResponse): void {
  if (ctx.json) return ctx.out(JSON.stringify(check, null, 2));
  ctx.out(check.riggable ? 'riggable' : `not riggable: ${check.problems.map((p) => `${p.code} (${p.message})`).join('; ')}`);
  ctx.out(`${check.input_format}, ${check.triangles} triangles, ${check.parts} part(s), ${check.watertight ? 'watertight' : 'not watertight'}`);
  ctx.out(`up ${check.up_axis}, facing ${check.facing}: rig with --up-axis ${check.up_axis} --rotation-y ${check.rotation_y}`);
  // The rig rolls such a mesh itself before standing it up; up and facing above are of the rolled mesh.
  if (check.roll) ctx.out(`rolled ${check.roll.degrees}° about ${check.roll.axis} first (the rig does this by default)`);
  const plans = Object.entries(check.rig_type_scores).sort((a, b) => b[1] - a[1]);
  ctx.out(`body plan: ${check.recommended_rig_type} (${plans.map(([p, s]) => `${p} ${s.toFixed(2)}`).join(', ')})`);
  for (const w of check.warnings) ctx.out(`warning: ${w}`);
}

/**
 * Job rows and the credit movements tied to them. Every status change is one conditional
 * statement, so retries and duplicate deliveries can neither move a job backwards nor charge or
 * refund twice (the ledger's unique (job_id, reason) is the second line of defence).
 */
import type { Db } from '../client';
import type { Job, JobOperation, JobStatus, Prisma } from '../generated/prisma/client';

export type JobRow = Job;

export interface ReserveJobInput {
  id: string;
  accountId: string;
  operation: JobOperation;
  queue: string;
  engine: string;
  params: Record<string, unknown>;
  inputKey: string;
  credits: number;
  /** The plan the operation needs beyond an active subscription (the pro engine needs `pro`). */
  requiresPro: boolean;
}

export type ReserveJobResult =
  | { outcome: 'created'; createdAt: Date }
  | { outcome: 'account_missing' | 'subscription_required' | 'plan_required' | 'insufficient_credits' };

/**
 * Checks subscription, plan and balance, debits the credits, inserts the job and its ledger row,
 * all in one statement (one round trip). The row lock taken by the UPDATE serialises concurrent
 * reservations of one account, and Postgres re-checks the balance condition after the lock.
 */
export async function reserveJob(db: Db, input: ReserveJobInput): Promise<ReserveJobResult> {
  const params = JSON.stringify(input.params);
  const rows = await db.$queryRaw<
    {
      plan: string;
      subscription_active: boolean;
      credit_balance: number;
      created_at: Date | null;
    }[]
  >`
    WITH acct AS (
      SELECT plan, subscription_active, credit_balance FROM accounts WHERE id = ${input.accountId}::uuid
    ), debit AS (
      UPDATE accounts SET credit_balance = credit_balance - ${input.credits}::int
      WHERE id = ${input.accountId}::uuid
        AND subscription_active AND plan <> 'none'
        AND (NOT ${input.requiresPro}::boolean OR plan = 'pro')
        AND credit_balance >= ${input.credits}::int
      RETURNING id
    ), job AS (
      INSERT INTO jobs (id, account_id, operation, status, queue, engine, params, input_key, credits_reserved)
      SELECT ${input.id}::uuid, id, ${input.operation}::"JobOperation", 'queued', ${input.queue},
             ${input.engine}, ${params}::jsonb, ${input.inputKey}, ${input.credits}::int
      FROM debit
      RETURNING created_at
    ), entry AS (
      INSERT INTO credit_ledger (account_id, delta, reason, job_id)
      SELECT id, -(${input.credits}::int), 'reserve', ${input.id}::uuid FROM debit
    )
    SELECT acct.plan::text AS plan, acct.subscription_active, acct.credit_balance, job.created_at
    FROM acct LEFT JOIN job ON true`;
  const row = rows[0];
  if (!row) return { outcome: 'account_missing' };
  if (row.created_at) return { outcome: 'created', createdAt: row.created_at };
  if (!row.subscription_active || row.plan === 'none') return { outcome: 'subscription_required' };
  if (input.requiresPro && row.plan !== 'pro') return { outcome: 'plan_required' };
  return { outcome: 'insufficient_credits' };
}

export async function findJob(db: Db, id: string, accountId?: string): Promise<JobRow | null> {
  return db.job.findFirst({ where: accountId ? { id, accountId } : { id } });
}

export interface ListJobsFilter {
  accountId: string;
  operation?: JobOperation;
  status?: JobStatus;
  limit: number;
  offset: number;
}

export async function listJobs(db: Db, filter: ListJobsFilter): Promise<{ total: number; jobs: JobRow[] }> {
  const where: Prisma.JobWhereInput = { accountId: filter.accountId };
  if (filter.operation) where.operation = filter.operation;
  if (filter.status) where.status = filter.status;
  const [total, jobs] = await Promise.all([
    db.job.count({ where }),
    db.job.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
      skip: filter.offset,
    }),
  ]);
  return { total, jobs };
}

/** queued → processing (or processing again on a retry). Returns null when the job is terminal. */
export async function markJobProcessing(db: Db, id: string): Promise<JobRow | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE jobs SET status = 'processing', started_at = COALESCE(started_at, now()), attempts = attempts + 1
    WHERE id = ${id}::uuid AND status IN ('queued', 'processing')
    RETURNING id`;
  return rows.length ? findJob(db, id) : null;
}

/** processing → succeeded. Returns false when the job was not processing (already terminal). */
export async function markJobSucceeded(
  db: Db,
  id: string,
  output: Record<string, unknown>,
  report: Record<string, unknown> | null,
): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE jobs SET status = 'succeeded', output = ${JSON.stringify(output)}::jsonb,
      report = ${report === null ? null : JSON.stringify(report)}::jsonb, completed_at = now()
    WHERE id = ${id}::uuid AND status = 'processing'`;
  return count === 1;
}

/**
 * queued|processing → failed, refunding the reserved credits in the same statement.
 * Returns false when the job was already terminal (nothing changes, nothing is refunded).
 */
export async function markJobFailed(
  db: Db,
  id: string,
  error: { code: string; message: string },
  report: Record<string, unknown> | null = null,
): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH failed AS (
      UPDATE jobs SET status = 'failed', error_code = ${error.code}, error_message = ${error.message},
        report = COALESCE(${report === null ? null : JSON.stringify(report)}::jsonb, report),
        completed_at = now()
      WHERE id = ${id}::uuid AND status IN ('queued', 'processing')
      RETURNING id, account_id, credits_reserved
    ), refund AS (
      INSERT INTO credit_ledger (account_id, delta, reason, job_id)
      SELECT account_id, credits_reserved, 'refund', id FROM failed WHERE credits_reserved > 0
      ON CONFLICT (job_id, reason) DO NOTHING
      RETURNING account_id, delta
    ), credited AS (
      UPDATE accounts a SET credit_balance = a.credit_balance + r.delta FROM refund r WHERE a.id = r.account_id
    )
    SELECT id FROM failed`;
  return rows.length === 1;
}

/** Jobs still `queued` after `olderThanMs`: candidates for re-enqueueing by the sweeper. */
export async function findStaleQueuedJobs(db: Db, queue: string, olderThanMs: number, limit = 100) {
  return db.job.findMany({
    where: { queue, status: 'queued', createdAt: { lt: new Date(Date.now() - olderThanMs) } },
    orderBy: { createdAt: 'asc' },
    take: limit,
    select: { id: true },
  });
}

/** Jobs `processing` since before `startedBeforeMs` ago: past their deadline. */
export async function findOverdueJobs(db: Db, queue: string, startedBeforeMs: number, limit = 100) {
  return db.job.findMany({
    where: { queue, status: 'processing', startedAt: { lt: new Date(Date.now() - startedBeforeMs) } },
    take: limit,
    select: { id: true },
  });
}

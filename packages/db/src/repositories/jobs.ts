/**
 * Job rows and the credit movements tied to them. Every status change is one conditional
 * statement, so retries and duplicate deliveries can neither move a job backwards nor charge or
 * refund twice (the ledger's unique (job_id, reason) is the second line of defence).
 */
import { hotPathPool, statementName, type Db } from '../client';
import type { JobFailure } from '@rigforge/contracts';
import type { Job, JobOperation, JobStatus, Prisma } from '../generated/prisma/client';
import { creditRefundedSql, refundedRow } from './credit-refunded-sql';

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
  /** An idempotency claim (see idempotency-keys.ts) to bind to this job in the same statement. */
  idempotency?: { key: string; claimId: string };
}

export type ReserveJobResult =
  | { outcome: 'created'; createdAt: Date }
  | { outcome: 'account_missing' | 'subscription_required' | 'plan_required' | 'insufficient_credits' }
  /** The idempotency claim was no longer this request's (its lease ran out and another took it). */
  | { outcome: 'claim_lost' };

/**
 * Checks subscription, plan and balance, debits the credits, inserts the job and its ledger row,
 * all in one statement (one round trip). The debit is `reserve_credits` (its migration): one of the
 * account's credit pockets when a large balance has them, so concurrent reservations of one account
 * do not all wait for one row's commit; else the accounts row, locked. Each row it debits is
 * checked after its lock and can't go below zero.
 */
export async function reserveJob(db: Db, input: ReserveJobInput): Promise<ReserveJobResult> {
  const row = (await runReserve(db, input, false)) ?? null;
  // 2: the account's pockets were all busy or short; again from its row, in a new transaction.
  const settled = row?.code === 2 ? await runReserve(db, input, true) : row;
  if (!settled) return { outcome: 'account_missing' };
  if (settled.created_at) return { outcome: 'created', createdAt: settled.created_at };
  if (input.idempotency && !settled.claim_held) return { outcome: 'claim_lost' };
  if (!settled.subscription_active || settled.plan === 'none') return { outcome: 'subscription_required' };
  if (input.requiresPro && settled.plan !== 'pro') return { outcome: 'plan_required' };
  return { outcome: 'insufficient_credits' };
}

async function runReserve(db: Db, input: ReserveJobInput, fromRow: boolean): Promise<ReserveRow | undefined> {
  const values = [
    input.accountId,
    input.credits,
    input.requiresPro,
    input.id,
    input.operation,
    input.queue,
    input.engine,
    JSON.stringify(input.params),
    input.inputKey,
    input.idempotency?.key ?? null,
    input.idempotency?.claimId ?? null,
    fromRow,
  ];
  const pool = hotPathPool(db);
  const rows = pool
    ? (await pool.query<ReserveRow>({ name: RESERVE_JOB_NAME, text: RESERVE_JOB_SQL, values })).rows
    : await db.$queryRawUnsafe<ReserveRow[]>(RESERVE_JOB_SQL, ...values);
  return rows[0];
}

interface ReserveRow {
  plan: string;
  subscription_active: boolean;
  credit_balance: number;
  created_at: Date | null;
  claim_held: boolean;
  /** reserve_credits' answer: 1 debited, 0 not covered (or not allowed), 2 retry from the row. */
  code: number;
}

// $1 account, $2 credits, $3 requires pro, $4 job id, $5 operation, $6 queue, $7 engine,
// $8 params (JSON text), $9 input key, $10 idempotency key or null, $11 its claim id or null,
// $12 debit from the accounts row rather than a pocket (reserve_credits' p_from_row).
// With a key, nothing is debited or inserted unless this request still holds the claim (locked
// here, so no one can take it over meanwhile), and the claim is bound to the job in this statement.
const RESERVE_JOB_SQL = `
    WITH held AS (
      SELECT 1 FROM idempotency_keys
      WHERE $10::text IS NOT NULL AND account_id = $1::uuid AND key = $10::text AND claim_id = $11::uuid AND job_id IS NULL
      FOR UPDATE
    ), acct AS (
      SELECT plan, subscription_active, credit_balance FROM accounts WHERE id = $1::uuid
    ), attempt AS MATERIALIZED (
      -- CASE, not AND: the debit runs only once the account may submit (AND has no order).
      SELECT id, CASE WHEN subscription_active AND plan <> 'none'
                   AND (NOT $3::boolean OR plan = 'pro')
                   AND ($10::text IS NULL OR EXISTS (SELECT 1 FROM held))
              THEN reserve_credits($1::uuid, $2::int, $12::boolean) ELSE 0 END AS code
      FROM accounts WHERE id = $1::uuid
    ), debit AS (
      SELECT id FROM attempt WHERE code = 1
    ), job AS (
      INSERT INTO jobs (id, account_id, operation, status, queue, engine, params, input_key, credits_reserved)
      SELECT $4::uuid, id, $5::"JobOperation", 'queued', $6::text, $7::text, $8::jsonb, $9::text, $2::int
      FROM debit
      RETURNING created_at
    ), entry AS (
      INSERT INTO credit_ledger (account_id, delta, reason, job_id)
      SELECT id, -($2::int), 'reserve', $4::uuid FROM debit
    ), bind AS (
      UPDATE idempotency_keys SET job_id = $4::uuid
      WHERE $10::text IS NOT NULL AND account_id = $1::uuid AND key = $10::text AND claim_id = $11::uuid
        AND EXISTS (SELECT 1 FROM job)
    )
    SELECT acct.plan::text AS plan, acct.subscription_active, acct.credit_balance, job.created_at,
      EXISTS (SELECT 1 FROM held) AS claim_held, (SELECT code FROM attempt)::int AS code
    FROM acct LEFT JOIN job ON true`;
const RESERVE_JOB_NAME = statementName(RESERVE_JOB_SQL);

const JOB_COLUMNS = `id, account_id, operation::text AS operation, status::text AS status, queue, engine, params,
  input_key, output, error_code, error_message, report, credits_reserved, attempts, progress, stage, created_at, started_at, completed_at`;
const FIND_JOB_SQL = `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1::uuid`;
const FIND_OWN_JOB_SQL = `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1::uuid AND account_id = $2::uuid`;
const FIND_JOB_NAME = statementName(FIND_JOB_SQL);
const FIND_OWN_JOB_NAME = statementName(FIND_OWN_JOB_SQL);

interface JobSqlRow {
  id: string;
  account_id: string;
  operation: JobOperation;
  status: JobStatus;
  queue: string;
  engine: string;
  params: Prisma.JsonValue;
  input_key: string;
  output: Prisma.JsonValue | null;
  error_code: string | null;
  error_message: string | null;
  report: Prisma.JsonValue | null;
  credits_reserved: number;
  attempts: number;
  progress: number;
  stage: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

/** The row as Prisma's `Job` model returns it (every field listed, so a new column fails to compile). */
function toJobRow(r: JobSqlRow): JobRow {
  return {
    id: r.id,
    accountId: r.account_id,
    operation: r.operation,
    status: r.status,
    queue: r.queue,
    engine: r.engine,
    params: r.params,
    inputKey: r.input_key,
    output: r.output,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    report: r.report,
    creditsReserved: r.credits_reserved,
    attempts: r.attempts,
    progress: r.progress,
    stage: r.stage,
    createdAt: r.created_at,
    startedAt: r.started_at,
    completedAt: r.completed_at,
  };
}

export async function findJob(db: Db, id: string, accountId?: string): Promise<JobRow | null> {
  const pool = hotPathPool(db);
  if (!pool) return db.job.findFirst({ where: accountId ? { id, accountId } : { id } });
  const { rows } = await pool.query<JobSqlRow>(
    accountId
      ? { name: FIND_OWN_JOB_NAME, text: FIND_OWN_JOB_SQL, values: [id, accountId] }
      : { name: FIND_JOB_NAME, text: FIND_JOB_SQL, values: [id] },
  );
  return rows[0] ? toJobRow(rows[0]) : null;
}

/** The fields of a job row the job object is built from (`toJobObject`); a whole `JobRow` is one too. */
export type JobViewRow = Pick<
  JobRow,
  'id' | 'operation' | 'status' | 'output' | 'errorCode' | 'errorMessage' | 'report' | 'progress' | 'stage' | 'createdAt' | 'completedAt'
>;

const JOB_VIEW_COLUMNS = `id, operation::text AS operation, status::text AS status, output, error_code, error_message, report,
  progress, stage, created_at, completed_at`;
const FIND_OWN_JOB_VIEW_SQL = `SELECT ${JOB_VIEW_COLUMNS} FROM jobs WHERE id = $1::uuid AND account_id = $2::uuid`;
const FIND_OWN_JOB_VIEW_NAME = statementName(FIND_OWN_JOB_VIEW_SQL);

type JobViewSqlRow = Pick<
  JobSqlRow,
  'id' | 'operation' | 'status' | 'output' | 'error_code' | 'error_message' | 'report' | 'progress' | 'stage' | 'created_at' | 'completed_at'
>;

/**
 * One account's job with only the columns its job object needs (the polled read, GET
 * /v1/jobs/{id}): the same primary-key lookup as `findJob`, but node-postgres describes, parses
 * and copies 11 columns instead of 19 (no params JSON, input key, queue, engine, attempts...).
 */
export async function findJobView(db: Db, id: string, accountId: string): Promise<JobViewRow | null> {
  const pool = hotPathPool(db);
  if (!pool) return db.job.findFirst({ where: { id, accountId }, select: JOB_VIEW_SELECT });
  const { rows } = await pool.query<JobViewSqlRow>({ name: FIND_OWN_JOB_VIEW_NAME, text: FIND_OWN_JOB_VIEW_SQL, values: [id, accountId] });
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    operation: r.operation,
    status: r.status,
    output: r.output,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    report: r.report,
    progress: r.progress,
    stage: r.stage,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  };
}

const JOB_VIEW_SELECT = {
  id: true,
  operation: true,
  status: true,
  output: true,
  errorCode: true,
  errorMessage: true,
  report: true,
  progress: true,
  stage: true,
  createdAt: true,
  completedAt: true,
} as const satisfies Record<keyof JobViewRow, true>;

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

/**
 * Records the engine stage a processing job entered and the progress it stands for: one cheap
 * statement per stage. Progress only rises (a retried job goes through its stages again without
 * going backwards), and a job no longer processing (terminal, canceled) is left alone: false then.
 */
export async function markJobStage(db: Db, id: string, stage: string, progress: number): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE jobs SET stage = ${stage}, progress = GREATEST(progress, ${progress}::real)
    WHERE id = ${id}::uuid AND status = 'processing'`;
  return count === 1;
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
      report = ${report === null ? null : JSON.stringify(report)}::jsonb, completed_at = now(), progress = 1
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
  error: JobFailure,
  report: Record<string, unknown> | null = null,
): Promise<boolean> {
  return (await failJob(db, id, error, report)) !== null;
}

/**
 * `markJobFailed` that also says what it did: null when the job was already terminal, else the
 * job's queue and the credits this call refunded (0 when a refund was already recorded), so the
 * caller can count refunds exactly once.
 */
export async function failJob(
  db: Db,
  id: string,
  error: JobFailure,
  report: Record<string, unknown> | null = null,
): Promise<{ queue: string; refunded: number } | null> {
  const rows = await db.$queryRaw<{ queue: string; refunded: number }[]>`
    WITH failed AS (
      UPDATE jobs SET status = 'failed', error_code = ${error.code}, error_message = ${error.message},
        report = COALESCE(${report === null ? null : JSON.stringify(report)}::jsonb, report),
        completed_at = now()
      WHERE id = ${id}::uuid AND status IN ('queued', 'processing')
      RETURNING id, queue, account_id, credits_reserved
    ), refund AS (
      INSERT INTO credit_ledger (account_id, delta, reason, job_id)
      SELECT account_id, credits_reserved, 'refund', id FROM failed WHERE credits_reserved > 0
      ON CONFLICT (job_id, reason) DO NOTHING
      RETURNING account_id, delta
    )${creditRefundedSql('failed')}`;
  return refundedRow(rows);
}

/**
 * Takes back a job that was never handed to a worker (its enqueue failed, and the client was told
 * 503): the row is deleted, with its idempotency binding, and its credits refunded, in one
 * statement. The client never got its id, so a failed job in `GET /v1/jobs` would only be a job
 * it did not submit. The ledger stays whole: the reserve row stays (its job id set to null by the
 * foreign key) and the refund row names the job in its note, so the balance is still their sum.
 * Null when the job is no longer queued (a worker got it after all; it runs and is billed as any).
 */
export async function withdrawJob(db: Db, id: string): Promise<{ queue: string; refunded: number } | null> {
  const note = `job ${id} withdrawn: the job queue was unreachable at submission`;
  const rows = await db.$queryRaw<{ queue: string; refunded: number }[]>`
    WITH gone AS (
      DELETE FROM jobs WHERE id = ${id}::uuid AND status = 'queued'
      RETURNING queue, account_id, credits_reserved
    ), refund AS (
      INSERT INTO credit_ledger (account_id, delta, reason, job_id, note)
      SELECT account_id, credits_reserved, 'refund', NULL, ${note} FROM gone WHERE credits_reserved > 0
      RETURNING account_id, delta
    )${creditRefundedSql('gone')}`;
  return refundedRow(rows);
}

/** A keyset page: at most `limit` rows after the last row of the previous page. */
export interface JobPage {
  limit?: number;
  after?: { at: Date; id: string };
}

function afterCursor(column: 'createdAt' | 'startedAt', after: JobPage['after']): Prisma.JobWhereInput {
  if (!after) return {};
  return { OR: [{ [column]: { gt: after.at } }, { [column]: after.at, id: { gt: after.id } }] };
}

/** Jobs still `queued` after `olderThanMs`, oldest first: candidates for re-enqueueing by the sweeper. */
export async function findStaleQueuedJobs(db: Db, queue: string, olderThanMs: number, page: JobPage = {}) {
  const rows = await db.job.findMany({
    where: { queue, status: 'queued', createdAt: { lt: new Date(Date.now() - olderThanMs) }, ...afterCursor('createdAt', page.after) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: page.limit ?? 100,
    select: { id: true, createdAt: true },
  });
  return rows.map((r) => ({ id: r.id, at: r.createdAt }));
}

/** Jobs `processing` since before `startedBeforeMs` ago, longest running first. */
export async function findProcessingJobs(db: Db, queue: string, startedBeforeMs: number, page: JobPage = {}) {
  const rows = await db.job.findMany({
    where: { queue, status: 'processing', startedAt: { lt: new Date(Date.now() - startedBeforeMs) }, ...afterCursor('startedAt', page.after) },
    orderBy: [{ startedAt: 'asc' }, { id: 'asc' }],
    take: page.limit ?? 100,
    select: { id: true, startedAt: true },
  });
  return rows.map((r) => ({ id: r.id, at: r.startedAt ?? new Date(0) }));
}

/**
 * The invariants a fault run must leave intact, counted over every job of the run's accounts:
 * each accepted job exists and is terminal, was charged exactly once, refunded exactly once if it
 * failed and never if it succeeded, a success's model file is in storage, and every balance equals
 * the sum of its ledger.
 */
import { z } from 'zod';
import type { Db } from '@rigforge/db';
import type { ObjectStorage } from '@rigforge/storage';

export interface JobsAndLedgerCounts {
  /** Jobs the API answered 202 for. */
  accepted: number;
  /** Accepted jobs with no row. */
  lost: number;
  /** Rows (accepted or not) still queued or processing. */
  leftProcessing: number;
  /** Rows the API created but did not answer 202 for (it answered an error); checked like the rest. */
  unacknowledged: number;
  doubleCharged: number;
  notCharged: number;
  doubleRefunded: number;
  failedNotRefunded: number;
  succeededButRefunded: number;
  /** Succeeded jobs whose model file is not in storage. */
  missingOutput: number;
  /** Accounts whose balance differs from the sum of their ledger. */
  unbalancedAccounts: number;
  byStatus: Record<string, number>;
  /** Failed jobs by error code. */
  byErrorCode: Record<string, number>;
}

const jobRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  error_code: z.string().nullable(),
  credits_reserved: z.number(),
  output: z.object({ files: z.array(z.object({ type: z.string(), key: z.string() })) }).nullable(),
  reserves: z.number(),
  refunds: z.number(),
});
const accountRowSchema = z.object({ id: z.string(), balance: z.number(), ledger: z.number() });

export async function checkJobsAndLedger(
  db: Db,
  storage: ObjectStorage,
  accountIds: string[],
  acceptedIds: Set<string>,
): Promise<JobsAndLedgerCounts> {
  const jobs = z.array(jobRowSchema).parse(
    await db.$queryRaw`
      SELECT j.id::text, j.status::text, j.error_code, j.credits_reserved, j.output,
        (SELECT count(*) FROM credit_ledger l WHERE l.job_id = j.id AND l.reason = 'reserve')::int AS reserves,
        (SELECT count(*) FROM credit_ledger l WHERE l.job_id = j.id AND l.reason = 'refund')::int AS refunds
      FROM jobs j WHERE j.account_id = ANY(${accountIds}::uuid[])`,
  );
  const accounts = z.array(accountRowSchema).parse(
    await db.$queryRaw`
      SELECT a.id::text, (a.credit_balance + COALESCE((SELECT SUM(credits) FROM credit_pockets p WHERE p.account_id = a.id), 0))::int AS balance,
        COALESCE((SELECT SUM(delta) FROM credit_ledger l WHERE l.account_id = a.id), 0)::int AS ledger
      FROM accounts a WHERE a.id = ANY(${accountIds}::uuid[])`,
  );

  const counts: JobsAndLedgerCounts = {
    accepted: acceptedIds.size,
    lost: 0,
    leftProcessing: 0,
    unacknowledged: 0,
    doubleCharged: 0,
    notCharged: 0,
    doubleRefunded: 0,
    failedNotRefunded: 0,
    succeededButRefunded: 0,
    missingOutput: 0,
    unbalancedAccounts: accounts.filter((a) => a.balance !== a.ledger).length,
    byStatus: {},
    byErrorCode: {},
  };
  const seen = new Set<string>();
  for (const job of jobs) {
    seen.add(job.id);
    if (!acceptedIds.has(job.id)) counts.unacknowledged++;
    counts.byStatus[job.status] = (counts.byStatus[job.status] ?? 0) + 1;
    if (job.status === 'queued' || job.status === 'processing') counts.leftProcessing++;
    if (job.reserves > 1) counts.doubleCharged++;
    if (job.reserves === 0 && job.credits_reserved > 0) counts.notCharged++;
    if (job.refunds > 1) counts.doubleRefunded++;
    if (job.status === 'failed') {
      counts.byErrorCode[job.error_code ?? 'none'] = (counts.byErrorCode[job.error_code ?? 'none'] ?? 0) + 1;
      if (job.credits_reserved > 0 && job.refunds !== 1) counts.failedNotRefunded++;
    }
    if (job.status === 'succeeded') {
      if (job.refunds > 0) counts.succeededButRefunded++;
      const model = job.output?.files.find((f) => f.type === 'model');
      if (!model || !(await storage.stat(model.key))) counts.missingOutput++;
    }
  }
  for (const id of acceptedIds) if (!seen.has(id)) counts.lost++;
  return counts;
}

/** The counts that must be zero for a run to pass. */
export function violations(counts: JobsAndLedgerCounts): string[] {
  const keys = ['lost', 'leftProcessing', 'doubleCharged', 'notCharged', 'doubleRefunded', 'failedNotRefunded', 'succeededButRefunded', 'missingOutput', 'unbalancedAccounts'] as const;
  return keys.filter((k) => counts[k] > 0).map((k) => `${k}: ${counts[k]}`);
}

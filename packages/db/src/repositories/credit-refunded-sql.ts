/**
 * The tail both refunding statements of jobs.ts end with (failJob, withdrawJob): the `refund` CTE's
 * ledger rows are added to their accounts' balances, and the statement answers the job's queue and
 * the credits it refunded. One copy, so the balance always moves by exactly the ledger rows the
 * statement inserted (none when ON CONFLICT found the refund already recorded).
 */
import { Prisma } from '../generated/prisma/client';

/** The CTEs a refunding statement names its job rows by. */
export type RefundedJobCte = 'failed' | 'gone';

/**
 * `, credited AS (...) SELECT queue, refunded FROM <jobs>`: to follow a `WITH <jobs> AS (... RETURNING
 * queue, ...), refund AS (INSERT INTO credit_ledger ... RETURNING account_id, delta)`.
 */
export function creditRefundedSql(jobs: RefundedJobCte): Prisma.Sql {
  return Prisma.sql`, credited AS (
      UPDATE accounts a SET credit_balance = a.credit_balance + r.delta FROM refund r WHERE a.id = r.account_id
    )
    SELECT j.queue, COALESCE((SELECT sum(delta) FROM refund), 0)::int AS refunded FROM ${Prisma.raw(jobs)} j`;
}

/** The statement's one row, if any: null when no job row matched (already terminal, or no longer queued). */
export function refundedRow(rows: Array<{ queue: string; refunded: number }>): { queue: string; refunded: number } | null {
  const row = rows[0];
  return row ? { queue: row.queue, refunded: Number(row.refunded) } : null;
}

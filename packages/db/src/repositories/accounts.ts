/** Accounts, plans and credit grants, the statements the admin CLI and tests use. */
import type { Db } from '../client';
import type { Account, Plan } from '../generated/prisma/client';

export interface CreateAccountInput {
  name: string;
  plan?: Plan;
  subscriptionActive?: boolean;
}

export async function createAccount(db: Db, input: CreateAccountInput): Promise<Account> {
  return db.account.create({
    data: {
      name: input.name,
      plan: input.plan ?? 'none',
      subscriptionActive: input.subscriptionActive ?? false,
    },
  });
}

export async function setAccountPlan(
  db: Db,
  accountId: string,
  input: { plan?: Plan; subscriptionActive?: boolean },
): Promise<Account> {
  return db.account.update({ where: { id: accountId }, data: input });
}

/**
 * Adds (or, with a negative amount, removes) credits: one ledger row and the balance change in one
 * statement, so the balance always equals the ledger's sum. Credits go to the accounts row; a
 * removal first moves the account's credit pockets back into it, so the whole balance is judged.
 * Returns the new balance (row and pockets), or null when the account does not exist or the
 * balance would go negative.
 */
export async function grantCredits(
  db: Db,
  accountId: string,
  amount: number,
  note?: string,
): Promise<number | null> {
  if (!Number.isInteger(amount) || amount === 0) {
    throw new RangeError(`credits: amount must be a non-zero integer, got ${amount}::int`);
  }
  const reason = amount > 0 ? 'grant' : 'adjust';
  const change = db.$queryRaw<{ balance: number }[]>`
    WITH changed AS (
      UPDATE accounts SET credit_balance = credit_balance + ${amount}::int
      WHERE id = ${accountId}::uuid AND credit_balance + ${amount}::int >= 0
      RETURNING id, credit_balance
    ), entry AS (
      INSERT INTO credit_ledger (account_id, delta, reason, note)
      SELECT id, ${amount}::int, ${reason}::text, ${note ?? null}::text FROM changed
    )
    SELECT (credit_balance + COALESCE((SELECT SUM(credits) FROM credit_pockets WHERE account_id = changed.id), 0))::int AS balance
    FROM changed`;
  // The drain and the removal in one transaction: the row's lock, taken by the drain, is held through both.
  const rows = amount > 0
    ? await change
    : (await db.$transaction([db.$queryRaw`SELECT drain_credit_pockets(${accountId}::uuid)`, change]))[1];
  return rows[0]?.balance ?? null;
}

/** Balance and ledger sum side by side: the invariant the tests and the admin CLI check. */
export async function readCreditBalance(
  db: Db,
  accountId: string,
): Promise<{ balance: number; ledgerSum: number } | null> {
  const rows = await db.$queryRaw<{ balance: number; ledger_sum: bigint }[]>`
    SELECT (a.credit_balance + COALESCE((SELECT SUM(credits) FROM credit_pockets p WHERE p.account_id = a.id), 0))::int AS balance,
           COALESCE((SELECT SUM(delta) FROM credit_ledger l WHERE l.account_id = a.id), 0) AS ledger_sum
    FROM accounts a WHERE a.id = ${accountId}::uuid`;
  const row = rows[0];
  return row ? { balance: row.balance, ledgerSum: Number(row.ledger_sum) } : null;
}

export interface AccountUsage {
  account: Account;
  /** Jobs created in the period, per operation (operations with none are absent). */
  jobs: Record<string, number>;
  /** Credits reserved by submissions in the period, and refunded in it (both positive). */
  creditsReserved: number;
  creditsRefunded: number;
}

/** An account with its usage in [from, to): job counts and the ledger's reserves and refunds. */
export async function readAccountUsage(db: Db, accountId: string, from: Date, to: Date): Promise<AccountUsage | null> {
  const found = await db.account.findUnique({ where: { id: accountId } });
  if (!found) return null;
  // The balance is the row and its pockets (a large balance's; see reserve_credits), read in one
  // statement so that a top-up moving credits between them is seen whole.
  const [total] = await db.$queryRaw<{ balance: number }[]>`
    SELECT (a.credit_balance + COALESCE((SELECT SUM(credits) FROM credit_pockets p WHERE p.account_id = a.id), 0))::int AS balance
    FROM accounts a WHERE a.id = ${accountId}::uuid`;
  const account = { ...found, creditBalance: total?.balance ?? found.creditBalance };
  const [jobs, ledger] = await Promise.all([
    db.$queryRaw<{ operation: string; n: bigint }[]>`
      SELECT operation::text AS operation, COUNT(*) AS n FROM jobs
      WHERE account_id = ${accountId}::uuid AND created_at >= ${from} AND created_at < ${to}
      GROUP BY operation`,
    db.$queryRaw<{ reserved: bigint | null; refunded: bigint | null }[]>`
      SELECT SUM(-delta) FILTER (WHERE reason = 'reserve') AS reserved,
             SUM(delta) FILTER (WHERE reason = 'refund') AS refunded
      FROM credit_ledger
      WHERE account_id = ${accountId}::uuid AND created_at >= ${from} AND created_at < ${to}`,
  ]);
  return {
    account,
    jobs: Object.fromEntries(jobs.map((j) => [j.operation, Number(j.n)])),
    creditsReserved: Number(ledger[0]?.reserved ?? 0),
    creditsRefunded: Number(ledger[0]?.refunded ?? 0),
  };
}

import { randomUUID } from 'node:crypto';
import { createAccount, createDb, grantCredits, markJobFailed, markJobProcessing, readCreditBalance, reserveJob, type Db } from '../src';

let db: Db;
beforeAll(() => {
  db = createDb({ databaseUrl: process.env.DATABASE_URL! });
});
afterAll(() => db.$disconnect());

const reserve = (accountId: string, credits: number, requiresPro = false) =>
  reserveJob(db, { id: randomUUID(), accountId, operation: 'rig', queue: 'rig.fast', engine: 'fast', params: {}, inputKey: 'k', credits, requiresPro });

test('the balance always equals the sum of the ledger, through grants, reservations, refunds and refusals', async () => {
  const account = await createAccount(db, { name: 'ledger', plan: 'standard', subscriptionActive: true });
  expect(await grantCredits(db, account.id, 100, 'welcome')).toBe(100);
  const jobs: string[] = [];
  // Many concurrent reservations and refunds.
  await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const id = randomUUID();
      const result = await reserveJob(db, { id, accountId: account.id, operation: 'rig', queue: 'rig.fast', engine: 'fast', params: {}, inputKey: 'k', credits: 7, requiresPro: false });
      if (result.outcome === 'created') {
        jobs.push(id);
        if (i % 3 === 0) {
          await markJobProcessing(db, id);
          await markJobFailed(db, id, { code: 'timeout', message: 'x' });
          await markJobFailed(db, id, { code: 'timeout', message: 'again' }); // no double refund
        }
      }
    }),
  );
  const state = await readCreditBalance(db, account.id);
  expect(state?.balance).toBe(state?.ledgerSum);
  expect(state!.balance).toBeGreaterThanOrEqual(0);
  expect(state!.balance).toBeLessThan(7 + 7 * 10); // most of it was spent
  const refunds = await db.creditEntry.count({ where: { accountId: account.id, reason: 'refund' } });
  const failed = await db.job.count({ where: { accountId: account.id, status: 'failed' } });
  expect(refunds).toBe(failed);
});

test('grants cannot take a balance below zero; refused changes write no ledger row', async () => {
  const account = await createAccount(db, { name: 'floor', plan: 'pro', subscriptionActive: true });
  await grantCredits(db, account.id, 5);
  expect(await grantCredits(db, account.id, -6)).toBeNull();
  expect(await grantCredits(db, account.id, -5)).toBe(0);
  expect(await readCreditBalance(db, account.id)).toEqual({ balance: 0, ledgerSum: 0 });
  expect(await db.creditEntry.count({ where: { accountId: account.id } })).toBe(2);
  await expect(grantCredits(db, account.id, 1.5)).rejects.toThrow(RangeError);
});

test('reservation outcomes: subscription, plan, credits', async () => {
  const none = await createAccount(db, { name: 'none', plan: 'none', subscriptionActive: true });
  await grantCredits(db, none.id, 100);
  expect((await reserve(none.id, 1)).outcome).toBe('subscription_required');
  const standard = await createAccount(db, { name: 'std', plan: 'standard', subscriptionActive: true });
  await grantCredits(db, standard.id, 100);
  expect((await reserve(standard.id, 1, true)).outcome).toBe('plan_required');
  expect((await reserve(standard.id, 101)).outcome).toBe('insufficient_credits');
  expect((await reserve(standard.id, 100)).outcome).toBe('created');
  expect((await reserve(randomUUID(), 1)).outcome).toBe('account_missing');
  expect(await readCreditBalance(db, standard.id)).toEqual({ balance: 0, ledgerSum: 0 });
});

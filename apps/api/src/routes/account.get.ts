/** GET /v1/account: the caller's plan, subscription, balance, rate limit and this month's usage. */
import type { Router } from 'express';
import { getAccountQuerySchema, JOB_OPERATIONS, type AccountObject } from '@rigforge/contracts';
import { readAccountUsage } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { zodToApiError } from '../errors/zod-to-api-error';

export function registerAccountGet(router: Router, ctx: AppContext): void {
  router.get('/account', async (req, res) => {
    const parsed = getAccountQuerySchema.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, 'account');
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const usage = await readAccountUsage(ctx.db, res.locals.accountId, from, to);
    // The key authenticated a moment ago; an account deleted since then is simply gone.
    if (!usage) throw new ApiError('not_found', 'account: no such account');
    const limit = ctx.env.RATE_LIMIT_PER_MINUTE;
    // The rate-limit middleware ran first and wrote this request's count into its header.
    const remaining = Number(res.getHeader('RateLimit-Remaining') ?? limit);
    const body: AccountObject = {
      object: 'account',
      id: usage.account.id,
      name: usage.account.name,
      plan: usage.account.plan,
      subscription_active: usage.account.subscriptionActive,
      credit_balance: usage.account.creditBalance,
      rate_limit: { limit, remaining: Number.isFinite(remaining) ? remaining : limit, window_seconds: 60 },
      usage: {
        period_start: from.toISOString(),
        period_end: to.toISOString(),
        jobs: Object.fromEntries(JOB_OPERATIONS.map((op) => [op, usage.jobs[op] ?? 0])) as AccountObject['usage']['jobs'],
        credits_reserved: usage.creditsReserved,
        credits_refunded: usage.creditsRefunded,
        credits_spent: usage.creditsReserved - usage.creditsRefunded,
      },
    };
    res.json(body);
  });
}

/**
 * GET /v1/account: the caller's plan, subscription, credit balance, rate limit and this month's
 * usage, so a client can show them without the operator's admin CLI. Its OpenAPI entry lives here.
 */
import { z } from 'zod';
import { emptyQuerySchema } from './common';
import { JOB_OPERATIONS } from './job';
import { registerOpenApiOperation } from './openapi';

export const ACCOUNT_PLANS = ['none', 'standard', 'pro'] as const;

export const accountSchema = z
  .object({
    object: z.literal('account'),
    id: z.uuid(),
    name: z.string(),
    plan: z.enum(ACCOUNT_PLANS).describe('none: no plan; standard; pro (the pro engine)'),
    subscription_active: z.boolean().describe('Submissions need an active subscription'),
    credit_balance: z.int().describe('Credits left; a submission reserves its price and a failed job is refunded'),
    rate_limit: z.object({
      limit: z.int().positive().describe('Requests per window for this key, polling included'),
      remaining: z.int().nonnegative().describe('Left in the current window, after this request'),
      window_seconds: z.int().positive(),
    }),
    usage: z
      .object({
        period_start: z.iso.datetime().describe('The first instant of the current calendar month, UTC'),
        period_end: z.iso.datetime().describe('The first instant of the next month, UTC'),
        jobs: z.record(z.enum(JOB_OPERATIONS), z.int().nonnegative()).describe('Jobs submitted this month, per operation'),
        credits_reserved: z.int().nonnegative().describe('Credits reserved by this month\'s submissions'),
        credits_refunded: z.int().nonnegative().describe('Credits refunded this month (failed and canceled jobs)'),
        credits_spent: z.int().describe('Reserved minus refunded'),
      })
      .describe('This calendar month (UTC)'),
  })
  .meta({ id: 'Account' });
export type AccountObject = z.infer<typeof accountSchema>;

/** GET /v1/account takes no parameters. */
export const getAccountQuerySchema = emptyQuerySchema;

registerOpenApiOperation({
  method: 'get',
  path: '/v1/account',
  operationId: 'getAccount',
  clientCall: 'client.account()',
  tags: ['account'],
  summary: 'Your plan, credit balance, rate limit and this month\'s usage',
  description: 'Free; uses no credits; counts against the rate limit like any request.',
  responses: [{ status: 200, description: 'The account of the API key', schema: { name: 'Account', schema: accountSchema } }],
  errors: ['invalid_request', 'unauthorized', 'rate_limited', 'backend_unavailable'],
});

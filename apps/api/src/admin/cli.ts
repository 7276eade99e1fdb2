/**
 * The operator's CLI: accounts, plans, credits and API keys.
 *   pnpm admin account:create --name "Studio" [--plan pro] [--active]
 *   pnpm admin account:plan --account <id> --plan standard|pro|none [--active|--inactive]
 *   pnpm admin credits:grant --account <id> --amount 500 [--note "..."]
 *   pnpm admin credits:show --account <id>
 *   pnpm admin key:issue --account <id> [--name ci]      (the key is printed once)
 *   pnpm admin key:revoke --key <key id>
 *   pnpm admin key:list --account <id>
 *   pnpm admin webhook:url --account <id> --url https://... | --clear   (default webhook URL of its jobs)
 *   pnpm admin webhook:secret --account <id> [--rotate]   (the whsec_ signing secret; --rotate replaces it)
 *   pnpm admin catalog:import --dir <folder>    (a CC0-1.0 pack: manifest.json + GLB/glTF files)
 *   pnpm admin catalog:seed [--force]          (the starter catalog, when its version changed)
 * Output is JSON on stdout, so scripts can read it.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ACCOUNT_PLANS, httpUrlSchema } from '@rigforge/contracts';
import {
  createAccount,
  createDb,
  grantCredits,
  issueApiKey,
  listApiKeys,
  readAccountWebhook,
  readCreditBalance,
  rotateWebhookSecret,
  setAccountPlan,
  type Plan,
} from '@rigforge/db';
import { checkOutboundUrl, createAddressPolicy } from '@rigforge/outbound';
import { createRedis } from '@rigforge/queue';
import { parseApiEnv } from '../env';
import { CatalogCommandError, runCatalogCommand } from './catalog-cli';
import { setAccountWebhookUrlEverywhere } from '../services/account-webhook-cache';
import { revokeApiKeyEverywhere } from '../services/api-key-revocation';

// The contract's list (what GET /v1/account answers), checked here against the database's enum.
const PLANS: readonly Plan[] = ACCOUNT_PLANS;

class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function plan(value: unknown): Plan {
  if (!PLANS.includes(value as Plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
  return value as Plan;
}

export async function runAdmin(argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      active: { type: 'boolean' },
      inactive: { type: 'boolean' },
      account: { type: 'string' },
      amount: { type: 'string' },
      note: { type: 'string' },
      key: { type: 'string' },
      dir: { type: 'string' },
      force: { type: 'boolean' },
      url: { type: 'string' },
      clear: { type: 'boolean' },
      rotate: { type: 'boolean' },
    },
  });
  const env = parseApiEnv();
  const db = createDb({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
  try {
    switch (command) {
      case 'account:create': {
        const account = await createAccount(db, {
          name: required(values, 'name'),
          plan: values.plan ? plan(values.plan) : 'none',
          subscriptionActive: Boolean(values.active),
        });
        return { account };
      }
      case 'account:plan': {
        const update: { plan?: Plan; subscriptionActive?: boolean } = {};
        if (values.plan) update.plan = plan(values.plan);
        if (values.active) update.subscriptionActive = true;
        if (values.inactive) update.subscriptionActive = false;
        return { account: await setAccountPlan(db, required(values, 'account'), update) };
      }
      case 'credits:grant': {
        const amount = Number(required(values, 'amount'));
        if (!Number.isInteger(amount) || amount === 0) throw new UsageError('--amount must be a non-zero integer');
        const balance = await grantCredits(db, required(values, 'account'), amount, values.note);
        if (balance === null) throw new UsageError('no such account, or the balance would go below zero');
        return { balance };
      }
      case 'credits:show':
        return await readCreditBalance(db, required(values, 'account'));
      case 'key:issue': {
        const issued = await issueApiKey(db, required(values, 'account'), values.name ?? 'default');
        return { ...issued, note: 'store this key now: it is not shown again' };
      }
      case 'key:revoke': {
        const redis = createRedis({ url: env.REDIS_URL, role: 'worker' });
        try {
          const revoked = await revokeApiKeyEverywhere(db, redis, env.REDIS_PREFIX, required(values, 'key'));
          if (!revoked) throw new UsageError('no active key with that id');
          return { revoked: true };
        } finally {
          await redis.quit();
        }
      }
      case 'key:list':
        return { keys: await listApiKeys(db, required(values, 'account')) };
      case 'webhook:url': {
        // The account's default webhook URL, for jobs submitted without webhook_url. Every API
        // replica caches it and is told to forget it here, so the change applies at once.
        const account = required(values, 'account');
        let url: string | null = null;
        if (!values.clear) {
          url = required(values, 'url');
          const problem = httpUrlSchema.safeParse(url).success
            ? await checkOutboundUrl(url, createAddressPolicy(env.FETCH_ALLOW_HOSTS))
            : 'must be an absolute http or https URL';
          if (problem) throw new UsageError(`--url: ${problem}`);
        }
        const redis = createRedis({ url: env.REDIS_URL, role: 'worker' });
        try {
          await setAccountWebhookUrlEverywhere(db, redis, env.REDIS_PREFIX, account, url);
        } finally {
          await redis.quit();
        }
        return { webhook_url: url };
      }
      case 'webhook:secret': {
        // Shows the account's Standard Webhooks signing secret, or replaces it with --rotate.
        const account = required(values, 'account');
        if (values.rotate) await rotateWebhookSecret(db, account, `whsec_${randomBytes(32).toString('base64')}`);
        const webhook = await readAccountWebhook(db, account);
        if (!webhook) throw new UsageError('no such account');
        return { webhook_url: webhook.url, webhook_secret: webhook.secret, rotated: Boolean(values.rotate) };
      }
      case 'catalog:import':
      case 'catalog:seed':
        return await runCatalogCommand(command, values, env, db);
      default:
        throw new UsageError(
          `unknown command "${command ?? ''}"; one of account:create, account:plan, credits:grant, credits:show, key:issue, key:revoke, key:list, webhook:url, webhook:secret, catalog:import, catalog:seed`,
        );
    }
  } finally {
    await db.$disconnect();
  }
}

if (require.main === module) {
  runAdmin(process.argv.slice(2)).then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(error instanceof UsageError ? 2 : error instanceof CatalogCommandError ? error.exitCode : 1);
    },
  );
}

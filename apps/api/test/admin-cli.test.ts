import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runAdmin } from '../src/admin/cli';
import { boxGlbBase64 } from './fixtures';
import { startHarness, type Harness } from './harness';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  process.env.REDIS_PREFIX = h.ctx.env.REDIS_PREFIX; // revocations reach this harness's replica
});
afterAll(() => h.close());

type Result = Record<string, unknown> & { account: { id: string; plan: string; subscriptionActive: boolean } };

test('create an account, set its plan, grant credits, issue a key that works, revoke it', async () => {
  const created = (await runAdmin(['account:create', '--name', 'Studio'])) as Result;
  expect(created.account).toMatchObject({ plan: 'none', subscriptionActive: false });
  const id = created.account.id;
  const planned = (await runAdmin(['account:plan', '--account', id, '--plan', 'pro', '--active'])) as Result;
  expect(planned.account).toMatchObject({ plan: 'pro', subscriptionActive: true });
  expect(await runAdmin(['credits:grant', '--account', id, '--amount', '500', '--note', 'invoice 42'])).toEqual({ balance: 500 });
  expect(await runAdmin(['credits:show', '--account', id])).toEqual({ balance: 500, ledgerSum: 500 });

  const issued = (await runAdmin(['key:issue', '--account', id, '--name', 'ci'])) as { id: string; key: string; prefix: string };
  expect(issued.key).toMatch(/^sk_[0-9A-Za-z]{40}$/);
  expect(issued.prefix).toBe(issued.key.slice(0, 10));
  const auth = { Authorization: `Bearer ${issued.key}` };
  expect((await h.request.get('/v1/jobs').set(auth)).status).toBe(200);

  const listed = (await runAdmin(['key:list', '--account', id])) as { keys: { id: string; prefix: string; revokedAt: Date | null }[] };
  expect(listed.keys).toEqual([expect.objectContaining({ id: issued.id, prefix: issued.prefix, revokedAt: null })]);
  expect(JSON.stringify(listed)).not.toContain(issued.key);

  expect(await runAdmin(['key:revoke', '--key', issued.id])).toEqual({ revoked: true });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect((await h.request.get('/v1/jobs').set(auth)).status).toBe(401);
  await expect(runAdmin(['key:revoke', '--key', issued.id])).rejects.toThrow(/no active key/);
});

test('webhook:url sets and clears the default webhook URL; webhook:secret shows and rotates the whsec_ secret', async () => {
  const { accountId } = await h.seedAccount();
  expect(await runAdmin(['webhook:url', '--account', accountId, '--url', 'https://93.184.215.14/hooks'])).toEqual({ webhook_url: 'https://93.184.215.14/hooks' });
  await expect(runAdmin(['webhook:url', '--account', accountId, '--url', 'http://169.254.169.254/x'])).rejects.toThrow(/--url: address 169.254.169.254 is not public/);
  const shown = (await runAdmin(['webhook:secret', '--account', accountId])) as { webhook_url: string; webhook_secret: string; rotated: boolean };
  expect(shown).toMatchObject({ webhook_url: 'https://93.184.215.14/hooks', rotated: false });
  expect(shown.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const rotated = (await runAdmin(['webhook:secret', '--account', accountId, '--rotate'])) as typeof shown;
  expect(rotated.rotated).toBe(true);
  expect(rotated.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(rotated.webhook_secret).not.toBe(shown.webhook_secret);
  expect(await runAdmin(['webhook:url', '--account', accountId, '--clear'])).toEqual({ webhook_url: null });
});

test('webhook:url applies to the next submission on a replica that cached the account\'s previous default', async () => {
  const who = await h.seedAccount({ credits: 100 });
  const model = await boxGlbBase64();
  const submitWebhook = async () => {
    const res = await h.request.post('/v1/rigs').set(who.auth).send({ model_base64: model });
    expect(res.status).toBe(202);
    const row = await h.ctx.db.job.findUnique({ where: { id: res.body.id } });
    return (row?.params as { webhook?: { url: string } }).webhook?.url;
  };
  // Published changes are heard asynchronously (Redis pub/sub); the next request after that sees them.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  expect(await submitWebhook()).toBeUndefined(); // cached: no default
  await runAdmin(['webhook:url', '--account', who.accountId, '--url', 'https://93.184.215.14/default']);
  await settle();
  expect(await submitWebhook()).toBe('https://93.184.215.14/default');
  await runAdmin(['webhook:url', '--account', who.accountId, '--clear']);
  await settle();
  expect(await submitWebhook()).toBeUndefined();
});

test('bad usage is refused with a message', async () => {
  await expect(runAdmin(['account:create'])).rejects.toThrow(/--name is required/);
  await expect(runAdmin(['account:create', '--name', 'x', '--plan', 'gold'])).rejects.toThrow(/--plan must be one of/);
  await expect(runAdmin(['credits:grant', '--account', crypto.randomUUID(), '--amount', '1.5'])).rejects.toThrow(/non-zero integer/);
  await expect(runAdmin(['credits:grant', '--account', crypto.randomUUID(), '--amount', '5'])).rejects.toThrow(/no such account/);
  await expect(runAdmin(['frobnicate'])).rejects.toThrow(/unknown command/);
});

test('the CLI process prints JSON and exits 2 on usage errors', async () => {
  const env = { ...process.env };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/admin/cli.ts', 'account:create', '--name', 'cli', '--plan', 'standard', '--active'], { cwd: ROOT, env });
  expect(JSON.parse(stdout).account).toMatchObject({ name: 'cli', plan: 'standard', subscriptionActive: true });
  await expect(run(process.execPath, ['--import', 'tsx', 'apps/api/src/admin/cli.ts', 'account:create'], { cwd: ROOT, env })).rejects.toMatchObject({ code: 2 });
}, 60_000);

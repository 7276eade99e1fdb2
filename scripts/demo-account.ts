// Makes sure the demo account exists (Pro plan, active, topped up) with a working API key, and
// prints the key and a curl example. The key is kept in var/demo-api-key so a second run reuses it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAccount, createDb, findActiveApiKey, grantCredits, hashApiKey, issueApiKey, readCreditBalance } from '@rigforge/db';

const DEMO_NAME = 'demo';
const DEMO_CREDITS = 1000;
const keyFile = path.resolve(__dirname, '../var/demo-api-key');

async function main(): Promise<void> {
  const db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
  try {
    let account = await db.account.findFirst({ where: { name: DEMO_NAME }, orderBy: { createdAt: 'asc' } });
    account ??= await createAccount(db, { name: DEMO_NAME, plan: 'pro', subscriptionActive: true });
    if (account.plan !== 'pro' || !account.subscriptionActive) {
      account = await db.account.update({ where: { id: account.id }, data: { plan: 'pro', subscriptionActive: true } });
    }
    const balance = (await readCreditBalance(db, account.id))?.balance ?? 0;
    if (balance < DEMO_CREDITS) await grantCredits(db, account.id, DEMO_CREDITS - balance, 'demo top-up');

    let key = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
    const active = key ? await findActiveApiKey(db, hashApiKey(key)) : null;
    if (!active || active.accountId !== account.id) {
      key = (await issueApiKey(db, account.id, 'demo')).key;
      mkdirSync(path.dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    }
    const base = process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000';
    process.stdout.write(
      [
        '',
        `Rigforge is running at ${base}  (API description: ${base}/v1/openapi.json)`,
        `Demo account ${account.id}: Pro plan, ${Math.max(balance, DEMO_CREDITS)} credits`,
        `API key: ${key}`,
        '',
        'Try it (from the repository root, in another terminal):',
        `  export RIGFORGE_API_KEY=${key} RIGFORGE_BASE_URL=${base}`,
        '  npx rigforge rig examples/humanoid.glb --out rigged.glb',
        '  npx rigforge jobs list',
        `  curl -s ${base}/v1/rigs -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" --data-binary @examples/rig-humanoid.json`,
        '',
      ].join('\n'),
    );
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo account: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/**
 * Issue 9, items 3 and 6, measured on real servers: how fast every endpoint answers during a
 * Postgres or Redis outage, what it answers, how long recovery takes, whether any stored input is
 * orphaned, and how far a burst overshoots MAX_QUEUE_DEPTH.
 *
 *   npx tsx apps/api/scripts/outage-latency.ts
 *
 * It starts a PRIVATE Postgres (initdb in a temp dir, as the postgres user when run as root) and a
 * PRIVATE redis-server, each on a free port, and stops and removes them at the end: the shared
 * servers are never touched. Outages: Postgres stopped (`pg_ctl stop -m fast`: in-flight sessions
 * get 57P01, new connections are refused) and frozen (SIGSTOP of the postmaster and its backends:
 * nothing is refused, nothing answers), Redis stopped (SIGTERM) and frozen (SIGSTOP). The API runs
 * in this process with its production settings. Env: OUTAGE_BURST (submissions during each outage,
 * default 20), BURST_DEPTH (MAX_QUEUE_DEPTH of the burst phase, default 100), BURST_SIZE (default 400).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, ensureDatabase, findJob, hashApiKey } from '@rigforge/db';
import { createApp } from '../src/app';
import { createContext, type AppContext } from '../src/context';
import { parseApiEnv } from '../src/env';
import { boxGlbBase64 } from '../test/fixtures';
import { seedAccount } from '../test/harness';
import { startPrivatePostgres } from '../../../tooling/private-backends/private-postgres';
import { startPrivateRedis } from '../../../tooling/private-backends/private-redis';

const OUTAGE_BURST = Number(process.env.OUTAGE_BURST ?? 20);
const BURST_DEPTH = Number(process.env.BURST_DEPTH ?? 100);
const BURST_SIZE = Number(process.env.BURST_SIZE ?? 400);

const root = mkdtempSync(path.join(os.tmpdir(), 'rigforge-outage-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Api {
  ctx: AppContext;
  server: Server;
  base: string;
}

async function startApi(env: Record<string, string>): Promise<Api> {
  const ctx = await createContext(parseApiEnv({ ...process.env, ...env }));
  const server = createApp(ctx).listen(0, '127.0.0.1');
  // As main.ts: the synchronous pg_ctl calls stall this process, and idle keep-alive sockets must
  // not be closed under the client's feet when it wakes.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.once('listening', resolve));
  return { ctx, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function timed(send: () => Promise<Response>): Promise<{ status: number; ms: number; code: string; retryAfter: string }> {
  const start = performance.now();
  const res = await send();
  const body: unknown = await res.json().catch(() => null);
  const code = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: { code: string } }).error.code) : '';
  return { status: res.status, ms: Math.round(performance.now() - start), code, retryAfter: res.headers.get('retry-after') ?? '' };
}

async function main(): Promise<void> {
  const pg = await startPrivatePostgres();
  const redis = await startPrivateRedis();
  let api: Api | null = null;
  const apis: Api[] = [];
  try {
    const databaseUrl = pg.urlFor('rigforge');
    await ensureDatabase(databaseUrl);
    await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });
    const storageDir = path.join(root, 'storage');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'outage',
      STORAGE_DIR: storageDir,
      REQUIRE_LIVE_WORKERS: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      MAX_QUEUE_DEPTH: '1000000',
    };
    api = await startApi(env);
    const live = api;
    const account = await seedAccount(live.ctx, { credits: 1_000_000 });
    const glb64 = await boxGlbBase64();
    const headers = { ...account.auth, 'content-type': 'application/json' };
    const postRig = () => fetch(`${live.base}/v1/rigs`, { method: 'POST', headers, body: JSON.stringify({ model_base64: glb64 }) });
    const first = await postRig();
    const jobId = ((await first.json()) as { id: string }).id;
    const get = (url: string) => () => fetch(`${live.base}${url}`, { headers: account.auth });
    const endpoints: Record<string, () => Promise<Response>> = {
      'POST /v1/rigs': postRig,
      'GET /v1/jobs/:id': get(`/v1/jobs/${jobId}`),
      'GET /v1/rigs/:id': get(`/v1/rigs/${jobId}`),
      'GET /v1/jobs': get('/v1/jobs?limit=5'),
      'GET /v1/assets': get('/v1/assets?limit=5'),
      'GET /v1/assets/categories': get('/v1/assets/categories'),
      'auth lookup (uncached key)': () => {
        live.ctx.keys.evict(hashApiKey(account.key));
        return get('/v1/jobs?limit=1')();
      },
    };

    const outages: [string, () => Promise<void> | void, () => Promise<void> | void][] = [
      ['Postgres stopped (pg_ctl stop -m fast)', () => pg.stop(), () => pg.start()],
      ['Postgres frozen (SIGSTOP)', () => pg.signal('SIGSTOP'), () => pg.signal('SIGCONT')],
      ['Redis stopped (SIGTERM)', () => redis.stop(), () => redis.start()],
      ['Redis frozen (SIGSTOP)', () => redis.signal('SIGSTOP'), () => redis.signal('SIGCONT')],
    ];
    for (const [label, cut, restore] of outages) {
      // Keep the pool warm, so the outage hits established connections as it would in production.
      await Promise.all(Object.values(endpoints).map((send) => send()));
      await cut();
      const results = await Promise.all(Object.entries(endpoints).map(async ([name, send]) => [name, await timed(send)] as const));
      const burst = await Promise.all(Array.from({ length: OUTAGE_BURST }, () => timed(postRig)));
      await restore();
      const restored = performance.now();
      let recoveredMs = -1;
      for (let i = 0; i < 600; i++) {
        const res = await get(`/v1/jobs/${jobId}`)();
        if (res.status === 200) {
          recoveredMs = Math.round(performance.now() - restored);
          break;
        }
        await sleep(25);
      }
      const inputs = readdirSync(path.join(storageDir, 'inputs'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      let orphans = 0;
      for (const file of inputs) if (!(await findJob(live.ctx.db, file.name.slice(0, 36)))) orphans++;
      console.log(`\n${label}`);
      for (const [name, r] of results) console.log(`  ${name.padEnd(28)} ${r.status} ${r.code.padEnd(20)} Retry-After ${r.retryAfter.padEnd(3)} ${r.ms} ms`);
      const statuses = new Map<number, number>();
      for (const r of burst) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      console.log(`  ${OUTAGE_BURST} submissions during the outage: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}; slowest ${Math.max(...burst.map((r) => r.ms))} ms`);
      console.log(`  recovered ${recoveredMs} ms after the backend returned; orphaned inputs: ${orphans} of ${inputs.length} stored`);
    }

    // Backpressure: two replicas, an empty queue nobody consumes, a burst far over the limit.
    await api.ctx.queues.get('rig.fast').obliterate({ force: true });
    const burstEnv = { ...env, REDIS_PREFIX: 'burst', MAX_QUEUE_DEPTH: String(BURST_DEPTH) };
    apis.push(await startApi(burstEnv), await startApi(burstEnv));
    const answers = await Promise.all(
      Array.from({ length: BURST_SIZE }, (_, i) =>
        fetch(`${apis[i % 2]!.base}/v1/rigs`, { method: 'POST', headers, body: JSON.stringify({ model_base64: glb64 }) }).then((r) => r.status),
      ),
    );
    const depth = await apis[0]!.ctx.queues.depth('rig.fast');
    console.log(
      `\nBurst: ${BURST_SIZE} concurrent submissions over 2 replicas, MAX_QUEUE_DEPTH=${BURST_DEPTH}: ` +
        `${answers.filter((s) => s === 202).length} accepted, ${answers.filter((s) => s === 503).length} refused (503), queue depth ${depth}`,
    );
  } finally {
    for (const a of [...apis, ...(api ? [api] : [])]) {
      a.server.close();
      await a.ctx.close().catch(() => undefined);
    }
    pg.signal('SIGCONT');
    pg.destroy();
    redis.signal('SIGCONT');
    await redis.destroy();
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

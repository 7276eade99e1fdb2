/**
 * Latency of catalog search and deep paging with 100,000 assets (issue 5, item 7; target p99 < 20 ms).
 *
 *   npx tsx apps/api/scripts/bench-assets.ts
 *
 * Env: DATABASE_URL (any database on the server; a scratch database is created beside it and
 * dropped at the end), REDIS_URL, BENCH_ASSETS (default 100000), BENCH_SQL_RUNS (per scenario,
 * default 200), BENCH_DURATION (s of autocannon per scenario, default 5), BENCH_CONNECTIONS
 * (default 4).
 *
 * Two levels: "sql" calls the repository's listAssets (the exact statements the route runs, through
 * Prisma, count and page side by side) sequentially; "http" runs the real API in a child process
 * with the rate limit raised and drives GET /v1/assets with autocannon (auth, validation, JSON and
 * all). Rows come from generateSyntheticCatalog and are bulk-inserted 10,000 per statement.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { generateSyntheticCatalog } from '@rigforge/catalog';
import {
  applyMigrations,
  AssetTotalCache,
  bumpCatalogGeneration,
  createAccount,
  createDb,
  DEFAULT_MIGRATIONS_DIR,
  ensureDatabase,
  issueApiKey,
  listAssets,
  type Db,
  type ListAssetsFilter, withDatabaseName } from '@rigforge/db';
import { freePort } from '../../../tooling/private-backends/free-port';
import { DEFAULT_REDIS_URL, DEFAULT_SERVER_DATABASE_URL } from '@rigforge/server';

const ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const COUNT = Number(process.env.BENCH_ASSETS ?? 100_000);
const SQL_RUNS = Number(process.env.BENCH_SQL_RUNS ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const TARGET_P99_MS = 20;

const runId = `${process.pid}`;
const baseUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_DATABASE_URL;
const databaseUrl = withDatabaseName(baseUrl, `rigforge_bench_assets_${runId}`);
const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
const storageDir = mkdtempSync(path.join(os.tmpdir(), `rigforge-bench-assets-${runId}-`));

type Scenario = { name: string; filter: Omit<ListAssetsFilter, 'limit' | 'offset'> & { limit?: number; offset?: number } };

const SCENARIOS: Scenario[] = [
  { name: 'no filter, first page', filter: {} },
  { name: 'deep offset 99,000', filter: { offset: 99_000 } },
  { name: 'deep offset 99,000, limit 200', filter: { offset: 99_000, limit: 200 } },
  { name: 'query "crate" (common, ~4%)', filter: { query: 'crate' } },
  { name: 'query "old" (common, ~5%)', filter: { query: 'old' } },
  { name: 'query "e" (1 char, most rows)', filter: { query: 'e' } },
  { name: 'query "crate", offset 3,000', filter: { query: 'crate', offset: 3_000 } },
  { name: 'query "golden chest 4" (rare)', filter: { query: 'golden chest 4' } },
  { name: 'query "4242" (rare, name and id)', filter: { query: '4242' } },
  { name: 'query "zzzq" (no match)', filter: { query: 'zzzq' } },
  { name: 'query "%_\\" (wildcards, literal)', filter: { query: '%_\\' } },
  { name: 'category, offset 6,000', filter: { category: 'lighting', offset: 6_000 } },
  { name: 'pack + query "crate"', filter: { pack: 'synthetic-pack-07', query: 'crate' } },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function seed(db: Db): Promise<void> {
  const started = performance.now();
  const BATCH = 10_000;
  let batch: { id: string; name: string; category: string; pack: string }[] = [];
  const flush = async () => {
    const col = (k: 'id' | 'name' | 'category' | 'pack') => batch.map((r) => r[k]);
    const keys = (ext: string) => batch.map((r) => `assets/${r.id}.0123456789abcdef.${ext}`);
    await db.$executeRaw`
      INSERT INTO assets (id, name, category, pack, glb_key, thumbnail_key, glb_bytes, sha256, catalog_version)
      SELECT id, name, category, pack, glb_key, thumbnail_key, 1000, repeat('0', 64), 'bench'
      FROM unnest(${col('id')}::text[], ${col('name')}::text[], ${col('category')}::text[], ${col('pack')}::text[],
                  ${keys('glb')}::text[], ${keys('png')}::text[]) AS t(id, name, category, pack, glb_key, thumbnail_key)`;
    batch = [];
  };
  for (const row of generateSyntheticCatalog(COUNT, 1)) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  await bumpCatalogGeneration(db);
  await db.$executeRawUnsafe('VACUUM ANALYZE assets');
  console.log(`seeded ${COUNT} assets in ${Math.round(performance.now() - started)} ms (insert + VACUUM ANALYZE)`);
}

interface Row {
  scenario: string;
  total: number;
  sqlP50: number;
  sqlP99: number;
  cachedP50: number;
  cachedP99: number;
  httpP50?: number;
  httpP99?: number;
  httpRps?: number;
}

/** p50/p99 of listAssets: without the totals cache (count(*) every call) and with it (as the route runs). */
async function measureSql(db: Db, scenario: Scenario): Promise<Row> {
  const filter: ListAssetsFilter = { limit: 50, offset: 0, ...scenario.filter };
  const run = async (cache?: AssetTotalCache) => {
    let total = 0;
    for (let i = 0; i < 10; i++) total = (await listAssets(db, filter, cache)).total; // warm: plans, buffers
    const times: number[] = [];
    for (let i = 0; i < SQL_RUNS; i++) {
      const t0 = performance.now();
      await listAssets(db, filter, cache);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { total, p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  const cold = await run();
  const cached = await run(new AssetTotalCache());
  return { scenario: scenario.name, total: cold.total, sqlP50: cold.p50, sqlP99: cold.p99, cachedP50: cached.p50, cachedP99: cached.p99 };
}

function queryString(filter: Scenario['filter']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

async function startApi(port: number): Promise<ChildProcess> {
  const child = spawn(TSX, [path.join(ROOT, 'apps/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `rfbenchassets${runId}`,
      STORAGE_DIR: storageDir,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '100000000',
      REQUIRE_LIVE_WORKERS: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`).then((r) => r.ok, () => false);
    if (ok) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`api did not start:\n${log.join('')}`);
}

async function measureHttp(port: number, key: string, scenario: Scenario, row: Row): Promise<void> {
  const url = `http://127.0.0.1:${port}/v1/assets?${queryString(scenario.filter)}`;
  const opts = { url, connections: CONNECTIONS, headers: { authorization: `Bearer ${key}` } };
  await autocannon({ ...opts, duration: 1 }); // warm-up
  const result = await autocannon({ ...opts, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  row.httpP50 = result.latency.p50;
  row.httpP99 = result.latency.p99;
  row.httpRps = Math.round(result.requests.average);
}

/**
 * Every request a different filter, so nothing is served from the per-process match cache: random
 * two- to four-character queries (half of them with a category) at random offsets.
 */
async function measureHttpDistinct(port: number, key: string): Promise<{ p50: number; p99: number; rps: number }> {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const path = () => {
    const length = 2 + Math.floor(random() * 3);
    let query = '';
    for (let i = 0; i < length; i++) query += letters[Math.floor(random() * letters.length)];
    const params = new URLSearchParams({ query, offset: String(Math.floor(random() * 20) * 50) });
    if (random() < 0.5) params.set('category', 'crates');
    return `/v1/assets?${params.toString()}`;
  };
  const opts = {
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${key}` },
    // autocannon's typings miss that setupRequest may return the request it was given.
    requests: [{ method: 'GET' as const, setupRequest: ((req: Record<string, unknown>) => ({ ...req, path: path() })) as never }],
  };
  await autocannon({ ...opts, duration: 1 });
  const result = await autocannon({ ...opts, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`distinct queries: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  const db = createDb({ databaseUrl, poolSize: 4 });
  let api: ChildProcess | undefined;
  try {
    await seed(db);
    const rows: Row[] = [];
    for (const scenario of SCENARIOS) rows.push(await measureSql(db, scenario));

    const account = await createAccount(db, { name: 'bench', plan: 'standard', subscriptionActive: true });
    const { key } = await issueApiKey(db, account.id);
    const port = await freePort();
    api = await startApi(port);
    for (const [i, scenario] of SCENARIOS.entries()) await measureHttp(port, key, scenario, rows[i]!);
    const distinct = await measureHttpDistinct(port, key);

    const f = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(n < 10 ? 2 : 1));
    console.log(`\n${COUNT} assets; sql: ${SQL_RUNS} sequential calls of listAssets; http: autocannon ${DURATION}s, ${CONNECTIONS} connections`);
    console.log('| scenario | total | sql p50 | sql p99 | sql+cache p50 | sql+cache p99 | http p50 | http p99 | http req/s |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.scenario} | ${r.total} | ${f(r.sqlP50)} | ${f(r.sqlP99)} | ${f(r.cachedP50)} | ${f(r.cachedP99)} | ${f(r.httpP50)} | ${f(r.httpP99)} | ${r.httpRps ?? '-'} |`,
      );
    }
    console.log('(milliseconds; "sql" counts every call, "sql+cache" reuses totals per catalog generation as the route does)');
    const worstSql = Math.max(...rows.map((r) => r.cachedP99));
    console.log(
      `| distinct random queries and offsets (no cache hits) | - | - | - | - | - | ${f(distinct.p50)} | ${f(distinct.p99)} | ${distinct.rps} |`,
    );
    const worstHttp = Math.max(distinct.p99, ...rows.map((r) => r.httpP99 ?? 0));
    console.log(`\nworst p99: sql+cache ${f(worstSql)} ms, http ${f(worstHttp)} ms (target < ${TARGET_P99_MS} ms)`);
  } finally {
    if (api) {
      api.kill('SIGTERM');
      await new Promise((r) => api!.once('exit', r));
    }
    await db.$disconnect();
    const admin = createDb({ databaseUrl: withDatabaseName(baseUrl, 'postgres'), poolSize: 1 });
    await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS "rigforge_bench_assets_${runId}" WITH (FORCE)`);
    await admin.$disconnect();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Main-thread CPU per request of two API checkouts, alternating (issue 25): where bench-api.ts's
 * req/s moves ±20% between rounds on a shared machine, the CPU time of the API's main thread (the
 * one that bounds its peak) per request is steadier, and a change is judged by its per-round ratio.
 *
 *   AB_DIRS=/path/to/before,/path/to/after AB_ROUNDS=10 AB_AMOUNT=4000 npx tsx apps/api/scripts/read-cpu-ab.ts
 *
 * Env: AB_DIRS (two checkouts with dependencies installed, before and after; required),
 * AB_ROUNDS (default 6), AB_AMOUNT (requests per round, default 6000), AB_CONN (default 20),
 * AB_RATE (req/s: an open loop, open-loop.ts, requests due at a constant rate as bench-api.ts's half
 * peak; default a closed loop, autocannon), AB_MODE (read: GET /v1/jobs/{id}, the default;
 * submit: POST /v1/rigs), AB_ENV_B (JSON of extra env for the second server, e.g. '{"LOG_LEVEL":"warn"}'
 * to time what the access log costs), AB_NODE_ARGS_B (node arguments for the second server, space-separated: V8
 * flags such as `--single-threaded-gc` that NODE_OPTIONS refuses, so a flag is timed against the same code without it). DATABASE_URL and REDIS_URL as bench-api.ts (a scratch database).
 * Prints each round's main-thread and whole-process CPU µs/req, the medians, and the per-round
 * ratio second/first, and each round's read and write syscalls per request (/proc/<pid>/io: socket
 * and file reads and writes, which the machine's load does not change). Linux only (/proc).
 * AB_STRACE=1 adds one round per server under `strace -f -c` (every thread of the API) and prints each
 * syscall's calls per request, e.g. futex wake-ups or the input file's openat, also load-independent.
 * AB_COUNT=1 runs each API with round-trip-counter.mjs and prints each round's Postgres statements,
 * Redis commands (by name) and socket writes carrying Redis commands per request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { runOpenLoop } from './open-loop';
import { applyMigrations, createAccount, createDb, DEFAULT_MIGRATIONS_DIR, dropDatabase, ensureDatabase, grantCredits, issueApiKey, withDatabaseName } from '@rigforge/db';
import { boxGlb } from '../test/fixtures';
import { freePort } from '../../../tooling/private-backends/free-port';
import { DEFAULT_REDIS_URL, DEFAULT_SERVER_DATABASE_URL } from '@rigforge/server';

const dirs = (process.env.AB_DIRS ?? '').split(',').filter(Boolean);
if (dirs.length !== 2) throw new Error('set AB_DIRS=<before checkout>,<after checkout> (two checkouts with dependencies installed)');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const AMOUNT = Number(process.env.AB_AMOUNT ?? 6000);
const CONN = Number(process.env.AB_CONN ?? 20);
const RATE = process.env.AB_RATE ? Number(process.env.AB_RATE) : undefined;
const MODE = process.env.AB_MODE ?? 'read';
const STRACE = process.env.AB_STRACE === '1';
const COUNT = process.env.AB_COUNT === '1';
const ENV_B = JSON.parse(process.env.AB_ENV_B ?? '{}') as Record<string, string>;
/** V8 flags for the second server only (space-separated), e.g. `--single-threaded-gc`: the ones NODE_OPTIONS refuses. */
const NODE_ARGS_B = process.env.AB_NODE_ARGS_B?.split(' ').filter(Boolean) ?? [];
const runId = `ab${process.pid}`;
const databaseUrl = withDatabaseName(process.env.DATABASE_URL ?? DEFAULT_SERVER_DATABASE_URL, `rigforge_${runId}`);
const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
const storageDir = path.resolve(mkdtempSync(path.join(os.tmpdir(), `${runId}-`)));
const children: ChildProcess[] = [];

function ticks(pid: number, tid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}
/** Read and write syscalls of the whole process (socket and file I/O: a count the machine's load does not move). */
function procSyscalls(pid: number): { r: number; w: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { r: field('syscr'), w: field('syscw') };
}
function procTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

async function main() {
  await ensureDatabase(databaseUrl);
  await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });
  const db = createDb({ databaseUrl, poolSize: 2 });
  const acct = await createAccount(db, { name: 'ab', plan: 'pro', subscriptionActive: true });
  await grantCredits(db, acct.id, 1e9, 'ab');
  const key = await issueApiKey(db, acct.id, 'ab');
  await db.$disconnect();
  const servers: { dir: string; pid: number; url: string; jobUrl: string }[] = [];
  for (const [i, dir] of dirs.entries()) {
    const port = await freePort();
    const counter = COUNT ? ['--import', path.join(__dirname, 'round-trip-counter.mjs')] : [];
    const nodeArgs = i === 1 ? NODE_ARGS_B : [];
    const child = spawn(process.execPath, [...nodeArgs, ...counter, '--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: runId, STORAGE_DIR: path.join(storageDir, String(i)), RATE_LIMIT_PER_MINUTE: '100000000', REQUIRE_LIVE_WORKERS: 'false', MAX_QUEUE_DEPTH: '100000000', ROUND_TRIP_COUNTS_FILE: path.join(storageDir, `counts-${i}.json`), ...(i === 1 ? ENV_B : {}) },
    });
    children.push(child);
    servers.push({ dir, pid: child.pid!, url: `http://127.0.0.1:${port}`, jobUrl: '' });
  }
  const auth = { authorization: `Bearer ${key.key}` };
  const glb = await boxGlb();
  const body = JSON.stringify({ model_base64: glb.toString('base64') });
  for (const s of servers) {
    for (let t = 0; ; t++) {
      try { if ((await fetch(`${s.url}/v1/openapi.json`)).ok) break; } catch { /* */ }
      if (t > 400) throw new Error('not up');
      await new Promise((r) => setTimeout(r, 250));
    }
    const res = await fetch(`${s.url}/v1/rigs`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    const j = (await res.json()) as { id: string };
    s.jobUrl = `${s.url}/v1/jobs/${j.id}`;
  }
  const target = (s: (typeof servers)[number]) => MODE === 'read'
    ? { url: s.jobUrl, method: 'GET' as const, headers: auth }
    : { url: `${s.url}/v1/rigs`, method: 'POST' as const, headers: { ...auth, 'content-type': 'application/json' }, body };
  for (const s of servers) await autocannon({ ...target(s), connections: CONN, amount: 2000 });
  const res: { main: number[]; proc: number[]; rps: number[] }[] = servers.map(() => ({ main: [], proc: [], rps: [] }));
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < servers.length; k++) {
      const i = (r + k) % servers.length;
      const s = servers[i]!;
      const c0 = await counts(i);
      const m0 = ticks(s.pid, s.pid); const p0 = procTicks(s.pid); const io0 = procSyscalls(s.pid);
      const out = await load(target(s));
      const m1 = ticks(s.pid, s.pid); const p1 = procTicks(s.pid); const io1 = procSyscalls(s.pid);
      const c1 = await counts(i);
      const n = out.total;
      res[i]!.main.push(((m1 - m0) * 10000) / n); res[i]!.proc.push(((p1 - p0) * 10000) / n); res[i]!.rps.push(out.rps);
      console.log(`round ${r} ${s.dir.padEnd(16)} main ${(((m1 - m0) * 10000) / n).toFixed(0)} µs/req, proc ${(((p1 - p0) * 10000) / n).toFixed(0)}, ${out.rps.toFixed(0)} req/s${out.latency}, read/write syscalls per req ${((io1.r - io0.r) / n).toFixed(2)} / ${((io1.w - io0.w) / n).toFixed(2)}, non2xx ${out.non2xx}${c0 && c1 ? `\n  per req: ${countsLine(c0, c1, n)}` : ''}`);
    }
  }
  if (STRACE) for (const s of servers) await straceRound(s.dir, s.pid, target(s));
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
  servers.forEach((s, i) => console.log(`${s.dir}: median main ${med(res[i]!.main).toFixed(0)} µs/req, proc ${med(res[i]!.proc).toFixed(0)}, req/s ${med(res[i]!.rps).toFixed(0)}`));
  const ratios = res[1]!.main.map((v, i) => v / res[0]!.main[i]!);
  console.log(`per-round main ratio B/A: ${ratios.map((x) => x.toFixed(2)).join(' ')}; median ${med(ratios).toFixed(3)}`);
}

/** One round of AMOUNT requests: a closed loop of CONN connections, or an open loop at AB_RATE. */
async function load(target: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<{ total: number; rps: number; non2xx: number; latency: string }> {
  if (RATE) {
    const out = await runOpenLoop({ ...target, headers: [target.headers], rate: RATE, duration: AMOUNT / RATE, connections: CONN });
    return { total: out.total, rps: out.rps, non2xx: out.non2xx, latency: ` (open loop: p50 ${out.p50} ms, p99 ${out.p99} ms)` };
  }
  const out = await autocannon({ ...target, connections: CONN, amount: AMOUNT });
  return { total: out.requests.total, rps: out.requests.average, non2xx: out.non2xx, latency: '' };
}

interface Counts { pg: number; redis: Record<string, number>; redisWrites: number }

/** The counter's totals of server i (AB_COUNT), once its last writes are in (it writes every 100 ms). */
async function counts(i: number): Promise<Counts | undefined> {
  if (!COUNT) return undefined;
  await new Promise((r) => setTimeout(r, 300));
  return JSON.parse(readFileSync(path.join(storageDir, `counts-${i}.json`), 'utf8')) as Counts;
}

function countsLine(a: Counts, b: Counts, n: number): string {
  const redis = Object.keys(b.redis).map((name) => [name, ((b.redis[name] ?? 0) - (a.redis[name] ?? 0)) / n] as const).filter(([, v]) => v > 0);
  const total = redis.reduce((t, [, v]) => t + v, 0);
  return `pg statements ${((b.pg - a.pg) / n).toFixed(2)}, redis commands ${total.toFixed(2)} (${redis.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}) in ${((b.redisWrites - a.redisWrites) / n).toFixed(2)} socket writes`;
}

/** One round of AMOUNT requests (as `load`) under `strace -f -c`: calls per request of each syscall the API made. */
async function straceRound(dir: string, pid: number, target: Parameters<typeof load>[0]): Promise<void> {
  const out = path.join(storageDir, `strace-${pid}.txt`);
  const strace = spawn('strace', ['-f', '-c', '-q', '-o', out, '-p', String(pid)], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1000)); // attached to every thread
  const result = await load(target);
  strace.kill('SIGINT');
  await once(strace, 'exit');
  const n = result.total;
  const rows = readFileSync(out, 'utf8').split('\n').map((line) => line.trim().split(/\s+/)).filter((f) => f.length >= 5 && /^\d/.test(f[3]!) && f.at(-1) !== 'total');
  const perReq = rows.map((f) => ({ name: f.at(-1)!, calls: Number(f[3]) / n })).sort((a, b) => b.calls - a.calls);
  console.log(`strace ${dir} (${n} requests, non2xx ${result.non2xx}): ${perReq.filter((r) => r.calls >= 0.05).map((r) => `${r.name} ${r.calls.toFixed(2)}`).join(', ')}; all ${perReq.reduce((t, r) => t + r.calls, 0).toFixed(1)} per request`);
}

main().catch((e) => console.error(e)).finally(async () => {
  for (const c of children) try { process.kill(-c.pid!, 'SIGKILL'); } catch { /* */ }
  await dropDatabase(databaseUrl).catch(() => undefined);
  rmSync(storageDir, { recursive: true, force: true });
  process.exit(0);
});

/**
 * A fault run against the started service: a private Postgres and Redis (never the shared ones),
 * the API and rig.fast workers under the real supervisor (scripts/supervise.ts), a test engine
 * whose jobs take 1.5 s (so kills land mid-job), a steady stream of submissions, and meanwhile:
 * workers killed with SIGKILL, Redis killed and restarted empty during a burst, Postgres stopped
 * for a while. Then it waits for every job to end and counts what the invariants forbid.
 * Everything listens on 127.0.0.1 only, and every step is bounded in count and time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createAccount, createDb, DEFAULT_MIGRATIONS_DIR, ensureDatabase, grantCredits, issueApiKey, type Db } from '@rigforge/db';
import { createStorage } from '@rigforge/storage';
import { boxGlb } from '../../../api/test/fixtures';
import { checkJobsAndLedger, violations, type JobsAndLedgerCounts } from './check-jobs-and-ledger';
import { freePort } from '../../../../tooling/private-backends/free-port';
import { startPrivatePostgres, type PrivatePostgres } from '../../../../tooling/private-backends/private-postgres';
import { startPrivateRedis, type PrivateRedis } from '../../../../tooling/private-backends/private-redis';

const ROOT = path.resolve(__dirname, '../../../..');
const TEST_ENGINES = path.join(ROOT, 'apps/worker/test/engines/test-engines.ts');

export interface ChaosOptions {
  /** Most submissions sent (the stream also stops when the window ends). */
  jobs: number;
  /** How long submissions stream in, in ms; the faults happen inside this window. */
  windowMs: number;
  /** Submissions per second. */
  rate: number;
  /** SIGKILLs of rig workers, spread over the window. */
  workerKills: number;
  /** Redis crashes (each during a burst of submissions), 0 or more. */
  redisRestarts: number;
  /** How long Postgres stays stopped, ms; 0 for no stop. */
  postgresStopMs: number;
  /** rig.fast worker processes, and jobs each runs at once. Keep their throughput above `rate`, or
   * the backlog outlives the drain and retried jobs meet their deadline waiting behind it. */
  workers: number;
  concurrency: number;
  /** Job deadline of the workers, seconds: a job left hanging shows up as a timeout after this. */
  jobTimeoutSeconds: number;
  /** How long to wait for every job to end after the window. */
  drainTimeoutMs: number;
  log: (line: string) => void;
}

export const CHAOS_DEFAULTS: Omit<ChaosOptions, 'log'> = {
  jobs: 600,
  windowMs: 90_000,
  rate: 2,
  workerKills: 6,
  redisRestarts: 1,
  postgresStopMs: 10_000,
  workers: 2,
  concurrency: 2,
  jobTimeoutSeconds: 90,
  drainTimeoutMs: 150_000,
};

export interface ChaosReport extends JobsAndLedgerCounts {
  submitted: number;
  /** Non-202 answers by status (503 during an outage is expected; a 5xx other than 503 is a finding). */
  refusedByStatus: Record<string, number>;
  /** Submission outcomes (HTTP status, `timeout`, `network`) by 5 s slot of the window. */
  timeline: Record<string, Record<string, number>>;
  workerKills: number;
  workerRestarts: number;
  /** Workers up and ready after the faults (all of them, when the supervisor did its job). */
  workersUp: number;
  redisRestarts: number;
  postgresStops: number;
  drainSeconds: number;
  violations: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Engine behaviour by rig_type (see apps/worker/test/engines/test-engines.ts), weighted. */
const RIG_TYPES = ['hexapod', 'hexapod', 'hexapod', 'hexapod', 'hexapod', 'hexapod', 'biped', 'biped', 'others', 'aquatic'];

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log;
  let pg: PrivatePostgres | null = null;
  let redis: PrivateRedis | null = null;
  let supervisor: ChildProcess | null = null;
  let db: Db | null = null;
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'rigforge-chaos-storage-'));
  try {
    pg = await startPrivatePostgres();
    redis = await startPrivateRedis();
    log(`private postgres on ${pg.port}, private redis at ${redis.url}`);
    await ensureDatabase(pg.url);
    await applyMigrations({ databaseUrl: pg.url, migrationsDir: DEFAULT_MIGRATIONS_DIR });
    db = createDb({ databaseUrl: pg.url, poolSize: 4 });
    const storage = createStorage({ driver: 'local', rootDir: storageDir, publicBaseUrl: 'http://127.0.0.1/files' });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'chaos',
      STORAGE_DIR: storageDir,
      PUBLIC_BASE_URL: base,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '1000000',
      JOB_RETRY_BACKOFF_MS: '300',
      MAX_QUEUE_DEPTH: '100000',
      ENGINE_MODULES: TEST_ENGINES,
      JOB_TIMEOUT_SECONDS: String(options.jobTimeoutSeconds),
      SWEEP_INTERVAL_MS: '1000',
      REQUEUE_AFTER_MS: '3000',
      JOB_LOCK_MS: '4000',
      // Many workers on one host: each takes a free port for its ops listener.
      WORKER_HTTP_PORT: '0',
      // The test engine (a 1.5 s sleep) has nothing to warm up; warming it would only slow restarts.
      WORKER_WARMUP_RUNS: '0',
    };
    const node = `${process.execPath} --import tsx`;
    const workerNames = Array.from({ length: options.workers }, (_, i) => `worker-${i + 1}`);
    const services = [
      `api: ${node} apps/api/src/main.ts`,
      ...workerNames.map((name) => `${name}: ${node} apps/worker/src/main.ts --queue rig.fast --concurrency ${options.concurrency}`),
    ];
    let output = '';
    supervisor = spawn(process.execPath, ['--import', 'tsx', 'scripts/supervise.ts', '--backoff-ms', '500', '--grace-ms', '10000', ...services], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the run can always clean up everything it started
    });
    const serviceLog = createWriteStream(path.join(os.tmpdir(), `rigforge-chaos-${process.pid}.log`));
    log(`service output: ${serviceLog.path}`);
    const keep = (d: Buffer) => {
      serviceLog.write(d);
      output += d.toString();
      if (output.length > 4_000_000) output = output.slice(-2_000_000);
    };
    supervisor.stdout!.on('data', keep);
    supervisor.stderr!.on('data', keep);
    const pidOf = (name: string) => Number([...output.matchAll(new RegExp(`started ${name} \\(pid (\\d+)\\)`, 'g'))].at(-1)?.[1] ?? 0);
    const killed = new Set<number>();
    const isReady = (pid: number) => pid > 0 && !killed.has(pid) && output.includes(`ready (id rig.fast:${pid}:`);
    const starts = (name: string) => [...output.matchAll(new RegExp(`started ${name} \\(pid`, 'g'))].length;

    // Up: the API answers and every worker said ready.
    const upBy = Date.now() + 90_000;
    for (;;) {
      const apiUp = await fetch(`${base}/v1/openapi.json`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
      const ready = (output.match(/"msg":"ready \(id rig\.fast:/g) ?? []).length;
      if (apiUp && ready >= options.workers) break;
      if (Date.now() > upBy) throw new Error(`chaos: the service did not start:\n${output.slice(-5000)}`);
      await sleep(250);
    }
    log('service up');

    const accounts: { id: string; key: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const account = await createAccount(db, { name: `chaos-${i}`, plan: 'standard', subscriptionActive: true });
      await grantCredits(db, account.id, 1_000_000, 'chaos run');
      accounts.push({ id: account.id, key: (await issueApiKey(db, account.id)).key });
    }
    const model = (await boxGlb()).toString('base64');
    // One submission first, outside the counts: the API's first readability check loads the mesh
    // readers, which on a busy machine takes seconds.
    const warmup = await fetch(`${base}/v1/rigs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accounts[0]!.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model_base64: model, rig_type: 'biped' }),
      signal: AbortSignal.timeout(120_000),
    });
    if (warmup.status !== 202) throw new Error(`chaos: the warm-up submission got ${warmup.status}: ${await warmup.text()}`);
    const warmupBody: unknown = await warmup.json();
    const warmupId = typeof warmupBody === 'object' && warmupBody !== null && 'id' in warmupBody ? warmupBody.id : undefined;

    const started = Date.now();
    const accepted = new Set<string>(typeof warmupId === 'string' ? [warmupId] : []);
    const refusedByStatus: Record<string, number> = {};
    let submitted = 0;
    const inFlight = new Set<Promise<void>>();
    // Outcome of each submission by 5 s slot of the window, to see which fault caused which refusals.
    const timeline: Record<string, Record<string, number>> = {};
    const note = (sentAt: number, outcome: string) => {
      const slot = `${Math.floor((sentAt - started) / 5000) * 5}s`;
      const row = (timeline[slot] ??= {});
      row[outcome] = (row[outcome] ?? 0) + 1;
    };
    const submit = () => {
      const sentAt = Date.now();
      const account = accounts[submitted % accounts.length]!;
      const rigType = RIG_TYPES[submitted % RIG_TYPES.length]!;
      submitted++;
      const request = fetch(`${base}/v1/rigs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model_base64: model, rig_type: rigType }),
        signal: AbortSignal.timeout(60_000),
      })
        .then(async (res) => {
          const body: unknown = await res.json().catch(() => null);
          const id = typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined;
          if (res.status === 202 && typeof id === 'string') accepted.add(id);
          else refusedByStatus[res.status] = (refusedByStatus[res.status] ?? 0) + 1;
          note(sentAt, String(res.status));
        })
        .catch((error: unknown) => {
          const outcome = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
          refusedByStatus[outcome] = (refusedByStatus[outcome] ?? 0) + 1;
          note(sentAt, outcome);
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    };

    // The faults, each at its moment in the window, one after another.
    const at = (fraction: number) => sleep(Math.max(0, started + fraction * options.windowMs - Date.now()));
    let kills = 0;
    let redisRestarts = 0;
    let postgresStops = 0;
    const faults = (async () => {
      const mark = (what: string) => log(`${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const plan: { at: number; run: () => Promise<void> }[] = [];
      for (let i = 0; i < options.redisRestarts; i++) {
        plan.push({
          at: (0.2 + i * 0.1) % 1,
          run: async () => {
            for (let b = 0; b < 20 && submitted < options.jobs; b++) submit(); // a burst
            await sleep(100);
            mark('fault: Redis killed (SIGKILL, no persistence: every queue is lost)');
            await redis!.kill();
            await sleep(2000);
            await redis!.start();
            redisRestarts++;
            mark('fault: Redis back, empty');
          },
        });
      }
      if (options.postgresStopMs > 0) {
        plan.push({
          at: 0.45,
          run: async () => {
            // A burst first, so workers are mid-job when the database goes: their status writes
            // must wait it out, and the jobs queued behind them must not spend their retries.
            for (let b = 0; b < 3 * options.workers * options.concurrency && submitted < options.jobs; b++) submit();
            await sleep(800);
            mark(`fault: Postgres stopped for ${options.postgresStopMs / 1000} s`);
            pg!.stop();
            await sleep(options.postgresStopMs);
            pg!.start();
            postgresStops++;
            mark('fault: Postgres back');
          },
        });
      }
      for (let i = 0; i < options.workerKills; i++) {
        plan.push({
          at: (0.9 * (i + 0.5)) / (options.workerKills + 0.5), // the first before the Postgres stop
          run: async () => {
            // Kill one worker of a healthy fleet: wait until every worker is up again (a restart
            // takes seconds, tens on a busy machine; killing the fleet faster than it restarts
            // only measures that), then aim, when the database can say so, at a running job.
            const name = workerNames[kills % workerNames.length]!;
            for (let tries = 0; tries < 900 && !workerNames.every((w) => isReady(pidOf(w))); tries++) await sleep(100);
            for (let tries = 0; tries < 30; tries++) {
              const busy = await db!.job.count({ where: { status: 'processing' } }).catch(() => 1);
              if (busy > 0) break;
              await sleep(100);
            }
            const pid = pidOf(name);
            if (!pid) return;
            try {
              process.kill(pid, 'SIGKILL');
              killed.add(pid);
              kills++;
              mark(`fault: ${name} (pid ${pid}) killed with SIGKILL`);
            } catch {
              // it was already gone (restarting)
            }
          },
        });
      }
      plan.sort((a, b) => a.at - b.at);
      for (const step of plan) {
        await at(step.at);
        await step.run();
      }
    })();

    // The stream.
    const interval = 1000 / options.rate;
    while (Date.now() - started < options.windowMs && submitted < options.jobs) {
      if (inFlight.size < 50) submit();
      await sleep(interval);
    }
    await faults;
    await Promise.all(inFlight);
    // The fleet heals: every killed worker is back (restarted by the supervisor) and ready.
    for (let tries = 0; tries < 900 && !workerNames.every((w) => isReady(pidOf(w))); tries++) await sleep(100);
    const workersUp = workerNames.filter((w) => isReady(pidOf(w))).length;
    log(`stream over: ${submitted} sent, ${accepted.size} accepted; waiting for every job to end`);

    const drainStart = Date.now();
    for (;;) {
      const open = await db.job.count({ where: { status: { in: ['queued', 'processing'] } } }).catch(() => -1);
      if (open === 0) break;
      if (Date.now() - drainStart > options.drainTimeoutMs) {
        log(`drain: ${open} jobs still open after ${options.drainTimeoutMs / 1000} s`);
        break;
      }
      await sleep(500);
    }
    const drainSeconds = (Date.now() - drainStart) / 1000;

    const counts = await checkJobsAndLedger(
      db,
      storage,
      accounts.map((a) => a.id),
      accepted,
    );
    const workerRestarts = workerNames.reduce((sum, name) => sum + starts(name) - 1, 0);
    const report: ChaosReport = {
      submitted,
      refusedByStatus,
      timeline,
      workerKills: kills,
      workerRestarts,
      workersUp,
      redisRestarts,
      postgresStops,
      drainSeconds,
      ...counts,
      violations: violations(counts),
    };
    if (report.violations.length) log(`service log tail:\n${output.slice(-8000)}`);
    return report;
  } finally {
    await db?.$disconnect().catch(() => undefined);
    if (supervisor?.pid && supervisor.exitCode === null) {
      const exited = new Promise((resolve) => supervisor!.once('exit', resolve));
      process.kill(supervisor.pid, 'SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      try {
        process.kill(-supervisor.pid, 'SIGKILL'); // anything left in its group
      } catch {
        // all gone
      }
    }
    await redis?.destroy();
    pg?.destroy();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

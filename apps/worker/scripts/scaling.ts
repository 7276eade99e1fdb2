/**
 * The scaling figure: drains the same batch of rig jobs (default 200, examples/humanoid.glb on
 * the fast engine) with 1 and then with 2 worker processes, and reports the drain times and their
 * ratio; then measures acceptance → processing start on an idle worker (one job at a time), p50
 * and p99. Jobs are submitted through the API's own submission service (the same rows, credits,
 * stored inputs and BullMQ jobs as POST /v1/rigs) into a paused queue, the workers are started and
 * announce themselves, and the clock starts when the queue is resumed, so process start-up is not
 * counted. Uses the local Postgres and Redis with a database and a Redis prefix of its own
 * (dropped and removed at the end) and a temporary storage folder.
 *
 *   node --import tsx apps/worker/scripts/scaling.ts                 # 200 jobs, 40 idle samples
 *   node --import tsx apps/worker/scripts/scaling.ts --jobs 50 --idle-samples 20 --workers 1,2,3
 *
 * Wall-clock figures: on a shared machine they move with its load, printed beside them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applyMigrations, createAccount, createDb, DEFAULT_MIGRATIONS_DIR, dropDatabase, ensureDatabase, grantCredits } from '@rigforge/db';
import { createRedis, JobQueues, QUEUE_NAMES } from '@rigforge/queue';
import { createStorage } from '@rigforge/storage';
import { BackendAvailability } from '../../api/src/services/backend-availability';
import { newJobId, submitJob, type JobSubmissionDeps } from '../../api/src/services/job-submission';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from '@rigforge/server';

const ROOT = path.resolve(__dirname, '../../..');
const QUEUE = 'rig.fast';

interface Options {
  jobs: number;
  idleSamples: number;
  workers: number[];
  mesh: string;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '200' },
      'idle-samples': { type: 'string', default: '40' },
      workers: { type: 'string', default: '1,2' },
      mesh: { type: 'string', default: 'examples/humanoid.glb' },
    },
  });
  const positive = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`scaling: --${name} must be a positive integer`);
    return n;
  };
  return {
    jobs: positive('jobs', values.jobs),
    idleSamples: positive('idle-samples', values['idle-samples']),
    workers: values.workers.split(',').map((w) => positive('workers', w)),
    mesh: path.resolve(ROOT, values.mesh),
  };
}

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} scaling: ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg()[0]!.toFixed(1);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main(): Promise<void> {
  const options = readOptions();
  const base = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  const run = randomUUID().slice(0, 8);
  base.pathname = `/rigforge_scaling_${run}`;
  const databaseUrl = base.toString();
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const prefix = `rigforge-scaling-${run}`;
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'rigforge-scaling-'));
  await ensureDatabase(databaseUrl);
  await applyMigrations({ databaseUrl, migrationsDir: DEFAULT_MIGRATIONS_DIR });

  const db = createDb({ databaseUrl, poolSize: 4 });
  const redis = createRedis({ url: redisUrl, role: 'producer', commandTimeoutMs: 10_000 });
  const queues = new JobQueues({ connection: createRedis({ url: redisUrl, role: 'producer', commandTimeoutMs: 10_000 }), prefix });
  const storage = createStorage({ driver: 'local', rootDir: storageDir, publicBaseUrl: 'http://localhost:3000/files' });
  const deps: JobSubmissionDeps = {
    db,
    storage,
    queues,
    availability: new BackendAvailability({ queues, redis, prefix, maxQueueDepth: 1_000_000, requireLiveWorkers: false }),
  };
  const account = await createAccount(db, { name: `scaling-${run}`, plan: 'standard', subscriptionActive: true });
  await grantCredits(db, account.id, 10_000_000, 'scaling run');
  const mesh = new Uint8Array(await readFile(options.mesh));
  const submit = async () =>
    (
      await submitJob(deps, QUEUE, () => ({
        id: newJobId(),
        accountId: account.id,
        job: { operation: 'rig', params: { rig_type: 'biped', engine: 'fast', output_format: 'glb', rotation_y: 0, up_axis: '+y', source: 'model_base64' } },
        engine: 'fast',
        input: { bytes: mesh, extension: 'glb', contentType: 'model/gltf-binary' },
        credits: 10,
        requiresPro: false,
      }))
    ).id;

  const workerEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    STORAGE_DIR: storageDir,
    WORKER_HTTP_PORT: '0',
    LOG_LEVEL: 'info',
    // No sweeps during the run: nothing is lost, and a sweep is work the figure should not include.
    SWEEP_INTERVAL_MS: '3600000',
  };
  const startWorkers = async (n: number) => {
    const children: { child: ChildProcess; output: string }[] = [];
    for (let i = 0; i < n; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts', '--queue', QUEUE, '--concurrency', '1'], {
        cwd: ROOT,
        env: workerEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const entry = { child, output: '' };
      child.stdout!.on('data', (d: Buffer) => (entry.output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (entry.output += d.toString()));
      children.push(entry);
    }
    const deadline = Date.now() + 180_000;
    while (!children.every((c) => c.output.includes('"msg":"ready (id'))) {
      if (Date.now() > deadline || children.some((c) => c.child.exitCode !== null)) {
        throw new Error(`scaling: workers did not start:\n${children.map((c) => c.output.slice(-2000)).join('\n')}`);
      }
      await sleep(200);
    }
    return {
      stop: () =>
        Promise.all(
          children.map(
            ({ child }) =>
              new Promise<void>((resolve) => {
                if (child.exitCode !== null) return resolve();
                child.once('exit', () => resolve());
                child.kill('SIGTERM');
              }),
          ),
        ),
    };
  };
  const terminal = async (ids: string[]) => {
    const rows = await db.job.findMany({ where: { id: { in: ids }, status: { in: ['succeeded', 'failed'] } }, select: { status: true } });
    return { done: rows.length, succeeded: rows.filter((r) => r.status === 'succeeded').length };
  };

  const drains: { workers: number; seconds: number; jobsPerSecond: number; succeeded: number; loadBefore: string; loadAfter: string }[] = [];
  try {
    for (const n of options.workers) {
      const queue = queues.get(QUEUE);
      await queue.pause();
      log(`${n} worker(s): submitting ${options.jobs} jobs into the paused queue`);
      const ids: string[] = [];
      for (let i = 0; i < options.jobs; i++) ids.push(await submit());
      const workers = await startWorkers(n);
      const loadBefore = load();
      const started = performance.now();
      await queue.resume();
      for (;;) {
        const { done, succeeded } = await terminal(ids);
        if (done === ids.length) {
          const seconds = (performance.now() - started) / 1000;
          drains.push({ workers: n, seconds, jobsPerSecond: ids.length / seconds, succeeded, loadBefore, loadAfter: load() });
          log(`${n} worker(s): ${ids.length} jobs in ${seconds.toFixed(1)} s (${succeeded} succeeded; load ${loadBefore} → ${load()})`);
          break;
        }
        await sleep(250);
      }
      await workers.stop();
    }

    log(`idle start latency: ${options.idleSamples} jobs one at a time on one idle worker`);
    const workers = await startWorkers(1);
    const latencies: number[] = [];
    const idleLoad = load();
    for (let i = 0; i < options.idleSamples; i++) {
      const id = await submit();
      for (;;) {
        const row = await db.job.findUnique({ where: { id }, select: { status: true, createdAt: true, startedAt: true } });
        if (row && (row.status === 'succeeded' || row.status === 'failed')) {
          latencies.push((row.startedAt!.getTime() - row.createdAt.getTime()) / 1000);
          break;
        }
        await sleep(50);
      }
      await sleep(300); // the worker is idle again, waiting on Redis, when the next job arrives
    }
    await workers.stop();
    latencies.sort((a, b) => a - b);

    const first = drains.find((d) => d.workers === options.workers[0])!;
    const report = {
      jobs: options.jobs,
      mesh: path.relative(ROOT, options.mesh),
      drains: drains.map((d) => ({ ...d, seconds: Number(d.seconds.toFixed(2)), jobsPerSecond: Number(d.jobsPerSecond.toFixed(2)), speedup: Number((first.seconds / d.seconds).toFixed(2)) })),
      idleStartLatencyMs: {
        samples: latencies.length,
        p50: Number((percentile(latencies, 50) * 1000).toFixed(1)),
        p99: Number((percentile(latencies, 99) * 1000).toFixed(1)),
        max: Number((latencies.at(-1)! * 1000).toFixed(1)),
        load: idleLoad,
      },
      cores: os.cpus().length,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await Promise.all(QUEUE_NAMES.map((q) => queues.get(q).obliterate({ force: true }).catch(() => undefined)));
    const leftovers = await redis.keys(`${prefix}:*`).catch(() => [] as string[]);
    if (leftovers.length) await redis.del(...leftovers).catch(() => undefined);
    await queues.close();
    redis.disconnect();
    await db.$disconnect();
    await dropDatabase(databaseUrl).catch(() => undefined);
    await rm(storageDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`scaling: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

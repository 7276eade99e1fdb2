/**
 * The fault run (see chaos/run-chaos.ts): kills rig workers mid-job, restarts Redis during a burst
 * and stops Postgres while jobs stream in, then prints the counts and exits 1 if any invariant
 * broke (a job lost, left processing, charged or refunded twice, a failed job not refunded, a
 * balance not equal to its ledger). Uses a private Postgres and Redis; about 4 minutes with the
 * defaults.
 *
 *   pnpm chaos                                   # the defaults below
 *   pnpm chaos --jobs 200 --window 40 --kills 3 --postgres-stop 5
 */
import { parseArgs } from 'node:util';
import { CHAOS_DEFAULTS, runChaos } from './chaos/run-chaos';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: String(CHAOS_DEFAULTS.jobs) },
      window: { type: 'string', default: String(CHAOS_DEFAULTS.windowMs / 1000) },
      rate: { type: 'string', default: String(CHAOS_DEFAULTS.rate) },
      kills: { type: 'string', default: String(CHAOS_DEFAULTS.workerKills) },
      'redis-restarts': { type: 'string', default: String(CHAOS_DEFAULTS.redisRestarts) },
      'postgres-stop': { type: 'string', default: String(CHAOS_DEFAULTS.postgresStopMs / 1000) },
      workers: { type: 'string', default: String(CHAOS_DEFAULTS.workers) },
      concurrency: { type: 'string', default: String(CHAOS_DEFAULTS.concurrency) },
    },
  });
  const number = (name: keyof typeof values, max: number) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`chaos: --${name} must be a number from 0 to ${max}`);
    return value;
  };
  const started = Date.now();
  const report = await runChaos({
    ...CHAOS_DEFAULTS,
    jobs: number('jobs', 5000),
    windowMs: number('window', 600) * 1000,
    rate: Math.max(0.1, number('rate', 50)),
    workerKills: number('kills', 50),
    redisRestarts: number('redis-restarts', 5),
    postgresStopMs: number('postgres-stop', 60) * 1000,
    workers: Math.max(1, number('workers', 8)),
    concurrency: Math.max(1, number('concurrency', 8)),
    log: (line) => process.stderr.write(`${new Date().toISOString()} chaos: ${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    `\naccepted ${report.accepted} of ${report.submitted} · lost ${report.lost} · left processing ${report.leftProcessing} · ` +
      `charged twice ${report.doubleCharged} · refunded twice ${report.doubleRefunded} · failed not refunded ${report.failedNotRefunded} · ` +
      `unbalanced accounts ${report.unbalancedAccounts} · worker kills ${report.workerKills} (restarts ${report.workerRestarts}, ${report.workersUp} up at the end) · ` +
      `redis restarts ${report.redisRestarts} · postgres stops ${report.postgresStops} · drained in ${report.drainSeconds.toFixed(1)} s · ` +
      `run ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  process.stdout.write(report.violations.length ? `FAILED: ${report.violations.join(', ')}\n` : 'PASSED: every invariant held\n');
  process.exit(report.violations.length ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(2);
});

/**
 * The short version of the fault script (apps/worker/scripts/chaos.ts; the full run is
 * `pnpm chaos`): a private Postgres and Redis, the API and two rig workers under the supervisor,
 * a few jobs streaming in while one worker is killed mid-job and Postgres is stopped for a few
 * seconds. Every invariant must hold afterwards.
 */
import { runChaos } from '../scripts/chaos/run-chaos';

test('through a worker kill and a Postgres stop: no job lost, none left processing, none charged or refunded twice, ledgers balanced', async () => {
  const lines: string[] = [];
  const report = await runChaos({
    jobs: 14,
    windowMs: 12_000,
    rate: 1.5,
    workerKills: 1,
    redisRestarts: 0,
    postgresStopMs: 3000,
    workers: 2,
    concurrency: 2,
    jobTimeoutSeconds: 40,
    drainTimeoutMs: 90_000,
    log: (line) => lines.push(line),
  });
  if (report.violations.length) throw new Error(`${report.violations.join(', ')}\n${JSON.stringify(report, null, 2)}\n${lines.join('\n')}`);
  expect(report.workerKills).toBe(1);
  expect(report.workerRestarts).toBeGreaterThanOrEqual(1);
  expect(report.workersUp).toBe(2);
  expect(report.postgresStops).toBe(1);
  expect(report.accepted).toBeGreaterThan(0);
  expect(report.leftProcessing).toBe(0);
  expect(report.lost).toBe(0);
  // Jobs run through the faults: none failed for lack of a database or a worker.
  expect(report.byErrorCode.timeout ?? 0).toBe(0);
}, 300_000);

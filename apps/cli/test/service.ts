/**
 * A started service for the CLI and README end-to-end tests: the real API on a real port (its
 * PUBLIC_BASE_URL is that port, so output URLs download), one real worker process per queue the
 * examples use, and a seeded account with credits.
 */
import type { Server as HttpServer } from 'node:http';
import { startHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { workerEnvFor } from '../../worker/test/e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from '../../worker/test/worker-process';
import { freePort } from '../../../tooling/private-backends/free-port';

export interface StartedService {
  h: Harness;
  baseUrl: string;
  account: SeededAccount;
  stop: () => Promise<void>;
}

export async function startService(queues: string[]): Promise<StartedService> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const h = await startHarness({ PUBLIC_BASE_URL: baseUrl, REQUIRE_LIVE_WORKERS: 'true' });
  const api = await new Promise<HttpServer>((resolve) => {
    const server = h.app.listen(port, '127.0.0.1', () => resolve(server));
  });
  const account = await h.seedAccount({ plan: 'standard', credits: 1000 });
  // The sweeper would re-enqueue stale jobs of other test files sharing the database into these
  // workers' queues; ours never need it.
  const env = workerEnvFor(h, { SWEEP_INTERVAL_MS: '3600000', REQUEUE_AFTER_MS: '3600000' });
  const workers: WorkerProcess[] = queues.map((queue) => startWorkerProcess(queue, env));
  await Promise.all(
    workers.map((worker, i) =>
      waitFor(async () => worker.output().includes('ready'), 90_000, `${queues[i]} worker`).catch((error: Error) => {
        throw new Error(`${error.message}\n${worker.output()}`);
      }),
    ),
  );
  return {
    h,
    baseUrl,
    account,
    stop: async () => {
      await Promise.all(workers.map((w) => w.stop()));
      await new Promise((resolve) => api.close(resolve));
      await h.close();
    },
  };
}

/**
 * A real API process (`apps/api/dist/main.js`, built from `apps/api/src/main.ts` by
 * scripts/build-services.ts in the suite's global setup, as production starts it) on a free port,
 * sharing a harness's database, Redis prefix and storage: for tests that need several replicas.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../../worker/test/worker-process';
import type { Harness } from './harness';
import { freePort } from '../../../tooling/private-backends/free-port';

const ROOT = path.resolve(__dirname, '../../..');

export interface ApiProcess {
  baseUrl: string;
  pid: number;
  output: () => string;
  stop: () => Promise<number | null>;
}

export async function startApiProcess(h: Harness, extra: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const env = h.ctx.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      REDIS_PREFIX: env.REDIS_PREFIX,
      STORAGE_DIR: env.STORAGE_DIR,
      PUBLIC_BASE_URL: env.PUBLIC_BASE_URL,
      RATE_LIMIT_PER_MINUTE: '100000',
      REQUIRE_LIVE_WORKERS: 'false',
      DB_CONNECT_TIMEOUT_MS: '10000',
      DB_STATEMENT_TIMEOUT_MS: '10000',
      REDIS_COMMAND_TIMEOUT_MS: '10000',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(async () => output.includes('listening on') || child.exitCode !== null, 90_000, 'the API process to listen');
  if (child.exitCode !== null) throw new Error(`the API process exited: ${output}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

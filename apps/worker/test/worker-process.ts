import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts the real worker process as production does: node on the prebuilt worker
 * (`apps/worker/dist/main.js`, built from `apps/worker/src/main.ts` by scripts/build-services.ts,
 * which the suite's global setup runs, so it is never older than the sources).
 */
export function startWorkerProcess(queue: string, env: Record<string, string>, concurrency = 1): WorkerProcess {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'apps/worker/dist/main.js'), '--queue', queue, '--concurrency', String(concurrency)],
    // A free port for the ops listener unless the test names one: many workers share this host. No
    // engine warm-up unless the test asks (warm-up.e2e.test.ts): it adds seconds to every start.
    { cwd: ROOT, env: { ...process.env, WORKER_HTTP_PORT: '0', WORKER_WARMUP_RUNS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import path from 'node:path';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { startWorkerProcess, waitFor } from './worker-process';
import { TEST_ENGINES_BUILT } from './engines/test-engine-bundle';

/** The environment a worker process needs to share the harness's database, Redis prefix and storage. */
export function workerEnvFor(h: Harness, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: h.ctx.env.DATABASE_URL,
    REDIS_URL: h.ctx.env.REDIS_URL,
    REDIS_PREFIX: h.ctx.env.REDIS_PREFIX,
    STORAGE_DIR: h.ctx.env.STORAGE_DIR,
    PUBLIC_BASE_URL: h.ctx.env.PUBLIC_BASE_URL,
    ...extra,
  };
}

/** The test engine module, built by the suite's global setup (engines/test-engine-bundle.ts). */
export const TEST_ENGINES = TEST_ENGINES_BUILT;
/** The same module as TypeScript: how a deployment's own .ts engine module is loaded. */
export const TEST_ENGINES_SOURCE = path.join(__dirname, 'engines/test-engines.ts');

/** Reads a served output file back through the API's /files route. */
export async function fetchOutput(h: Harness, url: string): Promise<Buffer> {
  const res = await h.request
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((stream, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return res.body as Buffer;
}

export interface RigService {
  h: Harness;
  account: SeededAccount;
  /** Polls GET /v1/jobs/{id} as the account until the job succeeds or fails; resolves with its body. */
  finished: (id: string) => Promise<{ status: string; output: { model_url: string }; warnings?: string[]; [field: string]: unknown }>;
  /** Stops the worker process, then the harness. */
  stop: () => Promise<void>;
}

/**
 * Starts one rig service for the test file (beforeAll) and stops it after (afterAll); the returned
 * object reads the running service, so tests use `service.h`, `service.account` and `service.finished(id)`.
 * Why a function and not a shared setup file: only the files that rig over HTTP pay for a worker.
 */
export function useRigService(): Omit<RigService, 'stop'> {
  let service: RigService | undefined;
  beforeAll(async () => {
    service = await startRigService();
  }, 120_000);
  afterAll(() => service?.stop());
  const running = (): RigService => {
    if (!service) throw new Error('the rig service did not start (see beforeAll)');
    return service;
  };
  return {
    get h() {
      return running().h;
    },
    get account() {
      return running().account;
    },
    finished: (id) => running().finished(id),
  };
}

/**
 * The API in-process on an isolated database (live workers required), a funded account, and a real
 * rig.fast worker process that has said it is ready: what an end-to-end rig test over HTTP needs.
 */
export async function startRigService(): Promise<RigService> {
  const h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true' });
  const account = await h.seedAccount({ plan: 'standard', credits: 1000 });
  const worker = startWorkerProcess('rig.fast', workerEnvFor(h));
  await waitFor(async () => worker.output().includes('ready'), 90_000, 'worker').catch(async (error: Error) => {
    // Nothing is returned to stop them, so a worker that never got ready is stopped here (it
    // otherwise outlives the test run, polling Redis), and the harness with it.
    const output = worker.output();
    await worker.stop().catch(() => undefined);
    await h.close().catch(() => undefined);
    throw new Error(`${error.message}\n${output}`);
  });
  return {
    h,
    account,
    finished: (id) =>
      waitFor(
        async () => {
          const j = (await h.request.get(`/v1/jobs/${id}`).set(account.auth)).body;
          return j.status === 'succeeded' || j.status === 'failed' ? j : null;
        },
        120_000,
        `job ${id}`,
      ),
    stop: async () => {
      await worker.stop();
      await h.close();
    },
  };
}

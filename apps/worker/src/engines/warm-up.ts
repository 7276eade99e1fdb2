/**
 * Engine warm-up: a fresh engine thread runs its engine a few times on built-in inputs (a rig queue:
 * the rig package's warm-up meshes, `rigWarmUpMeshes`: a dense dressed humanoid once, then the sample
 * humanoid; generate_model: the sample picture) before it takes its first job.
 * V8 optimises the engines' hot loops only after they have run a while, and on a small mesh not
 * within one rig: a fresh process's first rigs cost several times its later ones
 * (packages/rig/docs/speed.md, "the small mesh's fixed costs"). Warm-up pays that cost before the worker
 * consumes its queue, so the first customer job runs on optimised code.
 *
 * It calls the engine itself, in memory: no storage, no database, no queue, no credits. It never
 * throws: a failing warm-up only means a slower first job, so it reports the error and stops.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createModelRequestSchema, OPERATION_ENGINES, type TypedJobParams } from '@rigforge/contracts';
// The subpath, not the barrel: a generate_model thread need not load the rig engine to warm up.
import { rigWarmUpMeshes } from '@rigforge/rig/warm-up-inputs';
import type { Engine, EngineInput } from './engine';

export interface WarmUpOptions {
  /**
   * WORKER_WARMUP_RUNS; 0 skips the warm-up. A rig queue rigs the large mesh once, then the small
   * one this many times (`rigWarmUpMeshes`); generate_model runs this many times.
   */
  runs: number;
  /**
   * Stops after the run that crosses this much time, whatever `runs` says: start-up (and with it
   * /healthz, which the k8s liveness probe reads from the start: 3 failures 10 s apart restart the
   * pod) waits for the warm-up, so it is bounded well inside that.
   */
  budgetMs?: number;
  /** EngineRunOptions.jobsAtOnce for the warm-up runs (the threads the jobs will use, warmed up too). */
  jobsAtOnce?: number;
}

export const WARM_UP_DEFAULTS = { budgetMs: 8_000 } as const;

export interface WarmUpSummary {
  /** Engine runs completed (a rig queue's include the large mesh's). */
  runs: number;
  /** Wall time of each completed run. */
  runMs: number[];
  /** Why the warm-up stopped early (the engine threw); absent when it finished. */
  error?: string;
}

/**
 * How long the rig's helper threads of an engine thread (heat's solves, the fit's analysis ahead:
 * @rigforge/rig helper-thread-idle.ts) wait idle before ending: thirty minutes, not the rig
 * package's one minute. The warm-up starts them on purpose and pays their start and tier-up (a
 * thread, its module load and its kernels' compile, then cold code in its first jobs); with the
 * minute, a job after a quiet minute paid all of that again. An idle helper holds only its isolate
 * and its kernel's memory (kept up to KERNEL_KEEP_BYTES), so keeping it through the gaps of any
 * steady traffic is cheap, while a worker quiet for longer (a night, a scaled-down hour) still gives
 * that memory back and its next job pays one start.
 */
export const ENGINE_THREAD_HELPER_IDLE_MS = 30 * 60_000;

/**
 * generate_model's warm-up picture: the repository's sample figure (256 px, drawn in code by
 * tooling/examples/make-examples.ts), which the image ships with the rest of the tree. Missing, the
 * warm-up fails and is logged; the worker goes on cold.
 */
export const WARM_UP_PICTURE = path.resolve(__dirname, '../../../../examples/hero.png');

/**
 * The jobs a queue's warm-up of `runs` runs, in order, or undefined for a queue without one (a queue
 * this build has no row for). Their params are a typical request's, the API's defaults: for a rig
 * everything `auto`, on each of `rigWarmUpMeshes(runs)` (the rig package's procedural meshes, which
 * the image ships with the rest of the tree; `score-dev-set.ts --warm-up` rigs the same).
 */
export async function warmUpInputs(queue: string, runs: number): Promise<EngineInput[] | undefined> {
  const row = OPERATION_ENGINES.find((r) => r.queue === queue);
  if (!row) return undefined;
  switch (row.operation) {
    case 'rig': {
      const job: TypedJobParams = {
        operation: 'rig',
        params: { rig_type: 'auto', engine: row.engine, output_format: 'glb', up_axis: 'auto', rotation_y: 'auto', source: 'model_base64' },
      };
      const files = rigWarmUpMeshes(runs);
      const bytes = new Map(await Promise.all([...new Set(files)].map(async (f) => [f, new Uint8Array(await readFile(f))] as const)));
      return files.map((f) => ({ input: bytes.get(f)!, job, attachments: {} }));
    }
    case 'generate_model': {
      const input = new Uint8Array(await readFile(WARM_UP_PICTURE));
      // The request's defaults (thickness, height, output format), as a job without options gets them.
      const request = createModelRequestSchema.parse({ image_base64: Buffer.from(input).toString('base64') });
      const job: TypedJobParams = {
        operation: 'generate_model',
        params: { thickness: request.thickness, height: request.height, output_format: request.output_format, source: 'image_base64' },
      };
      return Array.from({ length: Math.max(0, Math.floor(runs)) }, () => ({ input, job, attachments: {} }));
    }
  }
}

/** Runs `engine` on its queue's warm-up inputs (`warmUpInputs`) in order, within the budget; see the file comment. */
export async function warmUpEngine(engine: Engine, queue: string, options: WarmUpOptions): Promise<WarmUpSummary> {
  const summary: WarmUpSummary = { runs: 0, runMs: [] };
  if (options.runs <= 0) return summary;
  const budgetMs = options.budgetMs ?? WARM_UP_DEFAULTS.budgetMs;
  const started = performance.now();
  try {
    const inputs = await warmUpInputs(queue, options.runs);
    if (!inputs) return summary;
    for (const input of inputs) {
      if (performance.now() - started >= budgetMs) break;
      const t0 = performance.now();
      await engine.run(input, { signal: new AbortController().signal, ...(options.jobsAtOnce ? { jobsAtOnce: options.jobsAtOnce } : {}) });
      summary.runMs.push(Math.round(performance.now() - t0));
      summary.runs++;
    }
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error);
  }
  return summary;
}

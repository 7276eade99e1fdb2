/**
 * Engine warm-up: a fresh engine thread runs its engine a few times on a small built-in input (a rig
 * queue: the sample humanoid; generate_model: the sample picture) before it takes its first job.
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
import type { Engine, EngineInput } from './engine';

export interface WarmUpOptions {
  /** Engine runs; 0 skips the warm-up. */
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
  /** Runs completed. */
  runs: number;
  /** Wall time of each completed run. */
  runMs: number[];
  /** Why the warm-up stopped early (the engine threw); absent when it finished. */
  error?: string;
}

/**
 * A rig queue's warm-up mesh: the repository's sample humanoid (the procedural biped, ~2.6k
 * triangles, written by tooling/examples/make-examples.ts; no dev-set data), which the image ships
 * with the rest of the tree. Read from disk rather than built in code: the procedural creatures
 * live in the rig package's testing entry, which production code does not import.
 */
export const WARM_UP_MESH = path.resolve(__dirname, '../../../../examples/humanoid.glb');

/**
 * generate_model's warm-up picture: the repository's sample figure (256 px, drawn in code by
 * tooling/examples/make-examples.ts), which the image ships with the rest of the tree. Missing, the
 * warm-up fails and is logged; the worker goes on cold.
 */
export const WARM_UP_PICTURE = path.resolve(__dirname, '../../../../examples/hero.png');

/**
 * The job a queue's warm-up runs, or undefined for a queue without one (a queue this build has no
 * row for). Its params are a typical request's, the API's defaults: for a rig everything `auto`.
 */
export async function warmUpInput(queue: string): Promise<EngineInput | undefined> {
  const row = OPERATION_ENGINES.find((r) => r.queue === queue);
  if (!row) return undefined;
  switch (row.operation) {
    case 'rig': {
      const job: TypedJobParams = {
        operation: 'rig',
        params: { rig_type: 'auto', engine: row.engine, output_format: 'glb', up_axis: 'auto', rotation_y: 'auto', source: 'model_base64' },
      };
      const input = new Uint8Array(await readFile(WARM_UP_MESH));
      return { input, job, attachments: {} };
    }
    case 'generate_model': {
      const input = new Uint8Array(await readFile(WARM_UP_PICTURE));
      // The request's defaults (thickness, height, output format), as a job without options gets them.
      const request = createModelRequestSchema.parse({ image_base64: Buffer.from(input).toString('base64') });
      const job: TypedJobParams = {
        operation: 'generate_model',
        params: { thickness: request.thickness, height: request.height, output_format: request.output_format, source: 'image_base64' },
      };
      return { input, job, attachments: {} };
    }
  }
}

/** Runs `engine` on its queue's warm-up input up to `options.runs` times; see the file comment. */
export async function warmUpEngine(engine: Engine, queue: string, options: WarmUpOptions): Promise<WarmUpSummary> {
  const summary: WarmUpSummary = { runs: 0, runMs: [] };
  if (options.runs <= 0) return summary;
  const budgetMs = options.budgetMs ?? WARM_UP_DEFAULTS.budgetMs;
  const started = performance.now();
  try {
    const input = await warmUpInput(queue);
    if (!input) return summary;
    for (let k = 0; k < options.runs && performance.now() - started < budgetMs; k++) {
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

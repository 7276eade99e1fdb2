/**
 * The operations table: per operation its input sources, and per operation and engine its queue,
 * price and estimate settings, plan gate and whether animation clips may ride along. The request
 * schemas, the queue names, the routes, the worker's engine registry, the API's settings and the
 * OpenAPI all read it, so a new engine is one row here (plus its implementation in the worker).
 */
import type { JobOperation } from './job';

/** What each operation takes its input from: exactly one of these request fields must be present. */
export const OPERATION_SOURCES = {
  rig: ['model_url', 'model_base64', 'from_job'],
  generate_model: ['image_url', 'image_base64'],
} as const satisfies Record<JobOperation, readonly [string, ...string[]]>;

/** One engine of one operation. */
export interface OperationEngine {
  operation: JobOperation;
  /** The word a request uses (`engine` on POST /v1/rigs) and the job row stores. */
  engine: string;
  /** The BullMQ queue its jobs go to; one worker fleet per queue scales on that queue's depth. */
  queue: string;
  /** Credits per job: the API setting that holds it and its default. */
  price: { env: string; default: number };
  /** The typical duration answered as `estimated_seconds`: the API setting and its default. */
  estimate: { env: string; default: number };
  /** `pro`: only accounts on a plan that includes pro engines may submit (402 plan_required). */
  plan: 'any' | 'pro';
  /** Whether a request may bring animation clips to retarget (`animation_url`). */
  clips: boolean;
  /** One line for the OpenAPI description of the engine. */
  summary: string;
}

// Prices: the pro engine (finer grids) scores the same as fast on the dev set
// (packages/rig/docs/skin-weights.md, "Skin weights: methods measured"), so it costs the same; a higher price would charge for no measurable gain.
// Estimates: measured (packages/rig/scripts/bench.ts, packages/generate/scripts/bench.ts), plus
// pickup and storage, rounded up.
export const OPERATION_ENGINES = [
  {
    operation: 'rig',
    engine: 'fast',
    queue: 'rig.fast',
    price: { env: 'PRICE_RIG_FAST', default: 10 },
    estimate: { env: 'ESTIMATED_SECONDS_RIG_FAST', default: 2 },
    plan: 'any',
    clips: true,
    summary: 'the default resolutions, about a second per mesh',
  },
  {
    operation: 'rig',
    engine: 'pro',
    queue: 'rig.pro',
    price: { env: 'PRICE_RIG_PRO', default: 10 },
    estimate: { env: 'ESTIMATED_SECONDS_RIG_PRO', default: 2 },
    plan: 'pro',
    clips: false,
    summary: 'finer grids: limbs close to the body and thin parts stay separate; about twice as slow',
  },
  {
    operation: 'generate_model',
    engine: 'inflate',
    queue: 'generate_model',
    price: { env: 'PRICE_GENERATE_MODEL', default: 20 },
    estimate: { env: 'ESTIMATED_SECONDS_GENERATE_MODEL', default: 3 },
    plan: 'any',
    clips: false,
    summary: 'outline, inflate and texture the image subject into a closed model',
  },
] as const satisfies readonly OperationEngine[];

export type OperationEngineRow = (typeof OPERATION_ENGINES)[number];
export type EngineOf<Op extends JobOperation> = Extract<OperationEngineRow, { operation: Op }>['engine'];
export type OperationEnvKey = OperationEngineRow['price']['env'] | OperationEngineRow['estimate']['env'];

/** The engine words of one operation, first the default, as a tuple zod's enum takes. */
export function enginesOf<Op extends JobOperation>(
  operation: Op,
  table: readonly OperationEngine[] = OPERATION_ENGINES,
): [EngineOf<Op>, ...EngineOf<Op>[]] {
  const engines = table.filter((row) => row.operation === operation).map((row) => row.engine);
  if (engines.length === 0) throw new Error(`operations table: no engine for ${operation}`);
  return engines as [EngineOf<Op>, ...EngineOf<Op>[]];
}

/** The row of an operation's engine (the operation's default engine, its first row, when none is named). */
export function operationEngine<Op extends JobOperation>(operation: Op, engine?: EngineOf<Op>): Extract<OperationEngineRow, { operation: Op }> {
  const row = OPERATION_ENGINES.find(
    (r): r is Extract<OperationEngineRow, { operation: Op }> => r.operation === operation && (engine === undefined || r.engine === engine),
  );
  if (!row) throw new Error(`operations table: no engine ${engine ?? '(default)'} for ${operation}`);
  return row;
}

/** Every queue of a table, one per row (the queue package's QUEUE_NAMES is this of the real table). */
export function queueNamesOf(table: readonly OperationEngine[]): string[] {
  return [...new Set(table.map((row) => row.queue))];
}

/** The engine's id in reports and logs: `rig.fast`, `generate_model.inflate`. */
export function engineId(row: Pick<OperationEngine, 'operation' | 'engine'>): string {
  return `${row.operation}.${row.engine}`;
}

/** The settings (price, estimate) the table names, with their defaults: the API's env shape reads it. */
export function operationEnvDefaults(table: readonly OperationEngine[]): Record<string, number> {
  return Object.fromEntries(table.flatMap((row) => [[row.price.env, row.price.default], [row.estimate.env, row.estimate.default]]));
}

/** Whether only accounts on a plan with pro engines may submit to this engine (402 plan_required). */
export function requiresProPlan(row: Pick<OperationEngine, 'plan'>): boolean {
  return row.plan === 'pro';
}

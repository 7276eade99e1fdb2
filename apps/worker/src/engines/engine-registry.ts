/** Maps each queue to its engine, so a deployment can add or replace engines without editing the worker. */
import type { QueueName } from '@rigforge/queue';
import type { Engine } from './engine';

/**
 * Which engine serves which queue. Built-in engines register from `builtin-engines.ts`; a
 * deployment (or a test) can add or replace engines with modules named in ENGINE_MODULES, each
 * exporting `register(registry)`. Both the worker's main thread and its engine threads load the
 * same modules, so they agree on what runs where.
 */
export class EngineRegistry {
  private readonly engines = new Map<QueueName, Engine>();

  register(queue: QueueName, engine: Engine): void {
    this.engines.set(queue, engine);
  }

  /** Takes a queue's engine away (a deployment that must not run one); its jobs then fail with engine_unavailable. */
  unregister(queue: QueueName): void {
    this.engines.delete(queue);
  }

  get(queue: QueueName): Engine | undefined {
    return this.engines.get(queue);
  }
}

export interface EngineModule {
  register(registry: EngineRegistry): void;
}

export async function loadEngineModules(registry: EngineRegistry, modules: string[]): Promise<void> {
  for (const path of modules) {
    // A TypeScript engine module needs tsx's CommonJS hook, which the prebuilt worker
    // (scripts/build-services.ts) does not register by itself; under tsx it is there already.
    if (/\.[cm]?tsx?$/.test(path) && !('.ts' in require.extensions)) require('tsx/cjs');
    // require, not import(): engine threads register only tsx's CommonJS hook.
    const loaded = require(path) as Partial<EngineModule> & { default?: Partial<EngineModule> };
    const register = loaded.register ?? loaded.default?.register;
    if (typeof register !== 'function') throw new Error(`worker: engine module ${path} exports no register()`);
    register(registry);
  }
}

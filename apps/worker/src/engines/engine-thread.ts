/**
 * Entry of an engine thread: loads the same engine modules as the main thread, runs one job's
 * engine and posts the result back (output buffers transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isEngineError } from '@rigforge/mesh';
import type { QueueName } from '@rigforge/queue';
import type { EngineInput } from './engine';
import { EngineRegistry, loadEngineModules } from './engine-registry';
import { register as registerBuiltins } from './builtin-engines';

export interface EngineThreadData {
  queue: QueueName;
  modules: string[];
  input: EngineInput;
}

export type EngineThreadMessage =
  | { ok: true; files: { type: string; format: string; contentType: string; bytes: Uint8Array }[]; report: Record<string, unknown> }
  | { ok: false; engineError: boolean; code: string; message: string };

async function runThread(): Promise<void> {
  const data = workerData as EngineThreadData;
  const registry = new EngineRegistry();
  registerBuiltins(registry);
  await loadEngineModules(registry, data.modules);
  const engine = registry.get(data.queue);
  if (!engine) {
    parentPort!.postMessage({ ok: false, engineError: true, code: 'engine_unavailable', message: `no engine for ${data.queue}` });
    return;
  }
  try {
    const result = await engine.run(data.input, { signal: new AbortController().signal });
    const message: EngineThreadMessage = { ok: true, files: result.files, report: result.report };
    parentPort!.postMessage(
      message,
      result.files.map((f) => f.bytes.buffer as ArrayBuffer).filter((b, i, all) => all.indexOf(b) === i),
    );
  } catch (error) {
    const message: EngineThreadMessage = isEngineError(error)
      ? { ok: false, engineError: true, code: error.code, message: error.message }
      : { ok: false, engineError: false, code: 'engine_error', message: error instanceof Error ? error.stack ?? error.message : String(error) };
    parentPort!.postMessage(message);
  }
}

void runThread();

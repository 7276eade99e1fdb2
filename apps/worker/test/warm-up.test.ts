/**
 * The warm-up function on its own: it runs the engine on the built-in biped (a real rig job's
 * params) or the sample picture, never throws when the engine does, keeps to its budget, and skips queues without input.
 */
import { readMesh } from '@rigforge/mesh';
import type { Engine, EngineInput } from '../src/engines/engine';
import { warmUpEngine, warmUpInput } from '../src/engines/warm-up';

function fakeEngine(run: (input: EngineInput) => Promise<void>): Engine & { calls: EngineInput[] } {
  const calls: EngineInput[] = [];
  return {
    name: 'fake',
    runsIn: 'thread',
    calls,
    async run(input) {
      calls.push(input);
      await run(input);
      return { files: [], report: {} };
    },
  };
}

test('a rig queue warms up on the sample humanoid (examples/humanoid.glb) with a typical job: auto everything, glb', async () => {
  const input = await warmUpInput('rig.pro');
  expect(input?.job).toEqual({
    operation: 'rig',
    params: { rig_type: 'auto', engine: 'pro', output_format: 'glb', up_axis: 'auto', rotation_y: 'auto', source: 'model_base64' },
  });
  const { mesh } = await readMesh(input!.input);
  expect(mesh.indices.length / 3).toBeGreaterThan(1000);
  expect(mesh.indices.length / 3).toBeLessThan(5000);
});

test('generate_model warms up on the sample picture with the request defaults', async () => {
  const input = await warmUpInput('generate_model');
  expect(input?.job).toMatchObject({ operation: 'generate_model', params: { output_format: 'glb', source: 'image_base64' } });
  expect(Buffer.from(input!.input.subarray(1, 4)).toString()).toBe('PNG');
});

test('an unknown queue has no warm-up: the engine is not called', async () => {
  expect(await warmUpInput('webhooks')).toBeUndefined();
  const engine = fakeEngine(async () => undefined);
  expect(await warmUpEngine(engine, 'webhooks', { runs: 3 })).toEqual({ runs: 0, runMs: [] });
  expect(engine.calls).toHaveLength(0);
});

test('runs the engine the asked number of times; 0 runs nothing', async () => {
  const engine = fakeEngine(async () => undefined);
  const summary = await warmUpEngine(engine, 'rig.fast', { runs: 3 });
  expect(summary.runs).toBe(3);
  expect(summary.runMs).toHaveLength(3);
  expect(summary.error).toBeUndefined();
  expect(await warmUpEngine(engine, 'rig.fast', { runs: 0 })).toEqual({ runs: 0, runMs: [] });
  expect(engine.calls).toHaveLength(3);
});

test('an engine that throws ends the warm-up with the error instead of throwing', async () => {
  let n = 0;
  const engine = fakeEngine(async () => {
    if (++n === 2) throw new Error('boom');
  });
  await expect(warmUpEngine(engine, 'rig.fast', { runs: 5 })).resolves.toMatchObject({ runs: 1, error: 'boom' });
});

test('stops after the run that crosses the budget', async () => {
  const engine = fakeEngine(() => new Promise((resolve) => setTimeout(resolve, 30)));
  const summary = await warmUpEngine(engine, 'rig.fast', { runs: 50, budgetMs: 50 });
  expect(summary.runs).toBeGreaterThanOrEqual(1);
  expect(summary.runs).toBeLessThanOrEqual(3);
});

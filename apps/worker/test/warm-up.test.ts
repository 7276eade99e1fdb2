/**
 * The warm-up function on its own: it runs the engine on the rig package's warm-up meshes (the dense
 * dressed humanoid, then the sample one; a real rig job's params) or the sample picture, never throws
 * when the engine does, keeps to its budget, and skips queues without input.
 */
import { readFile } from 'node:fs/promises';
import { readMesh } from '@rigforge/mesh';
import { HEAT_THREADS_MIN_VERTICES, weldVertices } from '@rigforge/rig';
import { RIG_WARM_UP_LARGE_MESH, RIG_WARM_UP_SMALL_MESH } from '@rigforge/rig/warm-up-inputs';
import type { Engine, EngineInput } from '../src/engines/engine';
import { warmUpEngine, warmUpInputs } from '../src/engines/warm-up';

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

test('a rig queue warms up on the rig package\'s meshes with a typical job (auto everything, glb): the dense dressed humanoid once, then the sample one `runs` times', async () => {
  const inputs = (await warmUpInputs('rig.pro', 2))!;
  expect(inputs).toHaveLength(3);
  for (const input of inputs) {
    expect(input.job).toEqual({
      operation: 'rig',
      params: { rig_type: 'auto', engine: 'pro', output_format: 'glb', up_axis: 'auto', rotation_y: 'auto', source: 'model_base64' },
    });
  }
  const small = new Uint8Array(await readFile(RIG_WARM_UP_SMALL_MESH));
  expect(inputs[1]!.input).toEqual(small);
  expect(inputs[2]!.input).toEqual(small);
  const { mesh } = await readMesh(small);
  expect(mesh.indices.length / 3).toBeGreaterThan(1000);
  expect(mesh.indices.length / 3).toBeLessThan(5000);

  // The large one: over heat's thread threshold once welded, in several materials, as the first
  // large customer mesh would be (the paths it warms are the ones only such meshes reach).
  expect(inputs[0]!.input).toEqual(new Uint8Array(await readFile(RIG_WARM_UP_LARGE_MESH)));
  const large = (await readMesh(inputs[0]!.input)).mesh;
  expect(weldVertices(large.positions, large.indices).positions.length / 3).toBeGreaterThan(HEAT_THREADS_MIN_VERTICES);
  expect(large.materials.length).toBeGreaterThanOrEqual(3);
  expect(large.materials.every((m) => m.baseColorTexture)).toBe(true);
});

test('no runs, no warm-up inputs', async () => {
  expect(await warmUpInputs('rig.fast', 0)).toEqual([]);
  expect(await warmUpInputs('generate_model', 0)).toEqual([]);
});

test('generate_model warms up on the sample picture with the request defaults', async () => {
  const inputs = (await warmUpInputs('generate_model', 2))!;
  expect(inputs).toHaveLength(2);
  const input = inputs[0];
  expect(input?.job).toMatchObject({ operation: 'generate_model', params: { output_format: 'glb', source: 'image_base64' } });
  expect(Buffer.from(input!.input.subarray(1, 4)).toString()).toBe('PNG');
});

test('an unknown queue has no warm-up: the engine is not called', async () => {
  expect(await warmUpInputs('webhooks', 3)).toBeUndefined();
  const engine = fakeEngine(async () => undefined);
  expect(await warmUpEngine(engine, 'webhooks', { runs: 3 })).toEqual({ runs: 0, runMs: [] });
  expect(engine.calls).toHaveLength(0);
});

test('runs the engine on each warm-up input in order (a rig queue: the large mesh, then the asked runs); 0 runs nothing', async () => {
  const engine = fakeEngine(async () => undefined);
  const summary = await warmUpEngine(engine, 'rig.fast', { runs: 3 });
  expect(summary.runs).toBe(4);
  expect(summary.runMs).toHaveLength(4);
  expect(summary.error).toBeUndefined();
  expect(await warmUpEngine(engine, 'rig.fast', { runs: 0 })).toEqual({ runs: 0, runMs: [] });
  expect(engine.calls.map((c) => c.input)).toEqual((await warmUpInputs('rig.fast', 3))!.map((c) => c.input));
  const generate = fakeEngine(async () => undefined);
  expect((await warmUpEngine(generate, 'generate_model', { runs: 3 })).runs).toBe(3);
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

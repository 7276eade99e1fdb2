import { writeGlb } from '@rigforge/mesh';
import { buildCreature } from '@rigforge/rig/testing';
import { register } from '../src/engines/builtin-engines';
import { EngineRegistry } from '../src/engines/engine-registry';

test('this build ships an engine for every queue, CPU-bound ones in threads', () => {
  const registry = new EngineRegistry();
  register(registry);
  for (const queue of ['rig.fast', 'rig.pro', 'generate_model'] as const) {
    expect(registry.get(queue)?.runsIn).toBe('thread');
  }
  registry.unregister('rig.pro');
  expect(registry.get('rig.pro')).toBeUndefined();
});

test('a rig job asking for VRM and a skeleton preset gets a .vrm model file (a GLB) with the preset reported', async () => {
  const registry = new EngineRegistry();
  register(registry);
  const result = await registry.get('rig.fast')!.run({
    input: await writeGlb(buildCreature('biped').mesh),
    job: {
      operation: 'rig',
      params: { rig_type: 'biped', engine: 'fast', output_format: 'vrm', skeleton_preset: 'unreal', up_axis: '+y', rotation_y: 0, source: 'model_base64' },
    },
    attachments: {},
  }, { signal: new AbortController().signal });
  const model = result.files[0]!;
  expect(model).toMatchObject({ type: 'model', format: 'vrm', contentType: 'model/gltf-binary' });
  expect(Buffer.from(model.bytes.subarray(0, 4)).toString('latin1')).toBe('glTF');
  expect(Buffer.from(model.bytes).toString('latin1')).toContain('"VRMC_vrm"');
  expect(result.report).toMatchObject({ skeletonPreset: 'unreal' });
});

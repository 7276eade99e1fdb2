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

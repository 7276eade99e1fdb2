/**
 * An engine registered only by the end-to-end tests (through ENGINE_MODULES), so the worker's job
 * life can be tested without the real rigger's cost. Its behaviour is chosen by rig_type:
 *   biped       → a "model" that is the input with a marker appended, and a 1×1 PNG thumbnail
 *   others      → bad input (EngineError unsupported_format)
 *   serpentine  → never finishes (busy loop), for the deadline
 *   aquatic     → crashes (a plain exception), for retries
 *   hexapod     → takes 1.5 s, for draining on SIGTERM
 * and it takes the rig.pro engine away, for `engine_unavailable`.
 */
import { EngineError } from '@rigforge/mesh';
import type { Engine } from '../../src/engines/engine';
import type { EngineRegistry } from '../../src/engines/engine-registry';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const testEngine: Engine = {
  name: 'test.echo',
  runsIn: 'thread',
  async run({ input, job }) {
    switch (job.operation === 'rig' ? job.params.rig_type : undefined) {
      case 'others':
        throw new EngineError('unsupported_format', 'test: this mesh cannot be rigged');
      case 'serpentine':
        for (;;) {
          // a runaway engine: only terminating the thread stops it
        }
      case 'aquatic':
        throw new Error('test: engine bug');
      case 'hexapod':
        await new Promise((resolve) => setTimeout(resolve, 1500));
        break;
    }
    const model = Buffer.concat([Buffer.from(input), Buffer.from('|rigged')]);
    return {
      files: [
        { type: 'model', format: 'glb', contentType: 'model/gltf-binary', bytes: new Uint8Array(model) },
        { type: 'thumbnail', format: 'png', contentType: 'image/png', bytes: new Uint8Array(PNG_1X1) },
      ],
      report: { joints: 0, note: 'test engine' },
    };
  },
};

export function register(registry: EngineRegistry): void {
  registry.register('rig.fast', testEngine);
  // A queue this deployment serves without an engine.
  registry.unregister('rig.pro');
}

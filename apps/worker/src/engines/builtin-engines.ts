import { rigMesh, type BodyPlan } from '@rigforge/rig';
import { generateModel } from '@rigforge/generate';
import type { Engine, EngineResult } from './engine';
import type { EngineRegistry } from './engine-registry';

const MODEL_CONTENT_TYPES: Record<string, string> = {
  glb: 'model/gltf-binary',
  fbx: 'application/octet-stream',
};

function modelFiles(model: Uint8Array, format: string, thumbnail: Uint8Array): EngineResult['files'] {
  return [
    { type: 'model', format, contentType: MODEL_CONTENT_TYPES[format] ?? 'application/octet-stream', bytes: model },
    { type: 'thumbnail', format: 'png', contentType: 'image/png', bytes: thumbnail },
  ];
}

/** rig.fast: packages/rig, in-process, about a second per mesh. */
export const fastRigEngine: Engine = {
  name: 'rig.fast',
  runsIn: 'thread',
  async run({ input, params }) {
    const result = await rigMesh(input, {
      rigType: params.rig_type as BodyPlan,
      rotationY: Number(params.rotation_y ?? 0),
      outputFormat: params.output_format === 'fbx' ? 'fbx' : 'glb',
    });
    return { files: modelFiles(result.model, result.format, result.thumbnail), report: { ...result.report } };
  },
};

/** generate_model: packages/generate, the geometric image-to-model engine. */
export const generateModelEngine: Engine = {
  name: 'generate_model.inflate',
  runsIn: 'thread',
  async run({ input, params }) {
    const result = await generateModel(input, {
      thickness: typeof params.thickness === 'number' ? params.thickness : undefined,
      outputFormat: params.output_format === 'fbx' ? 'fbx' : 'glb',
    });
    return { files: modelFiles(result.model, result.format, result.thumbnail), report: { ...result.report } };
  },
};

/**
 * The engines this build ships. `rig.pro` has none of its own: a deployment registers one (e.g. a
 * remote engine) through ENGINE_MODULES, and until then its jobs fail with `engine_unavailable`.
 */
export function register(registry: EngineRegistry): void {
  registry.register('rig.fast', fastRigEngine);
  registry.register('generate_model', generateModelEngine);
}

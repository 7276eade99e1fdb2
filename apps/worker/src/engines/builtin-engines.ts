import { RIG_ENGINE_PRESETS, rigMesh, type BodyPlan, type RigMeshOptions } from '@rigforge/rig';
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

function rigEngine(name: string, quality: Pick<RigMeshOptions, 'fit' | 'skin'>): Engine {
  return {
    name,
    runsIn: 'thread',
    async run({ input, params, attachments }) {
      const result = await rigMesh(input, {
        rigType: params.rig_type as BodyPlan,
        rotationY: Number(params.rotation_y ?? 0),
        outputFormat: params.output_format === 'fbx' ? 'fbx' : 'glb',
        ...quality,
        // The clip captured from animation_url at submission, retargeted onto the fitted skeleton.
        ...(attachments.animation ? { animation: attachments.animation } : {}),
      });
      return { files: modelFiles(result.model, result.format, result.thumbnail), report: { ...result.report } };
    },
  };
}

/** rig.fast: packages/rig at its default voxel resolutions, about a second per mesh. */
export const fastRigEngine = rigEngine('rig.fast', RIG_ENGINE_PRESETS.fast);

/**
 * rig.pro: the same fitting and skinning on finer voxel grids with more weight smoothing. About
 * twice as slow (0.9 s against 0.5 s at 50k triangles); limbs close to the body and thin parts
 * (tails, horns) stay separate where the fast grid merges them, and weights follow finer geometry.
 */
export const proRigEngine = rigEngine('rig.pro', RIG_ENGINE_PRESETS.pro);

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

/** The engines this build ships; ENGINE_MODULES can add or replace them per deployment. */
export function register(registry: EngineRegistry): void {
  registry.register('rig.fast', fastRigEngine);
  registry.register('rig.pro', proRigEngine);
  registry.register('generate_model', generateModelEngine);
}

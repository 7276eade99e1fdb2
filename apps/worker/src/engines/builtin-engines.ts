import type { GenerateModelJobParams, RigJobParams, TypedJobParams } from '@rigforge/contracts';
import { generateModel, type GenerateModelOptions } from '@rigforge/generate';
import { RIG_ENGINE_PRESETS, rigMesh, type RigMeshOptions } from '@rigforge/rig';
import { contentTypeForFormat } from '@rigforge/storage';
import type { Engine, EngineInput, EngineResult } from './engine';
import type { EngineRegistry } from './engine-registry';

function modelFiles(model: Uint8Array, format: string, thumbnail: Uint8Array): EngineResult['files'] {
  return [
    { type: 'model', format, contentType: contentTypeForFormat(format), bytes: model },
    { type: 'thumbnail', format: 'png', contentType: contentTypeForFormat('png'), bytes: thumbnail },
  ];
}

/** A rig job's params; a job of another operation routed here is a deployment bug, not bad input. */
function rigParams(engine: string, job: TypedJobParams): RigJobParams {
  if (job.operation !== 'rig') throw new Error(`${engine}: got a ${job.operation} job`);
  return job.params;
}

function generateModelParams(engine: string, job: TypedJobParams): GenerateModelJobParams {
  if (job.operation !== 'generate_model') throw new Error(`${engine}: got a ${job.operation} job`);
  return job.params;
}

/**
 * The rig options of a rig job: the one place the request's fields become the engine's options.
 * A test checks that every field of the request reaches them.
 */
export function rigOptionsFromParams(
  params: RigJobParams,
  attachments: EngineInput['attachments'],
  quality: Pick<RigMeshOptions, 'fit' | 'skin'>,
): RigMeshOptions {
  return {
    rigType: params.rig_type,
    upAxis: params.up_axis,
    rotationY: params.rotation_y,
    outputFormat: params.output_format,
    ...quality,
    // The clips captured from animation_url at submission (those named in animation_clips, or
    // all), retargeted onto the fitted skeleton.
    ...(attachments.animation ? { animation: attachments.animation } : {}),
    ...(params.animation_clips ? { animationClips: params.animation_clips } : {}),
  };
}

/** The generate options of a generate_model job (one place; a test checks every request field reaches them). */
export function generateOptionsFromParams(params: GenerateModelJobParams): GenerateModelOptions {
  return { thickness: params.thickness, height: params.height, outputFormat: params.output_format };
}

function rigEngine(name: string, quality: Pick<RigMeshOptions, 'fit' | 'skin'>): Engine {
  return {
    name,
    runsIn: 'thread',
    async run({ input, job, attachments }) {
      const result = await rigMesh(input, rigOptionsFromParams(rigParams(name, job), attachments, quality));
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
  async run({ input, job }) {
    const result = await generateModel(input, generateOptionsFromParams(generateModelParams('generate_model.inflate', job)));
    return { files: modelFiles(result.model, result.format, result.thumbnail), report: { ...result.report } };
  },
};

/** The engines this build ships; ENGINE_MODULES can add or replace them per deployment. */
export function register(registry: EngineRegistry): void {
  registry.register('rig.fast', fastRigEngine);
  registry.register('rig.pro', proRigEngine);
  registry.register('generate_model', generateModelEngine);
}

/** The engines this build ships, one per row of the operations table, and the one place job params become engine options. */
import { engineId, OPERATION_ENGINES, type GenerateModelJobParams, type OperationEngineRow, type RigJobParams, type TypedJobParams } from '@rigforge/contracts';
import { generateModel, type GenerateModelOptions } from '@rigforge/generate';
import { defaultHeatThreads, RIG_ENGINE_PRESETS, rigMesh, type RigMeshOptions } from '@rigforge/rig';
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
    ...(params.skeleton_preset ? { skeletonPreset: params.skeleton_preset } : {}),
    ...quality,
    // The clips captured from animation_url at submission (those named in animation_clips, or
    // all), retargeted onto the fitted skeleton.
    ...(attachments.animation ? { animation: attachments.animation } : {}),
    ...(params.animation_clips ? { animationClips: params.animation_clips } : {}),
    // Ready clips made for the fitted skeleton.
    ...(params.animations ? { proceduralClips: params.animations } : {}),
  };
}

/** The generate options of a generate_model job (one place; a test checks every request field reaches them). */
export function generateOptionsFromParams(params: GenerateModelJobParams): GenerateModelOptions {
  return {
    thickness: params.thickness,
    height: params.height,
    ...(params.body_plan !== undefined ? { bodyPlan: params.body_plan } : {}),
    ...(params.view !== undefined ? { view: params.view } : {}),
    outputFormat: params.output_format,
  };
}

function rigEngine(name: string, quality: Pick<RigMeshOptions, 'fit' | 'skin'>): Engine {
  return {
    name,
    runsIn: 'thread',
    async run({ input, job, attachments }, { onStage, jobsAtOnce }) {
      const options = rigOptionsFromParams(rigParams(name, job), attachments, quality);
      // Heat's bones on this job's share of the cores (the same weights whatever the count).
      const skin = { ...options.skin, heatThreads: defaultHeatThreads(jobsAtOnce ?? 1) };
      const result = await rigMesh(input, { ...options, skin, ...(onStage ? { onStage } : {}) });
      return { files: modelFiles(result.model, result.format, result.thumbnail), report: { ...result.report } };
    },
  };
}

/** generate_model: packages/generate, the geometric image-to-model engine. */
function generateEngine(name: string): Engine {
  return {
    name,
    runsIn: 'thread',
    async run({ input, job }, { onStage }) {
      const result = await generateModel(input, { ...generateOptionsFromParams(generateModelParams(name, job)), ...(onStage ? { onStage } : {}) });
      return { files: modelFiles(result.model, result.format, result.thumbnail), report: { ...result.report } };
    },
  };
}

/**
 * The implementation of each row of the operations table: the rig engines are presets of the one
 * pipeline (`RIG_ENGINE_PRESETS`, named by the row's engine word), generation is one engine. A row
 * without an implementation here does not compile.
 */
function builtinEngine(row: OperationEngineRow): Engine {
  switch (row.operation) {
    case 'rig':
      return rigEngine(engineId(row), RIG_ENGINE_PRESETS[row.engine]);
    case 'generate_model':
      return generateEngine(engineId(row));
  }
}

/** The engines this build ships, each on its row's queue; ENGINE_MODULES can add or replace them per deployment. */
export function register(registry: EngineRegistry): void {
  for (const row of OPERATION_ENGINES) registry.register(row.queue, builtinEngine(row));
}

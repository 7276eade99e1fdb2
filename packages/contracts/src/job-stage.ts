/**
 * A job's `stage` and `progress` on the wire: the stage names are the engines' own lists (in
 * @rigforge/vocabulary, which the engines import too); the progress a stage stands for is looked
 * up here, by the worker that records it.
 */
import { z } from 'zod';
import {
  GENERATE_MODEL_STAGE_PROGRESS,
  GENERATE_MODEL_STAGES,
  JOB_STAGES,
  RIG_STAGE_PROGRESS,
  RIG_STAGES,
  type JobStage,
} from '@rigforge/vocabulary';

export { GENERATE_MODEL_STAGES, JOB_STAGES, RIG_STAGES, type GenerateModelStage, type JobStage, type RigStage } from '@rigforge/vocabulary';

/**
 * The stage a processing job is in: rig `read`, `fit`, `skin`, `retarget` (only with clips),
 * `write`, `thumbnail`; generate_model `decode`, `segment`, `mesh`, `texture`, `write`, `thumbnail`.
 */
export const jobStageSchema = z.enum(JOB_STAGES).meta({
  id: 'JobStage',
  description: 'An engine stage. rig: read, fit, skin, retarget (only with clips), write, thumbnail; generate_model: decode, segment, mesh, texture, write, thumbnail',
});

/** Job operations as the stage tables know them (the job's `operation`). */
type StagedOperation = 'rig' | 'generate_model';

/**
 * The job's `progress` when it enters `stage`: the share of the work done before it. Undefined for
 * a stage that is not one of the operation's (an engine reporting a stage it should not).
 */
export function stageProgress(operation: StagedOperation, stage: JobStage): number | undefined {
  const table: Readonly<Record<string, number>> = operation === 'rig' ? RIG_STAGE_PROGRESS : GENERATE_MODEL_STAGE_PROGRESS;
  return Object.hasOwn(table, stage) ? table[stage] : undefined;
}

/** The stages of an operation, in order. */
export function operationStages(operation: StagedOperation): readonly JobStage[] {
  return operation === 'rig' ? RIG_STAGES : GENERATE_MODEL_STAGES;
}

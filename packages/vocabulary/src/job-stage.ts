/**
 * The stages a job goes through while it is processing, in order, per operation: one truth for the
 * engines (which report each stage as they enter it), the worker (which records it on the job), the
 * wire contract (the job's `stage`) and every client that shows it.
 *
 * Each stage carries the share of the job done when it starts (0..1), from the engines' own
 * timings on the example models (the rig's fit and skin weigh most, the thumbnail about a sixth):
 * a job's `progress` is that share, so it rises once per stage and reaches 1 only when it succeeds.
 */

/** Rig stages: read the mesh; orient it, choose the plan and fit the skeleton; skin; retarget clips (when any); write the file; render the thumbnail. */
export const RIG_STAGES = ['read', 'fit', 'skin', 'retarget', 'write', 'thumbnail'] as const;
export type RigStage = (typeof RIG_STAGES)[number];

/** Image-to-model stages: decode the image; find the subject; build the mesh (outline, triangulate, inflate); bake the texture; write the file; render the thumbnail. */
export const GENERATE_MODEL_STAGES = ['decode', 'segment', 'mesh', 'texture', 'write', 'thumbnail'] as const;
export type GenerateModelStage = (typeof GENERATE_MODEL_STAGES)[number];

/** Every stage name a job can show (the operations share `write` and `thumbnail`). */
export const JOB_STAGES = [...new Set<RigStage | GenerateModelStage>([...RIG_STAGES, ...GENERATE_MODEL_STAGES])] as readonly (RigStage | GenerateModelStage)[];
export type JobStage = RigStage | GenerateModelStage;

/** The share of a rig done when each stage starts. */
export const RIG_STAGE_PROGRESS: Readonly<Record<RigStage, number>> = {
  read: 0.02,
  fit: 0.05,
  skin: 0.55,
  retarget: 0.78,
  write: 0.8,
  thumbnail: 0.83,
};

/** The share of a generation done when each stage starts. */
export const GENERATE_MODEL_STAGE_PROGRESS: Readonly<Record<GenerateModelStage, number>> = {
  decode: 0.02,
  segment: 0.1,
  mesh: 0.3,
  texture: 0.6,
  write: 0.75,
  thumbnail: 0.8,
};

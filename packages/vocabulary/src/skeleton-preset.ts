import type { BodyPlan } from './body-plan';

/**
 * The bone naming presets of a rig: which names (and, where the target tool expects it, which
 * hierarchy) a biped's skeleton is written with. `rigforge` is the engine's own snake_case names.
 * The one list: the rig engine applies these and the wire contract accepts these.
 */
export const SKELETON_PRESETS = ['rigforge', 'mixamo', 'unity', 'unreal', 'vrm'] as const;
export type SkeletonPreset = (typeof SKELETON_PRESETS)[number];

/** The preset of a rig that names none: the engine's own names. */
export const DEFAULT_SKELETON_PRESET: SkeletonPreset = 'rigforge';

/** The body plans a preset other than `rigforge` (and the VRM output format) applies to: humanoids. */
export const SKELETON_PRESET_BODY_PLANS = ['biped'] as const satisfies readonly BodyPlan[];

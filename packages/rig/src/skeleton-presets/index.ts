/** Skeleton naming presets: the tables (one file per preset) and the step that applies one. */
export * from './apply-skeleton-preset';
export * from './skeleton-preset-tables';
export { BIPED_JOINT_NAMES, type SkeletonPresetTable, type ExtraJoint } from './preset-table';
export { MIXAMO_PREFIX } from './mixamo';
export { VRM_REQUIRED_HUMAN_BONES, vrmHumanBones } from './vrm';

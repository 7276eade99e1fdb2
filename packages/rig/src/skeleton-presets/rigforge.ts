/** `rigforge`: the engine's own names (VRM 1.0 humanoid bone names in snake_case), unchanged. */
import { BIPED_JOINT_NAMES, type SkeletonPresetTable } from './preset-table';

export const RIGFORGE_PRESET: SkeletonPresetTable = {
  names: Object.fromEntries(BIPED_JOINT_NAMES.map((n) => [n, n])),
};

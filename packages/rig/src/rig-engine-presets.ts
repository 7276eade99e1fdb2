/**
 * The two rigging engines the service sells, as option presets of the one pipeline: `fast` at the
 * default voxel resolutions, `pro` on finer grids with more weight smoothing (limbs close to the
 * body and thin parts stay separate where the fast grid merges them; about twice as slow). The
 * worker and the quality scripts both take them from here.
 */
import type { FitSkeletonOptions } from './fit-skeleton';
import type { ComputeSkinWeightsOptions } from './compute-skin-weights';

export interface RigEnginePreset {
  fit: FitSkeletonOptions;
  skin: ComputeSkinWeightsOptions;
}

export const RIG_ENGINE_PRESETS = {
  fast: { fit: {}, skin: {} },
  pro: { fit: { resolution: 128 }, skin: { resolution: 192, smoothingIterations: 4 } },
} as const satisfies Record<string, RigEnginePreset>;

export type RigEngineName = keyof typeof RIG_ENGINE_PRESETS;
export const RIG_ENGINE_NAMES = Object.keys(RIG_ENGINE_PRESETS) as RigEngineName[];

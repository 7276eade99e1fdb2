/**
 * The two rigging engines the service sells, as option presets of the one pipeline. `fast` is the
 * pipeline's defaults: bone heat with ray visibility up to 12k welded vertices, voxel visibility
 * to 60k, geodesic weights above (so it stays under 1 s at 50k triangles). `pro` is, for now, the
 * same pipeline: every finer choice it had was measured and scored worse on artist-rigged characters
 * (packages/rig/docs/scores.md, "The pro engine against fast"): a 128-cell fit, a 192-cell skin grid
 * at the mesh's full detail and rays at any size (held out by artist), and bone heat kept to 150k
 * welded vertices instead of the geodesic weights above 60k (on the six VALID humans subdivided to
 * 122–142k vertices, L1 0.346 → 0.398, recall lower on all six).
 * The worker and the quality scripts both take them from here.
 */
import type { FitSkeletonOptions } from './fit-skeleton';
import type { ComputeSkinWeightsOptions } from './compute-skin-weights';

export interface RigEnginePreset {
  fit: FitSkeletonOptions;
  skin: ComputeSkinWeightsOptions;
}

export const RIG_ENGINE_PRESETS = {
  // Fast is computeSkinWeights' and fitSkeleton's defaults (COMPUTE_SKIN_WEIGHTS_DEFAULTS says why each).
  fast: { fit: {}, skin: {} },
  // Pro is fast's fit and skin: a preset of its own so that a finer choice that scores better can
  // ship on it alone (the rig docs/scores.md's "The pro engine against fast" says what each scored).
  pro: { fit: {}, skin: {} },
} as const satisfies Record<string, RigEnginePreset>;

export type RigEngineName = keyof typeof RIG_ENGINE_PRESETS;
export const RIG_ENGINE_NAMES = Object.keys(RIG_ENGINE_PRESETS) as RigEngineName[];

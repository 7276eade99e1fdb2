/**
 * The two rigging engines the service sells, as option presets of the one pipeline. `fast` is the
 * pipeline's defaults: bone heat with ray visibility up to 12k welded vertices, voxel visibility
 * to 60k, geodesic weights above (so it stays under 1 s at 50k triangles). `pro` casts rays up to
 * 150k welded vertices and fits and fills on finer grids (limbs close to the body and thin parts
 * stay separate where the fast grid merges them); about twice as slow. How each scores on the
 * artist-rigged dev set: packages/rig/docs/skin-weights.md, "Skin weights: methods measured". The worker and
 * the quality scripts both take them from here.
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
  // Pro keeps heat with rays to 150k welded vertices (~300k triangles), past which heat's solves
  // cost more than a rig may, on finer grids (the skin grid at the mesh's full detail).
  pro: { fit: { resolution: 128 }, skin: { resolution: 192, gridDetailScale: 1, smoothingIterations: 4, heatRayMaxVertices: Number.POSITIVE_INFINITY, heatMaxVertices: 150_000 } },
} as const satisfies Record<string, RigEnginePreset>;

export type RigEngineName = keyof typeof RIG_ENGINE_PRESETS;
export const RIG_ENGINE_NAMES = Object.keys(RIG_ENGINE_PRESETS) as RigEngineName[];

/**
 * The two rigging engines the service sells, as option presets of the one pipeline. Both skin by
 * bone heat (Blender's method, compute-skin-weights' header has the numbers: L1 0.40–0.43 on the
 * artist-rigged dev set against 0.525 for our geodesic weights). `fast` tests whether a vertex
 * sees a bone on the voxel grid (about 2× cheaper; 0.428 / 0.828 / 0.880), at the default
 * resolutions, so it stays under 1 s at 50k triangles. `pro` casts rays against the triangles as
 * Blender does (0.401 / 0.843 / 0.889) and fits and fills on finer grids (limbs close to the body
 * and thin parts stay separate where the fast grid merges them); about twice as slow. The worker
 * and the quality scripts both take them from here.
 */
import type { FitSkeletonOptions } from './fit-skeleton';
import type { ComputeSkinWeightsOptions } from './compute-skin-weights';

export interface RigEnginePreset {
  fit: FitSkeletonOptions;
  skin: ComputeSkinWeightsOptions;
}

export const RIG_ENGINE_PRESETS = {
  // Fast gives way to geodesic weights above 60k welded vertices (~120k triangles), so 200k
  // triangles stay well under 4 s (heat alone took 2.8–3.2 s there); pro keeps heat to 150k.
  fast: { fit: {}, skin: { method: 'heat', heatVisibilityTest: 'voxel', heatMaxVertices: 60_000 } },
  pro: { fit: { resolution: 128 }, skin: { resolution: 192, smoothingIterations: 4, method: 'heat', heatVisibilityTest: 'ray' } },
} as const satisfies Record<string, RigEnginePreset>;

export type RigEngineName = keyof typeof RIG_ENGINE_PRESETS;
export const RIG_ENGINE_NAMES = Object.keys(RIG_ENGINE_PRESETS) as RigEngineName[];

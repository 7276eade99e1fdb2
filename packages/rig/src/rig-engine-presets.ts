/**
 * The two rigging engines the service sells, as option presets of the one pipeline. Both skin by
 * bone heat (Blender's method, compute-skin-weights' header has the numbers: L1 0.35–0.38 on the
 * artist-rigged dev set against 0.525 for our geodesic weights). Visibility: rays against the
 * triangles as Blender casts them (dev set 0.343 / 0.864 / 0.900 with fast's grids), or walks on
 * the voxel grid (about 2× cheaper; 0.365 / 0.851 / 0.892). `fast` keeps the default resolutions
 * and moves to cheaper methods as meshes grow (below), so it stays under 1 s at 50k triangles.
 * `pro` casts rays up to 150k welded vertices and fits and fills on finer grids (limbs close to
 * the body and thin parts stay separate where the fast grid merges them); about twice as slow.
 * The worker and the quality scripts both take them from here.
 */
import type { FitSkeletonOptions } from './fit-skeleton';
import type { ComputeSkinWeightsOptions } from './compute-skin-weights';

export interface RigEnginePreset {
  fit: FitSkeletonOptions;
  skin: ComputeSkinWeightsOptions;
}

export const RIG_ENGINE_PRESETS = {
  // Fast casts rays as pro does up to 12k welded vertices (~25k triangles: most game characters,
  // every dev-set one), tests visibility on the voxel grid up to 60k (~120k triangles; rays cost
  // more than the solves there: 50k triangles would take 1.2 s instead of ~0.8 s) and skins by
  // geodesic distances above (heat alone took 2.8–3.2 s at 200k triangles).
  fast: { fit: {}, skin: { method: 'heat', heatVisibilityTest: 'ray', heatRayMaxVertices: 12_000, heatMaxVertices: 60_000 } },
  pro: { fit: { resolution: 128 }, skin: { resolution: 192, smoothingIterations: 4, method: 'heat', heatVisibilityTest: 'ray' } },
} as const satisfies Record<string, RigEnginePreset>;

export type RigEngineName = keyof typeof RIG_ENGINE_PRESETS;
export const RIG_ENGINE_NAMES = Object.keys(RIG_ENGINE_PRESETS) as RigEngineName[];

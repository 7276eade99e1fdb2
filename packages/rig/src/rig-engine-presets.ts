/**
 * The two rigging engines the service sells, as option presets of the one pipeline. `fast` is the
 * pipeline's defaults: bone heat with ray visibility up to 12k welded vertices, voxel visibility
 * to 60k, geodesic weights above (so it stays under 1 s at 50k triangles). `pro` is the same up to
 * 60k welded vertices and keeps bone heat (voxel visibility) to 150k, where fast moves to the
 * geodesic weights. Pro used to fit on a 128-cell grid, skin on a 192-cell grid at the mesh's full
 * detail and cast rays at any size: on the artist-rigged dev set each of those scored worse than
 * fast's choice, held out by artist (packages/rig/docs/scores.md, "The pro engine against fast").
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
  // Pro is fast's fit and skin, with heat's solves kept to 150k welded vertices (~300k triangles),
  // past which they cost more than a rig may. Fast's grids and visibility, not finer ones: the rig
  // docs/scores.md's "The pro engine against fast" says what each finer choice scored.
  pro: { fit: {}, skin: { heatMaxVertices: 150_000 } },
} as const satisfies Record<string, RigEnginePreset>;

export type RigEngineName = keyof typeof RIG_ENGINE_PRESETS;
export const RIG_ENGINE_NAMES = Object.keys(RIG_ENGINE_PRESETS) as RigEngineName[];

/**
 * The exemplar cue as rigMesh reads it: the shipped exemplars (orientation-exemplars.json, written
 * by scripts/fit-orientation-exemplars.ts) unpacked once into their 24 labelled views each, and a
 * mesh's per-candidate up-axis scores against them (orientation-exemplars.ts's `exemplarUpScores`,
 * computed in whole numbers by orientation-exemplar-counts.ts: the same scores, bit for bit).
 */
import type { Mesh } from '@rigforge/mesh';
import data from './orientation-exemplars.json';
import { countedUpVotes, countedViewsOf, silhouetteCounts, type CountedViews } from './orientation-exemplar-counts';
import { bestPerUpAxis, silhouetteProjections, SILHOUETTE_VOXELS, unpackProjection, viewsOfExemplars, type LabelledView } from './orientation-exemplars';

export { weighByCue } from './orientation-exemplars';

let views: LabelledView[] | undefined;
let counted: CountedViews | undefined;

/** The shipped exemplars' views (unpacked on first use: 54 characters × 24 orientations). */
export function shippedExemplarViews(): LabelledView[] {
  return (views ??= viewsOfExemplars(data));
}

/** The shipped exemplars' views as silhouette counts (unpacked on first use). */
export function shippedCountedViews(): CountedViews {
  if (counted) return counted;
  // viewsOfExemplars's check: the exemplars must be stored at the resolution they are read at.
  if (data.voxels !== SILHOUETTE_VOXELS) throw new Error(`orientation exemplars: stored at ${data.voxels} voxels, read at ${SILHOUETTE_VOXELS} (refit with scripts/fit-orientation-exemplars.ts)`);
  return (counted = countedViewsOf(data.exemplars.map((e) => e.projections.map((p) => unpackProjection(p, SILHOUETTE_VOXELS * SILHOUETTE_VOXELS)))));
}

/** Per candidate (ORIENTATION_CANDIDATES order): its up axis's exemplar vote, by the shipped exemplars. */
export function shippedExemplarUpScores(mesh: Mesh): number[] {
  return bestPerUpAxis(countedUpVotes(silhouetteCounts(silhouetteProjections(mesh)), shippedCountedViews(), data.neighbours));
}

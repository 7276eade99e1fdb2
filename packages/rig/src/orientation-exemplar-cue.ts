/**
 * The exemplar cue as rigMesh reads it: the shipped exemplars (orientation-exemplars.json, written
 * by scripts/fit-orientation-exemplars.ts) unpacked once into their 24 labelled views each, and a
 * mesh's per-candidate up-axis scores against them (orientation-exemplars.ts).
 */
import type { Mesh } from '@rigforge/mesh';
import data from './orientation-exemplars.json';
import { exemplarUpScores, measureExemplarDescriptors, viewsOfExemplars, type LabelledView } from './orientation-exemplars';

export { weighByCue } from './orientation-exemplars';

let views: LabelledView[] | undefined;

/** The shipped exemplars' views (unpacked on first use: 54 characters × 24 orientations). */
export function shippedExemplarViews(): LabelledView[] {
  return (views ??= viewsOfExemplars(data));
}

/** Per candidate (ORIENTATION_CANDIDATES order): its up axis's exemplar vote, by the shipped exemplars. */
export function shippedExemplarUpScores(mesh: Mesh): number[] {
  return exemplarUpScores(measureExemplarDescriptors(mesh), shippedExemplarViews(), data.neighbours);
}

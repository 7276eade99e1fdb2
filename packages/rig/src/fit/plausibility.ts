/**
 * Whether a fitted skeleton is plausible for its body plan, so a fit that went wrong says so
 * instead of returning a confident rig: each failed check adds a warning and lowers the match
 * score by CHECK_PENALTY.
 *
 * - **Outside the volume**: a joint the containment step had to move by more than OUTSIDE (4
 *   voxels and 4% of the diagonal) was placed in the air (a limb stand-in, a path through a gap).
 * - **Legs through the torso** (plans with hips and legs): a hip joint above the chest, or a knee
 *   above its hip — the legs then run up through the body and a step swings the torso.
 * - **Implausible proportions** (biped): hips lower than 30% or higher than 90% of the
 *   shoulder height, or arms rooted below the hips — no biped, chibi or mech, is built so.
 */
import type { BodyPlan } from '../body-plan';
import type { SkeletonBuilder } from './skeleton-builder';
import { dist, type Vec3 } from './vec3';

export const CHECK_PENALTY = 0.25;
/** Snapping moves thin-part joints (tail tips, fins) by a few voxels; past this it was in the air. */
const OUTSIDE = { voxels: 4, diagonal: 0.04 } as const;

export interface PlausibilityResult {
  /** Multiply the match score by this (1 when every check passes). */
  factor: number;
  warnings: string[];
}

/**
 * `before`: joint positions before they were snapped into the solid; `cell`: voxel size;
 * `ground`: lowest y of the mesh; `diagonal`: the bounding-box diagonal; `isSolid`: whether a point
 * is in the solid (a joint on a thin part's shell, moved to its middle, was not in the air).
 */
export function assessPlausibility(plan: BodyPlan, b: SkeletonBuilder, before: Map<string, Vec3>, cell: number, ground: number, diagonal: number, isSolid: (p: Vec3) => boolean = () => false): PlausibilityResult {
  const warnings: string[] = [];
  const outside = [...before].filter(([name, p]) => b.has(name) && !isSolid(p) && dist(p, b.get(name)) > Math.max(OUTSIDE.voxels * cell, OUTSIDE.diagonal * diagonal)).map(([name]) => name);
  if (outside.length) warnings.push(`rig: ${outside.length} joint(s) fell outside the volume and were moved inside (${outside.slice(0, 4).join(', ')}${outside.length > 4 ? ', …' : ''}); check the fit`);
  const y = (name: string): number | null => (b.has(name) ? b.get(name)[1] : null);
  const through: string[] = [];
  for (const side of ['left', 'right']) {
    const hip = y(`${side}_upper_leg`), knee = y(`${side}_lower_leg`);
    const chest = y('chest');
    if (hip !== null && chest !== null && plan === 'biped' && hip > chest) through.push(`${side} hip above the chest`);
    if (hip !== null && knee !== null && knee > hip + 2 * cell) through.push(`${side} knee above its hip`);
  }
  if (through.length) warnings.push(`${plan}: the legs run through the torso (${through.join(', ')}); check the fit`);
  if (plan === 'biped') {
    const hip = y('left_upper_leg'), hipR = y('right_upper_leg'), arm = y('left_upper_arm'), armR = y('right_upper_arm');
    if (hip !== null && hipR !== null && arm !== null && armR !== null) {
      const hipY = (hip + hipR) / 2 - ground, armY = (arm + armR) / 2 - ground;
      const f = armY > 0 ? hipY / armY : Infinity;
      if (!(f >= 0.3 && f <= 0.9)) warnings.push(`biped: implausible proportions (hips at ${(100 * f).toFixed(0)}% of the shoulder height); check the fit`);
    }
  }
  return { factor: Math.max(0, 1 - CHECK_PENALTY * warnings.length), warnings };
}

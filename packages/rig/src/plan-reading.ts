/**
 * How the body plan is read: the one rule the pre-rig check (`checkMesh`) and `rigMesh` with
 * `rigType: 'auto'` share, so the plan the check recommends is the plan auto rigs.
 *
 * The classifier reads length along Z, so the model is read facing ±Z: stood up on the kept up axis
 * and turned a quarter when the finder's best facing for that axis is ±X. The plan is a property of
 * the creature, not of how it was filed: when the kept up axis is all but ruled out (the rig keeps
 * +Y unless sure) and another is likeliest, the shape is read stood up the likeliest way instead.
 * A given up axis is the caller's word and is never overruled for the reading.
 */
import type { Mesh } from '@rigforge/mesh';
import { chooseOrientation, type FoundOrientation, type OrientationModel } from './find-orientation';
import { standTurn } from './rotate-mesh-up';
import { turnMesh } from './turn-mesh';
import type { UpAxis } from './up-axis';

/** Probability of the kept up axis below which the plan is read in the likeliest orientation. */
export const PLAN_READ_MAX_UP_CONFIDENCE = 0.05;

export interface PlanReading {
  /** The file's axis stood up for the reading. */
  upAxis: UpAxis;
  /** The quarter turn about +Y after standing up (0: read as stood up; a half turn reads the same). */
  rotationY: 0 | 90 | -90;
  /** The finder's best facing for the kept up axis, with its probabilities (the check's advice). */
  faced: Required<FoundOrientation>;
}

/**
 * The reading, from the features of the file's 24 candidate orientations
 * (measureOrientationCandidates of the mesh as filed) and the up axis the rig keeps.
 */
export function choosePlanReading(
  candidates: number[][],
  keptUpAxis: UpAxis,
  options: { upAxisGiven?: boolean; model?: OrientationModel } = {},
): PlanReading {
  const faced = chooseOrientation(candidates, { upAxis: keptUpAxis, model: options.model });
  const likeliest = chooseOrientation(candidates, { model: options.model });
  const read = !options.upAxisGiven && likeliest.upAxis !== keptUpAxis && faced.upConfidence < PLAN_READ_MAX_UP_CONFIDENCE ? likeliest : faced;
  return { upAxis: read.upAxis, rotationY: quarterOf(read.rotationY), faced };
}

/** The mesh as filed, turned as the reading says (what the classifier is given). */
export function planReadingMesh(mesh: Mesh, reading: Pick<PlanReading, 'upAxis' | 'rotationY'>): Mesh {
  return turnMesh(mesh, standTurn(reading.upAxis, reading.rotationY));
}

/** Whether a mesh stood up on `upAxis` and turned `rotationY` degrees is the reading's mesh, so its shape analysis is the reading. */
export function isPlanReadingFrame(reading: Pick<PlanReading, 'upAxis' | 'rotationY'>, upAxis: UpAxis, rotationY: number): boolean {
  const norm = (d: number): number => ((d % 360) + 360) % 360;
  return reading.upAxis === upAxis && norm(reading.rotationY) === norm(rotationY);
}

function quarterOf(rotationY: number): 0 | 90 | -90 {
  return rotationY === 90 ? 90 : rotationY === -90 ? -90 : 0;
}

/**
 * A long body is not kept on its side: a body that lies along its box's clear length and stands on
 * no legs either way up (a fish, a dolphin) is mirrored left and right across the plane through its
 * length and its up axis, so of the two axes across its length its up axis is the one the body does
 * *not* mirror across. Where the gates kept the file's +Y (nothing likelier) and the body mirrors
 * better across +Y than across the third axis and than across its length (the axis-aligned mirror
 * scores, no search: the fins rule's `finsLateralAxis` read the other way round), +Y is its left-right axis: the up axis is
 * along the third axis, the way its paired fins hang below its core (`pairedFinsLow`, read across
 * the old up axis; the likelier by the finder where it reads none). The 28th orientation round
 * (fish), packages/rig/docs/orientation.md: measured, off by default (`FindOrientationOptions.offItsSide`).
 */
import type { OpenedSolid } from './fit/open-solid';
import { pairedFinsLow } from './orientation-up-fins';
import { oppositeUp, type UpAxis, AXES, type Axis, axisOfUp, upAlong } from './up-axis';


/** What the rule reads of a mesh, asked lazily (each is paid only where the gate before it passes). */
export interface OffItsSideReads {
  standingWhenStood: (up: UpAxis) => number;
  lengthAxis: () => Axis | undefined;
  /** The three axis-aligned mirror planes' scores (mirror-plane.ts, no search; lower mirrors better). */
  axisScores: () => readonly number[] | undefined;
  solid: () => OpenedSolid;
  /** The up gates' probability of an up axis (summed over its four facings). */
  upProbability: (up: UpAxis) => number;
}

/** The up axis to take instead of a kept `found`'s (undefined: keep it). */
export function offItsSideInstead(found: { upAxis: UpAxis; upAxisReason: string }, reads: OffItsSideReads): UpAxis | undefined {
  if (found.upAxisReason !== 'kept') return undefined;
  const up = found.upAxis, length = reads.lengthAxis();
  if (length === undefined || up[1] === length) return undefined;
  if (reads.standingWhenStood(up) >= 2 || reads.standingWhenStood(oppositeUp(up)) >= 2) return undefined;
  const scores = reads.axisScores();
  if (!scores) return undefined;
  const u = AXES.indexOf(axisOfUp(up)), len = AXES.indexOf(length), third = AXES[3 - u - len]!;
  // +Y mirrors the body better than the third axis does, and at least as well as its length (as the
  // fins rule's finsLateralAxis: a body whose box is longest across its left and right — a bee's or a
  // crab's span — mirrors best across that "length", and is not read).
  if (!(scores[u]! < scores[AXES.indexOf(third)]! && scores[u]! <= scores[len]!)) return undefined;
  const plus = upAlong(third, 1), minus = upAlong(third, -1);
  if (reads.standingWhenStood(plus) >= 2 || reads.standingWhenStood(minus) >= 2) return undefined;
  const low = pairedFinsLow(reads.solid(), plus, axisOfUp(up));
  if (low > 0) return plus;
  if (low < 0) return minus;
  return reads.upProbability(plus) >= reads.upProbability(minus) ? plus : minus;
}

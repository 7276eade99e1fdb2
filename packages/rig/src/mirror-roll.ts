/**
 * A roll that makes a mesh's mirror plane axis-aligned, for the orientation step. The finder
 * (find-orientation.ts) tries the 24 quarter turns only, so a body whose plane of symmetry lies
 * between two file axes (a fish filed with its back 45° off the vertical) is never stood right,
 * and the fit then reads its back and belly fins as its two sides. When the best mirror plane
 * (mirror-plane.ts) is clearly better than every axis-aligned one and lies along a file axis (the
 * body's length), the mesh is rolled about that axis so the plane is axis-aligned; the quarter
 * turns then stand it up as any other file.
 */
import type { Mesh } from '@rigforge/mesh';
import { findMirrorPlanes, isFlatSide, lateralAxisOf, MIRROR_CLEAR_RATIO, type MirrorPlanes } from './mirror-plane';
import { sheetAxisOf } from './orientation-up-sheet';
import { axisTurn, turnMesh, type Turn } from './turn-mesh';

export interface MirrorRollOptions {
  /**
   * The best plane's score must be at most this fraction of the best axis-aligned plane's. Default
   * MIRROR_CLEAR_RATIO (0.5; packages/rig/docs/orientation.md, "Orientation: measured", tenth round): the one file
   * of the development set it rolls scores 0.37; every other file's best plane is within 1.1° of
   * an axis and scores ≥ 0.96 of its axis-aligned one.
   */
  maxScoreRatio?: number;
  /** The best plane must be at least this far (degrees) off every axis-aligned one. Default 15. */
  minDegrees?: number;
  /**
   * The plane must hold a file axis to within this many degrees (the roll is about that axis: a
   * body filed along a file axis, rolled about it). Default 10.
   */
  maxTiltDegrees?: number;
  /**
   * Which meshes the orientation keeps left-right across their mirror plane
   * (FindOrientationOptions.lateralAxis): `clear` (default), a rolled mesh across the plane it was
   * rolled to, and any other mesh one axis-aligned plane mirrors clearly best (lateralAxisOf);
   * `flat`, besides a rolled mesh only a mesh that lies flat (one side a flat body's thickness,
   * isFlatSide) with such a plane (a flat flyer filed facing along its wingspan is turned to face
   * across it); `rolled`, a rolled mesh only (a mesh rolled between the axes has no file frame to
   * keep). `clear` is the default since the eleventh round (packages/rig/docs/orientation.md, "Orientation:
   * measured"): a file lying on its side (its mirror plane across the file's y) can no longer keep
   * +Y, nor a file facing along its left-right axis that facing; of the 1344 turned dev-set files it
   * stands 51.1% → 57.1% up right (replay, every upright file kept; held out too), every lateral
   * axis it reads right. A procedural snake curved sideways mirrors best top to bottom, so `clear`
   * laid it on its side; since the twelfth round the plane across a slender body's thickness is not
   * counted (mirror-plane.ts maxSlenderRatio), so no axis is kept for it and it stays upright.
   */
  keepLateral?: 'rolled' | 'flat' | 'clear';
}

export const MIRROR_ROLL_DEFAULTS: Required<MirrorRollOptions> = { maxScoreRatio: MIRROR_CLEAR_RATIO, minDegrees: 15, maxTiltDegrees: 10, keepLateral: 'clear' };

export interface MirrorRoll {
  /** The file axis rolled about. */
  axis: 'x' | 'y' | 'z';
  /** Degrees about `axis`, right-handed (+90 about y turns +x into −z, as rotateMeshY). */
  degrees: number;
  /** The file axis the plane's normal is rolled onto: the rolled body's left-right axis. */
  lateral: 'x' | 'y' | 'z';
  /** The best plane's mirror score, and the best axis-aligned plane's (mirror-plane.ts). */
  score: number;
  axisAlignedScore: number;
}

/**
 * The file axis the orientation keeps left-right (FindOrientationOptions.lateralAxis), one rule for
 * the rig and the check: a rolled mesh's, the axis its plane was rolled onto; else, as
 * `keepLateral` says, an unrolled mesh's clearly best plane's (lateralAxisOf) always (`clear`, the
 * default) or only when it lies flat (`flat`).
 */
export function keptLateralAxis(planes: MirrorPlanes, roll: MirrorRoll | undefined, options: MirrorRollOptions = {}): 'x' | 'y' | 'z' | undefined {
  if (roll) return roll.lateral;
  const keep = options.keepLateral ?? MIRROR_ROLL_DEFAULTS.keepLateral;
  if (keep === 'rolled' || (keep === 'flat' && ![0, 1, 2].some((k) => isFlatSide(planes, k)))) return undefined;
  return lateralAxisOf(planes);
}

/**
 * The roll a mesh with these mirror planes (findMirrorPlanes) needs, or undefined when its mirror
 * plane is axis-aligned (or not clearly better off the axes).
 */
export function mirrorRollOf(planes: MirrorPlanes, options: MirrorRollOptions = {}): MirrorRoll | undefined {
  const o = { ...MIRROR_ROLL_DEFAULTS, ...options };
  const { best, axisAligned } = planes;
  if (!(best.score <= o.maxScoreRatio * axisAligned.score)) return undefined;
  const n = best.normal;
  const off = (Math.acos(Math.min(1, Math.max(...n.map(Math.abs)))) * 180) / Math.PI;
  if (off < o.minDegrees) return undefined;
  // The axis the plane holds: the normal's smallest component.
  const k = [0, 1, 2].reduce((a, b) => (Math.abs(n[b]!) < Math.abs(n[a]!) ? b : a));
  if ((Math.asin(Math.min(1, Math.abs(n[k]!))) * 180) / Math.PI > o.maxTiltDegrees) return undefined;
  // About axis k, the plane (i, j) = (k+1, k+2): the normal's angle there, turned onto the nearest axis.
  const i = (k + 1) % 3, j = (k + 2) % 3;
  const phi = (Math.atan2(n[j]!, n[i]!) * 180) / Math.PI;
  const quarter = Math.round(phi / 90);
  const degrees = Math.round((quarter * 90 - phi) * 10) / 10;
  const names = ['x', 'y', 'z'] as const;
  return { axis: names[k]!, degrees, lateral: names[quarter % 2 === 0 ? i : j]!, score: best.score, axisAlignedScore: axisAligned.score };
}

/**
 * The file axes the orientation gates keep, read off a mesh's mirror planes (findMirrorPlanes): its
 * left-right axis (keptLateralAxis) and, for a mesh not rolled, a sheet's thickness (sheetAxisOf: a
 * roll turns its sides off the file axes the planes measured). What orientForRig hands findOrientation.
 */
export function gateAxesOf(planes: MirrorPlanes, roll: MirrorRoll | undefined, options: MirrorRollOptions = {}): { lateralAxis?: 'x' | 'y' | 'z'; sheetAxis?: 'x' | 'y' | 'z' } {
  const lateralAxis = keptLateralAxis(planes, roll, options);
  const sheetAxis = roll ? undefined : sheetAxisOf(planes);
  return { ...(lateralAxis ? { lateralAxis } : {}), ...(sheetAxis ? { sheetAxis } : {}) };
}

/**
 * The gate axes rigMesh keeps for a mesh it does not roll, for the readers of its orientation that
 * do not roll (score-orientation.ts; the check runs the rig's own orientForRig, roll included): none
 * for a mesh it rolls (its quarter turns are the rolled mesh's, so no file axis of the mesh as filed
 * is kept) or one without mirror planes.
 */
export function unrolledGateAxes(mesh: Mesh, options: MirrorRollOptions = {}): { lateralAxis?: 'x' | 'y' | 'z'; sheetAxis?: 'x' | 'y' | 'z' } {
  const planes = findMirrorPlanes(mesh);
  return planes && !mirrorRollOf(planes, options) ? gateAxesOf(planes, undefined, options) : {};
}

/**
 * The roll as a row-major 3 × 3 rotation (rolled = R · filed): right-handed `degrees` about a file
 * axis (about y it is rotateMeshY's turn). Scripts bring a rig back to the file's frame with its
 * transpose.
 */
export function rollMatrix(axis: 'x' | 'y' | 'z', degrees: number): Turn {
  return axisTurn(axis, degrees);
}

/** The mesh rolled by `degrees` about a file axis (rollMatrix; positions and normals, everything else shared). */
export function rollMesh(mesh: Mesh, axis: 'x' | 'y' | 'z', degrees: number): Mesh {
  if (!degrees) return { ...mesh };
  return turnMesh(mesh, rollMatrix(axis, degrees));
}

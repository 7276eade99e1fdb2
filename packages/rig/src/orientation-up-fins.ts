/**
 * Paired fins hang below: a body that lies along its length and stands on no legs either way up (a
 * fish, a whale, a bee, a legless sheep) carries its paired parts — pectoral and pelvic fins,
 * flippers, a bee's legs, hooves the legs test does not stand — below its thick core, mirrored off
 * the plane that halves it left and right. So where the gates leave such a body's up axis with its
 * paired thin parts above the core, it is upside down: the opposite up axis is taken. Its facing is
 * the one the gates read, rolled over with it (which end is the head does not change when a body
 * rolls), or, where the gates kept the file's +Y and so read no facing, the finder's among the new up
 * axis's four (the twenty-sixth orientation round "(up)", packages/rig/docs/orientation.md). The twentieth and
 * twenty-second rounds read the same parts (scripts/lib/fin-anatomy.ts `pairedLow`) with the plane
 * taken from the mirror scores, as here, where the body must also lie along its box's clear length
 * (length-axis.ts) across its left-right axis. A rule with no constant fitted: the
 * opening (fit/open-solid.ts) and the paired share are the twentieth and twenty-second rounds'.
 */
import type { OpenedSolid, OpenSolidOptions } from './fit/open-solid';
import { candidateFrame, ORIENTATION_CANDIDATES, type OrientationCandidate } from './orientation-features';
import { oppositeUp, type UpAxis, AXES, type Axis, axisOfUp } from './up-axis';

export interface PairedFinsOptions extends OpenSolidOptions {
  /** A thin voxel is paired when it lies off the mid-plane by more than this share of the width. */
  pairedShare?: number;
}

/** 0.2 of the width, set by hand in the twenty-second orientation round (not fitted). */
export const PAIRED_FINS_DEFAULTS = { pairedShare: 0.2 } as const;


/**
 * The left-right axis of a body lying along `lengthAxis` stood up along `up`: of the two axes across
 * `up`, the one whose axis-aligned mirror plane mirrors it better (`axisScores`, lower is better:
 * mirror-plane.ts). Undefined when that is the length itself (a body wider than long, its box's
 * length being its wingspan or its arms) or `up` lies along the length: the rule reads a body that
 * lies along its length.
 */
export function finsLateralAxis(axisScores: readonly number[], up: UpAxis, lengthAxis: Axis): Axis | undefined {
  const d = AXES.indexOf(axisOfUp(up)), len = AXES.indexOf(lengthAxis);
  if (d === len) return undefined;
  const side = 3 - d - len;
  return axisScores[side]! <= axisScores[len]! ? AXES[side] : undefined;
}

/**
 * How far the paired thin parts of `solid` lie below its core's centroid along `up` (over the
 * solid's extent along it; > 0: below, as a body the right way up carries them): the thin voxels
 * (the opening removes them) off the core's mid-plane across `side` by more than `pairedShare` of
 * the width. 0 when there are none. Antisymmetric: the opposite up axis reads the negative.
 */
export function pairedFinsLow(solid: OpenedSolid, up: UpAxis, side: Axis, options: PairedFinsOptions = {}): number {
  const o = { ...PAIRED_FINS_DEFAULTS, ...options };
  const d = AXES.indexOf(axisOfUp(up)), k = AXES.indexOf(side);
  const { grid: { nx, ny, solid: cells }, core } = solid;
  const coord = (i: number, a: number): number => (a === 0 ? i % nx : a === 1 ? Math.floor(i / nx) % ny : Math.floor(i / (nx * ny)));
  let loD = Infinity, hiD = -Infinity, loS = Infinity, hiS = -Infinity, coreD = 0, coreS = 0, coreN = 0;
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i]) continue;
    const h = coord(i, d), s = coord(i, k);
    if (h < loD) loD = h;
    if (h > hiD) hiD = h;
    if (s < loS) loS = s;
    if (s > hiS) hiS = s;
    if (core[i]) { coreD += h; coreS += s; coreN++; }
  }
  if (coreN === 0) return 0;
  coreD /= coreN; coreS /= coreN;
  const off = o.pairedShare * Math.max(1, hiS - loS + 1);
  let sum = 0, n = 0;
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i] || core[i] || Math.abs(coord(i, k) - coreS) <= off) continue;
    sum += coord(i, d); n++;
  }
  if (n === 0) return 0;
  const low = (coreD - sum / n) / Math.max(1, hiD - loD + 1);
  return up[0] === '+' ? low : -low;
}

/** The gates' reasons the rule reads: an up axis the legs did not settle (set by `scope`). */
export type FinsBelowScope = 'kept' | 'unlegged' | 'unleggedEnds' | 'filed';
export const FINS_BELOW_REASONS: Record<FinsBelowScope, readonly string[]> = {
  // The gates kept the file's +Y (no other up axis sure, none standing).
  kept: ['kept'],
  // ... or any up axis not read off the legs (the finder's, the mirror plane's, the length's, a sheet's).
  unlegged: ['kept', 'sure', 'sure-over-reach', 'sure-in-plane', 'unlikely-as-filed', 'lies-along-length', 'in-mirror-plane', 'lies-flat'],
  // ... and an up axis the end bar chose (off its end): measured in the 28th round (fish), not the default.
  unleggedEnds: ['kept', 'sure', 'sure-over-reach', 'sure-in-plane', 'unlikely-as-filed', 'lies-along-length', 'in-mirror-plane', 'lies-flat', 'off-its-end'],
  // ... and a file standing as filed on two ground-reaching limbs that stand on no legs either way (fins, wings).
  filed: ['kept', 'sure', 'sure-over-reach', 'sure-in-plane', 'unlikely-as-filed', 'lies-along-length', 'in-mirror-plane', 'lies-flat', 'stands-as-filed'],
};

export interface FinsBelowOptions extends PairedFinsOptions {
  /** Which of the gates' answers the rule reads. */
  scope?: FinsBelowScope;
  /** The paired parts must lie above the core by more than this (pairedFinsLow < −minPairedAbove). */
  minPairedAbove?: number;
}

/** What the rule reads of a mesh, asked lazily (each is paid only where the gate before it passes). */
export interface FinsBelowReads {
  /** Legs the model stands on stood up along `up` (findOrientation's legs test). */
  standingWhenStood: (up: UpAxis) => number;
  /** The box's clear long axis (length-axis.ts lengthAxisOf), if any. */
  lengthAxis: () => Axis | undefined;
  /** The three axis-aligned mirror planes' scores (mirror-plane.ts, no search). */
  axisScores: () => readonly number[] | undefined;
  /** The opened solid (fit/open-solid.ts). */
  solid: () => OpenedSolid;
}

/**
 * The up axis to take instead of `found`'s (undefined: keep it): its opposite, when the gates' reason
 * is in scope, the model stood up either way stands on fewer than two legs, it lies along its length
 * across its left-right axis, and its paired thin parts lie above its core.
 */
export function finsBelowInstead(found: { upAxis: UpAxis; upAxisReason: string }, reads: FinsBelowReads, options: Required<Pick<FinsBelowOptions, 'scope' | 'minPairedAbove'>> & PairedFinsOptions): UpAxis | undefined {
  if (!FINS_BELOW_REASONS[options.scope].includes(found.upAxisReason)) return undefined;
  const up = found.upAxis, opposite = oppositeUp(up);
  if (reads.standingWhenStood(up) >= 2 || reads.standingWhenStood(opposite) >= 2) return undefined;
  const length = reads.lengthAxis();
  const scores = length === undefined ? undefined : reads.axisScores();
  const side = length === undefined || scores === undefined ? undefined : finsLateralAxis(scores, up, length);
  if (side === undefined) return undefined;
  return pairedFinsLow(reads.solid(), up, side, options) < -options.minPairedAbove ? opposite : undefined;
}

/**
 * The orientation rolled over about its facing: the opposite up axis, facing the same file
 * direction (a half turn about the fore-aft axis keeps the length, the left-right axis and which
 * end is the head).
 */
export function rolledOver(c: OrientationCandidate): OrientationCandidate {
  const { axis, sign } = candidateFrame(c);
  const opposite = oppositeUp(c.upAxis);
  const rolled = ORIENTATION_CANDIDATES.find((q) => {
    const f = candidateFrame(q);
    return q.upAxis === opposite && f.axis[2] === axis[2] && f.sign[2] === sign[2];
  });
  if (!rolled) throw new Error(`rolledOver: no candidate of ${opposite} faces as ${c.upAxis}/${c.rotationY}`);
  return rolled;
}


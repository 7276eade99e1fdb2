/**
 * A fish faces its thick end: a body that lies along its box's clear length and stands on no legs
 * either way up (a fish, a dolphin, a whale) swims along that length head first, and its head and
 * trunk carry its bulk while it tapers to a tail stalk and a thin tail fin. So where such a body's
 * core (the thick body the opening of fit/open-solid.ts keeps, its fins and tail removed) lies
 * clearly nearer one end of the length than the other, the facing is along the length toward that
 * end. A body whose "length" is its left-right span (a bee's or a crab's, a T-posed biped's arms)
 * is mirror-symmetric along it, its core centred (|offset| ≈ 0), so the bar also keeps the rule off
 * a length that is no fore-aft axis (packages/rig/docs/orientation.md, "Orientation: measured", 28th round (fish)).
 */
import type { OpenedSolid } from './fit/open-solid';
import { candidateFrame, ORIENTATION_CANDIDATES, type OrientationCandidate } from './orientation-features';
import { oppositeUp, type UpAxis, AXES, type Axis } from './up-axis';


/**
 * How far the core's centroid lies from the middle of the solid along `axis`, over the solid's extent
 * along it (> 0: toward +axis). 0 with no core.
 */
export function coreOffsetAlong(solid: OpenedSolid, axis: Axis): number {
  const a = AXES.indexOf(axis);
  const { grid: { nx, ny, solid: cells }, core } = solid;
  const coord = (i: number): number => (a === 0 ? i % nx : a === 1 ? Math.floor(i / nx) % ny : Math.floor(i / (nx * ny)));
  let lo = Infinity, hi = -Infinity, sum = 0, n = 0;
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i]) continue;
    const h = coord(i);
    if (h < lo) lo = h;
    if (h > hi) hi = h;
    if (core[i]) { sum += h; n++; }
  }
  if (n === 0) return 0;
  return (sum / n - (lo + hi) / 2) / (hi - lo + 1);
}

/** What the rule reads of a mesh, asked lazily (each is paid only where the gate before it passes). */
export interface HeadEndReads {
  /** Legs the model stands on stood up along `up` (findOrientation's legs test). */
  standingWhenStood: (up: UpAxis) => number;
  /** The box's clear long axis (length-axis.ts lengthAxisOf), if any. */
  lengthAxis: () => Axis | undefined;
  /** The opened solid (fit/open-solid.ts). */
  solid: () => OpenedSolid;
}

/**
 * The facing (rotationY about `found`'s up axis) toward the end of the length the core lies nearer,
 * when `found`'s up axis lies across the box's clear length, the model stood up either way along it
 * stands on fewer than two legs, and the core lies at least `minOffset` of the length off its middle;
 * undefined otherwise (keep the facing).
 */
export function headEndFacing(found: OrientationCandidate, reads: HeadEndReads, minOffset: number): OrientationCandidate['rotationY'] | undefined {
  const length = reads.lengthAxis();
  if (length === undefined || found.upAxis[1] === length) return undefined;
  if (reads.standingWhenStood(found.upAxis) >= 2 || reads.standingWhenStood(oppositeUp(found.upAxis)) >= 2) return undefined;
  const offset = coreOffsetAlong(reads.solid(), length);
  if (!(Math.abs(offset) >= minOffset)) return undefined;
  const k = AXES.indexOf(length), sign = offset > 0 ? 1 : -1;
  const c = ORIENTATION_CANDIDATES.find((q) => q.upAxis === found.upAxis && candidateFrame(q).axis[2] === k && candidateFrame(q).sign[2] === sign);
  return c?.rotationY;
}

/**
 * A flyer stands across its wings: a body whose box is clearly longest (length-axis.ts lengthAxisOf)
 * along the axis its best axis-aligned mirror plane lies across (mirror-plane.ts axisScores) is wider
 * than long — its length is a wingspan — and where the thin parts paired off that plane (the opening,
 * fit/open-solid.ts, removes them from the core) are flat plates, their thickness lies along its up
 * axis: wings spread level, as a bee's. So its up axis lies along the plates' thickness (not on
 * its head or tail), the way its legs say (wingsUpSign: a legless flyer rests on its belly, not on
 * the antennae that reach the floor upside down), else the likelier (the gates' probability) of the
 * two. Measured in the 28th orientation round (packages/rig/docs/orientation.md) and off by default: it stands the
 * development set's one such flyer (a bee) right in all 24 of its turns, but no other artist has
 * one, so leaving one artist out it gains nothing.
 */
import type { OpenedSolid } from './fit/open-solid';
import { AXES, type Axis, type UpAxis } from './up-axis';


export interface WingPlatesOptions {
  /** A thin voxel is a wing's when it lies off the core's mid-plane by more than this share of the span. */
  pairedShare?: number;
  /** Each side's wing voxels at least this share of the other side's: wings come in mirrored pairs. */
  minBalance?: number;
  /** The wing voxels' spread (standard deviation) along the thickness at most this share of their spread along the other axis. */
  maxFlatness?: number;
  /** The wing voxels at least this share of the solid: a pair of whiskers or antennae is no wing. */
  minWingShare?: number;
}

/**
 * The paired share is the fins rule's (orientation-up-fins.ts, 0.2); a pair is two sides within a
 * factor 2 and wings hold 3% of the solid, set by hand. The flatness 0.5 is what every fold but the
 * bee's artist's chose leaving one artist out (scripts/orientation-end-loao.ts --rule across-wings;
 * 0.4 reads the bee's wings as no plates, from 0.7 a crab's claws and legs are read as plates and it
 * is stood on its face).
 */
export const WING_PLATES_DEFAULTS = { pairedShare: 0.2, minBalance: 0.5, maxFlatness: 0.5, minWingShare: 0.03 } as const;

/**
 * The axis of the wing plates' thickness of `solid` whose span lies along `span` (the mirror plane's
 * normal), or undefined when its thin parts off the plane are no pair of flat plates.
 */
export function wingPlateAxis(solid: OpenedSolid, span: Axis, options: WingPlatesOptions = {}): Axis | undefined {
  const o = { ...WING_PLATES_DEFAULTS, ...options };
  const { grid: { nx, ny, solid: cells }, core } = solid;
  const k = AXES.indexOf(span);
  const others = [0, 1, 2].filter((a) => a !== k) as [number, number];
  const coord = (i: number, a: number): number => (a === 0 ? i % nx : a === 1 ? Math.floor(i / nx) % ny : Math.floor(i / (nx * ny)));
  let lo = Infinity, hi = -Infinity, coreS = 0, coreN = 0, solidN = 0;
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i]) continue;
    solidN++;
    const s = coord(i, k);
    if (s < lo) lo = s;
    if (s > hi) hi = s;
    if (core[i]) { coreS += s; coreN++; }
  }
  if (coreN === 0) return undefined;
  coreS /= coreN;
  const off = o.pairedShare * (hi - lo + 1);
  let plus = 0, minus = 0;
  const sum = [0, 0], sq = [0, 0];
  for (let i = 0; i < cells.length; i++) {
    if (!cells[i] || core[i]) continue;
    const d = coord(i, k) - coreS;
    if (Math.abs(d) <= off) continue;
    if (d > 0) plus++; else minus++;
    others.forEach((a, j) => { const c = coord(i, a); sum[j]! += c; sq[j]! += c * c; });
  }
  const n = plus + minus;
  if (n < o.minWingShare * solidN || Math.min(plus, minus) < o.minBalance * Math.max(plus, minus)) return undefined;
  const sd = sq.map((q, j) => Math.sqrt(Math.max(0, q / n - (sum[j]! / n) ** 2)));
  const [a, b] = sd as [number, number];
  if (a <= o.maxFlatness * b) return AXES[others[0]];
  if (b <= o.maxFlatness * a) return AXES[others[1]];
  return undefined;
}

/** What the rule reads of a mesh, asked lazily (each is paid only where the gate before it passes). */
export interface AcrossWingsReads {
  /** The box's clear long axis (length-axis.ts lengthAxisOf), if any. */
  lengthAxis: () => Axis | undefined;
  /** The three axis-aligned mirror planes' scores (mirror-plane.ts, no search; lower mirrors better). */
  axisScores: () => readonly number[] | undefined;
  /** The opened solid (fit/open-solid.ts). */
  solid: () => OpenedSolid;
  /** The model stood up along `up`: its ground-reaching limbs and the legs it stands on (findOrientation's legs test). */
  legsWhenStood: (up: UpAxis) => { legs: number; standingLegs: number };
}

/**
 * Which way up along the wings' thickness: the way the model stands on two or more legs (a bird on
 * its feet), when only one does; else, when one way two or more limbs reach the ground and none
 * stand while the other way none reach it, the other (a legless flyer rests on its belly: the limbs
 * that reach the floor with it upside down are its antennae or horns, which carry nothing); else
 * undefined (the finder's).
 */
export function wingsUpSign(plus: UpAxis, minus: UpAxis, legsWhenStood: AcrossWingsReads['legsWhenStood']): UpAxis | undefined {
  const p = legsWhenStood(plus), m = legsWhenStood(minus);
  if ((p.standingLegs >= 2) !== (m.standingLegs >= 2)) return p.standingLegs >= 2 ? plus : minus;
  if (p.standingLegs >= 2) return undefined;
  if (p.legs === 0 && m.legs >= 2) return plus;
  if (m.legs === 0 && p.legs >= 2) return minus;
  return undefined;
}

/**
 * The up axis to take instead of `upAxis` (undefined: keep it): for a body whose clear length is
 * its wingspan (the axis its best mirror plane lies across) with flat wing plates, the way up along
 * the plates' thickness its legs say (wingsUpSign), else, for an up axis across the thickness, the
 * likelier (by `upP`) of the two along it.
 */
export function acrossWingsInstead(upAxis: UpAxis, reads: AcrossWingsReads, upP: (up: UpAxis) => number, options: WingPlatesOptions = {}): UpAxis | undefined {
  const span = reads.lengthAxis();
  if (span === undefined) return undefined;
  const scores = reads.axisScores();
  if (!scores || AXES[scores.indexOf(Math.min(...scores))] !== span) return undefined;
  const thickness = wingPlateAxis(reads.solid(), span, options);
  if (thickness === undefined) return undefined;
  const plus: UpAxis = `+${thickness}`, minus: UpAxis = `-${thickness}`;
  const up = wingsUpSign(plus, minus, reads.legsWhenStood) ?? (upAxis[1] === thickness ? upAxis : upP(minus) > upP(plus) ? minus : plus);
  return up === upAxis ? undefined : up;
}

/**
 * The medial-tree reading of a shape's legs and wings (what the body-plan model and the
 * orientation finder read): legs are limbs that reach the ground (tip in the lowest GROUND_BAND
 * of the height) going down; tips whose medial paths join before the body (toes of one foot, two
 * claws of one hoof) are one leg, their path through the tree being short against the legs' own
 * length.
 */
import { limbRoundness } from './leg-cross-section';
import { pathBetween } from './medial-tree';
import { startPlanFit } from './plan-fit';
import type { Limb, ShapeAnalysis } from './shape-analysis';

/** Share of the height, from the bottom, where a limb's tip counts as standing on the ground. */
const GROUND_BAND = 0.12;

export interface BodyPlanFeatures {
  /** Ground-reaching legs (clusters of tips). */
  legs: number;
  /** Long lateral limbs off the ground (wings, or arms held out). */
  wings: number;
  /**
   * Legs standing under the body, long against the height (35% of it or more) and carrying it
   * (the centroid over their feet), meeting in the trunk, in left-right pairs: what a creature
   * stands on. A fish stood on its tail has lobes
   * at the bottom, but short ones. 0 when fewer than two.
   */
  standingLegs: number;
  /** Mean fore-aft direction of the legs from hip to toe (-1..1): feet point forward. */
  toesForward: number;
  /** Fore-aft spread of the legs' tips over their length (0 side by side). */
  staggered: number;
  /** Extents normalised by the largest: width (x), height (y), length (z). */
  width: number;
  height: number;
  length: number;
  /** Medial length of the body over its thickness (a snake's is large). */
  slenderness: number;
  /**
   * Roundness of each standing leg's cross-section (`limbRoundness`, the roundest of its tips'),
   * read only when `minLegRoundness` is given.
   */
  standingRoundness?: number[];
  /** The same for every counted leg (the `legs` count's), when `minLegRoundness` is given. */
  legRoundness?: number[];
  /** Each standing leg's typical thickness over the body's thickest (medial radii), when `minLegRoundness` is given. */
  standingThickness?: number[];
}

export interface BodyPlanFeatureOptions {
  /**
   * The horizontal axis standing legs pair across: x (about the mirror plane the analysis found; the
   * body plan's reading, of a model already facing +Z), z (about the solid's centroid: a model stood
   * up facing ±X, its left and right along z), or either. The orientation step reads a model whose
   * facing it does not know (find-orientation.ts standingPairing): across its left-right axis where
   * the mirror plane names it, else either. Default 'x'.
   */
  pairedAcross?: 'x' | 'z' | 'either';
  /**
   * Legs carry the body also when its centroid is over their hips, paired across the mirror plane as
   * the feet are (true), not over their toes alone (false). Measured in the twenty-fifth orientation
   * round and not kept (packages/rig/docs/orientation.md): off by default.
   */
  carriedOverHips?: boolean;
  /**
   * A leg is a column, not a plate: a ground-reaching limb whose cross-section half way down is
   * flatter than this (`limbRoundness`: thickness over width) is no leg (a fin). Measured in the
   * 29th orientation round (packages/rig/docs/orientation.md); undefined (the default) reads no cross-section.
   */
  minLegRoundness?: number;
}

/**
 * Off: over paired hips the right up axis of a big-footed mini stands, and wrong ones of an upturned
 * ram and a spider stood on end (packages/rig/docs/orientation.md, twenty-fifth orientation round).
 */
export const CARRIED_OVER_HIPS = false;

export function measureBodyPlanFeatures(shape: ShapeAnalysis, options: BodyPlanFeatureOptions = {}): BodyPlanFeatures {
  const fit = startPlanFit(shape);
  const { min, size } = shape;
  const diag = Math.hypot(...size) || 1;
  const top = Math.max(...size) || 1;
  const dir = (l: Limb): [number, number, number] => {
    const d: [number, number, number] = [l.tipPos[0] - l.entryPos[0], l.tipPos[1] - l.entryPos[1], l.tipPos[2] - l.entryPos[2]];
    const n = Math.hypot(...d) || 1;
    return [d[0] / n, d[1] / n, d[2] / n];
  };
  const significant = fit.candidates.filter((l) => l.length >= 0.06 * diag);
  const grounded = significant.filter((l) => (l.tipPos[1] - min[1]) / (size[1] || 1) < GROUND_BAND && dir(l)[1] < -0.3);
  // Cluster tips of one leg: the tree path between them is short against the legs' length.
  const leader: number[] = grounded.map((_, i) => i);
  const find = (i: number): number => (leader[i] === i ? i : (leader[i] = find(leader[i]!)));
  for (let i = 0; i < grounded.length; i++) {
    for (let j = i + 1; j < grounded.length; j++) {
      const a = grounded[i]!, b = grounded[j]!;
      const steps = pathBetween(shape.tree, a.tip, b.tip).length * shape.cell;
      if (steps < 0.75 * (a.length + b.length)) leader[find(i)] = find(j);
    }
  }
  const clusters = new Map<number, Limb[]>();
  grounded.forEach((l, i) => clusters.set(find(i), [...(clusters.get(find(i)) ?? []), l]));
  const clustered = [...clusters.values()];
  const roundness = options.minLegRoundness === undefined ? undefined
    : new Map(clustered.map((c) => [c, Math.max(...c.map((l) => limbRoundness(shape, l)))]));
  const all = roundness ? clustered.filter((c) => roundness.get(c)! >= options.minLegRoundness!) : clustered;
  // Sprawling legs (a frog's, a spider's) reach out as much as down; with fewer than four, only
  // legs that stand under the body count, so a fish's pectoral fins or tail lobes are not legs.
  const upright = all.filter((c) => c.some((l) => dir(l)[1] < -0.75));
  const legs = all.length >= 4 ? all.length : upright.length;
  // Fore-aft spread of the legs against their length: a quadruped's stand front and back, a
  // biped's side by side (one leg of four missed still leaves the stagger).
  const counted = all.length >= 4 ? all : upright;
  const legZ = counted.map((c) => c.reduce((t, l) => t + l.tipPos[2], 0) / c.length);
  const meanLeg = counted.reduce((t, c) => t + c[0]!.length, 0) / Math.max(counted.length, 1);
  const staggered = legZ.length >= 2 ? (Math.max(...legZ) - Math.min(...legZ)) / Math.max(meanLeg, 1e-9) : 0;
  const wings = significant.filter((l) => !grounded.includes(l) && Math.abs(dir(l)[0]) > 0.7 && l.length >= 0.15 * diag
    && Math.abs(l.tipPos[0] - shape.cx) > 0.7 * (size[0] / 2)).length;
  // Slenderness: the longest medial path against the body's thickness.
  let longest = 0;
  for (const b of shape.tree.branches) longest = Math.max(longest, shape.tree.rootDistance[b.tip]!);
  const slenderness = (2 * longest) / Math.max(2 * shape.maxDt, 1);
  const standing = upright.filter((c) => c.some((l) => dir(l)[1] < -0.75 && (l.entryPos[1] - l.tipPos[1]) >= 0.35 * size[1]));
  // Legs carry the body: its centroid is over the area their feet (and hips) span (a margin of 15%
  // of the body's footprint), not off to one side as over an upturned bee's antennae.
  // Read only when two or more legs stand (below fewer, `carried` is false whatever the centroid,
  // so standingLegs is 0): most calls never need it. Summed as `shape.center(v)` gives the voxels'
  // centres, in index order, so the same doubles in the same order.
  const { cxSum, czSum, solidCount } = standing.length >= 2 ? solidCentroidSums(shape) : { cxSum: 0, czSum: 0, solidCount: 0 };
  const feet = standing.map((c) => c[0]!.tipPos);
  const margin = 0.15 * Math.max(size[0], size[2]);
  // Or over their hips, when `carriedOverHips`: a biped's feet stand side by side, so the toes alone
  // span nothing fore and aft, and a big-footed one's toes reach forward of a centroid that stands
  // right over its hips. The hips must pair across the mirror plane as the feet do (below): two
  // horns, wings or legs splayed from one root (a butterfly's upturned wings) are no pelvis.
  const over = (pts: readonly (readonly number[])[]): boolean => pts.length >= 2 && solidCount > 0
    && cxSum / solidCount >= Math.min(...pts.map((p) => p[0]!)) - margin && cxSum / solidCount <= Math.max(...pts.map((p) => p[0]!)) + margin
    && czSum / solidCount >= Math.min(...pts.map((p) => p[2]!)) - margin && czSum / solidCount <= Math.max(...pts.map((p) => p[2]!)) + margin;
  const hips = standing.map((c) => c[0]!.entryPos);
  // ...and meet in the body: the path between two feet runs through the thick trunk (a pelvis),
  // where a fish's tail lobes meet at its thin tail stock.
  let junction = 0;
  if (standing.length >= 2) for (const v of pathBetween(shape.tree, standing[0]![0]!.tip, standing[1]![0]!.tip)) junction = Math.max(junction, shape.dt[v]!);
  // ...and come in left-right pairs, as the legs of a bilateral animal do (a fish stood on end
  // hangs its tail in the middle).
  const pairedAbout = (pts: readonly (readonly number[])[], k: 0 | 2, centre: number): boolean => {
    const sides = pts.map((p) => p[k]! - centre);
    return sides.every((d) => Math.abs(d) >= 0.5 * shape.cell) && sides.filter((d) => d > 0).length === sides.filter((d) => d < 0).length;
  };
  const across = options.pairedAcross ?? 'x';
  const pairs = (pts: readonly (readonly number[])[]): boolean =>
    (across !== 'z' && pairedAbout(pts, 0, shape.cx)) || (across !== 'x' && solidCount > 0 && pairedAbout(pts, 2, czSum / solidCount));
  const paired = pairs(feet);
  const carried = over(feet) || ((options.carriedOverHips ?? CARRIED_OVER_HIPS) && over(hips) && pairs(hips));
  const standingLegs = carried && paired && junction >= 0.5 * shape.maxDt ? standing.length : 0;
  const toesForward = counted.length ? counted.reduce((t, c) => t + dir(c[0]!)[2], 0) / counted.length : 0;
  const read = roundness && { standingRoundness: standing.map((c) => roundness.get(c)!), legRoundness: counted.map((c) => roundness.get(c)!),
    standingThickness: standing.map((c) => Math.max(...c.map((l) => l.radius)) / Math.max(shape.maxDt, 1e-9)) };
  return { legs, wings, standingLegs, toesForward, staggered, width: size[0] / top, height: size[1] / top, length: size[2] / top, slenderness, ...read };
}

/**
 * Sums over the solid voxels, in index order, of their centres' x and z (`voxelCenter`'s
 * expressions, row by row: no array or division per voxel) and their count.
 */
function solidCentroidSums(shape: ShapeAnalysis): { cxSum: number; czSum: number; solidCount: number } {
  const { nx, ny, nz, origin, cell, solid } = shape.grid;
  let cxSum = 0, czSum = 0, solidCount = 0;
  for (let z = 0, i = 0; z < nz; z++) {
    const pz = origin[2] + (z + 0.5) * cell;
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++, i++) {
        if (!solid[i]) continue;
        cxSum += origin[0] + (x + 0.5) * cell; czSum += pz; solidCount++;
      }
  }
  return { cxSum, czSum, solidCount };
}

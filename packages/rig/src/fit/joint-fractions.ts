/**
 * Where joints lie along the paths the fitters trace (a limb's medial path, the spine between
 * hips and neck, a fish's centre line), as fractions of the path's length: one table for every
 * body plan, learned from artist rigs by scripts/fit-joint-fractions.ts (chosen leave one artist
 * out; the file records which fit wrote it). The fitters read their fractions here and nowhere
 * else, so the script can try other values and the engine ships the learned ones.
 */
import table from './joint-fractions.json';
import { placeAlong, pointAtFraction } from './polyline';
import type { Vec3 } from './vec3';

export type FractionSite = keyof typeof table;

export const JOINT_FRACTIONS: Readonly<Record<FractionSite, readonly number[]>> = table;

export const FRACTION_SITES = Object.keys(table) as FractionSite[];

export type JointFractions = Partial<Record<FractionSite, readonly number[]>>;

/** One placement at a site, as the fitting script replays it with other fractions. */
export interface SitePlacement {
  site: FractionSite;
  /** Joint names, one per entry of `lead` followed by one per fraction of the site. */
  names: string[];
  points: Vec3[];
  /** Fixed fractions placed before the site's own (a limb's root at 0), and after them. */
  lead: number[];
  trail: number[];
  /** Bend tolerance of `placeAlong` (joints snap to the path's bends), or null for plain fractions. */
  bendTolerance: number | null;
  /** What the placement gave, to carry the later corrections (snapping, mirroring) over to a replay. */
  placed: Vec3[];
}

/** Fractions in effect and the trace of placements of one fit. */
export interface FractionContext {
  fractions: JointFractions;
  placements?: SitePlacement[];
}

/** The positions of one placement at fractions `all` (lead, the site's own, trail) along `points`. */
export function placeFractions(points: Vec3[], all: number[], bendTolerance: number | null): Vec3[] {
  if (bendTolerance === null) return all.map((f) => pointAtFraction(points, f));
  return placeAlong(points, all, bendTolerance);
}

/**
 * Joints at a site's fractions along `points` (between the fixed `lead` and `trail` fractions),
 * recorded in the context's trace when it keeps one. `names` label the returned positions in order.
 */
export function placeAtSite(
  ctx: FractionContext, site: FractionSite, points: Vec3[], names: string[],
  options: { lead?: number[]; trail?: number[]; bendTolerance?: number | null } = {},
): Vec3[] {
  const lead = options.lead ?? [];
  const trail = options.trail ?? [];
  const bendTolerance = options.bendTolerance ?? null;
  const own = ctx.fractions[site] ?? JOINT_FRACTIONS[site];
  const all = [...lead, ...own, ...trail];
  const placed = placeFractions(points, all, bendTolerance);
  ctx.placements?.push({ site, names, points, lead, trail, bendTolerance, placed: placed.map((p) => [...p] as Vec3) });
  return placed;
}

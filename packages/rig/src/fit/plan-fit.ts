/**
 * Shared machinery of the body-plan fitters: the candidate limbs (significant branches of the
 * medial tree, traced back to where they enter the body), side tests, joint placement along a
 * limb, and bounding-box fallbacks for limbs the shape does not have.
 */
import { placeAtSite, type FractionContext, type FractionSite } from './joint-fractions';
import { shortestPathTree } from './medial-tree';
import { placeAlong } from './polyline';
import { traceLimb, type Limb, type ShapeAnalysis } from './shape-analysis';
import { SkeletonBuilder } from './skeleton-builder';
import { dist, lerp, type Vec3 } from './vec3';
import { voxelAt } from './voxel-grid';

export interface PlanFit {
  shape: ShapeAnalysis;
  builder: SkeletonBuilder;
  /** Limbs (extremities) the template expects, and how many the shape supplied. */
  expected: number;
  found: number;
  candidates: Limb[];
  used: Set<Limb>;
  warnings: string[];
  /**
   * Joints that stand in for parts the shape does not have (arms and a spine inside a ball-bodied
   * walker): they keep the plan's names for clips and tools, but take no skin weight, so posing
   * them cannot bend a mass the artist would rig as one piece.
   */
  standIns: Set<string>;
  /** The extremity beyond a chain's last joint, where its leaf bone points (a fin's tip). */
  leafTips: Map<string, Vec3>;
  /** The joint fractions in effect (joint-fractions.ts) and, for the fitting script, their trace. */
  tuning: FractionContext;
  /**
   * Bounding boxes of the mesh's separate pieces (connected over welded vertices), for fitters
   * that read how a model is built; empty when not measured.
   */
  pieces: PieceBox[];
}

/** A separate piece of the mesh, as its bounding box (mesh units). */
export interface PieceBox {
  min: Vec3;
  max: Vec3;
}

export function startPlanFit(shape: ShapeAnalysis, tuning: FractionContext = { fractions: {} }): PlanFit {
  const branches = shape.tree.branches;
  const longest = branches.reduce((m, b) => Math.max(m, b.length), 0);
  const minLength = Math.max(4, 0.08 * longest);
  const candidates = branches
    .filter((b) => b.length >= minLength)
    .map((b) => traceLimb(shape, b.tip))
    .sort((a, b) => b.length - a.length)
    .slice(0, 24);
  return { shape, builder: new SkeletonBuilder(), expected: 0, found: 0, candidates, used: new Set(), warnings: [], standIns: new Set(), leafTips: new Map(), tuning, pieces: [] };
}

/**
 * The box of the mesh pieces a limb is built of, when they are separate from the body: the pieces
 * wholly on the tip's side of the mirror plane, from the one holding the limb's tip, grown by every
 * such piece overlapping them (a shin over a boot, a sleeve over the hand). Null when the tip's
 * piece crosses the mirror plane (a body in one piece) or there is none.
 */
export function limbPieces(fit: PlanFit, tip: Vec3): PieceBox | null {
  const { cx, cell } = fit.shape;
  const side = Math.sign(tip[0] - cx);
  const own = fit.pieces.filter((b) => (side > 0 ? b.min[0] > cx : b.max[0] < cx));
  const holds = (b: PieceBox): boolean => [0, 1, 2].every((k) => b.min[k]! - cell <= tip[k]! && tip[k]! <= b.max[k]! + cell);
  let union: PieceBox | null = null;
  const taken = new Set<PieceBox>();
  for (const b of own) if (holds(b)) { union = union ? growBox(union, b) : b; taken.add(b); }
  for (let changed = union !== null; changed;) {
    changed = false;
    for (const b of own) {
      if (taken.has(b) || !union || ![0, 1, 2].every((k) => b.min[k]! <= union!.max[k]! && b.max[k]! >= union!.min[k]!)) continue;
      taken.add(b);
      union = growBox(union, b);
      changed = true;
    }
  }
  return union;
}

function growBox(u: PieceBox, b: PieceBox): PieceBox {
  return {
    min: [Math.min(u.min[0], b.min[0]), Math.min(u.min[1], b.min[1]), Math.min(u.min[2], b.min[2])],
    max: [Math.max(u.max[0], b.max[0]), Math.max(u.max[1], b.max[1]), Math.max(u.max[2], b.max[2])],
  };
}

export function unused(fit: PlanFit): Limb[] {
  return fit.candidates.filter((l) => !fit.used.has(l));
}

/** Takes the best-scoring unused limb (lowest score) that passes `accept`, marking it used. */
export function takeLimb(fit: PlanFit, score: (l: Limb) => number, accept: (l: Limb) => boolean = () => true): Limb | undefined {
  let best: Limb | undefined;
  let bestScore = Infinity;
  for (const l of unused(fit)) {
    if (!accept(l)) continue;
    const s = score(l);
    if (s < bestScore) { bestScore = s; best = l; }
  }
  if (best) fit.used.add(best);
  return best;
}

export const isLeft = (fit: PlanFit, p: Vec3): boolean => p[0] > fit.shape.cx;

/** Normalised height (0 bottom .. 1 top) and lateral offset (0 centre .. 1 side) of a point. */
export const relY = (fit: PlanFit, p: Vec3): number => (p[1] - fit.shape.min[1]) / (fit.shape.size[1] || 1);
export const relZ = (fit: PlanFit, p: Vec3): number => (p[2] - fit.shape.min[2]) / (fit.shape.size[2] || 1);
export const relX = (fit: PlanFit, p: Vec3): number => Math.abs(p[0] - fit.shape.cx) / ((fit.shape.size[0] || 1) / 2);

/**
 * |z| of the unit direction from the limb's entry to its tip: near 1 for limbs along the body's
 * front-back axis (head, tail), small for legs and arms, which point down or sideways.
 */
export function alongBody(l: Limb): number {
  const d = [l.tipPos[0] - l.entryPos[0], l.tipPos[1] - l.entryPos[1], l.tipPos[2] - l.entryPos[2]];
  const n = Math.hypot(d[0]!, d[1]!, d[2]!);
  return n > 0 ? Math.abs(d[2]!) / n : 0;
}

/**
 * Moves a point to the thickest part of the vertical solid run through it: legs enter a
 * four-legged body from below, so the midpoint of two leg entries sits near the belly — or just
 * under it, in the gap between the legs — while the spine belongs on the body's medial axis.
 * A point in that gap goes up to the body above it (within a quarter of the box's height).
 */
export function centreVertically(shape: PlanFit['shape'], p: Vec3): Vec3 {
  const { grid, dt } = shape;
  let v = voxelAt(grid, p);
  if (v < 0) return p;
  for (let k = 0; !grid.solid[v] && k * grid.cell < 0.25 * shape.size[1]; k++) {
    const u = v + grid.nx;
    if (u >= grid.solid.length || Math.floor(u / grid.nx) % grid.ny === 0) return p;
    v = u;
  }
  if (!grid.solid[v]) return p;
  let best = v;
  for (const step of [grid.nx, -grid.nx]) {
    for (let u = v + step; u >= 0 && u < grid.solid.length && grid.solid[u]; u += step) if (dt[u]! > dt[best]!) best = u;
  }
  return [p[0], shape.center(best)[1], p[2]];
}

/**
 * The deepest point of the solid run through `p` along z (front to back): the middle of an
 * upright torso at that height, where centring vertically would climb the whole column to the
 * head. `p` itself when it is outside the solid.
 */
export function centreAlongZ(shape: PlanFit['shape'], p: Vec3): Vec3 {
  const { grid, dt } = shape;
  const v = voxelAt(grid, p);
  if (v < 0 || !grid.solid[v]) return p;
  const step = grid.nx * grid.ny;
  let best = v;
  for (const s of [step, -step]) {
    for (let u = v + s; u >= 0 && u < grid.solid.length && grid.solid[u]; u += s) if (dt[u]! > dt[best]!) best = u;
  }
  return [p[0], p[1], shape.center(best)[2]];
}

/**
 * The point `share` of the way up the solid's vertical run through `p` (0 the belly, 1 the back):
 * a spine lies nearer the back than the body's deepest point. `p` itself outside the solid.
 */
export function upTheRun(shape: PlanFit['shape'], p: Vec3, share: number): Vec3 {
  const { grid } = shape;
  const v = voxelAt(grid, p);
  if (v < 0 || !grid.solid[v]) return p;
  const layer = (u: number): number => Math.floor(u / grid.nx) % grid.ny;
  let lo = v, hi = v;
  while (layer(lo) > 0 && grid.solid[lo - grid.nx]) lo -= grid.nx;
  while (layer(hi) < grid.ny - 1 && grid.solid[hi + grid.nx]) hi += grid.nx;
  const bottom = shape.center(lo)[1] - grid.cell / 2, top = shape.center(hi)[1] + grid.cell / 2;
  return [p[0], bottom + share * (top - bottom), p[2]];
}

/** A straight stand-in limb from `from` to `to`, for a limb the shape does not have. */
export function fallbackLimb(fit: PlanFit, what: string, from: Vec3, to: Vec3): Limb {
  fit.warnings.push(`${what} not found in the shape; placed from the bounding box`);
  return straightLimb(from, to);
}

/** A straight limb from `from` (its entry) to `to` (its tip), not traced in the shape. */
export function straightLimb(from: Vec3, to: Vec3): Limb {
  const points: Vec3[] = [];
  for (let i = 0; i <= 8; i++) points.push(lerp(from, to, i / 8));
  return { tip: -1, tipPos: to, toRoot: [], entry: 0, entryPos: from, points, radius: 1, length: dist(from, to) };
}

/** Counts a found limb or builds a fallback, keeping the match statistics. */
export function limbOrFallback(fit: PlanFit, limb: Limb | undefined, what: string, from: Vec3, to: Vec3): Limb {
  fit.expected++;
  if (limb) { fit.found++; return limb; }
  return fallbackLimb(fit, what, from, to);
}

/** The limb's mirror image about the symmetry plane x = cx (a missing limb of a symmetric body). */
export function mirrorLimb(shape: ShapeAnalysis, l: Limb): Limb {
  const m = (p: Vec3): Vec3 => [2 * shape.cx - p[0], p[1], p[2]];
  return { ...l, tip: -1, toRoot: [], tipPos: m(l.tipPos), entryPos: m(l.entryPos), points: l.points.map(m) };
}

/** Joint positions along the limb from its entry (fraction 0) to its extremity (1). */
export function along(fit: PlanFit, limb: Limb, fractions: number[]): Vec3[] {
  return placeAlong(limb.points, fractions, bendTolerance(fit, limb));
}

/** Bends of a limb's path smaller than this are noise, not an elbow or a knee. */
const bendTolerance = (fit: PlanFit, limb: Limb): number => Math.max(1.5 * fit.shape.cell, 0.08 * limb.length);

/**
 * Joints `names` along the limb at the learned fractions of `site` (joint-fractions.ts), between
 * the fixed `lead` (a limb's root at 0) and `trail` fractions, preferring the path's bends as
 * `along` does.
 */
export function alongSite(fit: PlanFit, site: FractionSite, limb: Limb, names: string[], lead: number[] = [], trail: number[] = []): Vec3[] {
  return placeAtSite(fit.tuning, site, limb.points, names, { lead, trail, bendTolerance: bendTolerance(fit, limb) });
}

/** Joints `names` at the learned fractions of `site` along a path (no snapping to bends). */
export function atSite(fit: PlanFit, site: FractionSite, points: Vec3[], names: string[]): Vec3[] {
  return placeAtSite(fit.tuning, site, points, names);
}

/**
 * Adds a chain of joints; the first one's parent is `parent`. `tip`, when the chain runs along a
 * traced limb, is the limb's extremity: the last joint's bone points there when it stays a leaf.
 */
export function addChain(fit: PlanFit, names: string[], parent: string | null, positions: Vec3[], tip?: Vec3): void {
  let p = parent;
  names.forEach((name, i) => {
    fit.builder.add(name, p, positions[i]!);
    p = name;
  });
  if (tip && names.length > 0) fit.leafTips.set(names[names.length - 1]!, tip);
}

/**
 * Main body axis: the medial path between the two most distant points of the solid (double
 * sweep: the farthest voxel from the root, then the farthest from that one).
 */
export function longestPath(fit: PlanFit): number[] {
  const { tree, grid, dt } = fit.shape;
  const a = tree.branches[0]?.tip;
  if (a === undefined) return [tree.root];
  const { parent, distance } = shortestPathTree(grid, dt, a);
  let b = a;
  for (let i = 0; i < distance.length; i++) if (distance[i]! > distance[b]!) b = i;
  const path: number[] = [];
  for (let v = b; v >= 0; v = parent[v]!) path.push(v);
  return path;
}

/** First and last solid voxels of the run along z through the root (rear end, front end). */
export function zRun(fit: PlanFit): [number, number] {
  const { grid, tree } = fit.shape;
  const step = grid.nx * grid.ny;
  let a = tree.root, b = tree.root;
  while (a - step >= 0 && grid.solid[a - step]) a -= step;
  while (b + step < grid.solid.length && grid.solid[b + step]) b += step;
  return [a, b];
}

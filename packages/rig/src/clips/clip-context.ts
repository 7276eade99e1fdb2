/**
 * What every plan's clip maker starts from: the skeleton, its legs, a joint lookup by name and the
 * sizes gaits scale by. Gait timing follows dynamic similarity (equal Froude numbers): a cycle
 * lasts k·√(leg length / g), so a small creature steps faster than a large one of the same plan.
 */
import { quatFromAxisAngle, type Quat, type Skeleton, type Vec3 } from '@rigforge/mesh';
import type { BodyPlan } from '../body-plan';
import { findLegChains, type LegChain } from './leg-chains';

const G = 9.81;

export interface ClipContext {
  skeleton: Skeleton;
  legs: LegChain[];
  /** Shortest hip→knee→end length of the standing legs (a stride every leg can take); the skeleton's extent when it has none. */
  legLength: number;
  /** Extent of the rest skeleton (largest axis). */
  size: number;
  /** Index of the joint named `name`, -1 when the fitter did not place it. */
  at: (name: string) => number;
  /** Cycle seconds for a gait of Froude factor k. */
  period: (k: number) => number;
}

/** Knees of a straight rest leg bend forward (biped, bird, hind legs), elbows of front legs back. */
function fallbackPole(key: string): Vec3 {
  return key.startsWith('front') ? [0, 0, -1] : [0, 0, 1];
}

export function clipContext(skeleton: Skeleton, plan: BodyPlan): ClipContext {
  const legs = findLegChains(skeleton, plan, fallbackPole);
  const extent = [0, 1, 2].map((c) => {
    const v = skeleton.joints.map((j) => j.position[c]!);
    return Math.max(...v) - Math.min(...v);
  });
  const size = Math.max(...extent, 1e-6);
  // The legs that stand set the gait's scale (a raised paw is not walked on).
  const standing = legs.some((l) => l.standing) ? legs.filter((l) => l.standing) : legs;
  const legLength = standing.length ? Math.min(...standing.map((l) => l.a + l.b)) : size;
  const index = new Map(skeleton.joints.map((j, k) => [j.name, k]));
  return {
    skeleton, legs, legLength, size,
    at: (name) => index.get(name) ?? -1,
    period: (k) => k * Math.sqrt(legLength / G),
  };
}

const DEG = Math.PI / 180;

/** A rotation of `deg` degrees about `axis`. */
export function rot(axis: Vec3, deg: number): Quat {
  return quatFromAxisAngle(axis, deg * DEG);
}

/** Sets joint `k`'s local rotation when the joint exists. */
export function setLocal(local: Quat[], k: number, q: Quat): void {
  if (k >= 0) local[k] = q;
}

export const X: Vec3 = [1, 0, 0];
export const Y: Vec3 = [0, 1, 0];
export const Z: Vec3 = [0, 0, 1];
export const TAU = 2 * Math.PI;

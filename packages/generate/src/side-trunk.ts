/**
 * A legged body seen from the side: its trunk and its limbs (neck, head, tail, ears, horns) each with
 * their own depth, left to right.
 *
 * The medial balls make every part as deep as it is wide in the picture (`ball-depth.ts`); the
 * view's prior scales them all by one number (`depth-prior.ts` c). Seen from the side the widest part
 * of a four-legged body is its trunk, back to belly, and a trunk need not be as wide from flank to
 * flank as it is tall (a deer's is narrower, a bull's wider), nor a neck, a head or a tail as its
 * height in the picture. So the body part's balls (what is left when the legs are taken off as parts,
 * `layered-parts.ts`) are told apart as `body-parts.ts` splits a silhouette: the core the opening
 * keeps (the trunk) and the limbs it drops, and the depth is the highest of `trunk` × the core's
 * spheres and `limbs` × the limbs'. One height field over the one outline, closed as before; at
 * (1, 1) it is the plain ball profile.
 *
 * The pair per plan and view would be learned from the dev set's true meshes (`side-trunk.json`,
 * `scripts/fit-side-trunk.ts`, left out by artist). Measured: the trunk is as deep as the prior makes
 * it (the characters' own ratios 0.84-1.22, median 1.00) and the limbs about 1.1 × their spheres,
 * and left out by artist no pair lowered the benchmark's CD, so the table is empty: no plan and view
 * uses the rule (see packages/generate/docs/shape.md).
 */
import data from './side-trunk.json';
import { ballHeights, medialBalls } from './ball-depth';
import { ballsByKind, splitParts } from './body-parts';
import { planViewDepths } from './plan-view-depths';

export interface SideTrunkDepth {
  /** Depth of the trunk's (the core's) balls over their spheres (1: unchanged). */
  trunk: number;
  /** Depth of the limbs' balls (neck, head, tail, ears, horns) over their spheres (1: unchanged). */
  limbs: number;
}

/** Per point, `weight` × the highest of `trunk` × the core's sphere heights and `limbs` × the limbs'. */
export function sideTrunkProfile(points: ArrayLike<number>, mask: Uint8Array, distance: Float32Array, width: number, height: number, weight: number, exponent: number, depth: SideTrunkDepth): Float64Array {
  const kinds = ballsByKind(medialBalls(distance, width, height), splitParts(mask, distance, width, height, false), width);
  const core = ballHeights(points, kinds.core, exponent), limb = ballHeights(points, kinds.limb, exponent);
  return Float64Array.from(core, (c, i) => weight * Math.max(depth.trunk * c, depth.limbs * limb[i]!));
}

/** The trunk and limb depths per "<plan>/<view>" (`side-trunk.json`, written from `scripts/fit-side-trunk.ts`'s left-out choice). */
const TRUNKS = planViewDepths(data, 'side-trunk.json', 'trunk', 'limbs');

/** The learned trunk and limb depths for a picture of `bodyPlan` taken from `view`, or none (no table entry, no hints). */
export function learnedSideTrunk(bodyPlan?: string, view?: string): SideTrunkDepth | undefined {
  const pair = TRUNKS(bodyPlan, view);
  return pair && { trunk: pair[0], limbs: pair[1] };
}

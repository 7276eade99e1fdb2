/**
 * Parts of a silhouette: where it splits at its narrow necks, and which medial balls belong to
 * which part, so each part can get its own depth from its own width.
 *
 * - the **core**: what a disk of half the largest inscribed radius keeps when the silhouette is
 *   opened by it (the opening `side-legs.ts` uses: a torso, a big head, the wide parts), split into
 *   its connected pieces;
 * - the **limbs**: each connected piece that the opening drops (arms, necks, tails, ears);
 * - the **legs** (front pictures): limbs that stand on the ground, as `side-legs.ts` finds legs.
 *
 * Each medial ball (`ball-depth.ts`) belongs to the part its centre lies in. The depth the engine
 * builds, the highest sphere over each point, is then the maximum over the parts of each part's own
 * spheres: one height field over the one outline, so one closed surface with no part's cap inside
 * another and no interior faces (Teddy's and Monster Mash's parts, joined by taking the maximum of
 * the parts' fields). A limb's balls reach into the body near its root, so a part meets the body
 * without a pinch.
 *
 * Not wired into generation yet: `scripts/fit-part-depth.ts` fits a depth ratio per kind of part on
 * the dev set (true depth behind each pixel against each kind's sphere height), and left out by
 * artist no ratio beat the one the view's prior gives every part (see packages/generate/docs/shape.md). The split
 * stays for the next cue (colour and edges inside the silhouette, overlap order) and the fit.
 *
 * Cost: one opening (two distance transforms) and a labelling of the mask.
 */
import type { MedialBalls } from './ball-depth';
import { labelComponents, maskSpan, openByDisk, SLIVER } from './mask-ops';
import { SIDE_LEGS_DEFAULTS } from './side-legs';

/** The kinds of part. */
export type PartKind = 'core' | 'limb' | 'leg';

export interface BodyParts {
  /** Part id per pixel (0: background); ids 1..count. */
  labels: Int32Array;
  /** The kind of each part id (index 0 unused). */
  kinds: PartKind[];
}

/**
 * Split a mask into its core pieces and its limbs (`inside`: the mask's distance transform). With
 * `legs` (a front picture), a limb that stands on the ground (its lowest pixel within the legs'
 * ground band of the subject's lowest, as `side-legs.ts` finds legs) is a leg.
 */
export function splitParts(mask: Uint8Array, inside: Float32Array, width: number, height: number, legs = false): BodyParts {
  const { deepest, minY, maxY } = maskSpan(mask, inside, width, height);
  const whole = (): BodyParts => ({ labels: Int32Array.from(mask, (m) => (m ? 1 : 0)), kinds: ['core', 'core'] });
  const radius = SIDE_LEGS_DEFAULTS.bodyRadius * deepest;
  // Too small to have parts at the working resolution.
  if (deepest < 3) return whole();
  const opened = openByDisk(mask, inside, width, height, radius);
  if (!opened) return whole();
  // The core keeps the rim the opening trims off a body's own edge (SLIVER), as the legs' split does.
  const kindOf = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (mask[i]) kindOf[i] = opened.toBody[i]! > radius + SLIVER ? 2 : 1;
  const core = labelComponents(kindOf, width, height, 1);
  const limbs = labelComponents(kindOf, width, height, 2);
  const coreCount = core.sizes.length - 1;
  const labels = new Int32Array(mask.length);
  for (let i = 0; i < mask.length; i++) labels[i] = kindOf[i] === 1 ? core.labels[i]! : kindOf[i] === 2 ? coreCount + limbs.labels[i]! : 0;
  const lowest = new Int32Array(limbs.sizes.length).fill(-1);
  for (let i = 0; i < mask.length; i++) if (limbs.labels[i]) lowest[limbs.labels[i]!] = Math.max(lowest[limbs.labels[i]!]!, Math.floor(i / width));
  const ground = maxY - SIDE_LEGS_DEFAULTS.groundBand * (maxY - minY + 1);
  const kinds: PartKind[] = ['core', ...core.sizes.slice(1).map((): PartKind => 'core'),
    ...limbs.sizes.slice(1).map((_, k): PartKind => (legs && lowest[k + 1]! >= ground ? 'leg' : 'limb'))];
  return { labels, kinds };
}

/** The medial balls of each kind of part (a ball belongs to the part its centre lies in). */
export function ballsByKind(balls: MedialBalls, parts: BodyParts, width: number): Record<PartKind, MedialBalls> {
  const pick = (kind: PartKind): MedialBalls => {
    const keep: number[] = [];
    for (let k = 0; k < balls.r.length; k++) {
      const id = parts.labels[Math.floor(balls.y[k]!) * width + Math.floor(balls.x[k]!)]!;
      if (parts.kinds[id] === kind) keep.push(k);
    }
    return { x: Float64Array.from(keep, (k) => balls.x[k]!), y: Float64Array.from(keep, (k) => balls.y[k]!), r: Float64Array.from(keep, (k) => balls.r[k]!) };
  };
  return { core: pick('core'), limb: pick('limb'), leg: pick('leg') };
}

/**
 * The legs of a side picture, found as parts so they can be layered in depth.
 *
 * From the side, a legged body's left and right legs overlap in one column of the silhouette: a
 * dog shows two leg columns (front and hind), a person one. Inflated with the body, such a column
 * becomes one leg in the middle plane, so a model has half its legs, its front view shows one
 * leg where there are two apart, and a rigger finds no left/right pair. Here the body is the
 * silhouette opened by a disk (what a round body keeps; thin parts fall off) and a leg is a thin
 * part that falls off and stands on the ground: a piece of the silhouette outside the opened body
 * that reaches the lowest band of the picture. The caller builds each leg as its own part, twice,
 * at either side of the body (Monster Mash's layering of parts, with the order from anatomy).
 *
 * Hand-written: a morphological opening and connected components on the working mask, built from
 * mask-ops' exact distance transform (no image library in the stack does binary morphology).
 */
import { withDefaults } from '@rigforge/mesh';
import { distanceTransform, labelComponents, maskSpan, openByDisk, SLIVER } from './mask-ops';

export interface SideLegsOptions {
  /** Radius of the opening disk, over the largest inscribed radius of the silhouette. Default 0.5. */
  bodyRadius?: number;
  /** A leg's lowest pixel lies within this fraction of the subject's height above its lowest pixel. Default 0.04. */
  groundBand?: number;
  /** Least height of a leg, as a fraction of the subject's height. Default 0.08. */
  minLegHeight?: number;
}

export const SIDE_LEGS_DEFAULTS: Required<SideLegsOptions> = {
  bodyRadius: 0.5,
  groundBand: 0.04,
  minLegHeight: 0.08,
};

export interface SideLeg {
  /** The leg's pixels (1 = leg), extended up into the body by `overlap` rows so the parts join. */
  mask: Uint8Array;
  /** The leg's columns at its top (its upper quarter), and its top row before the extension (working pixels). */
  left: number;
  right: number;
  top: number;
}

export interface SideLegs {
  /** The silhouette without its legs. */
  body: Uint8Array;
  legs: SideLeg[];
  /** Rows each leg was extended up into the body (the opening radius). */
  overlap: number;
}

/** Split a side silhouette into its body and the legs standing on the ground (none: `legs` empty). */
export function findSideLegs(
  mask: Uint8Array,
  width: number,
  height: number,
  options: SideLegsOptions = {},
  /** The mask's distance transform when the caller has it (else computed here). */
  inside: Float32Array = distanceTransform(mask, width, height),
): SideLegs {
  const o = withDefaults(SIDE_LEGS_DEFAULTS, options);
  const none: SideLegs = { body: mask, legs: [], overlap: 0 };
  const { deepest, minY, maxY } = maskSpan(mask, inside, width, height);
  if (maxY < 0 || deepest < 3) return none;
  const subjectHeight = maxY - minY + 1;
  const radius = o.bodyRadius * deepest;

  const opened = openByDisk(mask, inside, width, height, radius);
  if (!opened) return none;
  // What the opening drops, less a rim of SLIVER pixels along the body: the opening also trims the
  // body's own edge between two legs, and that sliver would join neighbouring legs into one part.
  const residual = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (mask[i] && opened.toBody[i]! > radius + SLIVER) residual[i] = 1;

  const { labels, sizes } = labelComponents(residual, width, height, 1);
  const box = sizes.map(() => ({ x0: width, x1: -1, y0: height, y1: -1 }));
  for (let i = 0; i < labels.length; i++) {
    const id = labels[i]!;
    if (!id) continue;
    const x = i % width, y = (i - x) / width, b = box[id]!;
    b.x0 = Math.min(b.x0, x); b.x1 = Math.max(b.x1, x); b.y0 = Math.min(b.y0, y); b.y1 = Math.max(b.y1, y);
  }
  const isLeg = sizes.map((_, id) => {
    const b = box[id]!;
    return id > 0 && b.y1 >= maxY - o.groundBand * subjectHeight && b.y1 - b.y0 + 1 >= o.minLegHeight * subjectHeight;
  });
  if (!isLeg.some(Boolean)) return none;

  const overlap = Math.max(1, Math.round(radius));
  const body = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) body[i] = mask[i] && !isLeg[labels[i]!] ? 1 : 0;
  const legs: SideLeg[] = [];
  isLeg.forEach((leg, id) => {
    if (!leg) return;
    const b = box[id]!;
    const legMask = new Uint8Array(mask.length);
    for (let i = 0; i < labels.length; i++) if (labels[i] === id) legMask[i] = 1;
    // The leg's columns at its top (its upper quarter: the very top row may be a sliver where the
    // body's outline curves), carried up into the body so that the leg part begins inside the body
    // part and the two join without a gap.
    let left = width, right = -1;
    const quarter = b.y0 + Math.floor((b.y1 - b.y0) / 4);
    for (let y = b.y0; y <= quarter; y++) {
      for (let x = b.x0; x <= b.x1; x++) if (legMask[y * width + x]) { left = Math.min(left, x); right = Math.max(right, x); }
    }
    // Down to the leg's upper quarter too: there the rim the opening left to the body (SLIVER)
    // notched the leg's sides, a neck that the leg's round depth pinched to nothing, which showed
    // as a light band across the leg where it meets the body.
    for (let y = Math.max(0, b.y0 - overlap); y <= quarter; y++) {
      for (let x = left; x <= right; x++) if (mask[y * width + x]) legMask[y * width + x] = 1;
    }
    legs.push({ mask: legMask, left, right, top: b.y0 });
  });
  return { body, legs, overlap };
}

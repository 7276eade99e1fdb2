/**
 * The paired parts at the top of a side picture's body (ears, horns, antlers), found so they can be
 * built as left/right pairs.
 *
 * From the side, a head's left and right ears (or horns) overlap in one shape, which inflated with
 * the body became one ear in the middle plane. As `side-legs.ts` finds a leg (a thin part that falls
 * off when the silhouette is opened and stands on the ground), a paired part here is a thin part of
 * the body (a limb of `body-parts.ts`' split, after the legs are taken off) that reaches the top of
 * the silhouette (within the legs' ground band of its highest row) and is attached to one core
 * piece only (a neck joins two). What tells it from a medial part standing up (a deer's head and
 * neck, a dinosaur's neck, a dorsal plate) is its width: its deepest inscribed radius at most
 * `maxWidth` × the body's (the learned constant, `paired-parts.json`, chosen leaving one artist out
 * by `scripts/fit-paired-parts.ts`). The caller builds each such part as its own part, twice, at
 * either side of the body where it joins it (`layered-parts.ts`).
 */
import data from './paired-parts.json';
import { splitParts } from './body-parts';
import { distanceTransform, labelComponents, maskSpan } from './mask-ops';
import { planViewDepths } from './plan-view-depths';
import { SIDE_LEGS_DEFAULTS } from './side-legs';

export interface PairedPartsRule {
  /** Largest inscribed radius of a paired part over the body's largest. */
  maxWidth: number;
  /** How far apart the pair stands over flush with the body's sides where it joins (1: flush). */
  spread: number;
}

export interface PairedPart {
  /** The part's pixels, carried into the body by the joining band (so the parts meet). */
  mask: Uint8Array;
  /** The box of the body's pixels the part joins (where its pair is placed from). */
  joint: { x0: number; x1: number; y0: number; y1: number };
}

/** Least pixels of a paired part (smaller pieces are the opening's specks). */
const MIN_PIXELS = 16;

/** Distance of every pixel to the nearest pixel of `mask` (on a padded frame: the border is not near). */
function distanceTo(mask: Uint8Array, width: number, height: number, pad: number): Float32Array {
  const pw = width + 2 * pad, ph = height + 2 * pad;
  const outside = new Uint8Array(pw * ph).fill(1);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x]) outside[(y + pad) * pw + x + pad] = 0;
  const padded = distanceTransform(outside, pw, ph);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = padded[(y + pad) * pw + x + pad]!;
  return out;
}

/**
 * The paired parts of a side picture's `body` (its silhouette without the legs): `top` and
 * `subjectHeight` the whole silhouette's highest row and height, `overlap` how far (pixels) a part is
 * carried into the body. Returns the body without them and the parts (none: the body as given).
 */
export function findPairedParts(body: Uint8Array, width: number, height: number, maxWidth: number, top: number, subjectHeight: number, overlap: number): { body: Uint8Array; parts: PairedPart[] } {
  const none = { body, parts: [] };
  const inside = distanceTransform(body, width, height);
  const { deepest } = maskSpan(body, inside, width, height);
  if (deepest < 3 || !(maxWidth > 0)) return none;
  const split = splitParts(body, inside, width, height, false);
  const count = split.kinds.length;
  const rows = new Int32Array(count).fill(height), area = new Int32Array(count), radius = new Float32Array(count);
  const cores = Array.from({ length: count }, () => new Set<number>());
  for (let i = 0; i < body.length; i++) {
    const id = split.labels[i]!;
    if (!id || split.kinds[id] !== 'limb') continue;
    const x = i % width, y = (i - x) / width;
    rows[id] = Math.min(rows[id]!, y); area[id]!++; radius[id] = Math.max(radius[id]!, inside[i]!);
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      const other = j >= 0 && j < body.length ? split.labels[j]! : 0;
      if (other && split.kinds[other] === 'core') cores[id]!.add(other);
    }
  }
  const band = top + SIDE_LEGS_DEFAULTS.groundBand * subjectHeight;
  const chosen: number[] = [];
  for (let id = 1; id < count; id++) {
    if (split.kinds[id] === 'limb' && area[id]! >= MIN_PIXELS && cores[id]!.size === 1 && rows[id]! <= band && radius[id]! <= maxWidth * deepest) chosen.push(id);
  }
  if (chosen.length === 0) return none;
  const rest = body.slice();
  const parts: PairedPart[] = [];
  for (const id of chosen) {
    const piece = Uint8Array.from(split.labels, (l) => (l === id ? 1 : 0));
    let x0 = width, x1 = -1;
    for (let i = 0; i < piece.length; i++) if (piece[i]) { const x = i % width; x0 = Math.min(x0, x); x1 = Math.max(x1, x); rest[i] = 0; }
    // Carried into the body within its own columns (as a leg is carried up into it), so the part
    // begins inside the body and the two join.
    const near = distanceTo(piece, width, height, Math.ceil(overlap) + 1);
    const mask = piece.slice();
    const joint = { x0: width, x1: -1, y0: height, y1: -1 };
    for (let i = 0; i < body.length; i++) {
      if (!body[i] || piece[i] || near[i]! > overlap) continue;
      const x = i % width, y = (i - x) / width;
      if (x < x0 || x > x1) continue;
      mask[i] = 1;
      joint.x0 = Math.min(joint.x0, x); joint.x1 = Math.max(joint.x1, x); joint.y0 = Math.min(joint.y0, y); joint.y1 = Math.max(joint.y1, y);
    }
    if (joint.x1 < 0) continue;
    // One piece: the band may reach the body across a gap; keep what joins the part.
    const { labels } = labelComponents(mask, width, height, 1);
    const keep = labels[piece.findIndex((v) => v === 1)]!;
    for (let i = 0; i < mask.length; i++) if (labels[i] !== keep) mask[i] = 0;
    parts.push({ mask, joint });
  }
  return parts.length ? { body: rest, parts } : none;
}

/** The paired-parts rule per "<plan>/<view>" (`paired-parts.json`, written from `scripts/fit-paired-parts.ts`'s left-out choice). */
const RULES = planViewDepths(data, 'paired-parts.json', 'maxWidth', 'spread');

/** The learned paired-parts rule for a picture of `bodyPlan` taken from `view`, or none. */
export function learnedPairedParts(bodyPlan?: string, view?: string): PairedPartsRule | undefined {
  const pair = RULES(bodyPlan, view);
  return pair && { maxWidth: pair[0], spread: pair[1] };
}

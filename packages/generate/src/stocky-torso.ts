/**
 * A stocky figure's torso as deep as it is wide, where a figure of human proportions gets the
 * flatter torso of `head-torso.ts`.
 *
 * Why: an adult's trunk is flattened front to back (chest depth about 0.7 of its breadth), and it
 * is narrow for the stature: the breadth across the chest is about a fifth of the height, the
 * shoulders under a quarter. Toys, minis and round robots are built otherwise: a barrel or a box
 * as deep as it is wide, and wide for their height (the dev set's true meshes: every front-pictured
 * biped whose torso's widest inscribed disc spans more than a quarter of its height is 0.97–1.17 ×
 * as deep as that disc, the humans 0.71–1.10; see packages/generate/docs/shape.md, *A stocky torso*). So the
 * cue is anatomical, read from the silhouette: the diameter of the torso's widest medial ball over
 * the subject's height. At or over `minWidth` (a quarter, from the human proportion, not fitted),
 * the torso's depth factor is `torso` in place of the head-torso table's.
 */
import data from './stocky-torso.json';
import type { MedialBalls } from './ball-depth';

export interface StockyTorso {
  /** The torso's widest ball's diameter over the subject's height at or over which a figure is stocky. */
  minWidth: number;
  /** The stocky torso's depth over its balls' spheres (in place of the head-torso table's torso). */
  torso: number;
  /** The ball profile's exponent for a stocky figure's every part (2: spheres; higher: boxier); none: the engine's. */
  exponent?: number;
}

/** The diameter of the widest of `torso`'s balls over the height of the subject in `mask` (rows top to bottom; 0 for an empty mask or no balls). */
export function torsoWidthShare(torso: MedialBalls, mask: Uint8Array, width: number, height: number): number {
  let top = -1, bottom = -1;
  for (let y = 0; y < height && top < 0; y++) for (let x = 0; x < width; x++) if (mask[y * width + x]) { top = y; break; }
  for (let y = height - 1; y >= 0 && bottom < 0; y--) for (let x = 0; x < width; x++) if (mask[y * width + x]) { bottom = y; break; }
  if (top < 0) return 0;
  let r = 0;
  for (let k = 0; k < torso.r.length; k++) r = Math.max(r, torso.r[k]!);
  return (2 * r) / (bottom - top + 1);
}

/** The rule when the torso is at least `stocky.minWidth` of the height wide, else none (the figure is not stocky). */
export function stockyRule(widthShare: number, stocky?: StockyTorso): StockyTorso | undefined {
  return stocky && widthShare >= stocky.minWidth ? stocky : undefined;
}

function parseTable(raw: unknown): Map<string, StockyTorso> {
  const table: unknown = typeof raw === 'object' && raw !== null && 'stocky' in raw ? raw.stocky : {};
  if (typeof table !== 'object' || table === null) throw new Error('stocky-torso.json: bad "stocky"');
  const out = new Map<string, StockyTorso>();
  for (const [key, value] of Object.entries(table)) {
    const minWidth: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'minWidth') : undefined;
    const torso: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'torso') : undefined;
    if (typeof minWidth !== 'number' || typeof torso !== 'number' || !(minWidth > 0 && minWidth <= 1) || !(torso > 0 && torso <= 4)) throw new Error(`stocky-torso.json: bad entry ${key}`);
    out.set(key, { minWidth, torso });
  }
  return out;
}

const TABLE = parseTable(data);

/** The learned stocky-torso rule for a picture of `bodyPlan` taken from `view`, or none. */
export function learnedStockyTorso(bodyPlan?: string, view?: string): StockyTorso | undefined {
  return bodyPlan && view ? TABLE.get(`${bodyPlan}/${view}`) : undefined;
}

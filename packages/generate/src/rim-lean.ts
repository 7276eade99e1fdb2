/**
 * A front picture's shading says on which side of the outline's plane the body's depth lies (issue 29).
 *
 * Why: the lean a character wants (its depth forward of the silhouette's plane or behind it) is its
 * own, not its plan's or its view's (packages/generate/docs/shape.md, *What one scale and one lean
 * per character are worth*). A picture lit from the camera's side shows it in the shading: a front
 * surface that bulges toward the camera turns its normals away from the light toward its rim and
 * darkens there, one that is flat (its depth behind it) stays lit to the rim (and a rim light brightens
 * it). `rimFalloff` is the mean luminance 1–3 px in from the outline over that of the interior's deeper
 * half; below the learned threshold the body bulges toward the camera and the front view's lean is
 * raised by the learned amount (`rim-lean.json`, `scripts/lean-cue.ts`, chosen leaving one artist out).
 * Nothing on the other side: no threshold above predicted a lean behind held out.
 */
import data from './rim-lean.json';

interface RimLeanRule { below: number; lean: number }

function checkedRule(raw: unknown): RimLeanRule {
  const below: unknown = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'below') : undefined;
  const lean: unknown = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'lean') : undefined;
  if (typeof below !== 'number' || !(below > 0 && below < 10)) throw new Error('rim-lean.json: bad "below"');
  if (typeof lean !== 'number' || !(lean >= -1 && lean <= 1)) throw new Error('rim-lean.json: bad "lean"');
  return { below, lean };
}

const RULE = checkedRule(data);

const luminance = (data: Uint8Array, i: number): number => 0.299 * data[4 * i]! + 0.587 * data[4 * i + 1]! + 0.114 * data[4 * i + 2]!;

/**
 * Mean luminance of the subject's pixels 1–3 px in from its outline over that of the pixels at least
 * half the largest distance in (`data` RGBA row-major, `mask` the subject, `inside` its distance
 * transform). 1 for a subject too thin to have both.
 */
export function rimFalloff(data: Uint8Array, mask: Uint8Array, inside: Float32Array): number {
  let deepest = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && inside[i]! > deepest) deepest = inside[i]!;
  let rim = 0, rimCount = 0, deep = 0, deepCount = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const d = inside[i]!;
    if (d >= 1 && d <= 3) { rim += luminance(data, i); rimCount++; }
    if (d >= 0.5 * deepest) { deep += luminance(data, i); deepCount++; }
  }
  if (rimCount === 0 || deepCount === 0 || deep <= 0) return 1;
  return rim / rimCount / (deep / deepCount);
}

/** The lean a front picture's shading adds to its view's (0 for other views and pictures that do not darken toward their rim). */
export function rimLean(view: string | undefined, data: Uint8Array, mask: Uint8Array, inside: Float32Array): number {
  return view === 'front' && rimFalloff(data, mask, inside) < RULE.below ? RULE.lean : 0;
}

/**
 * A per-picture depth scale for fish and flyers, read from the silhouette (issue 29; measured, an
 * option that defaults off: see packages/generate/docs/shape.md, *A depth cue for fish and flyers*).
 *
 * Why: the depth priors are per view (and plan), but fish and flyers of one plan and view differ by
 * a factor of three and more in how deep they are for their silhouette's width (a flat fish and a
 * plate-winged butterfly want ×0.4 of the prior, a round bee and a whale ×1.25–1.6), so a constant
 * per plan fails left out by artist. The cue: where the silhouette is thickest. A body seen from
 * above or the front with its trunk on the picture's vertical centre line has its widest inscribed
 * disc there (the trunk carries the other parts); when the widest disc lies off that line, the
 * thick parts are lobes beside the trunk (wings, a tall fin-fringed body), which are plates, not
 * balls. `axisThickness` is the largest inscribed radius within a pixel of the vertical line through
 * the mask's centroid over the largest anywhere (1 when the thickest part is on the line).
 *
 * Caveats (measured on 11 characters of 4 artists, the constants fitted by
 * `scripts/fit-depth-cue.ts`): the line is the picture's vertical, so the cue depends on how the
 * subject is turned in the picture (a butterfly whose body lies across the picture reads as off-line
 * lobes, which is why it works for the set's one; one drawn body-upright would not), and in a side
 * picture the line has no anatomical meaning; chosen and scored left out by artist it helps the two
 * plans on average but makes 5 of the 11 worse.
 */

/** log scale = a + b · (axisThickness − c0), held to [min, max], for pictures of `plans`. */
export interface DepthCueModel { a: number; b: number; c0: number; min: number; max: number; plans: readonly string[] }

/** Fitted on all 11 fish and flyers of the dev set (`scripts/fit-depth-cue.ts`, cue axisR). */
export const DEPTH_CUE_MODEL: DepthCueModel = { a: -0.4, b: 14.572, c0: 0.966, min: 0.4, max: 1.6, plans: ['aquatic', 'avian'] };

/**
 * The largest inscribed radius (`inside`: the mask's distance transform) within a pixel of the
 * vertical line through the mask's centroid, over the largest anywhere; 1 for an empty mask.
 */
export function axisThickness(mask: Uint8Array, inside: Float32Array, width: number, height: number): number {
  let count = 0, sumX = 0, deepest = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    count++; sumX += i % width; deepest = Math.max(deepest, inside[i]!);
  }
  if (count === 0 || deepest <= 0) return 1;
  const centre = sumX / count;
  let onAxis = 0;
  for (let y = 0; y < height; y++) {
    for (let x = Math.max(0, Math.ceil(centre - 1)); x <= Math.min(width - 1, Math.floor(centre + 1)); x++) {
      if (mask[y * width + x]) onAxis = Math.max(onAxis, inside[y * width + x]!);
    }
  }
  return onAxis / deepest;
}

/** The depth scale the cue gives a picture of `bodyPlan` (1 for a plan the model does not cover). */
export function depthCueScale(mask: Uint8Array, inside: Float32Array, width: number, height: number, bodyPlan: string | undefined, model: DepthCueModel = DEPTH_CUE_MODEL): number {
  if (!bodyPlan || !model.plans.includes(bodyPlan)) return 1;
  const k = Math.exp(model.a + model.b * (axisThickness(mask, inside, width, height) - model.c0));
  return Math.min(model.max, Math.max(model.min, k));
}

/**
 * A per-vertex correction of the solved weights: each vertex's weights raised to an exponent and
 * renormalised (> 1 sharpens the blend towards the strongest joint, < 1 widens it). Bone heat's
 * blend is set by the Laplacian alone; the artists of the dev set blend more narrowly than it on
 * the whole, so the exponent is fitted on the set leaving one artist out
 * (`scripts/fit-skin-sharpness.ts`, which writes `skin-sharpness.json`).
 */
import fitted from './skin-sharpness.json';

/** The exponent fitted on the dev set (`skin-sharpness.json`). */
export const FITTED_SKIN_SHARPNESS: number = fitted.exponent;

/** In place, on weights with `slots` per vertex (joint −1 = none): w ← w^exponent / Σ w^exponent. */
export function sharpenWeights(joints: Int32Array, weights: Float32Array, slots: number, exponent: number): void {
  if (exponent === 1) return;
  const n = joints.length / slots;
  for (let v = 0; v < n; v++) {
    let before = 0, after = 0;
    for (let s = v * slots; s < v * slots + slots; s++) {
      if (joints[s]! < 0 || !(weights[s]! > 0)) continue;
      before += weights[s]!;
      weights[s] = Math.pow(weights[s]!, exponent);
      after += weights[s]!;
    }
    if (after <= 0) continue;
    const k = before / after;
    for (let s = v * slots; s < v * slots + slots; s++) if (joints[s]! >= 0 && weights[s]! > 0) weights[s] = weights[s]! * k;
  }
}

/**
 * Skinning quality against reference (artist) weights on the same skeleton, with the
 * definitions of RigNet (Xu et al. 2020) as our dev set's scoring fixes them: per vertex, both
 * weight vectors are normalised to sum 1 (a vertex without weight stays all zeros); L1 is the sum
 * of absolute differences (0..2); precision and recall compare the sets {joint : weight >
 * threshold}, precision averaged over vertices whose predicted set is not empty, recall over
 * vertices whose reference set is not empty. Also reported: how diffuse the prediction is.
 */
import { EngineError, type SkinWeights } from '@rigforge/mesh';

/** Averages over vertices; L1 is in [0, 2], precision and recall in [0, 1]. */
export interface SkinWeightsComparison {
  meanL1: number;
  precision: number;
  recall: number;
  /** Vertices whose predicted weights sum to 0. */
  unweighted: number;
  /** Mean size of the predicted / reference influence sets (joints above the threshold). */
  predictedInfluences: number;
  referenceInfluences: number;
  /** Mean of each vertex's largest predicted / reference weight. */
  predictedMaxWeight: number;
  referenceMaxWeight: number;
}

export interface CompareSkinWeightsOptions {
  /** A joint counts as influencing a vertex above this (normalised) weight. Default 0.1. */
  threshold?: number;
}

/** The dev set's influence threshold (RigNet's paper used 1e-4 on unnormalised output). */
export const SKIN_INFLUENCE_THRESHOLD = 0.1;

/** Compare predicted weights with reference weights of the same vertices and joints. */
export function compareSkinWeights(
  predicted: SkinWeights,
  reference: SkinWeights,
  vertexCount: number,
  jointCount: number,
  options: CompareSkinWeightsOptions = {},
): SkinWeightsComparison {
  const threshold = options.threshold ?? SKIN_INFLUENCE_THRESHOLD;
  for (const [name, skin] of [['predicted', predicted], ['reference', reference]] as const) {
    if (skin.joints.length < 4 * vertexCount || skin.weights.length < 4 * vertexCount) {
      throw new EngineError('invalid_input', `compareSkinWeights: ${name} weights cover fewer than ${vertexCount} vertices`);
    }
  }
  const p = new Float64Array(jointCount);
  const r = new Float64Array(jointCount);
  let l1Sum = 0, precisionSum = 0, precisionN = 0, recallSum = 0, recallN = 0, unweighted = 0;
  let pInf = 0, rInf = 0, pMax = 0, rMax = 0;
  for (let v = 0; v < vertexCount; v++) {
    const touched = new Set<number>();
    let pSum = 0, rSum = 0;
    for (let s = 0; s < 4; s++) {
      const jp = predicted.joints[4 * v + s]!, jr = reference.joints[4 * v + s]!;
      const wp = predicted.weights[4 * v + s]!, wr = reference.weights[4 * v + s]!;
      if ((wp > 0 && jp >= jointCount) || (wr > 0 && jr >= jointCount)) {
        throw new EngineError('invalid_input', `compareSkinWeights: vertex ${v} names joint ${wp > 0 && jp >= jointCount ? jp : jr} of ${jointCount}`);
      }
      if (wp > 0) { p[jp] = p[jp]! + wp; pSum += wp; touched.add(jp); }
      if (wr > 0) { r[jr] = r[jr]! + wr; rSum += wr; touched.add(jr); }
    }
    if (pSum <= 0) unweighted++;
    let l1 = 0, both = 0, inP = 0, inR = 0, maxP = 0, maxR = 0;
    for (const j of touched) {
      const a = pSum > 0 ? p[j]! / pSum : 0, b = rSum > 0 ? r[j]! / rSum : 0;
      l1 += Math.abs(a - b);
      const pa = a > threshold, rb = b > threshold;
      if (pa) inP++;
      if (rb) inR++;
      if (pa && rb) both++;
      maxP = Math.max(maxP, a);
      maxR = Math.max(maxR, b);
      p[j] = 0;
      r[j] = 0;
    }
    l1Sum += l1;
    if (inP > 0) { precisionSum += both / inP; precisionN++; }
    if (inR > 0) { recallSum += both / inR; recallN++; }
    pInf += inP; rInf += inR; pMax += maxP; rMax += maxR;
  }
  const n = Math.max(1, vertexCount);
  return {
    meanL1: l1Sum / n,
    precision: precisionN > 0 ? precisionSum / precisionN : 1,
    recall: recallN > 0 ? recallSum / recallN : 1,
    unweighted,
    predictedInfluences: pInf / n,
    referenceInfluences: rInf / n,
    predictedMaxWeight: pMax / n,
    referenceMaxWeight: rMax / n,
  };
}

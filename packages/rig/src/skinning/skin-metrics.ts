/**
 * Skinning quality against reference (artist) weights on the same skeleton, with the
 * definitions of RigNet (Xu et al. 2020): per vertex, the L1 distance between the full weight
 * vectors, and precision / recall of the set of joints with a non-negligible weight, averaged
 * over vertices.
 */
import { EngineError, type SkinWeights } from '@rigforge/mesh';

/** Averages over vertices; L1 is in [0, 2], precision and recall in [0, 1]. */
export interface SkinWeightsComparison {
  meanL1: number;
  precision: number;
  recall: number;
}

/** A joint counts as influencing a vertex above this weight (RigNet uses 1e-4). */
export const SKIN_INFLUENCE_THRESHOLD = 1e-4;

/** Compare predicted weights with reference weights of the same vertices and joints. */
export function compareSkinWeights(
  predicted: SkinWeights,
  reference: SkinWeights,
  vertexCount: number,
  jointCount: number,
): SkinWeightsComparison {
  for (const [name, skin] of [['predicted', predicted], ['reference', reference]] as const) {
    if (skin.joints.length < 4 * vertexCount || skin.weights.length < 4 * vertexCount) {
      throw new EngineError('invalid_input', `compareSkinWeights: ${name} weights cover fewer than ${vertexCount} vertices`);
    }
  }
  if (vertexCount === 0) return { meanL1: 0, precision: 1, recall: 1 };
  const p = new Float64Array(jointCount);
  const r = new Float64Array(jointCount);
  let l1Sum = 0, precisionSum = 0, recallSum = 0;
  for (let v = 0; v < vertexCount; v++) {
    const touched: number[] = [];
    for (let s = 0; s < 4; s++) {
      const jp = predicted.joints[4 * v + s]!, jr = reference.joints[4 * v + s]!;
      if (jp >= jointCount || jr >= jointCount) {
        throw new EngineError('invalid_input', `compareSkinWeights: vertex ${v} names joint ${Math.max(jp, jr)} of ${jointCount}`);
      }
      p[jp] = p[jp]! + predicted.weights[4 * v + s]!;
      r[jr] = r[jr]! + reference.weights[4 * v + s]!;
      touched.push(jp, jr);
    }
    let l1 = 0, both = 0, inP = 0, inR = 0;
    for (const j of new Set(touched)) {
      const a = p[j]!, b = r[j]!;
      l1 += Math.abs(a - b);
      const pa = a > SKIN_INFLUENCE_THRESHOLD, rb = b > SKIN_INFLUENCE_THRESHOLD;
      if (pa) inP++;
      if (rb) inR++;
      if (pa && rb) both++;
      p[j] = 0;
      r[j] = 0;
    }
    l1Sum += l1;
    precisionSum += inP > 0 ? both / inP : 0;
    recallSum += inR > 0 ? both / inR : 1;
  }
  return { meanL1: l1Sum / vertexCount, precision: precisionSum / vertexCount, recall: recallSum / vertexCount };
}

/** Packs skin weights into glTF's four-influence layout for the GLB writer. */
import type { Skeleton, SkinWeights } from '../mesh-model';

/** JOINTS_0 / WEIGHTS_0 arrays ready for glTF: at most 4 influences, each vertex summing to 1. */
export interface PackedSkinWeights {
  joints: Uint8Array | Uint16Array;
  weights: Float32Array;
}

/**
 * Cleans skin weights so that the glTF validator accepts them whatever the skinning stage produced:
 * influences naming a missing joint or carrying a negative/non-finite weight are dropped, repeated
 * joints in one vertex are merged (the validator rejects duplicates), unused slots point at joint 0
 * with weight 0, and weights are renormalised in double precision with the float32 rounding residue
 * folded into the largest weight. A vertex left with no weight is bound fully to its nearest joint,
 * so nothing stays behind when the skeleton moves.
 */
export function packSkinWeights(
  positions: Float32Array,
  skeleton: Skeleton,
  skin: SkinWeights,
): PackedSkinWeights {
  const vertexCount = Math.floor(positions.length / 3);
  const jointCount = skeleton.joints.length;
  const joints = jointCount <= 256 ? new Uint8Array(vertexCount * 4) : new Uint16Array(vertexCount * 4);
  const weights = new Float32Array(vertexCount * 4);
  const ids = [0, 0, 0, 0];
  const ws = [0, 0, 0, 0];
  for (let v = 0; v < vertexCount; v++) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const j = skin.joints[v * 4 + k];
      const w = skin.weights[v * 4 + k];
      if (j === undefined || w === undefined || j >= jointCount || !(w > 0) || !Number.isFinite(w)) continue;
      let merged = false;
      for (let m = 0; m < n; m++) {
        if (ids[m] === j) {
          ws[m]! += w;
          merged = true;
          break;
        }
      }
      if (!merged) {
        ids[n] = j;
        ws[n] = w;
        n++;
      }
    }
    if (n === 0) {
      ids[0] = nearestJoint(positions, v, skeleton);
      ws[0] = 1;
      n = 1;
    }
    // Sort by descending weight: importers that keep fewer than 4 influences keep the strongest.
    for (let a = 1; a < n; a++) {
      for (let b = a; b > 0 && ws[b]! > ws[b - 1]!; b--) {
        const tw = ws[b]!; ws[b] = ws[b - 1]!; ws[b - 1] = tw;
        const tj = ids[b]!; ids[b] = ids[b - 1]!; ids[b - 1] = tj;
      }
    }
    let sum = 0;
    for (let m = 0; m < n; m++) sum += ws[m]!;
    let f32sum = 0;
    for (let m = 0; m < n; m++) {
      joints[v * 4 + m] = ids[m]!;
      weights[v * 4 + m] = ws[m]! / sum;
      f32sum += weights[v * 4 + m]!;
    }
    weights[v * 4] = weights[v * 4]! + (1 - f32sum);
  }
  return { joints, weights };
}

function nearestJoint(positions: Float32Array, v: number, skeleton: Skeleton): number {
  const x = positions[v * 3]!, y = positions[v * 3 + 1]!, z = positions[v * 3 + 2]!;
  let best = 0;
  let bestD = Infinity;
  skeleton.joints.forEach((joint, i) => {
    const dx = joint.position[0] - x, dy = joint.position[1] - y, dz = joint.position[2] - z;
    const d = dx * dx + dy * dy + dz * dz;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

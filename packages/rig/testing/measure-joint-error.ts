/**
 * CD-J2J (RigNet, Xu et al. 2020): the symmetric Chamfer distance between two joint sets — the
 * mean distance from each true joint to its nearest predicted joint and from each predicted
 * joint to its nearest true joint, averaged — divided by the mesh's bounding-box diagonal so it
 * does not depend on units.
 */
import type { Mesh, Skeleton } from '@rigforge/mesh';

export function meshDiagonal(mesh: Mesh): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[i + k]!);
      max[k] = Math.max(max[k]!, p[i + k]!);
    }
  }
  return Math.hypot(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
}

export function measureJointError(truth: Skeleton, predicted: Skeleton, mesh: Mesh): number {
  const nearestMean = (from: Skeleton, to: Skeleton): number => {
    if (from.joints.length === 0) return 0;
    let sum = 0;
    for (const a of from.joints) {
      let best = Infinity;
      for (const b of to.joints) {
        const d = Math.hypot(a.position[0] - b.position[0], a.position[1] - b.position[1], a.position[2] - b.position[2]);
        if (d < best) best = d;
      }
      sum += best;
    }
    return sum / from.joints.length;
  };
  if (truth.joints.length === 0 || predicted.joints.length === 0) return Infinity;
  const diag = meshDiagonal(mesh) || 1;
  return (nearestMean(truth, predicted) + nearestMean(predicted, truth)) / 2 / diag;
}

/**
 * The last resort that leaves no vertex unweighted: what the volume could not weight (a mesh with
 * no triangles, stray vertices, a one-joint skeleton) goes wholly to the nearest bone in space.
 */
import { segmentDistanceSquared, type BoneSegment } from './bone-segments';

/** Vertices the volume could not weight (no triangles, one joint) go to the nearest bone. */
export function nearestBoneFallback(
  positions: Float32Array,
  segments: BoneSegment[],
  outJoints: Int32Array,
  outWeights: Float32Array,
  slots: number,
): void {
  const n = positions.length / 3;
  for (let v = 0; v < n; v++) {
    if (outJoints[v * slots]! >= 0) continue;
    const x = positions[3 * v]!, y = positions[3 * v + 1]!, z = positions[3 * v + 2]!;
    let best = 0, bestD = Infinity;
    for (const s of segments) {
      const d = segmentDistanceSquared(x, y, z, s.a, s.b);
      if (d < bestD) {
        bestD = d;
        best = s.joint;
      }
    }
    outJoints[v * slots] = best;
    outWeights[v * slots] = 1;
  }
}

import type { Mesh, Skeleton, SkinWeights } from '../src';

/**
 * A tall box subdivided along y (so it can bend), with three joints stacked up its middle and
 * nearest-joint skin weights: the smallest rig that exercises skeleton, clusters and bind pose.
 */
export function riggedColumn(segments = 6): { mesh: Mesh; skeleton: Skeleton; skin: SkinWeights } {
  const positions: number[] = [];
  const uvs: number[] = [];
  const ring = [[-0.2, -0.2], [0.2, -0.2], [0.2, 0.2], [-0.2, 0.2]] as const;
  for (let s = 0; s <= segments; s++) {
    const y = (1.8 * s) / segments;
    ring.forEach(([x, z], k) => {
      positions.push(x, y, z);
      uvs.push(k / 4, 1 - s / segments);
    });
  }
  const indices: number[] = [];
  for (let s = 0; s < segments; s++) {
    for (let k = 0; k < 4; k++) {
      const a = 4 * s + k, b = 4 * s + ((k + 1) % 4), c = a + 4, d = b + 4;
      indices.push(a, b, d, a, d, c);
    }
  }
  const top = 4 * segments;
  indices.push(0, 2, 1, 0, 3, 2, top, top + 1, top + 2, top, top + 2, top + 3);
  const skeleton: Skeleton = {
    joints: [
      { name: 'hips', parent: -1, position: [0, 0.3, 0] },
      { name: 'spine', parent: 0, position: [0, 0.9, 0] },
      { name: 'head', parent: 1, position: [0, 1.5, 0] },
    ],
  };
  const vertexCount = positions.length / 3;
  const joints = new Uint16Array(vertexCount * 4);
  const weights = new Float32Array(vertexCount * 4);
  for (let v = 0; v < vertexCount; v++) {
    const y = positions[3 * v + 1]!;
    let best = 0;
    skeleton.joints.forEach((j, i) => {
      if (Math.abs(j.position[1] - y) < Math.abs(skeleton.joints[best]!.position[1] - y)) best = i;
    });
    joints[4 * v] = best;
    weights[4 * v] = 1;
  }
  const mesh: Mesh = {
    positions: new Float32Array(positions),
    uvs: new Float32Array(uvs),
    indices: new Uint32Array(indices),
    groups: [
      { materialIndex: 0, start: 0, count: segments * 24 },
      { materialIndex: 1, start: segments * 24, count: 12 },
    ],
    materials: [
      { name: 'Body', baseColor: [0.8, 0.1, 0.1, 1], metallic: 0, roughness: 0.7 },
      { name: 'Caps', baseColor: [0.1, 0.1, 0.8, 1], metallic: 0, roughness: 0.7 },
    ],
  };
  return { mesh, skeleton, skin: { joints, weights } };
}

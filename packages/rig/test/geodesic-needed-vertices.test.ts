import { COMPUTE_SKIN_WEIGHTS_DEFAULTS } from '../src/compute-skin-weights';
import { geodesicSkinWeights } from '../src/skinning/geodesic-skin-weights';
import { placeBoneSegments } from '../src/skinning/place-bone-segments';
import { voxelizeSkinGrid } from '../src/skinning/skin-voxel-grid';
import { smoothSkinWeights, vertexAdjacency } from '../src/skinning/smooth-skin-weights';
import { humanoid } from './skinning-fixtures';

// The empty-piece fill asks for the geodesic weights of a few vertices (`needed`); the search, the
// field's vertex weights and each smoothing pass then work only on what reaches those vertices.
// Their weights must be the very numbers the whole computation gives.
describe('geodesic weights for needed vertices only', () => {
  const { mesh, skeleton } = humanoid();
  const n = mesh.positions.length / 3;
  const slots = 4;
  const run = (iterations: number, needed?: Uint8Array): { joints: Int32Array; weights: Float32Array } => {
    const grid = voxelizeSkinGrid(mesh.positions, mesh.indices, { resolution: 48 });
    const opts = { ...COMPUTE_SKIN_WEIGHTS_DEFAULTS, smoothingIterations: iterations };
    const placed = placeBoneSegments(skeleton, grid, opts);
    const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
    const adjacency = vertexAdjacency(mesh.indices, n);
    geodesicSkinWeights(mesh.positions, () => adjacency, skeleton, grid, placed, opts, joints, weights, slots, needed);
    return { joints, weights };
  };

  it.each([0, 1, 3])('gives the needed vertices the full weights (%i smoothing passes)', (iterations) => {
    const full = run(iterations);
    // The vertices above the hips' height on the left: part of the mesh, not all of it.
    const needed = new Uint8Array(n);
    for (let v = 0; v < n; v++) if (mesh.positions[3 * v]! > 0.3) needed[v] = 1;
    const count = needed.reduce((a, b) => a + b, 0);
    expect(count).toBeGreaterThan(10);
    expect(count).toBeLessThan(n / 2);
    const part = run(iterations, needed);
    let differ = 0;
    for (let v = 0; v < n; v++) {
      if (needed[v] !== 1) continue;
      for (let s = v * slots; s < v * slots + slots; s++) if (part.joints[s] !== full.joints[s] || part.weights[s] !== full.weights[s]) differ++;
    }
    expect(differ).toBe(0);
  });

  it('smoothing with rings gives the ring-0 vertices the same numbers', () => {
    const adjacency = vertexAdjacency(mesh.indices, n);
    const start = (): { joints: Int32Array; weights: Float32Array } => {
      // Joint by height band, with a second joint blended in: something to smooth.
      const joints = new Int32Array(n * slots).fill(-1), weights = new Float32Array(n * slots);
      for (let v = 0; v < n; v++) {
        const y = mesh.positions[3 * v + 1]!;
        joints[v * slots] = Math.floor(y * 5);
        weights[v * slots] = 0.7;
        joints[v * slots + 1] = Math.floor(y * 5) + 1;
        weights[v * slots + 1] = 0.3;
      }
      return { joints, weights };
    };
    const iterations = 3;
    const rings = new Uint8Array(n).fill(255);
    // Ring distances from vertex 0, breadth-first.
    rings[0] = 0;
    for (let r = 0; r < iterations; r++) {
      for (let v = 0; v < n; v++) {
        if (rings[v] !== r) continue;
        for (let e = adjacency.offsets[v]!; e < adjacency.offsets[v + 1]!; e++) {
          const u = adjacency.neighbours[e]!;
          if (rings[u] === 255) rings[u] = r + 1;
        }
      }
    }
    const full = start(), part = start();
    smoothSkinWeights(full.joints, full.weights, slots, adjacency, mesh.positions, 0.05, iterations);
    smoothSkinWeights(part.joints, part.weights, slots, adjacency, mesh.positions, 0.05, iterations, undefined, rings);
    expect(Array.from(part.joints.subarray(0, slots))).toEqual(Array.from(full.joints.subarray(0, slots)));
    expect(Array.from(part.weights.subarray(0, slots))).toEqual(Array.from(full.weights.subarray(0, slots)));
    // Something moved: the vertex's weights are not the starting ones.
    expect(Array.from(full.weights.subarray(0, slots))).not.toEqual([0.7, 0.3, 0, 0]);
  });
});
